// `/admin/reports` (issue 22, docs/classroom.md "Attendance and pay"): learners' reports of a lesson
// that went wrong, open or resolved (the tab in the URL), each with the lesson, its teacher, who
// reported and for which learners, the reason and text, and the attendance record. An open report
// takes a decision, pay the teacher or refund the learner(s), with a remark both sides see; the
// decided report then shows in place (the decision's machine replaces it in the list).
import { Alert, Badge, Button, Card, Group, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  REPORTS_LIST,
  reportDecisionForm,
  reportsLoader,
  type ReportDecisionValues,
} from '@/machines/screens/admin-screens';
import type { ReportDecided } from '@/services/lesson-report-service';
import type { LessonReport } from '@/services/schemas/classroom';
import { REMARK_MAX, REPORT_REASON_LABELS, type ReportDecision, type ReportStatus } from '@/shared/classroom';
import { t } from '@/shared/messages';
import { validateReportDecision } from '@/shared/report-validation';
import { formatDateTime } from '@/shared/time';
import { lessonWhen } from '../../components/lists/cards';
import { ListStates } from '../../components/lists/list-states';
import { useForm } from '../../use-form';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { FilterTabs } from '../lessons/lesson-parts';
import { AttendanceTable } from '../teaching/lesson-attendance';
import { Details } from './admin-parts';

const TABS = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
] as const;
type Tab = (typeof TABS)[number]['value'];

const STATUS: Record<ReportStatus, { label: string; color: string }> = {
  open: { label: 'Open', color: 'blue.9' },
  paid: { label: 'Teacher paid', color: 'teal.9' },
  refunded: { label: 'Refunded', color: 'red.9' },
};

const DECISIONS: Array<{ value: ReportDecision; label: string }> = [
  { value: 'pay', label: t('reports.decidePay') },
  { value: 'refund', label: t('reports.decideRefund') },
];

function DecisionForm({ report, name }: { report: LessonReport; name: string }) {
  const form = useForm<ReportDecisionValues, ReportDecided>({
    logic: reportDecisionForm,
    initialValues: { id: report.id, decision: '', remark: '' },
    validate: validateReportDecision,
  });
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={`Decide the report on ${name}`}>
      <Stack gap="xs">
        <Radio.Group label="Decision" withAsterisk {...form.getInputProps('decision')}>
          <Group gap="md" mt={6}>
            {DECISIONS.map((decision) => (
              <Radio key={decision.value} value={decision.value} label={decision.label} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label="Remark"
          description="The learner and the teacher both see it."
          withAsterisk
          rows={2}
          maxLength={REMARK_MAX}
          {...form.getInputProps('remark')}
        />
        {form.formError && !form.fieldErrors.decision && !form.fieldErrors.remark && (
          <Alert color="red" variant="light" role="alert">
            {form.formError}
          </Alert>
        )}
        <Button type="submit" color="blue.9" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
          Decide
        </Button>
      </Stack>
    </form>
  );
}

function ReportCard({ report }: { report: LessonReport }) {
  const name = report.lesson.topic ?? report.lesson.code ?? `Lesson ${report.lesson.id}`;
  const status = report.status ? STATUS[report.status] : null;
  const learners = (report.learners ?? []).map((learner) => learner.name ?? '').filter(Boolean);
  const expected = [
    ...(report.teacher?.name ? [{ name: report.teacher.name, role: 'teacher' as const }] : []),
    ...learners.map((learner) => ({ name: learner, role: 'learner' as const })),
  ];
  return (
    <Card withBorder padding="md" component="article">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h5">
            {name}
          </Title>
          {status && (
            <Badge variant="filled" color={status.color} style={{ flexShrink: 0 }}>
              {status.label}
            </Badge>
          )}
        </Group>
        <Details
          rows={[
            ['Lesson code', report.lesson.code],
            ['Time', report.lesson.startAt ? lessonWhen(report.lesson.startAt, report.lesson.endAt) : null],
            ['Teacher', report.teacher?.name],
            ['Reported by', report.reporter?.name],
            ['For', learners.join(', ')],
            ['Reported', report.createdAt ? formatDateTime(report.createdAt) : null],
            ['Reason', report.reason ? REPORT_REASON_LABELS[report.reason] : null],
            ['Decided', report.decidedAt ? formatDateTime(report.decidedAt) : null],
            ['Remark', report.remark],
          ]}
        />
        {report.text && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {report.text}
          </Text>
        )}
        <Stack gap={4}>
          <Title order={3} size="h6">
            Attendance
          </Title>
          <AttendanceTable
            attendance={report.attendance ?? []}
            expected={expected}
            label={`Attendance of ${name}`}
          />
        </Stack>
        {report.status === 'open' && <DecisionForm report={report} name={name} />}
      </Stack>
    </Card>
  );
}

/** `/admin/reports`: open reports (the queue) and resolved ones. */
export default function AdminReportsPage() {
  usePageTitle('Lesson reports');
  const list = useLoader(reportsLoader, { name: 'reports', systemId: REPORTS_LIST });
  const tab: Tab = list.query.status === 'resolved' ? 'resolved' : 'open';
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Lesson reports
      </Title>
      <FilterTabs
        label="Show reports"
        value={tab}
        options={TABS}
        onChange={(value) => list.setFilter('status', value === 'open' ? null : value)}
      >
        <ListStates list={list} label="Pages of reports">
          {list.items.map((report) => (
            <ReportCard key={report.id} report={report} />
          ))}
        </ListStates>
      </FilterTabs>
    </Stack>
  );
}
