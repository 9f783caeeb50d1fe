import { describe, expect, it } from 'vitest';
import {
  completionPathFor,
  decideAccess,
  homePathFor,
  isProfileIncomplete,
  safeRedirect,
} from '@/machines/route-guard';
import { matchRoute, pathFor, routes, type RouteName } from '@/shared/routes';
import { decodeUser, type User } from '@/services/schemas/user';

function user(role: string, extra: Record<string, unknown> = {}): User {
  return decodeUser({ id: 1, email: `${role}@example.com`, roles: [{ id: 1, name: role }], ...extra });
}

const people: Record<string, User | null> = {
  'signed out': null,
  'student, complete': user('student', { student: { id: 1, profile_completed: true } }),
  'student, incomplete': user('student', { student: { id: 1, profile_completed: false } }),
  'teacher, new': user('teacher', { teacher: { id: 1, status: 'new' } }),
  'teacher, declined': user('teacher', { teacher: { id: 1, status: 'declined' } }),
  'teacher, pending': user('teacher', { teacher: { id: 1, status: 'pending' } }),
  'parent, incomplete': user('parent', { parent: { id: 1 } }),
  admin: user('admin'),
};

// Where each incomplete profile belongs (SPEC §2, §4).
const completionScreens: Record<string, string[]> = {
  'student, incomplete': ['/student'],
  'teacher, new': ['/complete-profile/teacher', '/teacher'],
  'teacher, declined': ['/complete-profile/teacher', '/teacher'],
  'parent, incomplete': ['/parent'],
};

const sampleParams: Record<string, string> = {
  code: 'LSN-4821',
  id: '42',
  token: 'reset-token',
  slug: 'cbc',
};

/** A concrete path per route, with a query so the redirect keeps the full path. */
function samplePath(name: RouteName, path: string): string {
  const params = Object.fromEntries(
    [...path.matchAll(/:(\w+)/g)].map(([, key]) => [key, sampleParams[key ?? ''] ?? 'x']),
  );
  return `${pathFor(name, params)}${name === 'web.search' ? '?q=maths' : ''}`;
}

type Expected = { type: 'allow' } | { type: 'redirect'; to: string };

/** The rules of docs/architecture.md written out independently of the implementation. */
function expected(
  person: string,
  access: string,
  name: string,
  path: string,
  roles?: readonly string[],
): Expected {
  const allow: Expected = { type: 'allow' };
  if (person === 'signed out') {
    if (access === 'public' || access === 'guest') return allow;
    if (name === 'signOut') return { type: 'redirect', to: '/sign-in' };
    return { type: 'redirect', to: `/sign-in?redirect=${encodeURIComponent(path)}` };
  }
  const own = completionScreens[person];
  if (own) {
    // SPEC §2: an incomplete profile is held on its completion screen everywhere, public pages too.
    if (name === 'signOut' || own.includes(path)) return allow;
    return { type: 'redirect', to: own[0] ?? '' };
  }
  // An admin's own pages start at the admin overview, everyone else's at the workspace feed.
  const home = person === 'admin' ? '/admin' : '/workspace';
  if (access === 'guest' || access === 'completion') return { type: 'redirect', to: home };
  // Teaching and admin screens: the person's role (the first word of the key) must be listed.
  const role = person.split(',')[0] ?? '';
  if (roles && !roles.includes(role)) return { type: 'redirect', to: home };
  return allow;
}

const cases = routes.flatMap((route) =>
  Object.keys(people).map((person) => {
    const path = samplePath(route.name, route.path);
    // Two names share /questions (public page, own list): the path's first route decides access.
    const matched = matchRoute(path).route;
    const roles = 'roles' in matched ? matched.roles : undefined;
    return [route.name, path, person, expected(person, matched.access, route.name, path, roles)] as const;
  }),
);

