// The teacher's earnings on `/wallet` (issue 10, `GET /api/teacher/earnings`): each settled lesson with
// its learners, what they paid, the platform's commission and what reached the wallet, and totals.
import { Alert, Button, Card, Group, Pagination, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { fetchEarnings, type EarningsPage } from '@/services/teaching-service';
import { formatDate, formatKes, formatTime } from '@/shared/format';
import { t } from '@/shared/messages';
import { useLoad } from '../../use-load';

function EarningsTable({ page }: { page: EarningsPage }) {
  return (
    // The viewport takes focus so a keyboard user can scroll a table wider than a phone.
    <ScrollArea type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Earnings table' }}>
      <Table striped verticalSpacing="xs" miw={640} aria-labelledby="earnings-heading">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lesson</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Learners</Table.Th>
            <Table.Th ta="right">Gross</Table.Th>
            <Table.Th ta="right">Commission</Table.Th>
            <Table.Th ta="right">Net</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page.items.map((earning) => {
            const when = earning.lesson.startAt;
            return (
              <Table.Tr key={earning.lesson.id}>
                <Table.Td>{earning.lesson.topic ?? earning.lesson.code}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{when ? `${formatDate(when)}, ${formatTime(when)}` : ''}</Table.Td>
                <Table.Td ta="right">{earning.learners}</Table.Td>
                <Table.Td ta="right">{formatKes(earning.gross)}</Table.Td>
                <Table.Td ta="right">−{formatKes(earning.commission)}</Table.Td>
                <Table.Td ta="right">{formatKes(earning.net)}</Table.Td>
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
              {formatKes(page.totals.gross)}
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              −{formatKes(page.totals.commission)}
            </Table.Td>
            <Table.Td ta="right" fw={700}>
              {formatKes(page.totals.net)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollArea>
  );
}

function EarningsPageView({ pageNumber, onPage, onRetry }: { pageNumber: number; onPage: (page: number) => void; onRetry: () => void }) {
  const { loading, data, error } = useLoad(() => fetchEarnings({ page: String(pageNumber) }));
  if (loading) {
    return (
      <Text size="sm" role="status">
        Loading earnings…
      </Text>
    );
  }
  if (error || !data) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('messages.loadError', { name: 'earnings' })}>
        <Button size="xs" variant="white" color="red" onClick={onRetry} mt={4}>
          Try again
        </Button>
      </Alert>
    );
  }
  const percent = data.commissionPercent;
  return (
    <Stack gap="sm">
      {percent !== null && (
        <Text size="sm" c="gray.7">
          The platform keeps {percent}% of what learners pay for each lesson; the rest reaches your wallet once the lesson has ended.
        </Text>
      )}
      {data.items.length === 0 ? (
        <Text c="gray.7">{t('messages.none', { name: 'earnings' })}</Text>
      ) : (
        <EarningsTable page={data} />
      )}
      {data.meta.lastPage > 1 && (
        <Group component="nav" justify="center" aria-label="Pages of earnings">
          <Pagination total={data.meta.lastPage} value={data.meta.currentPage} onChange={onPage} />
        </Group>
      )}
    </Stack>
  );
}

/** Earnings of a teacher's settled lessons; the wallet page shows it to teachers only. */
export function EarningsSection() {
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="earnings-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="earnings-heading">
          Earnings
        </Title>
        <EarningsPageView key={`${page}-${attempt}`} pageNumber={page} onPage={setPage} onRetry={() => setAttempt((n) => n + 1)} />
      </Stack>
    </Card>
  );
}
