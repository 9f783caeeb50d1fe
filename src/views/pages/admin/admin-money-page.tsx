// `/admin/money` (issue 23, docs/withdrawals.md "The admin money desk"): withdrawals by status (the
// status in the URL), the platform's commission by month, and the transactions in `needs_review`
// with the actions that resolve them: credit a chosen user's wallet, mark refunded outside the app,
// or close, each with a remark. A resolved transaction shows in place with its audit trail; a
// transaction another admin resolved first answers 409, shown on its form.
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Radio,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { reviewPaymentsLoader, usersLoader } from '@/machines/screens/admin-screens';
import {
  adminWithdrawalsLoader,
  MONEY_REVIEW_LIST,
  moneySummaryLoader,
  resolveTransactionForm,
  type ResolveValues,
} from '@/machines/screens/withdrawal-screens';
import type { ReviewTransaction } from '@/services/schemas/admin';
import type { Resolved } from '@/services/withdrawal-service';
import { userSummaryName } from '@/shared/admin';
import { formatKes } from '@/shared/format';
import { t } from '@/shared/messages';
import { formatDateTime } from '@/shared/time';
import { collect } from '@/shared/validation';
import { monthName, RESOLVE_REMARK_MAX, resolveRemarkProblem } from '@/shared/withdrawal-form';
import { ListStates } from '../../components/lists/list-states';
import { useForm } from '../../use-form';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { FilterTabs } from '../lessons/lesson-parts';
import { statusOf } from '../commerce/withdrawal-section';
import { Details, ScrollTable } from './admin-parts';

const WITHDRAWAL_TABS = [
  { value: 'pending', label: 'Pending' },
  { value: 'failed', label: 'Failed' },
  { value: 'needs_review', label: 'Needs review' },
  { value: 'completed', label: 'Paid' },
] as const;
type WithdrawalTab = (typeof WITHDRAWAL_TABS)[number]['value'];

const ACTIONS = [
  { value: 'credit', label: "Credit a user's wallet" },
  { value: 'refunded_outside', label: 'Refunded outside the app' },
  { value: 'close', label: 'Close' },
] as const;
const ACTION_DONE: Record<string, string> = {
  credit: 'Credited',
  refunded_outside: 'Marked refunded outside the app',
  close: 'Closed',
};

const dash = (value: string | null | undefined) => value || '–';
const when = (value: string | null | undefined) => (value ? formatDateTime(value) : '–');
const personOf = (
  user: { firstName?: string | null; lastName?: string | null; email?: string | null } | null | undefined,
) =>
  user
    ? [[user.firstName, user.lastName].filter(Boolean).join(' '), user.email].filter(Boolean).join(', ')
    : '–';

