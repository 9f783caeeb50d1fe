// The gateways' side of /api/payments: M-Pesa STK callbacks, C2B confirmations and transaction
// status answers, Pesapal IPNs, and the browser's return from Pesapal. No session, no CSRF
// (CSRF_EXEMPT_PATHS). Each path carries the deployment's callback secret (a wrong one is a 404, as
// is a source outside PAYMENTS_CALLBACK_ALLOW), and each notification is only a hint that the payment
// service confirms with the gateway itself (docs/gateways.md).
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onResponseAsyncHookHandler,
} from 'fastify';
import { DARAJA_ACCEPTED, MpesaCallbackError } from '../gateways/mpesa';
import { ipnAcknowledgement, PesapalIpnError, type PesapalIpn } from '../gateways/pesapal';
import { HttpError, notFound } from '../http/errors';
import { parseAllowList } from '../http/network-allow-list';
import { safeEqual } from '../security/tokens';
import { callbackPaths } from '../services/callback-secret-service';
import type { CommerceContext } from '../services/commerce-context';
import type { FollowUp } from '../services/follow-ups';
import * as payments from '../services/payment-service';

/** Daraja and Pesapal bodies are a few hundred bytes. */
const NOTIFICATION_BODY_LIMIT = 16 * 1024;

export function gatewayRoutes(app: FastifyInstance, ctx: CommerceContext, secret: string): void {
  const allowList = parseAllowList(ctx.config.callbackAllowList ?? []);
  const paths = callbackPaths();

  // Checked before the body is read: a wrong secret or source learns nothing, not even that the route exists.
  const fromGateway: onRequestAsyncHookHandler = async (request) => {
    const sent = (request.params as { secret?: unknown }).secret;
    if (typeof sent !== 'string' || !safeEqual(sent, secret)) throw notFound();
    if (allowList && !allowList.allows(request.ip)) {
      request.log.warn({ ip: request.ip }, 'gateway callback from outside PAYMENTS_CALLBACK_ALLOW');
      throw notFound();
    }
  };
  // A notification is acknowledged once recorded; what it leaves to do (asking the gateway itself,
  // then settling) starts when the answer has gone, so a busy process answers Daraja quickly.
  const followUps = new WeakMap<FastifyRequest, FollowUp>();
  const startFollowUp: onResponseAsyncHookHandler = async (request) => {
    const followUp = followUps.get(request);
    if (followUp) ctx.followUps.start(followUp);
  };
  const options = { onRequest: fromGateway, onResponse: startFollowUp, bodyLimit: NOTIFICATION_BODY_LIMIT };

  /** Daraja's notifications: a body that is not Daraja's is a 400, anything else is acknowledged. */
  const daraja =
    (handle: (ctx: CommerceContext, body: unknown) => Promise<FollowUp | null | void>) =>
    async (request: FastifyRequest) => {
      try {
        const followUp = await handle(ctx, request.body);
        if (followUp) followUps.set(request, followUp);
      } catch (error) {
        if (error instanceof MpesaCallbackError) throw new HttpError(400, error.message);
        throw error;
      }
      return DARAJA_ACCEPTED;
    };

  app.post(paths.stkCallback, options, daraja(payments.handleStkCallback));
  app.post(paths.c2bConfirmation, options, daraja(payments.handleC2BConfirmation));
  app.post(paths.statusResult, options, daraja(payments.handleTransactionStatusResult));
  // The status query waited too long in Daraja's queue: it is closed, and the background check asks again.
  app.post(paths.statusTimeout, options, daraja(payments.handleTransactionStatusTimeout));

  const ipn = async (source: unknown) => {
    let parsed: PesapalIpn;
    try {
      parsed = ctx.pesapal.parseIpn(source);
    } catch (error) {
      if (error instanceof PesapalIpnError) throw new HttpError(400, error.message);
      throw error;
    }
    try {
      return (await payments.handlePesapalNotification(ctx, parsed)).acknowledgement;
    } catch {
      // Pesapal repeats a notification answered with status 500.
      return ipnAcknowledgement(parsed, false);
    }
  };
  app.get(paths.pesapalIpn, options, async (request) => ipn(request.query));
  app.post(paths.pesapalIpn, options, async (request) => ipn(request.body));

  // Where Pesapal sends the browser back (the hosted page leaves the SPA's iframe): settle from the
  // status query like an IPN, then hand over to the SPA's /payments/return page with the outcome.
  app.get(payments.PESAPAL_RETURN_PATH, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    let target = '/payments/return?payment=unknown';
    try {
      const { transaction } = await payments.handlePesapalNotification(
        ctx,
        ctx.pesapal.parseIpn(request.query),
      );
      if (transaction)
        target = `/payments/return?payment=${transaction.status}&transaction=${transaction.id}&type=${transaction.type}`;
    } catch (error) {
      request.log.warn({ err: error }, 'Pesapal return could not be settled');
    }
    return reply.redirect(target, 303);
  });
}
