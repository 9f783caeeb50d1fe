// The wallet page's withdrawals (issue 23, docs/withdrawals.md "Screens"): the withdrawal number and
// its form, "Withdraw to M-Pesa" (the withdrawal machine: amount → PIN → pending → paid | failed),
// the withdrawals history, and a teacher's monthly statement (CSV or the print view).
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { selectWithdrawal, type withdrawalMachine } from '@/machines/withdrawal-machine';
import {
  statementCsvPath,
  WITHDRAWALS_LIST,
  withdrawalNumberForm,
  withdrawalsLoader,
  type WithdrawalNumberValues,
} from '@/machines/screens/withdrawal-screens';
import type { Wallet } from '@/services/schemas/wallet';
import type { Withdrawal } from '@/services/schemas/withdrawal';
import { formatDate, formatKes, formatTime } from '@/shared/format';
import { t } from '@/shared/messages';
import { pinProblem } from '@/shared/payment-validation';
import { collect } from '@/shared/validation';
import {
  monthName,
  recentMonths,
  WITHDRAWAL_MAX_KES,
  WITHDRAWAL_MIN_KES,
  withdrawalNumberProblem,
} from '@/shared/withdrawal-form';
import { formatDateTime } from '@/shared/time';
import { WalletPinField } from '../../components/payment/payment-modal';
import { ListStates } from '../../components/lists/list-states';
import { ScrollTable } from '../admin/admin-parts';
import { fieldError } from '../../session-selectors';
import { useForm } from '../../use-form';
import { useLoader } from '../../use-loader';
import { useNow } from '../../hydration';

type WithdrawalActor = ActorRefFrom<typeof withdrawalMachine>;

const STATUS: Record<string, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'blue.9' },
  completed: { label: 'Paid', color: 'teal.9' },
  failed: { label: 'Failed', color: 'red.9' },
  needs_review: { label: 'Being checked', color: 'indigo.9' },
  reversed: { label: 'Returned', color: 'grape.9' },
};

export function statusOf(status: string | null | undefined) {
  return STATUS[status ?? ''] ?? { label: status ?? '–', color: 'gray.8' };
}

/** The number masked, when it can be paid to, and the form that sets or changes it (PIN-confirmed). */
export function WithdrawalNumberCard({ wallet }: { wallet: Wallet }) {
  const [editing, setEditing] = useState(!wallet.withdrawalNo);
  const form = useForm<WithdrawalNumberValues, unknown>({
    logic: withdrawalNumberForm,
    initialValues: { phone: '', pin: '' },
    validate: (values) =>
      collect({ phone: withdrawalNumberProblem(values.phone), pin: pinProblem(values.pin) }),
    onSubmitted: () => {
      form.reset();
      setEditing(false);
    },
  });
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="withdrawal-number-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="withdrawal-number-heading">
          Withdrawal number
        </Title>
        {wallet.withdrawalNo ? (
          <Text data-testid="withdrawal-number">
            M-Pesa <strong>{wallet.withdrawalNo}</strong>
          </Text>
        ) : (
          <Text c="gray.7">{t('walletUi.numberNone')}</Text>
        )}
        {wallet.withdrawalNo && wallet.withdrawalNoUsableAt && (
          <Text size="sm" c="gray.7">
            {t('walletUi.numberUsableAt', { time: formatDateTime(wallet.withdrawalNoUsableAt) })}
          </Text>
        )}
        {editing ? (
          <form onSubmit={form.onSubmit} noValidate aria-label="Set the withdrawal number">
            <Stack gap="sm">
              {form.formError && !form.fieldErrors.phone && !form.fieldErrors.pin && (
                <Alert color="red" role="alert">
                  {form.formError}
                </Alert>
              )}
              <TextInput
                label="M-Pesa number"
                description="A Safaricom number. A new number can be paid to 24 hours after it is set."
                inputMode="tel"
                required
                {...form.getInputProps('phone')}
              />
              <WalletPinField
                label="Wallet PIN"
                value={String(form.values.pin)}
                onChange={(value) => form.change('pin', value)}
                error={fieldError(form.fieldErrors, 'pin')}
              />
              <Group>
                <Button type="submit" loading={form.submitting}>
                  Save number
                </Button>
                {wallet.withdrawalNo && (
                  <Button variant="default" onClick={() => setEditing(false)}>
                    Cancel
                  </Button>
                )}
              </Group>
            </Stack>
          </form>
        ) : (
          <Group>
            <Button variant="light" onClick={() => setEditing(true)}>
              Change number
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function AmountStep({ actor, withdrawable }: { actor: WithdrawalActor; withdrawable: string }) {
  const view = useSelector(actor, selectWithdrawal);
  const [amount, setAmount] = useState(view.amount);
  const error = fieldError(view.fieldErrors, 'amount');
  const other = !error ? (fieldError(view.fieldErrors, 'withdrawalNo') ?? view.error) : null;
  return (
    <form
      noValidate
      aria-label="Withdrawal amount"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'amount.submit', amount });
      }}
    >
      <Stack gap="sm">
        {other && (
          <Alert color="red" role="alert">
            {other}
          </Alert>
        )}
        <TextInput
          label="Amount (KES)"
          inputMode="numeric"
          required
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
          description={`From ${formatKes(WITHDRAWAL_MIN_KES)} to ${formatKes(WITHDRAWAL_MAX_KES)}, at most ${formatKes(withdrawable)}`}
          error={error}
        />
        <Group>
          <Button type="submit">Continue</Button>
          <Button variant="default" onClick={() => actor.send({ type: 'withdraw.close' })}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PinStep({ actor }: { actor: WithdrawalActor }) {
  const view = useSelector(actor, selectWithdrawal);
  const [pin, setPin] = useState('');
  const pinError = fieldError(view.fieldErrors, 'pin');
  return (
    <form
      noValidate
      aria-label="Confirm the withdrawal"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'pin.submit', pin });
      }}
    >
      <Stack gap="sm">
        <Text data-testid="withdrawal-confirmation">{view.confirmation}</Text>
        {view.error && !pinError && (
          <Alert color="red" role="alert">
            {view.error}
          </Alert>
        )}
        <WalletPinField label="Wallet PIN" value={pin} onChange={setPin} error={pinError} />
        <Group>
          <Button type="submit" loading={view.busy}>
            Withdraw
          </Button>
          <Button
            variant="default"
            disabled={view.busy}
            onClick={() => actor.send({ type: 'withdraw.back' })}
          >
            Back
          </Button>
          <Button
            variant="default"
            disabled={view.busy}
            onClick={() => actor.send({ type: 'withdraw.close' })}
          >
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const OUTCOME_COLORS = { paid: 'teal', failed: 'red', review: 'indigo', slow: 'blue' } as const;

