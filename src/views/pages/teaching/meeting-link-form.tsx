// A teacher's own meeting link (issue 22, docs/classroom.md "Providers"): Zoom, Google Meet or Teams
// for one lesson or a whole class, in place of the app's own room. Checked with the shared rule
// before sending; the server's 422 lands under the field. The page loads the lesson (or class) again
// after a save, so `link` is always what the server holds.
import { Alert, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import {
  meetingLinkForm,
  meetingLinkRemoval,
  type MeetingLinkValues,
} from '@/machines/screens/lesson-report-screens';
import type { MeetingLinkOwner } from '@/services/lesson-report-service';
import { MEETING_LINK_MAX, meetingLinkError } from '@/shared/classroom';
import { t } from '@/shared/messages';
import type { FieldErrors } from '@/shared/validation';
import { useForm } from '../../use-form';
import { useFormRoundTrip } from '../../use-form-round-trip';
import { useNow } from '../../hydration';

export function MeetingLinkForm({
  owner,
  id,
  link,
}: {
  owner: MeetingLinkOwner;
  id: number;
  /** The link the server holds, null when the lesson uses the app's own room. */
  link: string | null;
}) {
  const form = useForm<MeetingLinkValues, { message: string }>({
    logic: meetingLinkForm,
    initialValues: { owner, id, link: link ?? '' },
    validate: (values): FieldErrors => {
      const error = meetingLinkError(values.link);
      return error ? { link: [error] } : {};
    },
    successMessage: t('reports.linkSaved'),
  });
  const removal = useFormRoundTrip<{ owner: MeetingLinkOwner; id: number }, { message: string }>({
    logic: meetingLinkRemoval,
    successMessage: t('reports.linkRemoved'),
    onSubmitted: () => form.change('link', ''),
  });
  const busy = form.submitting || removal.submitting;
  const headingId = `meeting-link-${owner}-${id}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        Meeting link
      </Title>
      <form onSubmit={form.onSubmit} noValidate>
        <Stack gap="xs">
          <TextInput
            label={t('reports.linkLabel')}
            description={t(owner === 'lesson' ? 'reports.linkLessonHelp' : 'reports.linkClassHelp')}
            placeholder="https://zoom.us/j/…"
            type="url"
            inputMode="url"
            maxLength={MEETING_LINK_MAX}
            disabled={busy}
            {...form.getInputProps('link')}
          />
          {(form.formError || removal.formError) && !form.fieldErrors.link && (
            <Alert color="red" variant="light" role="alert">
              {form.formError ?? removal.formError}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" color="blue.9" loading={form.submitting} disabled={removal.submitting}>
              Save link
            </Button>
            {link !== null && (
              <Button
                variant="default"
                loading={removal.submitting}
                disabled={form.submitting}
                onClick={() => removal.send({ owner, id })}
              >
                Remove link
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** The teacher's lesson page: the form while the lesson can still take place (not cancelled, not ended). */
export function LessonMeetingLink({
  lesson,
}: {
  lesson: { id: number; link: string | null; endAt: string | null; cancelledAt: string | null };
}) {
  const now = useNow();
  const over = lesson.endAt !== null && Date.parse(lesson.endAt) <= now;
  if (lesson.cancelledAt || over) return null;
  return <MeetingLinkForm owner="lesson" id={lesson.id} link={lesson.link} />;
}
