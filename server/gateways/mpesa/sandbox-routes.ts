import type { FastifyInstance } from 'fastify';
import { isSafaricomPhone, normaliseKenyanPhone } from '../../../src/shared/validation';
import type { SandboxMpesaGateway } from './sandbox-mpesa-gateway';
import { formatKes } from '../../../src/shared/format';
import {
  acceptUrlEncodedForms,
  csrfField,
  escapeHtml,
  formField,
  requireSignedInTester,
  sandboxPage,
} from './sandbox-page';

const TITLE = 'M-Pesa paybill sandbox';
/** M-Pesa's largest single paybill payment. */
const PAYBILL_MAX_KES = 250_000;

export const MPESA_PAYBILL_PAGE = '/sandbox/mpesa/paybill';

type FormValues = { account: string; amount: string; phone: string };

/**
 * The sandbox's stand-in for a customer's phone: a tester "pays" our paybill with an account
 * number, and the sandbox sends the C2B confirmation the real Safaricom would send.
 * `?account=…&amount=…` pre-fills the form (the checkout's paybill screen can link here).
 */
export function registerMpesaSandboxRoutes(app: FastifyInstance, gateway: SandboxMpesaGateway): void {
  void app.register(async (scope) => {
    acceptUrlEncodedForms(scope);
    requireSignedInTester(scope, TITLE);

    scope.get(MPESA_PAYBILL_PAGE, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const values = {
        account: formField(query, 'account'),
        amount: formField(query, 'amount'),
        phone: '0708374149',
      };
      return reply
        .type('text/html; charset=utf-8')
        .send(paybillForm(gateway.businessNumber, values, {}, request.session?.csrfToken));
    });

    scope.post(MPESA_PAYBILL_PAGE, async (request, reply) => {
      const values = {
        account: formField(request.body, 'account'),
        amount: formField(request.body, 'amount'),
        phone: formField(request.body, 'phone'),
      };
      const errors: Partial<FormValues> = {};
      if (!/^[A-Za-z0-9-]{1,50}$/.test(values.account)) errors.account = 'Enter the account number.';
      if (
        !/^\d{1,9}$/.test(values.amount) ||
        Number(values.amount) < 1 ||
        Number(values.amount) > PAYBILL_MAX_KES
      )
        errors.amount = `Enter a whole amount from 1 to ${PAYBILL_MAX_KES.toLocaleString('en-US')} shillings.`;
      if (!isSafaricomPhone(values.phone)) errors.phone = 'Enter a valid Safaricom phone number.';
      if (Object.keys(errors).length) {
        return reply
          .code(422)
          .type('text/html; charset=utf-8')
          .send(paybillForm(gateway.businessNumber, values, errors, request.session?.csrfToken));
      }
      const amount = Number(values.amount);
      const payment = await gateway.pay(values.account, amount, normaliseKenyanPhone(values.phone) as string);
      const summary = `${escapeHtml(formatKes(amount))} to business number ${escapeHtml(gateway.businessNumber)}, account ${escapeHtml(values.account)}`;
      const html = payment.delivered
        ? `<h1>Payment sent</h1>
<p role="status">You paid ${summary}. M-Pesa receipt ${escapeHtml(payment.confirmation.transId)}.</p>`
        : `<h1>Payment not confirmed</h1>
<p role="alert">The merchant did not accept the confirmation for ${summary}${payment.status ? ` (HTTP ${payment.status})` : ''}.</p>`;
      return reply
        .code(payment.delivered ? 200 : 502)
        .type('text/html; charset=utf-8')
        .send(sandboxPage(TITLE, `${html}\n<p><a href="${MPESA_PAYBILL_PAGE}">Make another payment</a></p>`));
    });
  });
}

function paybillForm(
  businessNumber: string,
  values: FormValues,
  errors: Partial<FormValues>,
  csrfToken: string | undefined,
): string {
  const field = (name: keyof FormValues, label: string, attrs: string) => {
    const error = errors[name];
    const described = error ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
    return `<label for="${name}">${label}</label>
<input id="${name}" name="${name}" value="${escapeHtml(values[name])}" required ${attrs}${described}>
${error ? `<p id="${name}-error" role="alert">${escapeHtml(error)}</p>` : ''}`;
  };
  return sandboxPage(
    TITLE,
    `<h1>Pay with M-Pesa (sandbox)</h1>
<p class="note">This page stands in for the customer's phone: Lipa na M-Pesa → Pay Bill. No real money moves.</p>
<p>Business number: <strong data-testid="business-number">${escapeHtml(businessNumber)}</strong></p>
<form method="post" action="${MPESA_PAYBILL_PAGE}" novalidate>
${csrfField(csrfToken)}
${field('account', 'Account number', 'autocomplete="off"')}
${field('amount', 'Amount (KES)', 'inputmode="numeric" pattern="[0-9]*"')}
${field('phone', 'Phone number', 'type="tel" autocomplete="tel"')}
<div class="actions"><button class="primary" type="submit">Pay</button></div>
</form>`,
  );
}
