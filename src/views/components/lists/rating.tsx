// A teacher's rating as cards and the profile show it (issue 25, src/shared/reviews.ts): the stars
// of the Bayesian score, the score and the number of reviews; "New" (or nothing) without reviews.
import { Group, Text } from '@mantine/core';
import type { RatingSummary } from '@/services/schemas/web';
import { t } from '@/shared/messages';

/** "★★★★☆": a score's stars, rounded to the nearest whole star (the number sits beside them). */
export function starsText(score: number): string {
  const full = Math.round(Math.min(5, Math.max(0, score)));
  return '★'.repeat(full) + '☆'.repeat(5 - full);
}

export const reviewCount = (count: number) =>
  count === 1 ? t('profile.reviewsOne') : t('profile.reviews', { count });

export const ratingLabel = (rating: RatingSummary) =>
  rating.count === 1
    ? t('profile.ratingLabelOne', { score: (rating.score ?? 0).toFixed(1) })
    : t('profile.ratingLabel', { score: (rating.score ?? 0).toFixed(1), count: rating.count });

/** Stars, score and count on one line; "New" when `showNew` and the teacher has no reviews yet. */
export function RatingLine({
  rating,
  showNew = true,
  size = 'sm',
}: {
  rating: RatingSummary | null | undefined;
  showNew?: boolean;
  size?: 'sm' | 'md' | 'lg';
}) {
  if (!rating || rating.count === 0 || rating.score === null) {
    return showNew ? (
      <Text size={size} c="gray.7" fw={600}>
        {t('profile.new')}
      </Text>
    ) : null;
  }
  return (
    <Group gap={6} wrap="nowrap" role="img" aria-label={ratingLabel(rating)}>
      <Text span size={size} c="orange.9" aria-hidden="true" style={{ letterSpacing: 1 }}>
        {starsText(rating.score)}
      </Text>
      <Text span size={size} fw={700} aria-hidden="true">
        {rating.score.toFixed(1)}
      </Text>
      <Text span size={size} c="gray.7" aria-hidden="true">
        ({rating.count})
      </Text>
    </Group>
  );
}
