import { Alert, Anchor, Button, Center, Group, Loader, Modal, PinInput, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { IconCircleCheck, IconCircleX, IconClockHour4 } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { selectPaymentBusy, type PaymentContext } from '@/machines/payment-machine';
import { formatKes } from '@/shared/format';
import { t } from '@/shared/messages';
import type { PaymentActor } from '../../app-actors';
import { fieldError } from '../../session-selectors';

type Send = PaymentActor['send'];
type BodyProps = { context: PaymentContext; busy: boolean; send: Send };

/** A masked 4-digit PIN (SPEC §5), one labelled box per digit inside a labelled group. */
export function WalletPinField({ label, value, onChange, error }: { label: string; value: string; onChange: (value: string) => void; error?: string | null }) {
  return (
    <Stack gap={4} role="group" aria-label={label}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <PinInput
        length={4}
        type="number"
        mask
        oneTimeCode={false}
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        getInputProps={(index) => ({ 'aria-label': `${label}, digit ${index + 1}` })}
      />
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function Problem({ context }: { context: PaymentContext }) {
  return context.error ? (
    <Alert color="red" role="alert">
      {context.error}
    </Alert>
  ) : null;
}

function Amount({ amount }: { amount: string | null }) {
  return amount ? (
    <Text size="sm">
      Amount: <strong>{formatKes(amount)}</strong>
    </Text>
  ) : null;
}

function SubmitForm({ onSubmit, busy, submitText, children }: { onSubmit: () => void; busy: boolean; submitText: string; children: ReactNode }) {
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onSubmit();
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {children}
        <Button type="submit" loading={busy} fullWidth>
          {submitText}
        </Button>
      </Stack>
    </form>
  );
}

function WalletPinBody({ context, busy, send }: BodyProps) {
  const [pin, setPin] = useState('');
  return (
    <SubmitForm busy={busy} submitText={context.modal.submitText} onSubmit={() => send({ type: 'pin.submit', pin })}>
      <Amount amount={context.amount} />
      {context.wallet && <Text size="sm">Wallet balance: {formatKes(context.wallet.balance)}</Text>}
      <Problem context={context} />
      <WalletPinField label="Wallet PIN" value={pin} onChange={setPin} error={fieldError(context.fieldErrors, 'pin')} />
    </SubmitForm>
  );
}

function PinSetupBody({ context, busy, send }: BodyProps) {
  const [pin, setPin] = useState('');
  const [confirmation, setConfirmation] = useState('');
  return (
    <SubmitForm busy={busy} submitText={context.modal.submitText} onSubmit={() => send({ type: 'pin.setup', pin, pinConfirmation: confirmation })}>
      <Text size="sm">Your wallet has no PIN yet. Choose a 4-digit PIN to pay from it.</Text>
      <Problem context={context} />
      <WalletPinField label="New PIN" value={pin} onChange={setPin} error={fieldError(context.fieldErrors, 'pin')} />
      <WalletPinField label="Confirm PIN" value={confirmation} onChange={setConfirmation} error={fieldError(context.fieldErrors, 'pinConfirmation')} />
    </SubmitForm>
  );
}

function PhoneBody({ context, busy, send }: BodyProps) {
  const [phone, setPhone] = useState(context.modal.phone);
  return (
    <SubmitForm busy={busy} submitText={context.modal.submitText} onSubmit={() => send({ type: 'phone.submit', phone })}>
      <Amount amount={context.amount} />
      <Problem context={context} />
      <TextInput
        label="M-Pesa phone number"
        description="We send the payment prompt to this Safaricom number."
        type="tel"
        autoComplete="tel"
        required
        value={phone}
        onChange={(event) => setPhone(event.currentTarget.value)}
        error={fieldError(context.fieldErrors, 'phone')}
      />
    </SubmitForm>
  );
}

function PaybillBody({ context, busy, send }: BodyProps) {
  const paybill = context.paybill;
  return (
    <SubmitForm busy={busy} submitText={context.modal.submitText} onSubmit={() => send({ type: 'payment.confirm' })}>
      <Text size="sm">On your phone open M-Pesa, choose Lipa na M-Pesa, then Pay Bill, and enter:</Text>
      <Stack gap={4} component="dl" m={0}>
        <Group gap="xs">
          <Text component="dt" size="sm" c="dimmed">
            Business number
          </Text>
          <Text component="dd" m={0} fw={700}>
            {paybill?.businessNumber}
          </Text>
        </Group>
        <Group gap="xs">
          <Text component="dt" size="sm" c="dimmed">
            Account number
          </Text>
          <Text component="dd" m={0} fw={700}>
            {paybill?.accountNumber}
          </Text>
        </Group>
        <Group gap="xs">
          <Text component="dt" size="sm" c="dimmed">
            Amount
          </Text>
          <Text component="dd" m={0} fw={700}>
            {formatKes(paybill?.amount ?? context.amount)}
          </Text>
        </Group>
      </Stack>
      {context.message && (
        <Alert color="yellow" role="status">
          {context.message}
        </Alert>
      )}
    </SubmitForm>
  );
}

function PendingBody({ context, send, children }: BodyProps & { children?: ReactNode }) {
  return (
    <Stack gap="md">
      {children}
      <Group gap="xs" role="status" aria-live="polite" wrap="nowrap">
        <Loader size="sm" />
        <Text size="sm">{context.message ?? t('payment.pending')}</Text>
      </Group>
      <Button fullWidth onClick={() => send({ type: 'payment.confirm' })}>
        {context.modal.submitText}
      </Button>
    </Stack>
  );
}

const OUTCOME_LOOK = {
  success: { color: 'green', Icon: IconCircleCheck, role: 'status', fallback: 'payment.paid' },
  review: { color: 'yellow', Icon: IconClockHour4, role: 'status', fallback: 'payment.needsReview' },
  fail: { color: 'red', Icon: IconCircleX, role: 'alert', fallback: 'payment.failMsg' },
} as const;

function Outcome({ context, send }: BodyProps) {
  const mode = context.modal.mode === 'success' || context.modal.mode === 'review' ? context.modal.mode : 'fail';
  const { color, Icon, role, fallback } = OUTCOME_LOOK[mode];
  return (
    <Stack align="center" gap="md" py="md">
      <ThemeIcon size={56} radius="xl" color={color} variant="light">
        <Icon size={36} aria-hidden />
      </ThemeIcon>
      <Text ta="center" fw={500} role={role}>
        {context.message ?? t(fallback)}
      </Text>
      {/* Under review there is no "Try again": the money may have left, and paying twice is worse. */}
      {mode === 'fail' ? (
        <Group grow w="100%">
          <Button variant="default" onClick={() => send({ type: 'payment.close' })}>
            Close
          </Button>
          <Button onClick={() => send({ type: 'payment.retry' })}>Try again</Button>
        </Group>
      ) : (
        <Button fullWidth onClick={() => send({ type: 'payment.close' })}>
          {mode === 'success' ? 'Done' : 'Close'}
        </Button>
      )}
    </Stack>
  );
}

function ModalBody(props: BodyProps) {
  const { context } = props;
  switch (context.modal.mode) {
    case 'pin':
      return <WalletPinBody {...props} />;
    case 'pinSetup':
      return <PinSetupBody {...props} />;
    case 'phone':
      return <PhoneBody {...props} />;
    case 'paybill':
      return <PaybillBody {...props} />;
    case 'prompt':
      return <PendingBody {...props} />;
    case 'iframe':
      return (
        <PendingBody {...props}>
          {context.redirectUrl && (
            <>
              <iframe
                src={context.redirectUrl}
                title="Pesapal secure payment page"
                style={{ width: '100%', height: 'min(60vh, 520px)', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
              />
              {/* Some browsers and card issuers refuse to run inside a frame; the payment is followed either way. */}
              <Anchor href={context.redirectUrl} target="_blank" rel="noopener noreferrer" size="sm">
                Open the payment page in a new tab
              </Anchor>
            </>
          )}
        </PendingBody>
      );
    case 'success':
    case 'review':
    case 'fail':
      return <Outcome {...props} />;
    case 'loading':
    case 'closed':
      return (
        <Center py="xl" role="status" aria-label="Loading payment">
          <Loader />
        </Center>
      );
  }
}

/**
 * SPEC §2 payment modal, driven by the payment machine's `modal {mode, phone, title, submitText,
 * show, gateway}`. The checkout's Pay and the wallet top-up each drive one with their own actor.
 */
export function PaymentModal({ actor }: { actor: PaymentActor }) {
  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, selectPaymentBusy);
  const { modal } = context;
  return (
    <Modal
      opened={modal.show}
      onClose={() => actor.send({ type: 'payment.close' })}
      title={modal.title}
      styles={{ title: { fontWeight: 700 } }}
      size={modal.mode === 'iframe' ? 'xl' : 'md'}
      centered
      // Money is moving: only the buttons close it, and not while a call is out.
      closeOnClickOutside={false}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': 'Close payment' }}
      // Above the fullscreen checkout dialog it opens from.
      zIndex={300}
    >
      {/* Keyed by mode so each form starts empty (a retried PIN is typed again). */}
      <ModalBody key={modal.mode} context={context} busy={busy} send={actor.send} />
    </Modal>
  );
}
