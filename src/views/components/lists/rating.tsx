// A teacher's rating as cards and the profile show it (issue 25, src/shared/reviews.ts): the stars
// of the Bayesian score, the score and the number of reviews; nothing without reviews (the profile
// says "No reviews yet." in its reviews section).
import { Text } from '@mantine/core';
import type { RatingSummary } from '@/services/schemas/web';

/** "★★★★☆": a score's stars (1 to 5), rounded to the nearest whole star; the number sits beside them. */
export const starsText = (score: number) => '★★★★★☆☆☆☆☆'.slice(5 - Math.round(score), 10 - Math.round(score));

/** Stars, score and count on one line, one image for assistive technology ("Rated 4.6 out of 5 from 12 reviews"). */
export function RatingLine({
  rating,
  size = 'sm',
}: {
  rating: RatingSummary | null | undefined;
  size?: 'sm' | 'md';
}) {
  if (!rating?.count || rating.score === null) return null;
  const score = rating.score.toFixed(1);
  const count = rating.count === 1 ? '1 review' : `${rating.count} reviews`;
  return (
    <Text size={size} role="img" aria-label={`Rated ${score} out of 5 from ${count}`}>
      <Text span inherit c="orange.9">
        {starsText(rating.score)}
      </Text>{' '}
      <b>{score}</b> ({rating.count})
    </Text>
  );
}
