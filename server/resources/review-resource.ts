// A review as the public sees it (docs/reviews-messages.md "Review (public)"): the learner's first
// name and last initial, never more; the teacher's reply; whether it was edited. The review writes
// (the reviews part) answer with the same shape.
import type { reviews } from '../db/schema';

type ReviewRow = typeof reviews.$inferSelect;

export type ReviewCard = Pick<
  ReviewRow,
  'id' | 'stars' | 'text' | 'replyText' | 'repliedAt' | 'createdAt' | 'updatedAt' | 'authorUserId'
> & {
  /** The learner the review is about (its author or their child). */
  learner: { userId: number; firstName: string; lastName: string };
};

/** An edit counts when the review changed more than a second after it was written. */
const EDIT_AFTER_MS = 1000;

/** "Amina W.": a learner's first name and the initial of their last name. */
export const shortName = (firstName: string, lastName: string) => {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
};

export const reviewResource = (row: ReviewCard) => ({
  id: row.id,
  stars: row.stars,
  text: row.text,
  author: { name: shortName(row.learner.firstName, row.learner.lastName) },
  by_parent: row.authorUserId !== row.learner.userId,
  reply:
    row.replyText !== null
      ? { text: row.replyText, replied_at: (row.repliedAt ?? row.updatedAt).toISOString() }
      : null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  edited: row.updatedAt.getTime() - row.createdAt.getTime() > EDIT_AFTER_MS,
});
