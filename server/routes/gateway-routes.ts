// The routes outside services call, all under /api/hooks/{secret}/… (CONTRACT.md): M-Pesa STK
// callbacks, C2B validations and confirmations, transaction status answers and Pesapal IPNs; and the
// browser's return from Pesapal. No session, no CSRF (CSRF_EXEMPT_PATHS). A wrong secret is a 404,
// as is a source outside PAYMENTS_CALLBACK_ALLOW (gatewayHookGuard), and each notification is only a
// hint that the payment service confirms with the gateway itself (docs/gateways.md).
import type { FastifyInstance, FastifyRequest, onResponseAsyncHookHandler } from 'fastify';
import {
  C2B_INVALID_ACCOUNT,
  C2B_VALIDATION_ACCEPTED,
  DARAJA_ACCEPTED,
  MpesaCallbackError,
  parseC2BValidation,
} from '../gateways/mpesa';
import { ipnAcknowledgement, PesapalIpnError, type PesapalIpn } from '../gateways/pesapal';
import { HttpError } from '../http/errors';
import { gatewayHookGuard } from '../http/gateway-hooks';
import { sessionOf } from '../http/session';
import { callbackPaths } from '../services/callback-secret-service';
import { isOpenPaybillAccount } from '../services/cart-service';
import type { CommerceContext } from '../services/commerce-context';
import type { FollowUp } from '../services/follow-ups';
import * as payments from '../services/payments';

/** Daraja and Pesapal bodies are a few hundred bytes. */
const NOTIFICATION_BODY_LIMIT = 16 * 1024;

/** Where the SPA shows a Pesapal payment's outcome; without a query it claims nothing about any payment. */
const PAYMENT_RETURN_PAGE = '/payments/return';

export function gatewayRoutes(app: FastifyInstance, ctx: CommerceContext, secret: string): void {
  const paths = callbackPaths();
  const fromGateway = gatewayHookGuard(secret, ctx.config.callbackAllowList);
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
  // Withdrawals (issue 23): the B2C payment's result and queue time-out are hints; its status query's
  // answer and time-out are believed only for a query the server sent (services/payments/b2c.ts).
  app.post(paths.b2cResult, options, daraja(payments.handleB2CResult));
  app.post(paths.b2cTimeout, options, daraja(payments.handleB2CTimeout));
  app.post(paths.b2cStatusResult, options, daraja(payments.handleB2CStatusResult));
  app.post(paths.b2cStatusTimeout, options, daraja(payments.handleB2CStatusTimeout));
  // Daraja asks before taking a paybill payment (only when external validation is enabled on the
  // shortcode): money for an account that names no open cart is refused at the customer's phone.
  app.post(paths.c2bValidation, options, async (request) => {
    let account: string;
    try {
      account = parseC2BValidation(request.body).billRefNumber;
    } catch (error) {
      if (error instanceof MpesaCallbackError) throw new HttpError(400, error.message);
      throw error;
    }
    return (await isOpenPaybillAccount(ctx.db, account)) ? C2B_VALIDATION_ACCEPTED : C2B_INVALID_ACCOUNT;
  });

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

  // Where Pesapal sends the browser back (the hosted page leaves the SPA's iframe). Anyone can load
  // it with any tracking id, so only the transaction's owner makes the server ask Pesapal (at most
  // once per minCheckGapMs, like every question) and is handed to the SPA with the outcome; anyone
  // else gets the SPA's page with nothing about the payment, whatever the id names.
  app.get(payments.PESAPAL_RETURN_PATH, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    let target = PAYMENT_RETURN_PAGE;
    try {
      const viewer = (await sessionOf(ctx.db, request))?.userId ?? null;
      const transaction = await payments.handlePesapalReturn(
        ctx,
        ctx.pesapal.parseIpn(request.query),
        viewer,
      );
      if (transaction)
        target = `${PAYMENT_RETURN_PAGE}?payment=${transaction.status}&transaction=${transaction.id}&type=${transaction.type}`;
    } catch (error) {
      if (!(error instanceof PesapalIpnError))
        request.log.warn({ err: error }, 'Pesapal return could not be settled');
    }
    return reply.redirect(target, 303);
  });
}
