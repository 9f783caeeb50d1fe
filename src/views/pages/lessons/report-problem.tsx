// "Report a problem" on a booked learner's lesson page (issue 22, docs/classroom.md "Attendance and
// pay"): from the lesson's end until its teacher's earning is released (`reportWindow`), a learner or
// parent says what went wrong; the teacher's pay then waits for an admin. The form machine sends it.
import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lessonReportForm, type LessonReportValues } from '@/machines/screens/lesson-report-screens';
import type { LessonDetail } from '@/services/schemas/learner';
import { REPORT_REASON_LABELS, REPORT_REASONS, REPORT_TEXT_MAX, reportWindow } from '@/shared/classroom';
import { t } from '@/shared/messages';
import { validateLessonReport } from '@/shared/report-validation';
import { formatDateTime } from '@/shared/time';
import { useForm } from '../../use-form';
import { useNow } from '../../hydration';

function ReportDialog({ lessonId, closesAt }: { lessonId: number; closesAt: Date }) {
  const [opened, { open, close }] = useDisclosure(false);
  const form = useForm<LessonReportValues, { received: true }>({
    logic: lessonReportForm,
    initialValues: { lessonId, reason: '', text: '' },
    validate: validateLessonReport,
  });
  const received = (
    <Text size="sm" fw={600} role="status">
      {t('reports.reportReceived')}
    </Text>
  );
  return (
    <Stack gap="xs" component="section" aria-label="Report a problem">
      {form.succeeded ? (
        received
      ) : (
        <>
          <Text size="sm">{t('reports.reportOpen', { time: formatDateTime(closesAt) })}</Text>
          <Button variant="outline" color="red.9" onClick={open} style={{ alignSelf: 'flex-start' }}>
            Report a problem
          </Button>
        </>
      )}
      <Modal
        opened={opened}
        onClose={close}
        title="Report a problem"
        centered
        size={500}
        closeButtonProps={{ 'aria-label': 'Close the report' }}
      >
        {form.succeeded ? (
          <Stack gap="sm">
            {received}
            <Group justify="flex-end">
              <Button color="blue.9" onClick={close}>
                Close
              </Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={form.onSubmit} noValidate>
            <Stack gap="sm">
              <Radio.Group label="What went wrong?" withAsterisk {...form.getInputProps('reason')}>
                <Stack gap={6} mt={6}>
                  {REPORT_REASONS.map((reason) => (
                    <Radio key={reason} value={reason} label={REPORT_REASON_LABELS[reason]} />
                  ))}
                </Stack>
              </Radio.Group>
              <Textarea
                label="Tell us more"
                description={form.values.reason === 'other' ? 'Required for Other.' : 'Optional.'}
                withAsterisk={form.values.reason === 'other'}
                rows={3}
                maxLength={REPORT_TEXT_MAX}
                {...form.getInputProps('text')}
              />
              {form.formError && !form.fieldErrors.reason && !form.fieldErrors.text && (
                <Alert color="red" variant="light" role="alert">
                  {form.formError}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={close} disabled={form.submitting}>
                  Cancel
                </Button>
                <Button type="submit" color="red.9" loading={form.submitting}>
                  Send report
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </Stack>
  );
}

/** Shown to a learner (or parent) who booked the lesson, from its end until the report window closes. */
export function ReportProblem({ lesson }: { lesson: LessonDetail }) {
  const now = useNow();
  if (!lesson.isBooked || lesson.cancelledAt || !lesson.endAt) return null;
  const { opensAt, closesAt } = reportWindow({ endAt: new Date(lesson.endAt) });
  if (now < opensAt.getTime() || now >= closesAt.getTime()) return null;
  return <ReportDialog lessonId={lesson.id} closesAt={closesAt} />;
}
