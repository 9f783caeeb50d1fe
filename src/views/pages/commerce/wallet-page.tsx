import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  Radio,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { selectPaymentBusy } from '@/machines/payment-machine';
import {
  WALLET,
  walletLoader,
  walletPinChangeForm,
  walletPinSetupForm,
  walletTopUpForm,
  type PinValues,
  type TopUpValues,
} from '@/machines/screens/commerce-screens';
import { withdrawalFlow } from '@/machines/screens/withdrawal-screens';
import type { Transaction, TransactionStatus } from '@/services/schemas/transaction';
import type { Wallet } from '@/services/schemas/wallet';
import { formatDate, formatKes, formatTime } from '@/shared/format';
import { t } from '@/shared/messages';
import { pinProblem, pinProblems } from '@/shared/payment-validation';
import { walletSign } from '@/shared/transactions';
import { collect, TOPUP_MAX_KES, TOPUP_MIN_KES, topUpAmountProblem } from '@/shared/validation';
import { useAppActors, useCommerce, useSession, useWalletTopUp } from '../../app-actors-context';
import { CenteredLoader } from '../../components/centered-loader';
import { LoadFailed } from '../../components/load-failed';
import { WalletPinField } from '../../components/payment/payment-modal';
import { PlansList } from '../../components/profile/plans-list';
import { fieldError, selectUser } from '../../session-selectors';
import { useForm } from '../../use-form';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { useScreenActor } from '../../use-screen-actor';
import { EarningsSection } from './earnings-section';
import { StatementCard, WithdrawalNumberCard, WithdrawalsHistory, WithdrawPanel } from './withdrawal-section';

const TYPE_LABELS: Record<string, string> = {
  topup: 'Top-up',
  payment: 'Payment',
  refund: 'Refund',
  payout: 'Payout',
  earning: 'Earning',
  withdrawal: 'Withdrawal',
  withdrawal_reversal: 'Withdrawal returned',
};
const STATUS_COLORS: Record<TransactionStatus, string> = {
  // Dark fills: white badge text on them passes WCAG AA (the light variants did not).
  pending: 'blue.9',
  completed: 'teal.9',
  failed: 'red.9',
  cancelled: 'gray.8',
  reversed: 'grape.9',
  needs_review: 'indigo.9',
  expired: 'gray.8',
};

function BalanceCard({ wallet }: { wallet: Wallet }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="balance-heading">
      <Text size="sm" c="dimmed" id="balance-heading">
        Balance
      </Text>
      <Group gap="md" align="baseline" wrap="wrap">
        <Text fz={32} fw={700} data-testid="wallet-balance">
          {formatKes(wallet.balance)}
        </Text>
        <Text c="gray.7" data-testid="wallet-withdrawable">
          {t('walletUi.withdrawable', { amount: formatKes(wallet.withdrawable) })}
        </Text>
      </Group>
      {wallet.accountNo && (
        <Text size="sm" c="dimmed">
          Wallet account {wallet.accountNo}
        </Text>
      )}
    </Card>
  );
}

