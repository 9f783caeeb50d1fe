// Report on a review (issue 25): anyone signed in says what is wrong with it; the review stays shown
// until an admin hides or keeps it. A dialog with the reason; the form machine sends it.
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { reportReviewForm, type ReportReviewValues } from '@/machines/screens/review-screens';
import { t } from '@/shared/messages';
import { REVIEW_REPORT_REASON_MAX, reportReasonProblem } from '@/shared/reviews';
import type { FieldErrors } from '@/shared/validation';
import { useForm } from '../../use-form';

const validateReason = (values: ReportReviewValues): FieldErrors => {
  const problem = reportReasonProblem(values.reason);
  return problem ? { reason: [problem] } : {};
};

/** "Report" beside a review, for the profile page's reviews. */
export function ReportReviewButton({ reviewId }: { reviewId: number }) {
  const [opened, { open, close }] = useDisclosure(false);
  const form = useForm<ReportReviewValues, { received: true }>({
    logic: reportReviewForm,
    initialValues: { reviewId, reason: '' },
    validate: validateReason,
  });
  if (form.succeeded && !opened)
    return (
      <Text size="xs" c="dimmed" role="status">
        Reported
      </Text>
    );
  return (
    <>
      <Button size="compact-xs" variant="default" onClick={open}>
        Report
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('reviews.reportTitle')}
        centered
        closeButtonProps={{ 'aria-label': 'Close the report' }}
      >
        {form.succeeded ? (
          <Stack gap="sm">
            <Text size="sm" role="status">
              {t('reviews.reported')}
            </Text>
            <Group justify="flex-end">
              <Button color="blue.9" onClick={close}>
                Close
              </Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={form.onSubmit} noValidate>
            <Stack gap="sm">
              <Textarea
                label="What is wrong with this review?"
                withAsterisk
                rows={3}
                maxLength={REVIEW_REPORT_REASON_MAX}
                {...form.getInputProps('reason')}
              />
              {form.formError && !form.fieldErrors.reason && (
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
    </>
  );
}
