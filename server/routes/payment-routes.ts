// /api/payments (CONTRACT "Payments"): the buyer's calls, and the gateways' notifications.
import type { FastifyInstance } from 'fastify';
import { id, readBody, str } from '../http/body';
import { ValidationError } from '../http/errors';
import { currentUser, type Guards } from '../http/guards';
import type { CommerceContext } from '../services/commerce-context';
import * as payments from '../services/payment-service';
import { t } from '../../src/shared/messages';
import { isSafaricomPhone, normaliseKenyanPhone } from '../../src/shared/validation';
import { cartIdParam } from './cart-routes';

type IdParams = { Params: { id?: string } };

const buyer = (request: Parameters<typeof currentUser>[0]) => {
  const user = currentUser(request);
  return { userId: user.id, roles: user.roles };
};

function payInput(body: Record<string, unknown>) {
  return { cartVersion: id(body.cart_version), studentId: id(body.student_id) };
}

/** The paybill's optional `student_id`: absent → null; sent but not an id → the wrong-child 422. */
function chosenStudent(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const studentId = id(value);
  if (studentId === null) throw ValidationError.field('student_id', t('payment.childRequired'));
  return studentId;
}

/** A Safaricom number in any usual form → `2547…`, else a 422 on `phone`. */
export function safaricomPhone(value: unknown): string {
  const phone = str(value);
  if (!phone) throw ValidationError.field('phone', t('validation.required'));
  const normalised = normaliseKenyanPhone(phone);
  if (!normalised || !isSafaricomPhone(normalised))
    throw ValidationError.field('phone', t('validation.safaricomPhone'));
  return normalised;
}

export function paymentRoutes(app: FastifyInstance, ctx: CommerceContext, guards: Guards): void {
  const buyersOnly = { preHandler: guards.requireRole('student', 'parent') };

  app.post<IdParams>('/api/payments/wallet/:id?', buyersOnly, async (request) => {
    const body = readBody(request);
    const pin = typeof body.pin === 'number' ? String(body.pin).padStart(4, '0') : str(body.pin);
    const { message } = await payments.payByWallet(ctx, buyer(request), cartIdParam(request.params.id), {
      ...payInput(body),
      pin,
    });
    return { message };
  });

  app.post<IdParams>('/api/payments/mpesa/:id?', buyersOnly, async (request, reply) => {
    const body = readBody(request);
    const phone = safaricomPhone(body.phone);
    const answer = await payments.payByMpesa(ctx, buyer(request), cartIdParam(request.params.id), {
      ...payInput(body),
      phone,
    });
    return reply.status(202).send(answer);
  });

  app.get<IdParams>('/api/payments/paybill/:id?', buyersOnly, async (request) =>
    payments.paybillFor(
      ctx,
      buyer(request),
      cartIdParam(request.params.id),
      chosenStudent((request.query as Record<string, unknown>).student_id),
    ),
  );

  app.post<IdParams>('/api/payments/paybill/confirm/:id?', buyersOnly, async (request, reply) => {
    const { status, body } = await payments.confirmPaybill(
      ctx,
      buyer(request),
      cartIdParam(request.params.id),
      chosenStudent(readBody(request).student_id),
    );
    return reply.status(status).send(body);
  });

  app.post<IdParams>('/api/payments/pesapal/:id?', buyersOnly, async (request, reply) => {
    const answer = await payments.payByPesapal(
      ctx,
      buyer(request),
      cartIdParam(request.params.id),
      payInput(readBody(request)),
    );
    return reply.status(202).send(answer);
  });
}
