import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  PinInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { IconCircleCheck, IconCircleX, IconClockHour4 } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import {
  selectPaymentBusy,
  selectPaymentModal,
  type PaymentContext,
  type PaymentModal as PaymentModalView,
} from '@/machines/payment-machine';
import { formatKes } from '@/shared/format';
import { t } from '@/shared/messages';
import { mpesaPhoneProblem, pinConfirmationProblem, pinProblem } from '@/shared/payment-validation';
import type { PaymentActor } from '../../app-actors';
import { fieldError } from '../../session-selectors';

type Send = PaymentActor['send'];
type BodyProps = { context: PaymentContext; modal: PaymentModalView; busy: boolean; send: Send };
type FormErrors = Record<string, ReactNode>;

/** A masked 4-digit PIN (SPEC §5), one labelled box per digit inside a labelled group. */
export function WalletPinField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}) {
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

/** Why the last Pay was refused: the form's own check first, else the server's answer. */
function Problem({ context, formErrors }: { context: PaymentContext; formErrors: FormErrors }) {
  const problem = Object.values(formErrors).find(Boolean) ?? context.error;
  return problem ? (
    <Alert color="red" role="alert">
      {problem}
    </Alert>
  ) : null;
}

/** A field's error: the form's check, else what the server said about it. */
function errorOf(formErrors: FormErrors, context: PaymentContext, field: string): string | null {
  const own = formErrors[field];
  return typeof own === 'string' ? own : fieldError(context.fieldErrors, field);
}

function Amount({ amount }: { amount: string | null }) {
  return amount ? (
    <Text size="sm">
      Amount: <strong>{formatKes(amount)}</strong>
    </Text>
  ) : null;
}

function SubmitForm({
  onSubmit,
  busy,
  submitText,
  children,
}: {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  submitText: string;
  children: ReactNode;
}) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) onSubmit(event);
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

// The fields live in @mantine/form, checked by the shared payment rules before anything is sent;
// the machine owns submitting and what the server answers.

function WalletPinBody({ context, modal, busy, send }: BodyProps) {
  const form = useForm({ initialValues: { pin: '' }, validate: { pin: pinProblem } });
  return (
    <SubmitForm
      busy={busy}
      submitText={modal.submitText}
      onSubmit={form.onSubmit(({ pin }) => send({ type: 'pin.submit', pin }))}
    >
      <Amount amount={context.amount} />
      {context.wallet && <Text size="sm">Wallet balance: {formatKes(context.wallet.balance)}</Text>}
      <Problem context={context} formErrors={form.errors} />
      <WalletPinField
        label="Wallet PIN"
        value={form.values.pin}
        onChange={(pin) => form.setFieldValue('pin', pin)}
        error={errorOf(form.errors, context, 'pin')}
      />
    </SubmitForm>
  );
}

function PinSetupBody({ context, modal, busy, send }: BodyProps) {
  const form = useForm({
    initialValues: { pin: '', pinConfirmation: '' },
    validate: {
      pin: pinProblem,
      pinConfirmation: (confirmation, values) => pinConfirmationProblem(values.pin, confirmation),
    },
  });
  return (
    <SubmitForm
      busy={busy}
      submitText={modal.submitText}
      onSubmit={form.onSubmit((values) => send({ type: 'pin.setup', ...values }))}
    >
      <Text size="sm">Your wallet has no PIN yet. Choose a 4-digit PIN to pay from it.</Text>
      <Problem context={context} formErrors={form.errors} />
      <WalletPinField
        label="New PIN"
        value={form.values.pin}
        onChange={(pin) => form.setFieldValue('pin', pin)}
        error={errorOf(form.errors, context, 'pin')}
      />
      <WalletPinField
        label="Confirm PIN"
        value={form.values.pinConfirmation}
        onChange={(pin) => form.setFieldValue('pinConfirmation', pin)}
        error={errorOf(form.errors, context, 'pinConfirmation')}
      />
    </SubmitForm>
  );
}

