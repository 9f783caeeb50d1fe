// The teacher's earnings on `/wallet` (issue 10, `GET /api/teacher/earnings`): each ended lesson with
// its learners, what they paid, the platform's commission, what reached the wallet, and its state
// (issue 22: held for a day for a learner's report, reported, paid or refunded), and totals.
import { Card, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { earningsLoader, type EarningsExtra } from '@/machines/screens/commerce-screens';
import type { Earning } from '@/services/schemas/teaching';
import { formatDate, formatKes, formatTime } from '@/shared/format';
import { t } from '@/shared/messages';
import { formatDateTime } from '@/shared/time';
import { ListStates } from '../../components/lists/list-states';
import { useLoader } from '../../use-loader';

/** Where the lesson's pay stands: held (until when), reported, paid or refunded. */
function earningState(earning: Earning): string {
  switch (earning.state) {
    case 'held':
      return t('reports.earningHeld', {
        time: earning.heldUntil ? formatDateTime(earning.heldUntil) : '',
      }).trim();
    case 'reported':
      return t('reports.earningReported');
    case 'paid':
      return t('reports.earningPaid');
    case 'refunded':
      return t('reports.earningRefunded');
    default:
      return '';
  }
}

function EarningsTable({ items, totals }: { items: Earning[]; totals: EarningsExtra['totals'] }) {
  return (
    // The viewport takes focus so a keyboard user can scroll a table wider than a phone.
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Earnings table' }}>
      <Table striped verticalSpacing="xs" miw={760} aria-labelledby="earnings-heading">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lesson</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Learners</Table.Th>
            <Table.Th ta="right">Gross</Table.Th>
            <Table.Th ta="right">Commission</Table.Th>
            <Table.Th ta="right">Net</Table.Th>
            <Table.Th>State</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((earning) => {
            const when = earning.lesson.startAt;
            return (
              <Table.Tr key={earning.lesson.id}>
                <Table.Td>{earning.lesson.topic ?? earning.lesson.code}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {when ? `${formatDate(when)}, ${formatTime(when)}` : ''}
                </Table.Td>
                <Table.Td ta="right">{earning.learners}</Table.Td>
                <Table.Td ta="right">{formatKes(earning.gross)}</Table.Td>
                <Table.Td ta="right">−{formatKes(earning.commission)}</Table.Td>
                <Table.Td ta="right">{formatKes(earning.net)}</Table.Td>
                <Table.Td>{earningState(earning)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}>
              Total
            </Table.Th>
            <Table.Td ta="right" fw={700}>
              {formatKes(totals.gross)}
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              −{formatKes(totals.commission)}
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {formatKes(totals.net)}
            </Table.Td>
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollArea>
  );
}

/** Earnings of a teacher's settled lessons; the wallet page shows it to teachers only. */
export function EarningsSection() {
  const earnings = useLoader(earningsLoader, { name: 'earnings', inUrl: false });
  const { totals, commissionPercent } = earnings.extra as Partial<EarningsExtra>;
  const answered = earnings.state !== 'error' && !earnings.loading;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="earnings-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="earnings-heading">
          Earnings
        </Title>
        {answered && commissionPercent != null && (
          <Text size="sm" c="gray.7">
            The platform keeps {commissionPercent}% of what learners pay for each lesson; the rest reaches
            your wallet a day after the lesson ends, unless a learner reports a problem (an admin then
            decides).
          </Text>
        )}
        <ListStates list={earnings}>
          {totals && <EarningsTable items={earnings.items} totals={totals} />}
        </ListStates>
      </Stack>
    </Card>
  );
}