describe('decideAccess', () => {
  it.each(cases)('%s (%s) for %s', (_, path, person, outcome) => {
    expect(decideAccess(people[person] ?? null, path)).toEqual(outcome);
  });

  it('sends a visitor of an unknown page to the not-found page, not to sign-in', () => {
    expect(decideAccess(null, '/no/such/page')).toEqual({ type: 'allow' });
    expect(matchRoute('/no/such/page').route.name).toBe('notFound');
  });

  it('holds an incomplete profile on its completion screen on public pages too, but lets it sign out', () => {
    const student = people['student, incomplete'] ?? null;
    expect(decideAccess(student, '/')).toEqual({ type: 'redirect', to: '/student' });
    expect(decideAccess(student, '/classes')).toEqual({ type: 'redirect', to: '/student' });
    expect(decideAccess(student, '/sign-out')).toEqual({ type: 'allow' });
  });

  it("sends an admin to the admin overview as their home, not to the learners' feed", () => {
    const admin = people.admin ?? null;
    expect(admin && homePathFor(admin)).toBe('/admin');
    expect(decideAccess(admin, '/sign-in')).toEqual({ type: 'redirect', to: '/admin' });
    expect(homePathFor(people['student, complete'] as User)).toBe('/workspace');
  });

  it('keeps the query of the wanted page in the redirect', () => {
    expect(decideAccess(null, '/classes/show/4/upcoming?page=2')).toEqual({
      type: 'redirect',
      to: '/sign-in?redirect=%2Fclasses%2Fshow%2F4%2Fupcoming%3Fpage%3D2',
    });
  });
});

describe('routes', () => {
  it('matches parameters, including an optional one', () => {
    expect(matchRoute('/lessons/view/LSN-1')).toMatchObject({
      route: { name: 'web.lessons.view' },
      params: { code: 'LSN-1' },
    });
    expect(matchRoute('/classes/show/7')).toMatchObject({
      route: { name: 'classes.show' },
      params: { id: '7' },
    });
    expect(matchRoute('/classes/show/7/past?x=1')).toMatchObject({ params: { id: '7', filter: 'past' } });
    expect(matchRoute('/lessons/show').route.name).toBe('web.lessons.show');
    expect(matchRoute('/lessons/show/ABC').route.name).toBe('lessons.show');
    expect(matchRoute('/sign-up/').route.name).toBe('signUp');
    expect(matchRoute('/questions').route.name).toBe('web.questions');
  });

  it('builds paths by name', () => {
    expect(pathFor('activity-feed')).toBe('/workspace');
    expect(pathFor('profile')).toBe('/profile-setting');
    expect(pathFor('classes.show', { id: '3' })).toBe('/classes/show/3');
    expect(pathFor('classes.show', { id: '3', filter: 'ongoing' })).toBe('/classes/show/3/ongoing');
    expect(pathFor('passwordReset', { token: 'a b' })).toBe('/password-reset/a%20b');
    expect(() => pathFor('questions.show')).toThrow(/id/);
  });
});

describe('profile completion', () => {
  it('names the completion screen of the main role', () => {
    expect(completionPathFor(people['student, incomplete'] as User)).toBe('/student');
    expect(completionPathFor(people['parent, incomplete'] as User)).toBe('/parent');
    expect(completionPathFor(people['teacher, new'] as User)).toBe('/complete-profile/teacher');
    expect(completionPathFor(people.admin as User)).toBeNull();
  });

  it('treats a missing student record as incomplete and an approved teacher as complete', () => {
    expect(isProfileIncomplete(user('student'))).toBe(true);
    expect(isProfileIncomplete(user('teacher', { teacher: { id: 1, status: 'approved' } }))).toBe(false);
    expect(isProfileIncomplete(people.admin as User)).toBe(false);
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/profile-setting', '/profile-setting'],
    ['/classes/show/4?tab=notes', '/classes/show/4?tab=notes'],
    ['//evil.example.com', null],
    ['/\\evil.example.com', null],
    ['https://evil.example.com', null],
    ['/sign-out', null],
    [null, null],
  ])('%s → %s', (value, result) => {
    expect(safeRedirect(value)).toBe(result);
  });
});
