import { ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { fetchReviewTransactions } from '@/services/admin-service';
import type { ReviewTransaction } from '@/services/schemas/admin';
import { formatDate, formatKes, formatTime } from '@/shared/format';
import { ListStates } from '../../components/lists/list-states';
import { useList } from '../../components/lists/use-list';
import { usePageTitle } from '../../use-page-title';

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
        <Text c="gray.7">The gateway confirmed something other than what was asked: match each by its references.</Text>
      </div>
      <ListStates list={list} label="Pages of payments">
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Payments needing review table' }}>
          <Table striped miw={1100} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Payer</Table.Th>
                <Table.Th scope="col">Gateway</Table.Th>
                <Table.Th scope="col">Asked</Table.Th>
                <Table.Th scope="col">Confirmed</Table.Th>
                <Table.Th scope="col">Receipt</Table.Th>
                <Table.Th scope="col">Checkout request id</Table.Th>
                <Table.Th scope="col">Tracking id</Table.Th>
                <Table.Th scope="col">Account</Table.Th>
                <Table.Th scope="col">Reference</Table.Th>
                <Table.Th scope="col">Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.items.map((transaction) => {
                const when = transaction.completedAt ?? transaction.initiatedAt;
                return (
                  <Table.Tr key={transaction.id}>
                    <Table.Td>{when ? `${formatDate(when)}, ${formatTime(when)}` : '–'}</Table.Td>
                    <Table.Td>{payer(transaction)}</Table.Td>
                    <Table.Td>{dash(transaction.gateway)}</Table.Td>
                    <Table.Td>{transaction.amount ? formatKes(transaction.amount) : '–'}</Table.Td>
                    <Table.Td>{dash(confirmedAmount(transaction))}</Table.Td>
                    <Table.Td>{dash(transaction.gatewayReceipt ?? metaText(transaction, 'mpesaReceiptNumber', 'receipt'))}</Table.Td>
                    <Table.Td>{dash(metaText(transaction, 'checkoutRequestId'))}</Table.Td>
                    <Table.Td>{dash(metaText(transaction, 'orderTrackingId', 'trackingId'))}</Table.Td>
                    <Table.Td>{dash(transaction.paybillAccount)}</Table.Td>
                    <Table.Td>{dash(transaction.reference)}</Table.Td>
                    <Table.Td>{dash(metaText(transaction, 'resultDesc'))}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </ListStates>
    </Stack>
  );
}
