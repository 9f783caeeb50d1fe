import { Stack, Table, Text, Title } from '@mantine/core';
import { reviewPaymentsLoader } from '@/machines/screens/admin-screens';
import type { ReviewTransaction } from '@/services/schemas/admin';
import { formatDate, formatKes, formatTime } from '@/shared/format';
import { ListStates } from '../../components/lists/list-states';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { ScrollTable } from './admin-parts';

const COLUMNS = [
  'Date',
  'Payer',
  'Gateway',
  'Asked',
  'Claimed and confirmed',
  'Receipt',
  'Account',
  'Reference',
  'Reason',
] as const;

const PROVIDERS: Record<string, string> = { mpesa: 'M-Pesa', paybill: 'M-Pesa', pesapal: 'Pesapal' };

/** "Claimed KES 250 · Confirmed by M-Pesa KES 250": what the notification said beside what the gateway did. */
function claimedAndConfirmed(transaction: ReviewTransaction): string | null {
  const provider = PROVIDERS[transaction.gateway ?? ''] ?? 'the gateway';
  const parts = [
    transaction.claimedAmount ? `Claimed ${formatKes(transaction.claimedAmount)}` : null,
    transaction.confirmedAmount ? `Confirmed by ${provider} ${formatKes(transaction.confirmedAmount)}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

function reason(transaction: ReviewTransaction): string | null {
  const resultDesc = transaction.meta?.resultDesc;
  return transaction.reviewReason ?? (typeof resultDesc === 'string' ? resultDesc : null);
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
  const list = useLoader(reviewPaymentsLoader, { name: 'payments needing review' });
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
                <Table.Td>{dash(claimedAndConfirmed(transaction))}</Table.Td>
                <Table.Td>{dash(transaction.gatewayReceipt)}</Table.Td>
                <Table.Td>{dash(transaction.paybillAccount)}</Table.Td>
                <Table.Td>{dash(transaction.reference)}</Table.Td>
                <Table.Td>{dash(reason(transaction))}</Table.Td>
              </Table.Tr>
            );
          })}
        </ScrollTable>
      </ListStates>
    </Stack>
  );
}
