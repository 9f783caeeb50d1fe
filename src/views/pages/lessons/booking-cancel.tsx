// A learner's (or parent's) Cancel booking on the lesson page, with the policy in a persistent
// confirmation, and the "This lesson moved" notice with Keep / Cancel (issue 24). One actor per
// booking (src/machines/booking-cancel-machine.ts); the page's loader loads the lesson again after.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { shallowEqual, useSelector } from '@xstate/react';
import { selectBookingCancel } from '@/machines/booking-cancel-machine';
import { bookingCancelScreen } from '@/machines/screens/lessons-screens';
import type { LessonDetail } from '@/services/schemas/learner';
import { cancelOutcome } from '@/shared/cancellation';
import { t } from '@/shared/messages';
import { formatDateOrdinal, formatTime } from '@/shared/time';
import { useScreenActor } from '../../use-screen-actor';
import { useNow } from '../../hydration';

type Booked = LessonDetail['bookedFor'][number];

function BookingCancel({
  lesson,
  booked,
  several,
}: {
  lesson: LessonDetail;
  booked: Booked;
  several: boolean;
}) {
  const bookingId = booked.bookingId ?? 0;
  const actor = useScreenActor(bookingCancelScreen, { input: { bookingId } });
  const view = useSelector(actor, selectBookingCancel, shallowEqual);
  const now = useNow();
  if (view.cancelled || !lesson.startAt) return null;
  const moved = Boolean(booked.movedAt);
  const outcome = cancelOutcome(lesson.startAt, moved, now);
  if (outcome === 'started') return null;
  const label = several ? `Cancel booking for ${booked.studentName}` : 'Cancel booking';
  const open = () => actor.send({ type: 'cancel.open' });
  const close = () => actor.send({ type: 'cancel.close' });
  const when = `${formatDateOrdinal(lesson.startAt)} at ${formatTime(lesson.startAt)}`;
  return (
    <>
      {moved ? (
        <Alert color="yellow" variant="light" title={t('cancel.movedTitle')}>
          <Stack gap="xs">
            <Text size="sm">{t('cancel.movedText', { when })}</Text>
            <Group gap="xs">
              <Button
                size="xs"
                color="blue.9"
                loading={view.keeping}
                disabled={view.busy}
                onClick={() => actor.send({ type: 'booking.keep' })}
              >
                Keep the new time
              </Button>
              <Button size="xs" color="red.9" variant="outline" disabled={view.busy} onClick={open}>
                {label}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : outcome === 'late' ? (
        <Text size="sm">{t('cancel.tooLate')}</Text>
      ) : (
        <Button color="red.9" variant="outline" onClick={open}>
          {label}
        </Button>
      )}
      {view.error && !view.open && (
        <Alert color="red" variant="light" role="alert">
          {view.error}
        </Alert>
      )}
      <Modal
        opened={view.open}
        onClose={close}
        size={500}
        centered
        closeOnClickOutside={false}
        closeOnEscape={false}
        withCloseButton={false}
        title={t('cancel.confirmTitle')}
        styles={{ title: { fontWeight: 700 } }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('cancel.policy')}</Text>
          {view.error && (
            <Alert color="red" variant="light" role="alert">
              {view.error}
            </Alert>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" disabled={view.busy} onClick={close}>
              Keep my booking
            </Button>
            <Button
              color="red.9"
              loading={view.cancelling}
              onClick={() => actor.send({ type: 'cancel.confirm' })}
            >
              Cancel booking
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** A Cancel (or the moved notice) for each of the reader's bookings of a lesson not cancelled. */
export function BookingCancels({ lesson }: { lesson: LessonDetail }) {
  if (lesson.cancelledAt) return null;
  const own = lesson.bookedFor.filter((booked) => booked.bookingId);
  return own.map((booked) => (
    <BookingCancel key={booked.bookingId} lesson={lesson} booked={booked} several={own.length > 1} />
  ));
}
