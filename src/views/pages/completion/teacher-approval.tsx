import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Teacher } from '@/services/schemas/user';
import { t } from '@/shared/messages';

const STATUS_LABELS: Record<string, { label: string; color: string }> = {
  // Dark shades: white text on them passes WCAG AA (4.5:1); light variants and green.9 (4.4:1) did not.
  new: { label: 'Not submitted', color: 'gray.8' },
  pending: { label: 'Waiting for approval', color: 'blue.9' },
  approved: { label: 'Approved', color: 'teal.9' },
  declined: { label: 'Declined', color: 'red.9' },
};

/** Where the teacher's profile stands, and the admin's reason when it was declined. */
export function TeacherStatus({ teacher }: { teacher: Teacher | null | undefined }) {
  const status = teacher?.status ?? 'new';
  return (
    <>
      <Group gap="xs">
        <Text size="sm">Profile status:</Text>
        <Badge color={STATUS_LABELS[status]?.color ?? 'gray.8'} variant="filled">
          {STATUS_LABELS[status]?.label ?? status}
        </Badge>
      </Group>
      {status === 'declined' && teacher?.remark && (
        <Alert color="red">
          {t('teacherProfile.declined', { remark: teacher.remark.replace(/[.\s]+$/, '') })}
        </Alert>
      )}
      {status === 'pending' && <Alert color="blue">{t('teacherProfile.pending')}</Alert>}
    </>
  );
}

type ApprovalForm = { formError: string | null; submitting: boolean; submit: () => void };

/** "Submit for approval": sends what is stored, so it waits until the details are (`ready`). */
export function ApprovalCard({ form, ready }: { form: ApprovalForm; ready: boolean }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Submit for approval
        </Title>
        <Text size="sm" c="dimmed">
          Our team checks your details before you can create lessons. Save your details first.
        </Text>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={form.submit} loading={form.submitting} disabled={!ready}>
            Submit for approval
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
