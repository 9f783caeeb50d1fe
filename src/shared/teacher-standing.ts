// A teacher's review status and what it means for their profile: the route guard (in every page's
// entry) and the user schema need it; the profile forms' rules (profile-validation.ts, which
// re-exports it) load with the forms only.

/** A teacher's review status (SPEC §4): new until submitted, then pending, approved or declined. */
export const TEACHER_STATUSES = ['new', 'pending', 'approved', 'declined'] as const;
export type TeacherStatus = (typeof TEACHER_STATUSES)[number];

/**
 * Where a teacher's profile stands (SPEC §4 "Teacher status new or declined forces profile
 * completion"): `open` while it is theirs to finish and submit (never submitted, or declined; no
 * status yet counts as new), `waiting` for an admin's review, `approved`. The route guard forces an
 * open profile to its completion screen, the teacher screen offers "Submit for approval" only then,
 * and the API's submit takes it to pending only then.
 */
export type TeacherStanding = 'open' | 'waiting' | 'approved';

export function teacherStanding(status: TeacherStatus | null | undefined): TeacherStanding {
  if (status === 'approved') return 'approved';
  if (status === 'pending') return 'waiting';
  return 'open';
}
