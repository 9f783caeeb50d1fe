// A teacher's rating in one line (issue 25): the Bayesian score as stars, the raw mean and the count
// beside it, or "No reviews yet".
import { Group, Rating as Stars, Text } from '@mantine/core';
import type { Rating } from '@/shared/reviews';
import { t } from '@/shared/messages';

export function RatingSummary({ rating }: { rating: Rating }) {
  if (rating.count === 0 || rating.score === null) return <Text size="sm">{t('reviews.noReviews')}</Text>;
  const reviews = rating.count === 1 ? '1 review' : `${rating.count} reviews`;
  return (
    <Group gap="xs">
      <Stars
        value={rating.score}
        fractions={10}
        readOnly
        role="img"
        aria-label={`Rated ${rating.score} out of 5`}
      />
      <Text size="sm" fw={600}>
        {rating.score.toFixed(1)}
      </Text>
      <Text size="sm" c="dimmed">
        (average {rating.mean?.toFixed(1)} from {reviews})
      </Text>
    </Group>
  );
}
