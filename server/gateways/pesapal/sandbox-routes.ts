import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatKes } from '../../../src/shared/format';
import {
  acceptUrlEncodedForms,
  csrfField,
  escapeHtml,
  formField,
  requireSignedInTester,
  sandboxReply,
} from '../mpesa/sandbox-page';
import { PESAPAL_STATUS, PesapalError } from './pesapal-gateway';
import { PESAPAL_SANDBOX_PAGE, type SandboxPesapalGateway } from './sandbox-pesapal-gateway';

const TITLE = 'Pesapal sandbox payment';

/**
 * Serves the sandbox's hosted payment page at the order's `redirectUrl`. The SPA shows it in an
 * iframe, so the Pay/Cancel form targets `_top`: the answer (a redirect to the merchant's callback
 * URL) replaces the whole app, as Pesapal's own page does — no script needed.
 */
export function registerPesapalSandboxRoutes(app: FastifyInstance, gateway: SandboxPesapalGateway): void {
  void app.register(async (scope) => {
    acceptUrlEncodedForms(scope);
    requireSignedInTester(scope, TITLE);

    scope.get<{ Params: { orderTrackingId: string } }>(
      `${PESAPAL_SANDBOX_PAGE}/:orderTrackingId`,
      async (request, reply) => {
        const id = request.params.orderTrackingId;
        const found = ORDER_TRACKING_ID.test(id) ? await gateway.findOrder(id) : undefined;
        if (!found)
          return page(
            reply,
            404,
            '<h1>Order not found</h1>\n<p role="alert">This payment link is invalid.</p>',
          );
        const { order } = found;
        const details = `<p>${escapeHtml(order.description)}</p>
<p class="amount">${escapeHtml(formatKes(Number(order.amount)))}</p>
<p class="note">Merchant reference ${escapeHtml(order.id)}</p>`;
        if (found.statusCode !== PESAPAL_STATUS.INVALID) {
          const outcome =
            found.statusCode === PESAPAL_STATUS.COMPLETED
              ? 'This order has already been paid.'
              : 'This order has been cancelled.';
          return page(
            reply,
            200,
            `<h1>Pesapal payment (sandbox)</h1>\n${details}\n<p role="status">${outcome}</p>`,
          );
        }
        const action = `${PESAPAL_SANDBOX_PAGE}/${encodeURIComponent(found.orderTrackingId)}`;
        return page(
          reply,
          200,
          `<h1>Pesapal payment (sandbox)</h1>
<p class="note">Pesapal's test page: no card is charged. Pay completes the order, Cancel fails it.</p>
${details}
<form method="post" action="${escapeHtml(action)}" target="_top">
${csrfField(request.session?.csrfToken)}
<div class="actions">
<button class="primary" type="submit" name="choice" value="pay">Pay</button>
<button class="secondary" type="submit" name="choice" value="cancel">Cancel</button>
</div>
</form>`,
        );
      },
    );

    scope.post<{ Params: { orderTrackingId: string } }>(
      `${PESAPAL_SANDBOX_PAGE}/:orderTrackingId`,
      async (request, reply) => {
        const choice = formField(request.body, 'choice');
        if (choice !== 'pay' && choice !== 'cancel') {
          return page(
            reply,
            422,
            '<h1>Choose Pay or Cancel</h1>\n<p role="alert">The form was sent without a choice.</p>',
          );
        }
        try {
          const id = request.params.orderTrackingId;
          if (!ORDER_TRACKING_ID.test(id))
            throw new PesapalError('invalid_order_tracking_id', 'The order tracking id is not known', 404);
          const { redirectUrl } = await gateway.complete(id, choice);
          return reply.redirect(redirectUrl, 303);
        } catch (error) {
          if (!(error instanceof PesapalError)) throw error;
          const status = error.code === 'order_closed' ? 409 : 404;
          return page(
            reply,
            status,
            `<h1>Payment not possible</h1>\n<p role="alert">${escapeHtml(error.message)}.</p>`,
          );
        }
      },
    );
  });
}

/** The sandbox's order tracking ids are UUIDs; anything else is not one of its orders. */
const ORDER_TRACKING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function page(reply: FastifyReply, status: number, body: string) {
  return sandboxReply(reply, status, TITLE, body);
}
