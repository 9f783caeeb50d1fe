// Rules of the admin workspace that the SPA's decoders and its screens share (docs/teaching-admin.md).

/** The teacher review tabs; `pending` is the queue the list opens on. */
export const ADMIN_TEACHER_FILTERS = ['pending', 'approved', 'declined'] as const;
export type AdminTeacherFilter = (typeof ADMIN_TEACHER_FILTERS)[number];

/** The lesson and class review tabs. */
export const APPROVAL_FILTERS = ['pending', 'approved', 'rejected'] as const;
export type ApprovalFilter = (typeof APPROVAL_FILTERS)[number];

export const USER_ROLE_FILTERS = ['student', 'teacher', 'parent', 'admin'] as const;

/** An account's name: first and last name, else the username. */
export function userSummaryName(user: {
  firstName: string | null;
  lastName: string | null;
  username?: string | null;
}) {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || '';
}

/** The lesson type's name, whichever shape it came in (a plain name or `{name}`). */
export function lessonTypeName(value: string | { name: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.name;
}
