// Who may open which route (docs/architecture.md "Guard rules", SPEC §2, §4, §6). Pure functions:
// the session machine calls them on every location change.
import { matchRoute, pathnameOf, SIGN_IN_PATH, signInPathFor, type RouteRole } from '@/shared/routes';
import type { User } from '@/services/schemas/user';
import { teacherStanding } from '@/shared/teacher-standing';

export type AccessDecision = { type: 'allow' } | { type: 'redirect'; to: string };

// The server answers a signed-out page request with the same redirect (server/app.ts).
export { SIGN_IN_PATH, signInPathFor };
export const SIGN_OUT_PATH = '/sign-out';
export const WORKSPACE_PATH = '/workspace';
export const ADMIN_HOME_PATH = '/admin';

const COMPLETION_PATHS = {
  student: ['/student'],
  parent: ['/parent'],
  // The teacher screen exists at two paths with different wrappers (SPEC §2).
  teacher: ['/complete-profile/teacher', '/teacher'],
} as const;

/** Incomplete: teacher status new/declined (or no teacher record); student/parent not marked completed. */
export function isProfileIncomplete(user: User): boolean {
  switch (user.mainRole) {
    case 'teacher':
      return !user.teacher || teacherStanding(user.teacher.status) === 'open';
    case 'student':
      return user.student?.profileCompleted !== true;
    case 'parent':
      return user.parent?.profileCompleted !== true;
    default:
      // Admins and users without a main role are never forced.
      return false;
  }
}

export function hasAnyRole(user: User, wanted: readonly RouteRole[]): boolean {
  return user.roles.some((role) => (wanted as readonly string[]).includes(role.name));
}

/** Where a signed-in user's own pages start: an admin's on the admin overview, everyone else's on the feed. */
export function homePathFor(user: User): string {
  return hasAnyRole(user, ['admin']) ? ADMIN_HOME_PATH : WORKSPACE_PATH;
}

/** The completion screen of the user's main role, or null (admin). */
export function completionPathFor(user: User): string | null {
  return user.mainRole ? COMPLETION_PATHS[user.mainRole][0] : null;
}

/** A same-site path to go to after sign-in, or null. Sign-out is refused: it would undo the sign-in. */
export function safeRedirect(value: unknown): string | null {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return null;
  }
  return pathnameOf(value) === SIGN_OUT_PATH ? null : value;
}

/** The `redirect` query value of a full path, if any. */
export function redirectQueryOf(fullPath: string): string | null {
  const start = fullPath.indexOf('?');
  if (start === -1) return null;
  const query = fullPath.slice(start + 1).split('#')[0] ?? '';
  return new URLSearchParams(query).get('redirect');
}

function decideOnce(user: User | null, fullPath: string): AccessDecision {
  const { route } = matchRoute(fullPath);
  const pathname = pathnameOf(fullPath);

  if (!user) {
    if (route.access === 'public' || route.access === 'guest') return { type: 'allow' };
    // Nothing to come back to after signing in through /sign-out.
    if (route.name === 'signOut') return { type: 'redirect', to: SIGN_IN_PATH };
    return { type: 'redirect', to: signInPathFor(fullPath) };
  }

  const home = homePathFor(user);
  if (route.access === 'guest') return { type: 'redirect', to: home };
  if (route.name === 'signOut') return { type: 'allow' };

  // SPEC §2: an incomplete profile is held on its completion screen on every route, public pages too.
  if (isProfileIncomplete(user) && user.mainRole) {
    const own: readonly string[] = COMPLETION_PATHS[user.mainRole];
    if (own.includes(pathname)) return { type: 'allow' };
    return { type: 'redirect', to: own[0] ?? home };
  }

  if (route.access === 'public') return { type: 'allow' };
  if (route.access === 'completion') return { type: 'redirect', to: home };
  // Teaching and admin screens (issue 10): someone without the role lands on their own home.
  if ('roles' in route && !hasAnyRole(user, route.roles)) return { type: 'redirect', to: home };
  return { type: 'allow' };
}

/**
 * Where a user may be. A redirect always names a path the same user is allowed on, so one
 * navigation settles it (e.g. an incomplete student on /sign-in goes straight to /student).
 */
export function decideAccess(user: User | null, fullPath: string): AccessDecision {
  let decision = decideOnce(user, fullPath);
  for (let hops = 0; decision.type === 'redirect' && hops < 3; hops++) {
    const next = decideOnce(user, decision.to);
    if (next.type === 'allow') return decision;
    decision = next;
  }
  return decision;
}

/** The path a decision settles on. */
export function destinationOf(user: User | null, fullPath: string): string {
  const decision = decideAccess(user, fullPath);
  return decision.type === 'allow' ? fullPath : decision.to;
}
