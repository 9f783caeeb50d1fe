import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { selectAsksForChild, selectCheckoutOpen } from '@/machines/checkout-machine';
import type { Checkout, PaymentMethod } from '@/services/schemas/checkout';
import { booksLessons } from '@/shared/cart';
import { formatKes } from '@/shared/format';
import { t } from '@/shared/messages';
import { useCheckout } from '../../app-actors-context';
import { fieldError } from '../../session-selectors';
import { OrderSummary } from '../cart/order-summary';

const METHOD_LABELS: Record<PaymentMethod, string> = {
  wallet: 'Wallet',
  mpesa: 'M-Pesa express',
  paybill: 'M-Pesa paybill',
  pesapal: 'Pesapal (card and others)',
};

function methodDescription(method: PaymentMethod, checkout: Checkout): string {
  switch (method) {
    case 'wallet':
      return checkout.wallet
        ? `Balance: ${formatKes(checkout.wallet.balance)}`
        : 'Pay from your Somesha wallet';
    case 'mpesa':
      return 'We send a payment prompt to your phone.';
    case 'paybill':
      return 'Pay from the M-Pesa menu with a business and account number.';
    case 'pesapal':
      return 'Visa, Mastercard, Airtel Money and more.';
  }
}

/** SPEC §2: the checkout view — payment method on one side, order summary on the other. */
function CheckoutView() {
  const checkout = useCheckout();
  const context = useSelector(checkout, (s) => s.context);
  const choosesChild = useSelector(checkout, selectAsksForChild);
  const data = context.checkout;
  if (!data) return null;
  const phoneError = fieldError(context.error?.fieldErrors, 'phone');
  const childError = fieldError(context.error?.fieldErrors, 'studentId');

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Stack gap="md" component="section" aria-labelledby="payment-method-heading">
        <Title order={2} size="h5" id="payment-method-heading">
          Payment method
        </Title>
        {context.error && (
          <Alert color="red" role="alert">
            {context.error.message}
          </Alert>
        )}
        {choosesChild && (
          <Radio.Group
            label="Who are these lessons for?"
            value={context.studentId === null ? null : String(context.studentId)}
            onChange={(value) => checkout.send({ type: 'checkout.child', studentId: Number(value) })}
            error={childError}
            required
          >
            <Group gap="md" mt="xs">
              {context.children.map((child) => (
                <Radio key={child.studentId} value={String(child.studentId)} label={child.name} />
              ))}
            </Group>
          </Radio.Group>
        )}
        <Radio.Group
          value={context.method}
          onChange={(value) => checkout.send({ type: 'payment.choose', method: value as PaymentMethod })}
          aria-label="Payment method"
        >
          <Stack gap="sm">
            {data.paymentMethods.map((method) => (
              <Radio.Card
                key={method}
                value={method}
                p="md"
                radius="md"
                aria-label={METHOD_LABELS[method]}
                aria-describedby={`method-${method}-description`}
              >
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <div>
                    <Text fw={600}>{METHOD_LABELS[method]}</Text>
                    <Text size="sm" c="dimmed" id={`method-${method}-description`}>
                      {methodDescription(method, data)}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        {context.method === 'mpesa' && (
          <TextInput
            label="M-Pesa phone number"
            description="Safaricom number, e.g. 0712 345 678"
            type="tel"
            autoComplete="tel"
            required
            value={context.mpesaForm?.phone ?? ''}
            onChange={(event) => checkout.send({ type: 'mpesa.change', phone: event.currentTarget.value })}
            error={phoneError}
          />
        )}
      </Stack>
      <Card withBorder padding="md" radius="md">
        <OrderSummary
          items={data.items}
          itemCount={data.itemCount}
          total={data.total}
          headingId="checkout-summary-heading"
        />
        {/* Issue 24 (cancel): the cancellation policy before a lesson is paid for. */}
        {booksLessons(data.items) && (
          <Text size="sm" mt="sm">
            {t('cancel.policy')}
          </Text>
        )}
      </Card>
    </SimpleGrid>
  );
}

/** SPEC §2: fullscreen dialog around the checkout view; page scroll is locked while it is open. */
export function CheckoutDialog() {
  const checkout = useCheckout();
  const open = useSelector(checkout, selectCheckoutOpen);
  const total = useSelector(checkout, (s) => s.context.checkout?.total ?? null);
  return (
    <Modal
      opened={open}
      onClose={() => checkout.send({ type: 'checkout.close' })}
      fullScreen
      lockScroll
      title={t('cart.checkout')}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': 'Close checkout' }}
    >
      <Stack gap="lg" maw={1100} mx="auto">
        <CheckoutView />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => checkout.send({ type: 'checkout.cancel' })}>
            Cancel
          </Button>
          <Button onClick={() => checkout.send({ type: 'payment.pay' })}>
            Pay {total ? formatKes(total) : ''}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
