// /sanctum/csrf-cookie and the auth calls of CONTRACT.md (HTTP only; rules live in auth-service).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { currentUser, type Guards } from '../http/guards';
import { bool, nullable, raw, readBody, snakeKeys, str } from '../http/body';
import { throwIfInvalid, unauthenticated } from '../http/errors';
import { clearSessionCookies, ensureSession, writeSessionCookies } from '../http/session';
import { userResource } from '../resources/user-resource';
import * as auth from '../services/auth-service';
import { destroySession } from '../services/session-service';
import { loadUser } from '../services/user-service';
import { t } from '../../src/shared/messages';
import {
  collect,
  dobProblem,
  emailProblem,
  genderProblem,
  isBlank,
  normaliseKenyanPhone,
  PARENT_MIN_AGE,
  STUDENT_MIN_AGE,
  USERNAME_PATTERN,
  validateNewPassword,
  validateSignUp,
} from '../../src/shared/validation';

const nameProblem = (value: string) =>
  isBlank(value)
    ? t('validation.required')
    : value.length > 50
      ? t('validation.maxLength', { max: 50 })
      : null;

export function authRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  app.get('/sanctum/csrf-cookie', async (request, reply) => {
    await ensureSession(ctx.db, request, reply);
    return reply.status(204).send();
  });

  app.post('/api/register', async (request, reply) => {
    const body = readBody(request);
    const values = {
      firstName: str(body.first_name),
      lastName: str(body.last_name),
      username: str(body.username),
      email: str(body.email),
      phone: str(body.phone),
      password: raw(body.password),
      passwordConfirmation: raw(body.password_confirmation),
      role: str(body.role),
      terms: bool(body.terms),
    };
    throwIfInvalid(snakeKeys(validateSignUp(values)));
    await auth.register(
      ctx,
      {
        ...values,
        phone: normaliseKenyanPhone(values.phone) ?? values.phone,
        role: values.role as auth.Registration['role'],
      },
      request.ip,
    );
    return reply.status(201).send({ message: t('auth.accountCreated') });
  });

  app.get<{ Params: { token: string } }>('/api/email/verify/:token', async (request, reply) => {
    const ok = await auth.verifyEmail(ctx, request.params.token);
    const wantsPage = (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return reply.redirect(`/sign-in?verified=${ok ? 1 : 0}`, 302);
    return ok
      ? reply.send({ message: t('auth.activated') })
      : reply.status(422).send({ message: t('auth.activationInvalid') });
  });

  app.post('/api/login', async (request, reply) => {
    const body = readBody(request);
    const email = str(body.email);
    const password = raw(body.password);
    throwIfInvalid(
      collect({ email: emailProblem(email), password: password ? null : t('validation.required') }),
    );
    const result = await auth.login(
      ctx,
      { email, password, remember: bool(body.remember) },
      request.session,
      request.ip,
    );
    request.session = result.session;
    writeSessionCookies(request, reply, result.token, result.session);
    return reply.status(204).send();
  });

  app.post('/api/logout', async (request, reply) => {
    if (request.session) await destroySession(ctx.db, request.session.id);
    request.session = null;
    clearSessionCookies(reply);
    return reply.status(204).send();
  });

  app.get('/api/user', { preHandler: guards.authenticate }, async (request) => {
    return { data: userResource(await loadUser(ctx.db, currentUser(request).id)) };
  });

  app.post('/api/forgot-password', async (request) => {
    const email = str(readBody(request).email);
    throwIfInvalid(collect({ email: emailProblem(email) }));
    await auth.forgotPassword(ctx, email, request.ip);
    return { message: t('auth.resetEmailSent') };
  });

  app.post('/api/reset-password', async (request) => {
    const body = readBody(request);
    const token = str(body.token);
    const email = str(body.email);
    const password = raw(body.password);
    throwIfInvalid({
      ...collect({ token: token ? null : t('auth.resetLinkInvalid'), email: emailProblem(email) }),
      ...snakeKeys(validateNewPassword(password, raw(body.password_confirmation))),
    });
    await auth.resetPassword(ctx, { token, email, password });
    return { message: t('auth.passwordResetDone') };
  });

  app.post('/api/updateuserinfo', { preHandler: guards.authenticate }, async (request) => {
    const user = currentUser(request);
    const body = readBody(request);
    const info = {
      firstName: str(body.first_name),
      lastName: str(body.last_name),
      username: str(body.username),
      phone: str(body.phone),
      gender: str(body.gender),
      dob: str(body.dob),
    };
    const minAge = user.roles.includes('student') ? STUDENT_MIN_AGE : PARENT_MIN_AGE;
    const phone = normaliseKenyanPhone(info.phone);
    throwIfInvalid(
      collect({
        first_name: nameProblem(info.firstName),
        last_name: nameProblem(info.lastName),
        username: USERNAME_PATTERN.test(info.username) ? null : t('validation.username'),
        phone: info.phone === '' ? t('validation.required') : phone ? null : t('validation.phone'),
        gender: info.gender === '' ? null : genderProblem(info.gender),
        dob: info.dob === '' ? null : dobProblem(info.dob, minAge),
      }),
    );
    await auth.updateUserInfo(ctx, user.id, {
      ...info,
      phone: phone ?? info.phone,
      gender: nullable(info.gender) as auth.UserInfo['gender'],
      dob: nullable(info.dob),
    });
    return { message: t('profile.updated'), data: userResource(await loadUser(ctx.db, user.id)) };
  });

  app.post('/api/user/password', { preHandler: guards.authenticate }, async (request) => {
    const user = currentUser(request);
    const body = readBody(request);
    const currentPassword = raw(body.current_password);
    const password = raw(body.password);
    throwIfInvalid({
      ...collect({ current_password: currentPassword ? null : t('validation.required') }),
      ...snakeKeys(validateNewPassword(password, raw(body.password_confirmation))),
    });
    if (!request.session) throw unauthenticated();
    await auth.changePassword(ctx, user.id, { currentPassword, password }, request.session.id);
    return { message: t('auth.passwordChanged') };
  });
}
