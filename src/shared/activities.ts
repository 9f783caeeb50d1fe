// The activity feed's entry types (docs/learning-workspace.md "Activity"), shared by the API's table
// and the SPA's decoder so the two lists cannot drift apart (as they did once, for `material`).
export const ACTIVITY_TYPES = [
  'payment',
  'topup',
  'booking',
  'answer',
  'like',
  'lesson_soon',
  'approval',
  // A note or an assignment added to a booked lesson (issue 10).
  'material',
  // A learner reviewed the teacher, or an admin hid the author's review (issue 25).
  'review',
] as const;