/** Sets up a PIN or (`hasPIN`) changes it; after a save the wallet loads again (`onSaved`). */
function PinForm({ hasPIN, onSaved }: { hasPIN: boolean; onSaved: () => void }) {
  const form = useForm({
    logic: hasPIN ? walletPinChangeForm : walletPinSetupForm,
    initialValues: { currentPin: '', pin: '', pinConfirmation: '' } satisfies PinValues,
    // The rules `POST /api/wallet/setup` checks (src/shared/payment-validation.ts).
    validate: (v: PinValues) => ({
      ...pinProblems(v.pin, v.pinConfirmation),
      ...(hasPIN ? collect({ currentPin: pinProblem(v.currentPin) }) : {}),
    }),
    onSubmitted: () => {
      form.reset();
      onSaved();
    },
  });
  const heading = hasPIN ? 'Change your wallet PIN' : 'Set up your wallet PIN';

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="pin-heading">
      <form onSubmit={form.onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="pin-heading">
            {heading}
          </Title>
          <Text size="sm" c="dimmed">
            {hasPIN
              ? 'Enter your current PIN, then the new one twice.'
              : 'Choose a 4-digit PIN. You enter it each time you pay from your wallet.'}
          </Text>
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          {hasPIN && (
            <WalletPinField
              label="Current PIN"
              value={form.values.currentPin}
              onChange={(value) => form.change('currentPin', value)}
              error={fieldError(form.fieldErrors, 'currentPin')}
            />
          )}
          <WalletPinField
            label="New PIN"
            value={form.values.pin}
            onChange={(value) => form.change('pin', value)}
            error={fieldError(form.fieldErrors, 'pin')}
          />
          <WalletPinField
            label="Confirm new PIN"
            value={form.values.pinConfirmation}
            onChange={(value) => form.change('pinConfirmation', value)}
            error={fieldError(form.fieldErrors, 'pinConfirmation')}
          />
          <Group>
            <Button type="submit" loading={form.submitting}>
              {t('payment.submitPin')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * The amount and method, checked with the API's limits (`topUpAmountProblem`); the wallet top-up
 * payment actor then runs the same modal as checkout and owns the round trip.
 */
function TopUpForm({ phone }: { phone: string | null }) {
  const busy = useSelector(useWalletTopUp(), (s) => !s.matches('idle') && selectPaymentBusy(s));
  const form = useForm<TopUpValues, null>({
    logic: walletTopUpForm,
    initialValues: { amount: '', method: 'mpesa', phone },
    validate: (values) => collect({ amount: topUpAmountProblem(values.amount) }),
  });

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="topup-heading">
      <form onSubmit={form.onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="topup-heading">
            Top up
          </Title>
          <TextInput
            label="Amount (KES)"
            inputMode="numeric"
            required
            {...form.getInputProps('amount')}
            description={`From ${formatKes(TOPUP_MIN_KES)} to ${formatKes(TOPUP_MAX_KES)}`}
          />
          <Radio.Group label="Pay with" {...form.getInputProps('method')}>
            <Group mt={4}>
              <Radio value="mpesa" label="M-Pesa" />
              <Radio value="pesapal" label="Pesapal (card and others)" />
            </Group>
          </Radio.Group>
          <Group>
            <Button type="submit" loading={busy}>
              Top up
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function amountText(transaction: Transaction): string {
  // Money leaving the wallet reads as negative; an attempt that moved no money has no sign.
  const sign = { '-': '−', '+': '+', '': '' }[walletSign(transaction)];
  return `${sign}${formatKes(transaction.amount)}`;
}

function whenOf(transaction: Transaction): string {
  const when = transaction.initiatedAt;
  return when ? `${formatDate(when)}, ${formatTime(when)}` : '';
}

function StatusBadge({ status }: { status: TransactionStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="filled" style={{ flexShrink: 0 }}>
      {status.replace('_', ' ')}
    </Badge>
  );
}

function TransactionCard({ transaction }: { transaction: Transaction }) {
  return (
    <Card component="li" withBorder padding="sm" style={{ listStyle: 'none' }}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text fw={600}>{TYPE_LABELS[transaction.type ?? ''] ?? transaction.type}</Text>
        <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
          {amountText(transaction)}
        </Text>
      </Group>
      <Group justify="space-between" gap="xs" mt={4} wrap="nowrap" align="center">
        <Text size="sm" c="dimmed" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {whenOf(transaction)}
          {transaction.reference ? ` · ${transaction.reference}` : ''}
        </Text>
        <StatusBadge status={transaction.status} />
      </Group>
    </Card>
  );
}

function TransactionHistory({ transactions }: { transactions: Transaction[] }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="history-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="history-heading">
          Recent transactions
        </Title>
        {transactions.length === 0 ? (
          <Text c="dimmed">{t('messages.none', { name: 'transactions' })}</Text>
        ) : (
          <>
            {/* On a phone each transaction is a card, its amount and status on screen without
                scrolling sideways; the table from the `sm` breakpoint. */}
            <Stack component="ul" gap="xs" p={0} m={0} hiddenFrom="sm" aria-labelledby="history-heading">
              {transactions.map((transaction) => (
                <TransactionCard key={transaction.id} transaction={transaction} />
              ))}
            </Stack>
            <Box visibleFrom="sm">
              <ScrollArea
                type="auto"
                viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Recent transactions table' }}
              >
                <Table striped verticalSpacing="xs" miw={520} aria-labelledby="history-heading">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Type</Table.Th>
                      <Table.Th>Reference</Table.Th>
                      <Table.Th ta="right">Amount</Table.Th>
                      <Table.Th>Status</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {transactions.map((transaction) => {
                      return (
                        <Table.Tr key={transaction.id}>
                          <Table.Td>{whenOf(transaction)}</Table.Td>
                          <Table.Td>{TYPE_LABELS[transaction.type ?? ''] ?? transaction.type}</Table.Td>
                          <Table.Td>{transaction.reference}</Table.Td>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                            {amountText(transaction)}
                          </Table.Td>
                          <Table.Td>
                            <StatusBadge status={transaction.status} />
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            </Box>
          </>
        )}
      </Stack>
    </Card>
  );
}

function WalletScreen() {
  const phone = useSelector(useSession(), (s) => selectUser(s)?.phone ?? null);
  const isTeacher = useSelector(useSession(), (s) =>
    (selectUser(s)?.roles ?? []).some((role) => role.name === 'teacher'),
  );
  const wallet = useLoader(walletLoader, { name: 'wallet', inUrl: false, systemId: WALLET });
  // Above the early returns: a withdrawal being followed outlives the wallet's reloads.
  const withdrawal = useScreenActor(withdrawalFlow);
  if (wallet.loading) return <CenteredLoader label="Loading wallet" />;
  if (!wallet.data) {
    return <LoadFailed resource={wallet} />;
  }
  const { data } = wallet;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="md">
          <BalanceCard wallet={data.wallet} />
          <TopUpForm phone={phone} />
        </Stack>
        {/* Setting up a PIN and changing it are two forms: a saved set-up shows the change form. */}
        <PinForm
          key={data.wallet.hasPIN ? 'change' : 'setup'}
          hasPIN={data.wallet.hasPIN}
          onSaved={wallet.refresh}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <WithdrawPanel actor={withdrawal} wallet={data.wallet} />
        <WithdrawalNumberCard wallet={data.wallet} />
      </SimpleGrid>
      <PlansList />
      <TransactionHistory transactions={data.transactions} />
      <WithdrawalsHistory />
      {isTeacher && <StatementCard />}
      {isTeacher && <EarningsSection />}
    </Stack>
  );
}

/**
 * `/wallet`: balance and what can be withdrawn, top-up (M-Pesa or Pesapal), PIN set-up or change,
 * withdrawals to M-Pesa and their number, recent transactions, and a teacher's statements and earnings.
 */
export default function WalletPage() {
  usePageTitle('Wallet');
  // The top-up runs on the commerce actors, downloaded with this page if no cart loaded them before.
  const commerce = useCommerce();
  const { app } = useAppActors();
  const commerceFailed = useSelector(app, (s) => s.matches({ commerce: 'failed' }));
  const downloadAgain = () => app.send({ type: 'commerce.load' });
  return (
    <Container size="lg" py="md" px={0}>
      <Stack gap="md">
        <Title order={1} size="h2">
          Wallet
        </Title>
        {commerce ? (
          <WalletScreen />
        ) : commerceFailed ? (
          <Alert color="red" role="alert" title={t('messages.loadError', { name: 'wallet' })}>
            <Button size="compact-sm" variant="light" color="red" onClick={downloadAgain}>
              Try again
            </Button>
          </Alert>
        ) : (
          <CenteredLoader label="Loading wallet" />
        )}
      </Stack>
    </Container>
  );
}
