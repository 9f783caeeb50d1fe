// `/admin/reviews` (issue 25, docs/reviews-messages.md "Reviews"): reviews someone reported, oldest
// report first, each with its teacher, its text and every report's reason. An admin hides it (with an
// optional remark its author reads) or keeps it, once: the decided review shows in place (the
// decision's machine replaces it in the list). Hidden and kept reviews have their own tabs.
import { Alert, Badge, Button, Card, Group, List, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  MODERATED_REVIEWS,
  moderatedReviewsLoader,
  reviewDecisionForm,
  type ReviewDecisionValues,
} from '@/machines/screens/review-screens';
import type { ReviewDecided } from '@/services/review-writing-service';
import type { ModeratedReview } from '@/services/schemas/review-writing';
import type { ReviewStatus } from '@/shared/reviews';
import { formatDateTime } from '@/shared/time';
import { ListStates } from '../../components/lists/list-states';
import { ReviewBody } from '../../components/reviews/review-composer';
import { useForm } from '../../use-form';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { Details } from '../admin/admin-parts';
import { FilterTabs } from '../lessons/lesson-parts';

const TABS = [
  { value: 'reported', label: 'Reported' },
  { value: 'hidden', label: 'Hidden' },
  { value: 'kept', label: 'Kept' },
] as const;
type Tab = (typeof TABS)[number]['value'];

const STATUS: Record<ReviewStatus, { label: string; color: string }> = {
  published: { label: 'Published', color: 'blue.9' },
  reported: { label: 'Reported', color: 'orange.9' },
  hidden: { label: 'Hidden', color: 'red.9' },
  kept: { label: 'Kept', color: 'teal.9' },
};

const REMARK_MAX = 2000;

function DecisionForm({ review }: { review: ModeratedReview }) {
  const form = useForm<ReviewDecisionValues, ReviewDecided>({
    logic: reviewDecisionForm,
    initialValues: { reviewId: review.id, decision: 'hide', remark: '' },
  });
  const decide = (decision: ReviewDecisionValues['decision']) => {
    form.change('decision', decision);
    form.submit();
  };
  return (
    <form
      noValidate
      aria-label={`Decide on the review by ${review.author.name}`}
      onSubmit={(event) => event.preventDefault()}
    >
      <Stack gap="xs">
        <Textarea
          label="Remark"
          description="Optional. The author reads it when the review is hidden."
          rows={2}
          maxLength={REMARK_MAX}
          {...form.getInputProps('remark')}
        />
        {form.formError && (
          <Alert color="red" variant="light" role="alert">
            {form.formError}
          </Alert>
        )}
        <Group gap="xs">
          <Button
            color="red.9"
            loading={form.submitting && form.values.decision === 'hide'}
            disabled={form.submitting}
            onClick={() => decide('hide')}
          >
            Hide
          </Button>
          <Button
            variant="outline"
            color="teal.9"
            loading={form.submitting && form.values.decision === 'keep'}
            disabled={form.submitting}
            onClick={() => decide('keep')}
          >
            Keep
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ModeratedCard({ review }: { review: ModeratedReview }) {
  const status = review.status ? STATUS[review.status] : null;
  return (
    <Card withBorder padding="md" component="article" aria-label={`Review by ${review.author.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h5">
            Review of {review.teacher.name}
          </Title>
          {status && (
            <Badge variant="filled" color={status.color} style={{ flexShrink: 0 }}>
              {status.label}
            </Badge>
          )}
        </Group>
        <ReviewBody review={review} />
        <Details rows={[['Decided', review.moderatedAt ? formatDateTime(review.moderatedAt) : null]]} />
        <Stack gap={4}>
          <Title order={3} size="h6">
            Reports
          </Title>
          <List size="sm" spacing={4}>
            {review.reports.map((report, index) => (
              <List.Item key={index}>
                <Text size="sm" span fw={600}>
                  {report.reporter.name}
                </Text>
                {report.createdAt ? ` (${formatDateTime(report.createdAt)})` : ''}: {report.reason}
              </List.Item>
            ))}
          </List>
        </Stack>
        {review.status === 'reported' && <DecisionForm review={review} />}
      </Stack>
    </Card>
  );
}

/** `/admin/reviews`: the reported reviews (the queue), and the hidden and kept ones. */
export default function AdminReviewsPage() {
  usePageTitle('Reported reviews');
  const list = useLoader(moderatedReviewsLoader, { name: 'reviews', systemId: MODERATED_REVIEWS });
  const tab: Tab =
    list.query.status === 'hidden' || list.query.status === 'kept' ? list.query.status : 'reported';
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Reported reviews
      </Title>
      <FilterTabs
        label="Show reviews"
        value={tab}
        options={TABS}
        onChange={(value) => list.setFilter('status', value === 'reported' ? null : value)}
      >
        <ListStates list={list} label="Pages of reviews">
          {list.items.map((review) => (
            <ModeratedCard key={review.id} review={review} />
          ))}
        </ListStates>
      </FilterTabs>
    </Stack>
  );
}
