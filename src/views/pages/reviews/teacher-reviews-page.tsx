// `/teaching/reviews` (issue 25, docs/reviews-messages.md "Reviews"): the teacher's reviews, newest
// first, with their rating, and under each review the one public reply they may post and edit. A
// posted reply replaces its review in the list (src/machines/screens/review-screens.ts).
import { Alert, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  TEACHER_REVIEWS,
  replyForm,
  teacherReviewsLoader,
  type ReplyValues,
} from '@/machines/screens/review-screens';
import type { Review } from '@/services/schemas/review-writing';
import { REVIEW_REPLY_MAX, replyTextProblem, type Rating } from '@/shared/reviews';
import { ListStates } from '../../components/lists/list-states';
import { RatingSummary } from '../../components/reviews/rating-summary';
import { ReportReviewButton } from '../../components/reviews/report-review-button';
import { ReviewBody } from '../../components/reviews/review-composer';
import type { FieldErrors } from '@/shared/validation';
import { useForm } from '../../use-form';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';

const validateReply = (values: ReplyValues): FieldErrors => {
  const problem = replyTextProblem(values.text);
  return problem ? { text: [problem] } : {};
};

function ReplyForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const form = useForm<ReplyValues, { message: string; review: Review }>({
    logic: replyForm,
    initialValues: { reviewId: review.id, text: review.reply?.text ?? '' },
    validate: validateReply,
    onSubmitted: onDone,
  });
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={`Reply to ${review.author.name}`}>
      <Stack gap="xs">
        <Textarea
          label="Your public reply"
          description="Everyone who reads the review sees it. Leave out phone numbers, e-mail addresses and links."
          withAsterisk
          rows={3}
          maxLength={REVIEW_REPLY_MAX}
          {...form.getInputProps('text')}
        />
        {form.formError && !form.fieldErrors.text && (
          <Alert color="red" variant="light" role="alert">
            {form.formError}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" size="xs" color="blue.9" loading={form.submitting}>
            Publish reply
          </Button>
          <Button size="xs" variant="default" onClick={onDone} disabled={form.submitting}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReviewCard({ review }: { review: Review }) {
  const [replying, { open, close }] = useDisclosure(false);
  return (
    <Card withBorder padding="md" component="article" aria-label={`Review by ${review.author.name}`}>
      <Stack gap="sm">
        <ReviewBody review={review} />
        {replying ? (
          <ReplyForm review={review} onDone={close} />
        ) : (
          <Group gap="xs">
            <Button size="xs" variant="outline" color="blue.9" onClick={open}>
              {review.reply ? 'Edit reply' : 'Reply'}
            </Button>
            {/* A teacher may report an abusive review too; an admin decides. */}
            <ReportReviewButton reviewId={review.id} />
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** `/teaching/reviews`: what learners wrote about the teacher, to read and answer. */
export default function TeacherReviewsPage() {
  usePageTitle('My reviews');
  const list = useLoader(teacherReviewsLoader, { name: 'reviews', systemId: TEACHER_REVIEWS });
  const rating = list.extra?.rating as Rating | undefined;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        My reviews
      </Title>
      {rating && <RatingSummary rating={rating} />}
      <Text size="sm">
        Learners review you after a lesson with you. You may post one public reply to each review.
      </Text>
      <ListStates list={list} label="Pages of reviews">
        {list.items.map((review) => (
          <ReviewCard key={review.id} review={review} />
        ))}
      </ListStates>
    </Stack>
  );
}
