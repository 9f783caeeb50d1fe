// `/wallet/statement/:month` (issue 23, docs/withdrawals.md "Statements"): a teacher's monthly
// statement, print-friendly (statement-print.css leaves only the sheet on paper): the opening and
// closing balances, each line with its lesson's takings, commission and net earning, withdrawals with
// their receipts, the running balance, and the month's totals.
import './statement-print.css';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { statementCsvPath, statementLoader } from '@/machines/screens/withdrawal-screens';
import type { Statement, StatementLine } from '@/services/schemas/withdrawal';
import { formatDate, formatKes } from '@/shared/format';
import { monthName } from '@/shared/withdrawal-form';
import { statementMonthError } from '@/shared/withdrawals';
import { CenteredLoader } from '../../components/centered-loader';
import { LoadFailed } from '../../components/load-failed';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { useRouteParams } from '../../route-params';
import { ScrollTable } from '../admin/admin-parts';

const KINDS: Record<string, string> = {
  earning: 'Lesson earning',
  withdrawal: 'Withdrawal',
  withdrawal_reversal: 'Withdrawal returned',
  withdrawal_fee: 'Withdrawal fee',
  refund: 'Refund',
  payment: 'Payment',
  topup: 'Top-up',
};

const COLUMNS = [
  'Date',
  'Description',
  'Lesson',
  'Takings',
  'Commission',
  'Net',
  'Receipt',
  'Balance',
] as const;

const money = (value: string | null | undefined) => (value ? formatKes(value) : '–');

function Line({ line }: { line: StatementLine }) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(line.date)}</Table.Td>
      <Table.Td>{line.description || KINDS[line.kind] || line.kind}</Table.Td>
      <Table.Td>{line.lessonCode || '–'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{money(line.gross)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{money(line.commission)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{money(line.net)}</Table.Td>
      <Table.Td>{line.receipt || '–'}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{money(line.balance)}</Table.Td>
    </Table.Tr>
  );
}

function Sheet({ statement }: { statement: Statement }) {
  const { totals } = statement;
  return (
    <Stack gap="md" className="statement-sheet">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {(
          [
            ['Opening balance', statement.openingBalance, 'statement-opening'],
            ['Net earnings', totals.net, 'statement-net'],
            ['Withdrawals', totals.withdrawals, 'statement-withdrawals'],
            ['Closing balance', statement.closingBalance, 'statement-closing'],
          ] as const
        ).map(([label, value, id]) => (
          <Stack key={id} gap={0}>
            <Text size="sm" c="gray.7">
              {label}
            </Text>
            <Text fw={700} data-testid={id}>
              {money(value)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {statement.lines.length === 0 ? (
        <Text c="gray.7">Nothing moved in this month.</Text>
      ) : (
        <ScrollTable label="Statement lines" minWidth={880} columns={COLUMNS}>
          {statement.lines.map((line, index) => (
            <Line key={`${line.date}-${index}`} line={line} />
          ))}
          <Table.Tr fw={700}>
            <Table.Td colSpan={3}>Totals</Table.Td>
            <Table.Td>{money(totals.gross)}</Table.Td>
            <Table.Td>{money(totals.commission)}</Table.Td>
            <Table.Td>{money(totals.net)}</Table.Td>
            <Table.Td />
            <Table.Td>{money(statement.closingBalance)}</Table.Td>
          </Table.Tr>
        </ScrollTable>
      )}
    </Stack>
  );
}

function StatementView({ month }: { month: string }) {
  const statement = useLoader(statementLoader, { name: 'statement', params: { month }, inUrl: false });
  if (statement.loading) return <CenteredLoader label="Loading statement" />;
  if (!statement.data) return <LoadFailed resource={statement} />;
  return <Sheet statement={statement.data} />;
}

/** `/wallet/statement/:month`. */
export default function StatementPage() {
  const { month = '' } = useRouteParams();
  const problem = statementMonthError(month);
  const title = problem ? 'Statement' : `Statement, ${monthName(month)}`;
  usePageTitle(title);
  return (
    <Stack gap="md" py="md">
      <Group justify="space-between" align="flex-end" data-print-hide>
        <Anchor component={Link} href="/wallet">
          Back to the wallet
        </Anchor>
        {!problem && (
          <Group>
            <Button component="a" href={statementCsvPath(month)} download variant="light">
              Download CSV
            </Button>
            <Button onClick={() => window.print()}>Print</Button>
          </Group>
        )}
      </Group>
      <Title order={1} size="h2">
        {title}
      </Title>
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : (
        <StatementView month={month} />
      )}
    </Stack>
  );
}
