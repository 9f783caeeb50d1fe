// The gateways' side of /api/payments: M-Pesa STK callbacks and C2B confirmations, Pesapal IPNs and
// the browser's return from Pesapal. No session, no CSRF (CSRF_EXEMPT_PATHS); each notification is a
// hint that the payment service confirms with the gateway itself (docs/gateways.md).
import type { FastifyInstance } from 'fastify';
import { DARAJA_ACCEPTED, MpesaCallbackError } from '../gateways/mpesa';
import { ipnAcknowledgement, PesapalIpnError, type PesapalIpn } from '../gateways/pesapal';
import { HttpError } from '../http/errors';
import type { CommerceContext } from '../services/commerce-context';
import * as payments from '../services/payment-service';

export function gatewayRoutes(app: FastifyInstance, ctx: CommerceContext): void {
  // Gateway side: no session, no CSRF (CSRF_EXEMPT_PATHS); verified by matching what we created.
  app.post('/api/payments/mpesa/callback', async (request, reply) => {
    try {
      await payments.handleStkCallback(ctx, request.body);
    } catch (error) {
      if (error instanceof MpesaCallbackError) return reply.status(400).send({ message: error.message });
      throw error;
    }
    return DARAJA_ACCEPTED;
  });

  app.post('/api/payments/mpesa/c2b/confirmation', async (request, reply) => {
    try {
      await payments.handleC2BConfirmation(ctx, request.body);
    } catch (error) {
      if (error instanceof MpesaCallbackError) return reply.status(400).send({ message: error.message });
      throw error;
    }
    return DARAJA_ACCEPTED;
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
  app.get('/api/payments/pesapal/ipn', async (request) => ipn(request.query));
  app.post('/api/payments/pesapal/ipn', async (request) => ipn(request.body));

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
