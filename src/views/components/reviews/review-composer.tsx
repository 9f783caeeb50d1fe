// "Rate your teacher" (issue 25): a learner's (or a parent's, for a child) review of one teacher, with
// stars and an optional text, or their review with Edit and Delete, or why they may not write one yet.
// The composer's machine (src/machines/review-machine.ts) loads, checks and saves; this renders it.
import {
  Alert,
  Box,
  Button,
  Card,
  Group,
  Loader,
  Rating,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { shallowEqual, useSelector } from '@xstate/react';
import { useId } from 'react';
import { selectReview } from '@/machines/review-machine';
import { reviewComposer } from '@/machines/screens/review-screens';
import type { Review } from '@/services/schemas/review-writing';
import { t } from '@/shared/messages';
import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from '@/shared/reviews';
import { formatDate } from '@/shared/time';
import { useScreenActor } from '../../use-screen-actor';

const starLabel = (stars: number) => (stars === 1 ? '1 star' : `${stars} stars`);

/** A review's stars, read-only, with their number for screen readers. */
export function ReviewStars({ stars }: { stars: number }) {
  return <Rating value={stars} readOnly aria-label={`${starLabel(stars)} out of 5`} role="img" />;
}

/** One review as its author, its teacher or an admin reads it. */
export function ReviewBody({ review }: { review: Review }) {
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <ReviewStars stars={review.stars} />
        <Text size="sm" fw={600}>
          {review.author.name}
          {review.byParent ? ' (parent)' : ''}
        </Text>
        {review.createdAt && (
          <Text size="sm" c="dimmed">
            {formatDate(review.createdAt)}
            {review.edited ? ' · edited' : ''}
          </Text>
        )}
      </Group>
      {review.text && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {review.text}
        </Text>
      )}
      {review.reply && (
        <Box pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-gray-4)' }}>
          <Text size="sm" fw={600}>
            The teacher replied
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {review.reply.text}
          </Text>
        </Box>
      )}
    </Stack>
  );
}

/** The composer of the signed-in learner's (or parent's) review of `teacherId`. */
export function ReviewComposer({ teacherId }: { teacherId: number }) {
  const actor = useScreenActor(reviewComposer, { input: { teacherId } });
  const view = useSelector(actor, selectReview, shallowEqual);
  const headingId = useId();
  const starsId = useId();
  const send = actor.send;

  const childChoice = view.students.length > 1 && (
    <Select
      label="Review for"
      data={view.students.map((student) => ({ value: String(student.id), label: student.name }))}
      value={view.studentId === null ? null : String(view.studentId)}
      onChange={(value) => value && send({ type: 'student.choose', studentId: Number(value) })}
      allowDeselect={false}
      disabled={view.busy}
      w={260}
    />
  );

  let body;
  switch (view.step) {
    case 'loading':
      body = (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">Loading your review…</Text>
        </Group>
      );
      break;
    case 'loadFailed':
      body = (
        <Alert color="red" role="alert" title="Your review could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{view.error}</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => send({ type: 'retry' })}>
              Try again
            </Button>
          </Stack>
        </Alert>
      );
      break;
    case 'notEligible':
      body = (
        <>
          {childChoice}
          <Text size="sm">{view.reason}</Text>
        </>
      );
      break;
    case 'saved':
    case 'confirmingDelete':
    case 'deleting':
      body = view.review && (
        <>
          {childChoice}
          {view.review.status === 'hidden' && (
            <Alert color="yellow" variant="light">
              {t('reviews.hiddenNotice')}
            </Alert>
          )}
          <ReviewBody review={view.review} />
          {view.error && (
            <Alert color="red" variant="light" role="alert">
              {view.error}
            </Alert>
          )}
          {view.step === 'saved' ? (
            <Group gap="xs">
              <Button
                size="xs"
                variant="outline"
                color="blue.9"
                onClick={() => send({ type: 'review.edit' })}
              >
                Edit review
              </Button>
              <Button
                size="xs"
                variant="outline"
                color="red.9"
                onClick={() => send({ type: 'review.delete' })}
              >
                Delete review
              </Button>
            </Group>
          ) : (
            <Alert color="red" variant="light" role="alertdialog" aria-label="Delete your review">
              <Stack gap="xs">
                <Text size="sm">{t('reviews.deleteConfirm')}</Text>
                <Group gap="xs">
                  <Button
                    size="xs"
                    color="red.9"
                    loading={view.step === 'deleting'}
                    onClick={() => send({ type: 'delete.confirm' })}
                  >
                    Delete
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={view.busy}
                    onClick={() => send({ type: 'delete.cancel' })}
                  >
                    Keep it
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
        </>
      );
      break;
    case 'failed':
      body = (
        <Alert color="red" role="alert" title="Your review was not saved">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{view.error}</Text>
            <Group gap="xs">
              <Button size="compact-sm" variant="light" color="red" onClick={() => send({ type: 'retry' })}>
                Try again
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                onClick={() => send({ type: 'review.edit' })}
              >
                Back to the review
              </Button>
            </Group>
          </Stack>
        </Alert>
      );
      break;
    case 'writing':
    case 'saving':
      body = (
        <form
          noValidate
          aria-labelledby={headingId}
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'review.submit' });
          }}
        >
          <Stack gap="sm">
            {childChoice}
            <div
              role="radiogroup"
              aria-labelledby={starsId}
              aria-describedby={view.fieldErrors.stars ? `${starsId}-error` : undefined}
            >
              <Text id={starsId} size="sm" fw={500} mb={4}>
                Your rating <span aria-hidden>*</span>
              </Text>
              <Rating
                size="lg"
                name={`stars-${teacherId}`}
                value={view.draft.stars}
                onChange={(stars) => send({ type: 'draft.change', stars })}
                getSymbolLabel={(index) => starLabel(index)}
                readOnly={view.busy}
              />
              {view.fieldErrors.stars && (
                <Text id={`${starsId}-error`} size="xs" c="red.9" mt={4}>
                  {view.fieldErrors.stars[0]}
                </Text>
              )}
            </div>
            <Textarea
              label="Your review"
              description={`Optional: ${REVIEW_TEXT_MIN} to ${REVIEW_TEXT_MAX} characters about the lessons. Leave out phone numbers, e-mail addresses and links.`}
              rows={4}
              maxLength={REVIEW_TEXT_MAX}
              value={view.draft.text}
              onChange={(event) => send({ type: 'draft.change', text: event.currentTarget.value })}
              error={view.fieldErrors.text?.[0]}
              disabled={view.busy}
            />
            {view.error && (
              <Alert color="red" variant="light" role="alert">
                {view.error}
              </Alert>
            )}
            <Group gap="xs">
              <Button type="submit" color="blue.9" loading={view.step === 'saving'}>
                {view.editing ? 'Save changes' : 'Publish review'}
              </Button>
              {view.editing && (
                <Button
                  variant="default"
                  disabled={view.busy}
                  onClick={() => send({ type: 'review.cancel' })}
                >
                  Cancel
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      );
      break;
  }

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('reviews.rateTitle')}
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
