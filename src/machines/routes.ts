// The route table of SPEC §2 (docs/architecture.md "Routes"). Views render by route name; the
// session machine decides access from `access`.

export type RouteAccess = 'public' | 'guest' | 'auth' | 'completion';
export type RouteLayout = 'public' | 'auth' | 'workspace' | 'completion' | 'none';

export type RouteDefinition = {
  readonly name: string;
  /** wouter-style pattern: `:param` segments, a trailing `?` makes one optional. */
  readonly path: string;
  readonly layout: RouteLayout;
  readonly access: RouteAccess;
};

// Order matters where two names share a path: the first one wins in `matchRoute`
// (`web.questions` before `questions`, `profile-setting` before `profile`).
export const routes = [
  { name: 'web.home', path: '/', layout: 'public', access: 'public' },
  { name: 'web.lessons.view', path: '/lessons/view/:code', layout: 'public', access: 'public' },
  { name: 'web.lessons.show', path: '/lessons/show', layout: 'public', access: 'public' },
  { name: 'web.classes', path: '/classes', layout: 'public', access: 'public' },
  { name: 'web.questions', path: '/questions', layout: 'public', access: 'public' },
  { name: 'web.teachers', path: '/teachers', layout: 'public', access: 'public' },
  { name: 'web.search', path: '/search', layout: 'public', access: 'public' },
  { name: 'web.about', path: '/about', layout: 'public', access: 'public' },
  { name: 'web.plans', path: '/plans', layout: 'public', access: 'public' },
  { name: 'web.faqs', path: '/faqs', layout: 'public', access: 'public' },
  { name: 'web.terms', path: '/terms', layout: 'public', access: 'public' },
  { name: 'web.privacy', path: '/privacy', layout: 'public', access: 'public' },
  { name: 'payments.return', path: '/payments/return', layout: 'public', access: 'public' },
  { name: 'notFound', path: '/page-not-found', layout: 'public', access: 'public' },

  { name: 'signIn', path: '/sign-in', layout: 'auth', access: 'guest' },
  { name: 'signUp', path: '/sign-up', layout: 'auth', access: 'guest' },
  { name: 'forgotPassword', path: '/forgot-password', layout: 'auth', access: 'guest' },
  { name: 'passwordReset', path: '/password-reset/:token', layout: 'auth', access: 'guest' },
  { name: 'signOut', path: '/sign-out', layout: 'none', access: 'auth' },

  { name: 'activity-feed', path: '/workspace', layout: 'workspace', access: 'auth' },
  { name: 'profile-setting', path: '/profile-setting', layout: 'workspace', access: 'auth' },
  { name: 'profile', path: '/profile-setting', layout: 'workspace', access: 'auth' },
  { name: 'questions', path: '/questions', layout: 'workspace', access: 'auth' },
  { name: 'questions.ask', path: '/questions/ask', layout: 'workspace', access: 'auth' },
  { name: 'questions.show', path: '/questions/show/:id', layout: 'workspace', access: 'auth' },
  { name: 'lessons.booking', path: '/lessons/booking', layout: 'workspace', access: 'auth' },
  { name: 'lessons.class', path: '/lessons/class/:code', layout: 'workspace', access: 'auth' },
  { name: 'lessons.show', path: '/lessons/show/:code', layout: 'workspace', access: 'auth' },
  { name: 'classes', path: '/workspace/classes', layout: 'workspace', access: 'auth' },
  { name: 'classes.show', path: '/classes/show/:id/:filter?', layout: 'workspace', access: 'auth' },
  { name: 'timetable', path: '/timetable', layout: 'workspace', access: 'auth' },
  { name: 'wallet', path: '/wallet', layout: 'workspace', access: 'auth' },
  { name: 'grade-levels', path: '/grade-levels', layout: 'workspace', access: 'auth' },
  { name: 'grade-levels.show', path: '/grade-levels/show/:slug', layout: 'workspace', access: 'auth' },
  { name: 'curricula', path: '/curricula', layout: 'workspace', access: 'auth' },
  { name: 'curricula.show', path: '/curricula/show/:slug', layout: 'workspace', access: 'auth' },
  { name: 'subjects', path: '/subjects', layout: 'workspace', access: 'auth' },
  { name: 'subjects.show', path: '/subjects/show/:slug', layout: 'workspace', access: 'auth' },
  // The teacher profile screen in the workspace wrapper; the guard lets a teacher in at both paths.
  { name: 'teacher', path: '/teacher', layout: 'workspace', access: 'auth' },

  { name: 'complete-profile.parent', path: '/parent', layout: 'completion', access: 'completion' },
  { name: 'complete-profile.student', path: '/student', layout: 'completion', access: 'completion' },
  {
    name: 'complete-profile.teacher',
    path: '/complete-profile/teacher',
    layout: 'completion',
    access: 'completion',
  },
] as const satisfies readonly RouteDefinition[];

export type RouteName = (typeof routes)[number]['name'];
export type Route = (typeof routes)[number];
export type RouteParams = Record<string, string>;
export type RouteMatch = { route: Route; params: RouteParams };

const byName = new Map<string, Route>(routes.map((route) => [route.name, route]));

export function routeNamed(name: RouteName): Route {
  const route = byName.get(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

export const notFoundRoute = routeNamed('notFound');

function compile(path: string): { regex: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^:(\w+)(\?)?$/.exec(segment);
      if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      keys.push(param[1] ?? '');
      return param[2] ? '(?:/([^/]+))?' : '/([^/]+)';
    })
    .join('');
  return { regex: new RegExp(`^${source}/?$`), keys };
}

const compiled = routes.map((route) => ({ route, ...compile(route.path) }));

/** Path without query or hash. */
export function pathnameOf(fullPath: string): string {
  const end = fullPath.search(/[?#]/);
  const pathname = end === -1 ? fullPath : fullPath.slice(0, end);
  return pathname || '/';
}

/** The route of a path (query ignored), or the not-found route for any unknown path. */
export function matchRoute(path: string): RouteMatch {
  const pathname = pathnameOf(path);
  for (const { route, regex, keys } of compiled) {
    const found = regex.exec(pathname);
    if (!found) continue;
    const params: RouteParams = {};
    keys.forEach((key, index) => {
      const value = found[index + 1];
      if (value !== undefined) params[key] = safeDecode(value);
    });
    return { route, params };
  }
  return { route: notFoundRoute, params: {} };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `pathFor('classes.show', {id: '4'})` → `/classes/show/4`; a missing optional param is dropped. */
export function pathFor(name: RouteName, params: RouteParams = {}): string {
  const route = routeNamed(name);
  const segments = route.path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^:(\w+)(\?)?$/.exec(segment);
      if (!param) return [segment];
      const value = params[param[1] ?? ''];
      if (value === undefined || value === '') {
        if (param[2]) return [];
        throw new Error(`Route ${name} needs the parameter ${param[1]}`);
      }
      return [encodeURIComponent(value)];
    });
  return `/${segments.join('/')}`;
}