function PhoneBody({ context, modal, busy, send }: BodyProps) {
  const form = useForm({ initialValues: { phone: modal.phone }, validate: { phone: mpesaPhoneProblem } });
  return (
    <SubmitForm
      busy={busy}
      submitText={modal.submitText}
      onSubmit={form.onSubmit(({ phone }) => send({ type: 'phone.submit', phone }))}
    >
      <Amount amount={context.amount} />
      <Problem context={context} formErrors={form.errors} />
      <TextInput
        label="M-Pesa phone number"
        description="We send the payment prompt to this Safaricom number."
        type="tel"
        autoComplete="tel"
        required
        {...form.getInputProps('phone')}
        error={errorOf(form.errors, context, 'phone')}
      />
    </SubmitForm>
  );
}

function PaybillBody({ context, modal, busy, send }: BodyProps) {
  const paybill = context.paybill;
  return (
    <SubmitForm busy={busy} submitText={modal.submitText} onSubmit={() => send({ type: 'payment.confirm' })}>
      <Text size="sm">On your phone open M-Pesa, choose Lipa na M-Pesa, then Pay Bill, and enter:</Text>
      <Stack gap={4} component="dl" m={0}>
        {(
          [
            ['Business number', paybill?.businessNumber],
            ['Account number', paybill?.accountNumber],
            ['Amount', formatKes(paybill?.amount ?? context.amount)],
          ] as const
        ).map(([label, value]) => (
          <Group key={label} gap="xs">
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={700}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      {context.message && (
        <Alert color="yellow" role="status">
          {context.message}
        </Alert>
      )}
    </SubmitForm>
  );
}

function PendingBody({ context, modal, send, children }: BodyProps & { children?: ReactNode }) {
  return (
    <Stack gap="md">
      {children}
      <Group gap="xs" role="status" aria-live="polite" wrap="nowrap">
        <Loader size="sm" />
        <Text size="sm">{context.message ?? t('payment.pending')}</Text>
      </Group>
      <Button fullWidth onClick={() => send({ type: 'payment.confirm' })}>
        {modal.submitText}
      </Button>
    </Stack>
  );
}

const OUTCOME_LOOK = {
  success: { color: 'green', Icon: IconCircleCheck, role: 'status', fallback: 'payment.paid' },
  review: { color: 'yellow', Icon: IconClockHour4, role: 'status', fallback: 'payment.needsReview' },
  fail: { color: 'red', Icon: IconCircleX, role: 'alert', fallback: 'payment.failMsg' },
} as const;

function Outcome({ context, modal, send }: BodyProps) {
  const mode = modal.mode === 'success' || modal.mode === 'review' ? modal.mode : 'fail';
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
  const { context, modal } = props;
  switch (modal.mode) {
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
                style={{
                  width: '100%',
                  height: 'min(60vh, 520px)',
                  border: '1px solid var(--mantine-color-gray-3)',
                  borderRadius: 8,
                }}
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
 * SPEC §2 payment modal: `selectPaymentModal` derives {mode, phone, title, submitText, show, gateway}
 * from the payment machine's state. The checkout's Pay and the wallet top-up each drive one with
 * their own actor.
 */
export function PaymentModal({ actor }: { actor: PaymentActor }) {
  const context = useSelector(actor, (s) => s.context);
  const modal = useSelector(actor, selectPaymentModal, sameModal);
  const busy = useSelector(actor, selectPaymentBusy);
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
      <ModalBody key={modal.mode} context={context} modal={modal} busy={busy} send={actor.send} />
    </Modal>
  );
}

/** The modal is derived afresh on each snapshot: re-render only when what it shows changed. */
function sameModal(a: PaymentModalView, b: PaymentModalView): boolean {
  return (Object.keys(a) as Array<keyof PaymentModalView>).every((key) => a[key] === b[key]);
}