function Withdrawals() {
  const list = useLoader(adminWithdrawalsLoader, { name: 'withdrawals', keys: ['status', 'page'] });
  const tab = (WITHDRAWAL_TABS.find((each) => each.value === list.query.status)?.value ??
    'pending') as WithdrawalTab;
  return (
    <FilterTabs
      label="Withdrawals by status"
      value={tab}
      options={WITHDRAWAL_TABS}
      onChange={(value) => list.setFilter('status', value === 'pending' ? null : value)}
    >
      <ListStates list={list} label="Pages of withdrawals">
        <ScrollTable
          label="Withdrawals table"
          minWidth={900}
          columns={['Requested', 'Teacher', 'Amount', 'Fee', 'Number', 'Status', 'Receipt', 'Reason']}
        >
          {list.items.map((withdrawal) => (
            <Table.Tr key={withdrawal.id}>
              <Table.Td>{when(withdrawal.initiatedAt)}</Table.Td>
              <Table.Td>{personOf(withdrawal.user)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatKes(withdrawal.amount)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatKes(withdrawal.fee)}</Table.Td>
              <Table.Td>{dash(withdrawal.withdrawalNo)}</Table.Td>
              <Table.Td>
                <Badge variant="filled" color={statusOf(withdrawal.status).color}>
                  {statusOf(withdrawal.status).label}
                </Badge>
              </Table.Td>
              <Table.Td>{dash(withdrawal.receipt)}</Table.Td>
              <Table.Td>{dash(withdrawal.reason)}</Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      </ListStates>
    </FilterTabs>
  );
}

function Commission() {
  const summary = useLoader(moneySummaryLoader, { name: 'commission', inUrl: false });
  if (summary.loading)
    return (
      <Text role="status" aria-label="Loading commission">
        Loading…
      </Text>
    );
  if (!summary.data)
    return (
      <Alert color="red" role="alert" title={summary.error}>
        <Button size="compact-sm" variant="light" color="red" onClick={summary.retry}>
          Try again
        </Button>
      </Alert>
    );
  const { commissionByMonth, needsReview } = summary.data;
  return (
    <Stack gap="md">
      <Text>
        Waiting for review: {needsReview.payments} payments, {needsReview.withdrawals} withdrawals.
      </Text>
      {commissionByMonth.length === 0 ? (
        <Text c="gray.7">{t('messages.none', { name: 'commission' })}</Text>
      ) : (
        <ScrollTable
          label="Commission by month table"
          minWidth={420}
          columns={['Month', 'Lessons', 'Commission']}
        >
          {commissionByMonth.map((row) => (
            <Table.Tr key={row.month}>
              <Table.Td>{monthName(row.month)}</Table.Td>
              <Table.Td>{row.lessons}</Table.Td>
              <Table.Td>{formatKes(row.commission)}</Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
    </Stack>
  );
}

/** "Credit to": users found by name or e-mail (the admin users search, `GET /api/users?q=`). */
function UserChoice({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  const users = useLoader(usersLoader, { name: 'users', inUrl: false });
  const [words, setWords] = useState('');
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Find the user"
          value={words}
          onChange={(event) => setWords(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              users.setFilter('q', words.trim());
            }
          }}
          style={{ flex: 1 }}
        />
        <Button variant="default" onClick={() => users.setFilter('q', words.trim())}>
          Search
        </Button>
      </Group>
      <Radio.Group label="Credit to" withAsterisk value={value} onChange={onChange} error={error}>
        <Stack gap={6} mt={6}>
          {users.items.slice(0, 8).map((user) => (
            <Radio
              key={user.id}
              value={String(user.id)}
              label={[userSummaryName(user), user.email].filter(Boolean).join(', ')}
            />
          ))}
          {users.state === 'empty' && <Text size="sm">{t('messages.none', { name: 'users' })}</Text>}
        </Stack>
      </Radio.Group>
    </Stack>
  );
}

function ResolveForm({ transaction, name }: { transaction: ReviewTransaction; name: string }) {
  const form = useForm<ResolveValues, Resolved>({
    logic: resolveTransactionForm,
    initialValues: { id: transaction.id, action: '', userId: '', remark: '' },
    validate: (values) =>
      collect({
        action: values.action ? null : 'Choose what to do with it.',
        userId: values.action === 'credit' && !values.userId ? t('walletUi.userRequired') : null,
        remark: resolveRemarkProblem(values.remark),
      }),
  });
  const fieldProblem = form.fieldErrors.action || form.fieldErrors.userId || form.fieldErrors.remark;
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={`Resolve ${name}`}>
      <Stack gap="xs">
        <Radio.Group label="Action" withAsterisk {...form.getInputProps('action')}>
          <Group gap="md" mt={6}>
            {ACTIONS.map((action) => (
              <Radio key={action.value} value={action.value} label={action.label} />
            ))}
          </Group>
        </Radio.Group>
        {form.values.action === 'credit' && (
          <UserChoice
            value={String(form.values.userId)}
            onChange={(id) => form.change('userId', id)}
            error={form.fieldErrors.userId?.[0] ?? (form.getInputProps('userId').error as string | undefined)}
          />
        )}
        <Textarea
          label="Remark"
          description="Why: kept on the transaction with your name."
          withAsterisk
          rows={2}
          maxLength={RESOLVE_REMARK_MAX}
          {...form.getInputProps('remark')}
        />
        {form.formError && !fieldProblem && (
          <Alert color="red" variant="light" role="alert">
            {form.formError}
          </Alert>
        )}
        <Button type="submit" color="blue.9" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
          Resolve
        </Button>
      </Stack>
    </form>
  );
}

function ReviewCard({ transaction }: { transaction: ReviewTransaction }) {
  const name = `${transaction.type === 'withdrawal' ? 'Withdrawal' : 'Payment'} ${transaction.reference ?? transaction.id}`;
  const reason =
    transaction.reviewReason ??
    (typeof transaction.meta?.resultDesc === 'string' ? transaction.meta.resultDesc : null);
  return (
    <Card withBorder padding="md" component="article">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h5">
            {name}
          </Title>
          <Badge
            variant="filled"
            color={transaction.status === 'needs_review' ? 'indigo.9' : 'teal.9'}
            style={{ flexShrink: 0 }}
          >
            {transaction.status === 'needs_review' ? 'Needs review' : 'Resolved'}
          </Badge>
        </Group>
        <Details
          rows={[
            ['Amount', transaction.amount ? formatKes(transaction.amount) : null],
            ['User', personOf(transaction.user)],
            ['Gateway', transaction.gateway],
            ['Receipt', transaction.gatewayReceipt],
            ['Claimed', transaction.claimedAmount ? formatKes(transaction.claimedAmount) : null],
            ['Confirmed', transaction.confirmedAmount ? formatKes(transaction.confirmedAmount) : null],
            ['Started', transaction.initiatedAt ? formatDateTime(transaction.initiatedAt) : null],
            ['Reason', reason],
          ]}
        />
        {transaction.audit.length > 0 && (
          <Stack gap={4}>
            <Title order={3} size="h6">
              Audit
            </Title>
            <Stack component="ul" gap={2} m={0} pl="md" aria-label={`Audit of ${name}`}>
              {transaction.audit.map((entry, index) => (
                <Text component="li" size="sm" key={`${entry.createdAt}-${index}`}>
                  {ACTION_DONE[entry.action] ?? entry.action} by{' '}
                  {entry.actor?.name ?? entry.actor?.email ?? 'an admin'}, {when(entry.createdAt)}:{' '}
                  {entry.remark}
                </Text>
              ))}
            </Stack>
          </Stack>
        )}
        {transaction.status === 'needs_review' && <ResolveForm transaction={transaction} name={name} />}
      </Stack>
    </Card>
  );
}

function ReviewQueue() {
  const list = useLoader(reviewPaymentsLoader, {
    name: 'transactions needing review',
    inUrl: false,
    systemId: MONEY_REVIEW_LIST,
  });
  return (
    <ListStates list={list} label="Pages of transactions needing review">
      {list.items.map((transaction) => (
        <ReviewCard key={transaction.id} transaction={transaction} />
      ))}
    </ListStates>
  );
}

/** `/admin/money`. */
export default function AdminMoneyPage() {
  usePageTitle('Money desk');
  const [section, setSection] = useState<string | null>('withdrawals');
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Money desk
      </Title>
      <Tabs value={section} onChange={setSection} keepMounted={false}>
        <Tabs.List aria-label="Money desk sections">
          <Tabs.Tab value="withdrawals">Withdrawals</Tabs.Tab>
          <Tabs.Tab value="commission">Commission</Tabs.Tab>
          <Tabs.Tab value="review">Review queue</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="withdrawals" pt="md">
          <Withdrawals />
        </Tabs.Panel>
        <Tabs.Panel value="commission" pt="md">
          <Commission />
        </Tabs.Panel>
        <Tabs.Panel value="review" pt="md">
          <ReviewQueue />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