/** "Withdraw to M-Pesa": the steps of the withdrawal machine. */
export function WithdrawPanel({ actor, wallet }: { actor: WithdrawalActor; wallet: Wallet }) {
  const view = useSelector(actor, selectWithdrawal);
  const nothing = Number(wallet.withdrawable) <= 0;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="withdraw-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="withdraw-heading">
          Withdraw to M-Pesa
        </Title>
        {view.step === 'closed' && (
          <>
            {!wallet.withdrawalNo ? (
              <Text c="gray.7">{t('walletUi.needsNumber')}</Text>
            ) : nothing ? (
              <Text c="gray.7">{t('walletUi.nothingWithdrawable')}</Text>
            ) : null}
            <Group>
              <Button
                disabled={!wallet.withdrawalNo || nothing}
                onClick={() =>
                  actor.send({
                    type: 'withdraw.open',
                    withdrawable: wallet.withdrawable ?? '0.00',
                    fee: wallet.withdrawalFee ?? '0.00',
                    number: wallet.withdrawalNo ?? null,
                  })
                }
              >
                Withdraw
              </Button>
            </Group>
          </>
        )}
        {view.step === 'amount' && <AmountStep actor={actor} withdrawable={wallet.withdrawable ?? '0.00'} />}
        {view.step === 'pin' && <PinStep actor={actor} />}
        {view.step === 'pending' && (
          <Group gap="sm" role="status" aria-live="polite" data-testid="withdrawal-status">
            <Loader size="sm" aria-hidden />
            <Text>{view.message}</Text>
          </Group>
        )}
        {(view.step === 'paid' ||
          view.step === 'failed' ||
          view.step === 'review' ||
          view.step === 'slow') && (
          <Stack gap="sm">
            <Alert color={OUTCOME_COLORS[view.step]} role="status" data-testid="withdrawal-status">
              {view.message}
            </Alert>
            <Group>
              <Button variant="default" onClick={() => actor.send({ type: 'withdraw.close' })}>
                Done
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

const WITHDRAWAL_COLUMNS = ['Date', 'Amount', 'Fee', 'Status', 'Receipt', 'Reason'] as const;

const dash = (value: string | null | undefined) => value || '–';

/** The wallet's withdrawals, newest first, with M-Pesa's receipt or its reason. */
export function WithdrawalsHistory() {
  const list = useLoader(withdrawalsLoader, {
    name: 'withdrawals',
    inUrl: false,
    systemId: WITHDRAWALS_LIST,
  });
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="withdrawals-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="withdrawals-heading">
          Withdrawals
        </Title>
        <ListStates list={list} label="Pages of withdrawals">
          <ScrollTable label="Withdrawals table" minWidth={620} columns={WITHDRAWAL_COLUMNS}>
            {list.items.map((withdrawal: Withdrawal) => {
              const when = withdrawal.initiatedAt;
              const status = statusOf(withdrawal.status);
              return (
                <Table.Tr key={withdrawal.id}>
                  <Table.Td>{when ? `${formatDate(when)}, ${formatTime(when)}` : '–'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatKes(withdrawal.amount)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatKes(withdrawal.fee)}</Table.Td>
                  <Table.Td>
                    <Badge color={status.color} variant="filled">
                      {status.label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{dash(withdrawal.receipt)}</Table.Td>
                  <Table.Td>{dash(withdrawal.status === 'failed' ? withdrawal.reason : null)}</Table.Td>
                </Table.Tr>
              );
            })}
          </ScrollTable>
        </ListStates>
      </Stack>
    </Card>
  );
}

/** A teacher's monthly statement: the month, then the CSV or the print view. */
export function StatementCard() {
  const now = useNow();
  const [months] = useState(() => recentMonths(new Date(now)));
  const [month, setMonth] = useState(months[0]!);
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="statement-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="statement-heading">
          Statements
        </Title>
        <Text size="sm" c="gray.7">
          Each lesson&apos;s takings, commission and net earning, your withdrawals with their receipts, and
          the opening and closing balances of the month.
        </Text>
        <Select
          label="Month"
          data={months.map((value) => ({ value, label: monthName(value) }))}
          value={month}
          onChange={(value) => value && setMonth(value)}
          allowDeselect={false}
          maw={260}
        />
        <Group>
          <Button component="a" href={statementCsvPath(month)} download variant="light">
            Download CSV
          </Button>
          <Anchor component={Link} href={`/wallet/statement/${month}`}>
            Print view
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
