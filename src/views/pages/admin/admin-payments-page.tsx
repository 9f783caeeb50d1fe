import { Stack, Table, Text, Title } from '@mantine/core';
import { fetchReviewTransactions } from '@/services/admin-service';
import type { ReviewTransaction } from '@/services/schemas/admin';
import { formatDate, formatKes, formatTime } from '@/shared/format';
import { ListStates } from '../../components/lists/list-states';
import { useList } from '../../components/lists/use-list';
import { usePageTitle } from '../../use-page-title';
import { ScrollTable } from './admin-parts';

const COLUMNS = [
  'Date',
  'Payer',
  'Gateway',
  'Asked',
  'Confirmed',
  'Receipt',
  'Checkout request id',
  'Tracking id',
  'Account',
  'Reference',
  'Reason',
] as const;

/** A gateway value kept in the transaction's `meta` (keys arrive camelCased). */
function metaText(transaction: ReviewTransaction, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = transaction.meta?.[key];
    if (typeof value === 'string' && value.trim()) return value;
    if (typeof value === 'number') return String(value);
  }
  return null;
}

function confirmedAmount(transaction: ReviewTransaction): string | null {
  const value = metaText(transaction, 'confirmedAmount', 'paidAmount', 'claimedAmount');
  return value === null ? null : formatKes(value);
}

const dash = (value: string | null | undefined) => value || '–';

function payer(transaction: ReviewTransaction): string {
  const user = transaction.user;
  if (!user) return '–';
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return [name, user.email].filter(Boolean).join(', ');
}

/** `/admin/payments`: payments the server would not settle on its own, with what staff match them by. */
export default function AdminPaymentsPage() {
  usePageTitle('Payments needing review');
  const list = useList({ name: 'payments needing review', fetchPage: fetchReviewTransactions });
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Payments needing review
        </Title>
        <Text c="gray.7">
          The gateway confirmed something other than what was asked: match each by its references.
        </Text>
      </div>
      <ListStates list={list} label="Pages of payments">
        <ScrollTable label="Payments needing review table" minWidth={1100} columns={COLUMNS}>
          {list.items.map((transaction) => {
            const when = transaction.completedAt ?? transaction.initiatedAt;
            return (
              <Table.Tr key={transaction.id}>
                <Table.Td>{when ? `${formatDate(when)}, ${formatTime(when)}` : '–'}</Table.Td>
                <Table.Td>{payer(transaction)}</Table.Td>
                <Table.Td>{dash(transaction.gateway)}</Table.Td>
                <Table.Td>{transaction.amount ? formatKes(transaction.amount) : '–'}</Table.Td>
                <Table.Td>{dash(confirmedAmount(transaction))}</Table.Td>
                <Table.Td>
                  {dash(transaction.gatewayReceipt ?? metaText(transaction, 'mpesaReceiptNumber', 'receipt'))}
                </Table.Td>
                <Table.Td>{dash(metaText(transaction, 'checkoutRequestId'))}</Table.Td>
                <Table.Td>{dash(metaText(transaction, 'orderTrackingId', 'trackingId'))}</Table.Td>
                <Table.Td>{dash(transaction.paybillAccount)}</Table.Td>
                <Table.Td>{dash(transaction.reference)}</Table.Td>
                <Table.Td>{dash(metaText(transaction, 'resultDesc'))}</Table.Td>
              </Table.Tr>
            );
          })}
        </ScrollTable>
      </ListStates>
    </Stack>
  );
}
