// /sanctum/csrf-cookie and the auth calls of CONTRACT.md (HTTP only; rules live in auth-service).
// Each route's schema (superstruct, server/http/validation.ts) checks and types its input; the
// sign-up and password rules are the shared ones of src/shared/validation.ts, so the SPA and the
// API word them alike.
import { object } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { currentUser, type Guards } from '../http/guards';
import { throwIfInvalid, unauthenticated } from '../http/errors';
import { clearSessionCookies, ensureSession, writeSessionCookies } from '../http/session';
import { BODY_LIMIT, typed } from '../http/validation';
import { userResource } from '../resources/user-resource';
import * as auth from '../services/auth-service';
import { destroySession } from '../services/session-service';
import { loadUser } from '../services/user-service';
import { t } from '../../src/shared/messages';
import { asText, email, flag, text, withFieldErrors, withRule } from '../../src/shared/request-schemas';
import {
  collect,
  dobProblem,
  genderProblem,
  normaliseKenyanPhone,
  PARENT_MIN_AGE,
  phoneProblem,
  STUDENT_MIN_AGE,
  USERNAME_PATTERN,
  validateNewPassword,
  validateSignUp,
} from '../../src/shared/validation';

/** Passwords keep their spaces; the cap only stops hostile sizes (the rules are passwordProblems). */
const password = () => text({ max: 1000, trim: false });
/** Hard caps for fields whose wording comes from the shared rules (username, phone). */
const short = () => text({ max: 100 });
const name = () => text({ max: 50, required: true });

const RegisterBody = withFieldErrors(
  object({
    first_name: short(),
    last_name: short(),
    username: short(),
    email: email({ required: false }),
    phone: short(),
    password: password(),
    password_confirmation: password(),
    role: short(),
    terms: flag(),
  }),
  'signUp',
  (body) =>
    validateSignUp({
      firstName: asText(body.first_name),
      lastName: asText(body.last_name),
      username: asText(body.username),
      email: asText(body.email),
      phone: asText(body.phone),
      password: asText(body.password),
      passwordConfirmation: asText(body.password_confirmation),
      role: asText(body.role),
      terms: body.terms === true,
    }),
);

const LoginBody = object({
  email: email(),
  password: withRule(password(), 'required', (value) => (value ? null : t('validation.required'))),
  remember: flag(),
});

const ForgotBody = object({ email: email() });

const ResetBody = withFieldErrors(
  object({
    token: withRule(short(), 'token', (value) => (value ? null : t('auth.resetLinkInvalid'))),
    email: email(),
    password: password(),
    password_confirmation: password(),
  }),
  'newPassword',
  (body) => validateNewPassword(asText(body.password), asText(body.password_confirmation)),
);

const UserInfoBody = object({
  first_name: name(),
  last_name: name(),
  username: withRule(short(), 'username', (value) =>
    USERNAME_PATTERN.test(value) ? null : t('validation.username'),
  ),
  phone: withRule(short(), 'phone', phoneProblem),
  // Empty clears the value.
  gender: withRule(short(), 'gender', (value) => (value === '' ? null : genderProblem(value))),
  dob: withRule(short(), 'dob', (value) => (value === '' ? null : dobProblem(value, STUDENT_MIN_AGE))),
});

const PasswordBody = withFieldErrors(
  object({
    current_password: withRule(password(), 'required', (value) => (value ? null : t('validation.required'))),
    password: password(),
    password_confirmation: password(),
  }),
  'newPassword',
  (body) => validateNewPassword(asText(body.password), asText(body.password_confirmation)),
);

const TokenParams = object({ token: text({ max: 200 }) });

export function authRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const api = typed(app);
  const json = { bodyLimit: BODY_LIMIT.json };
  // Guards run before the schema: a visitor gets 401, not a 422 about a form they may not send.
  const signedIn = { ...json, preValidation: guards.authenticate };

  api.get('/sanctum/csrf-cookie', async (request, reply) => {
    await ensureSession(ctx.db, request, reply);
    return reply.status(204).send();
  });

  api.post('/api/register', { ...json, schema: { body: RegisterBody } }, async (request, reply) => {
    const body = request.body;
    await auth.register(
      ctx,
      {
        firstName: body.first_name,
        lastName: body.last_name,
        username: body.username,
        email: body.email,
        phone: normaliseKenyanPhone(body.phone) ?? body.phone,
        password: body.password,
        role: body.role as auth.Registration['role'],
      },
      request.ip,
    );
    return reply.status(201).send({ message: t('auth.signUpReceived') });
  });

  api.get('/api/email/verify/:token', { schema: { params: TokenParams } }, async (request, reply) => {
    const ok = await auth.verifyEmail(ctx, request.params.token);
    const wantsPage = (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return reply.redirect(`/sign-in?verified=${ok ? 1 : 0}`, 302);
    return ok
      ? reply.send({ message: t('auth.activated') })
      : reply.status(422).send({ message: t('auth.activationInvalid') });
  });

  api.post('/api/login', { ...json, schema: { body: LoginBody } }, async (request, reply) => {
    const { email, password, remember } = request.body;
    const result = await auth.login(ctx, { email, password, remember }, request.session, request.ip);
    request.session = result.session;
    writeSessionCookies(request, reply, result.token, result.session);
    return reply.status(204).send();
  });

  api.post('/api/logout', json, async (request, reply) => {
    if (request.session) await destroySession(ctx.db, request.session.id);
    request.session = null;
    clearSessionCookies(reply);
    return reply.status(204).send();
  });

  api.get('/api/user', { preValidation: guards.authenticate }, async (request) => {
    return { data: userResource(await loadUser(ctx.db, currentUser(request).id)) };
  });

  api.post('/api/forgot-password', { ...json, schema: { body: ForgotBody } }, async (request) => {
    await auth.forgotPassword(ctx, request.body.email, request.ip);
    return { message: t('auth.resetEmailSent') };
  });

  api.post('/api/reset-password', { ...json, schema: { body: ResetBody } }, async (request) => {
    const { token, email, password } = request.body;
    await auth.resetPassword(ctx, { token, email, password });
    return { message: t('auth.passwordResetDone') };
  });

  api.post('/api/updateuserinfo', { ...signedIn, schema: { body: UserInfoBody } }, async (request) => {
    const user = currentUser(request);
    const info = request.body;
    // A parent must be an adult; the schema has checked the date against the lower (student) age.
    if (info.dob && !user.roles.includes('student'))
      throwIfInvalid(collect({ dob: dobProblem(info.dob, PARENT_MIN_AGE) }));
    await auth.updateUserInfo(ctx, user.id, {
      firstName: info.first_name,
      lastName: info.last_name,
      username: info.username,
      phone: normaliseKenyanPhone(info.phone) ?? info.phone,
      gender: (info.gender || null) as auth.UserInfo['gender'],
      dob: info.dob || null,
    });
    return { message: t('profile.updated'), data: userResource(await loadUser(ctx.db, user.id)) };
  });

  api.post('/api/user/password', { ...signedIn, schema: { body: PasswordBody } }, async (request) => {
    const user = currentUser(request);
    const { current_password: currentPassword, password } = request.body;
    if (!request.session) throw unauthenticated();
    await auth.changePassword(ctx, user.id, { currentPassword, password }, request.session.id);
    return { message: t('auth.passwordChanged') };
  });
}
