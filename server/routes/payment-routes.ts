// /api/payments (CONTRACT "Payments"): the buyer's calls, and the gateways' notifications.
import { object } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import { currentUser, type Guards } from '../http/guards';
import { BODY_LIMIT, typed } from '../http/validation';
import type { CommerceContext } from '../services/commerce-context';
import * as payments from '../services/payments';
import { t } from '../../src/shared/messages';
import { ID_MAX, maybe, pin, safaricomPhone, wholeNumber } from '../../src/shared/request-schemas';
import { CartIdParams } from './cart-routes';

const buyer = (request: Parameters<typeof currentUser>[0]) => {
  const user = currentUser(request);
  return { userId: user.id, roles: user.roles };
};

/** The optional `student_id` of a parent's payment: absent → null; not an id → the wrong-child 422. */
const studentId = () => maybe(wholeNumber({ min: 1, max: ID_MAX, message: t('payment.childRequired') }));

/** Every pay call may name the cart version the buyer saw and, for a parent, the child. */
const PayFields = {
  cart_version: maybe(wholeNumber({ min: 0, max: ID_MAX })),
  student_id: studentId(),
};
const PayBody = object(PayFields);
const StudentQuery = object({ student_id: studentId() });

const payInput = (body: { cart_version?: number; student_id?: number }) => ({
  cartVersion: body.cart_version ?? null,
  studentId: body.student_id ?? null,
});

export function paymentRoutes(app: FastifyInstance, ctx: CommerceContext, guards: Guards): void {
  const api = typed(app);
  const buyersOnly = { bodyLimit: BODY_LIMIT.json, preValidation: guards.requireRole('student', 'parent') };

  api.post(
    '/api/payments/wallet/:id?',
    { ...buyersOnly, schema: { params: CartIdParams, body: object({ ...PayFields, pin: pin() }) } },
    async (request) => {
      const { message } = await payments.payByWallet(ctx, buyer(request), request.params.id, {
        ...payInput(request.body),
        pin: request.body.pin,
      });
      return { message };
    },
  );

  api.post(
    '/api/payments/mpesa/:id?',
    {
      ...buyersOnly,
      schema: { params: CartIdParams, body: object({ ...PayFields, phone: safaricomPhone() }) },
    },
    async (request, reply) => {
      const answer = await payments.payByMpesa(ctx, buyer(request), request.params.id, {
        ...payInput(request.body),
        phone: request.body.phone,
      });
      return reply.status(202).send(answer);
    },
  );

  api.get(
    '/api/payments/paybill/:id?',
    { ...buyersOnly, schema: { params: CartIdParams, querystring: StudentQuery } },
    async (request) =>
      payments.paybillFor(ctx, buyer(request), request.params.id, request.query.student_id ?? null),
  );

  api.post(
    '/api/payments/paybill/confirm/:id?',
    { ...buyersOnly, schema: { params: CartIdParams, body: PayBody } },
    async (request, reply) => {
      const { status, body } = await payments.confirmPaybill(
        ctx,
        buyer(request),
        request.params.id,
        request.body.student_id ?? null,
      );
      return reply.status(status).send(body);
    },
  );

  api.post(
    '/api/payments/pesapal/:id?',
    { ...buyersOnly, schema: { params: CartIdParams, body: PayBody } },
    async (request, reply) => {
      const answer = await payments.payByPesapal(
        ctx,
        buyer(request),
        request.params.id,
        payInput(request.body),
      );
      return reply.status(202).send(answer);
    },
  );
}
