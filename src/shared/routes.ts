// The route table of SPEC §2 (docs/architecture.md "Routes"). Views render by route name; the
// session machine decides access from `access`. It sits in shared/ because the server reads it too:
// it answers a page request with the HTML that preloads the route's layout and screen chunks
// (`screen`) and carries the answers to its first API calls (`data`), see server/spa.ts.

export type RouteAccess = 'public' | 'guest' | 'auth' | 'completion';
export type RouteLayout = 'public' | 'auth' | 'workspace' | 'completion' | 'none';

export type RouteDefinition = {
  readonly name: string;
  /** wouter-style pattern: `:param` segments, a trailing `?` makes one optional. */
  readonly path: string;
  readonly layout: RouteLayout;
  readonly access: RouteAccess;
  /**
   * The module under src/views/pages that renders the route (no extension), with `#Export` when the
   * screen is a named export of a module holding several.
   */
  readonly screen: string;
  /**
   * The screen, with the public layout, needs only Mantine's public stylesheet
   * (src/views/styles/public.css); every other screen loads the full one with its code.
   */
  readonly lightStyles?: boolean;
  /**
   * The GET calls the screen makes as it first renders, answered inside the HTML: a visitor's answers
   * on a public route, the signed-in user's own on a protected one (server/spa.ts).
   */
  readonly data?: readonly RouteData[];
  /**
   * signedin (issue 27): a protected screen the server renders from the signed-in user's answers
   * (its `data`), hydrated by the browser, as the landing pages are.
   */
  readonly serverRendered?: boolean;
  /** Only users holding one of these roles may open the route; the guard sends others to /workspace. */
  readonly roles?: readonly RouteRole[];
};

export type RouteRole = 'student' | 'parent' | 'teacher' | 'admin';

/** One first API call of a screen: `query` lists the page's own query keys the call passes on. */
export type RouteData = {
  readonly path: string;
  readonly query?: readonly string[];
  /** The page is the resource: when this call answers 404, the page answers 404 with the not-found page. */
  readonly required?: boolean;
  /**
   * signedin (issue 27): the call's `from`/`to` (and `student_id`) are the timetable's range for the
   * page's query, as the timetable screen computes them (src/shared/timetable-place.ts).
   */
  readonly timetableRange?: boolean;
  /** signedin (issue 27): values the screen sends for keys the page's URL leaves out (a list's default tab). */
  readonly defaults?: Readonly<Record<string, string>>;
};

/** The filters of the public classes list (`/classes?subject=…`), passed on to `GET /api/web/classes`. */
export const CLASS_FILTER_KEYS = [
  'curriculum',
  'grade_level',
  'subject',
  'type',
  'from',
  'to',
  'min_price',
  'max_price',
] as const;
const CLASS_LIST_QUERY = [...CLASS_FILTER_KEYS, 'page', 'per_page'] as const;

// Order matters where two names share a path: the first one wins in `matchRoute`
// (`web.questions` before `questions`, `profile-setting` before `profile`).
export const routes = [
  {
    name: 'web.home',
    path: '/',
    layout: 'public',
    access: 'public',
    screen: 'public/home-page',
    lightStyles: true,
    data: [{ path: '/api/web' }],
  },
  {
    name: 'web.lessons.view',
    path: '/lessons/view/:code',
    layout: 'public',
    access: 'public',
    screen: 'public/lesson-view-page',
    lightStyles: true,
    data: [{ path: '/api/web/lessons/:code', required: true }],
  },
  {
    name: 'web.lessons.show',
    path: '/lessons/show',
    layout: 'public',
    access: 'public',
    screen: 'public/lesson-view-page',
    lightStyles: true,
  },
  {
    name: 'web.classes',
    path: '/classes',
    layout: 'public',
    access: 'public',
    screen: 'public/classes-page',
    lightStyles: true,
    // The filters' options are not here: a phone shows them only when asked (classes-page.tsx).
    data: [{ path: '/api/web/classes', query: CLASS_LIST_QUERY }],
  },
  // classpage (issue 24): a class's own public page, which the public class cards open; signed-in
  // users see it too (their workspace class cards keep opening `classes.show`).
  {
    name: 'web.classes.view',
    path: '/classes/view/:id',
    layout: 'public',
    access: 'public',
    screen: 'public/class-view-page',
    lightStyles: true,
    data: [{ path: '/api/web/classes/:id', required: true }],
  },
  {
    name: 'web.questions',
    path: '/questions',
    layout: 'public',
    access: 'public',
    screen: 'public/questions-page',
  },
  {
    name: 'web.teachers',
    path: '/teachers',
    layout: 'public',
    access: 'public',
    screen: 'public/teachers-page',
  },
  // profile (issue 25): a teacher's public profile, a landing page rendered on the server.
  {
    name: 'web.teachers.show',
    path: '/teachers/:id/:slug?',
    layout: 'public',
    access: 'public',
    screen: 'public/teacher-profile-page',
    lightStyles: true,
    data: [{ path: '/api/web/teachers/:id', required: true }],
  },
  // catalog (issue 24): the subjects and a question with its answers are readable by visitors too;
  // a signed-in user gets the same screen in the workspace (SIGNED_IN_FACES).
  {
    name: 'web.subjects',
    path: '/subjects',
    layout: 'public',
    access: 'public',
    screen: 'catalogue/subjects-page',
  },
  {
    name: 'web.subjects.show',
    path: '/subjects/show/:slug',
    layout: 'public',
    access: 'public',
    screen: 'catalogue/subject-show-page',
  },
  {
    name: 'web.questions.show',
    path: '/questions/show/:id',
    layout: 'public',
    access: 'public',
    screen: 'questions/question-show-page',
  },
  { name: 'web.search', path: '/search', layout: 'public', access: 'public', screen: 'public/search-page' },
  { name: 'web.about', path: '/about', layout: 'public', access: 'public', screen: 'public/about-page' },
  { name: 'web.plans', path: '/plans', layout: 'public', access: 'public', screen: 'commerce/plans-page' },
  { name: 'web.faqs', path: '/faqs', layout: 'public', access: 'public', screen: 'public/faqs-page' },
  {
    name: 'web.terms',
    path: '/terms',
    layout: 'public',
    access: 'public',
    screen: 'public/legal-pages#TermsPage',
  },
  {
    name: 'web.privacy',
    path: '/privacy',
    layout: 'public',
    access: 'public',
    screen: 'public/legal-pages#PrivacyPage',
  },
  {
    name: 'payments.return',
    path: '/payments/return',
    layout: 'public',
    access: 'public',
    screen: 'commerce/payment-return-page',
  },
  {
    name: 'notFound',
    path: '/page-not-found',
    layout: 'public',
    access: 'public',
    screen: 'public/not-found-page',
  },

  { name: 'signIn', path: '/sign-in', layout: 'auth', access: 'guest', screen: 'auth/sign-in-page' },
  { name: 'signUp', path: '/sign-up', layout: 'auth', access: 'guest', screen: 'auth/sign-up-page' },
  {
    name: 'forgotPassword',
    path: '/forgot-password',
    layout: 'auth',
    access: 'guest',
    screen: 'auth/forgot-password-page',
  },
  {
    name: 'passwordReset',
    path: '/password-reset/:token',
    layout: 'auth',
    access: 'guest',
    screen: 'auth/password-reset-page',
  },
  { name: 'signOut', path: '/sign-out', layout: 'none', access: 'auth', screen: 'auth/sign-out-page' },

  {
    name: 'activity-feed',
    path: '/workspace',
    layout: 'workspace',
    access: 'auth',
    screen: 'workspace/activity-feed-page',
    data: [{ path: '/api/activities', query: ['page'] }],
    serverRendered: true,
  },
  {
    name: 'profile-setting',
    path: '/profile-setting',
    layout: 'workspace',
    access: 'auth',
    screen: 'workspace/profile-setting-page',
  },
  {
    name: 'profile',
    path: '/profile-setting',
    layout: 'workspace',
    access: 'auth',
    screen: 'workspace/profile-setting-page',
  },
  {
    name: 'questions',
    path: '/questions',
    layout: 'workspace',
    access: 'auth',
    screen: 'questions/my-questions-page',
  },
  {
    name: 'questions.ask',
    path: '/questions/ask',
    layout: 'workspace',
    access: 'auth',
    screen: 'questions/ask-question-page',
  },
  {
    name: 'questions.show',
    path: '/questions/show/:id',
    layout: 'workspace',
    access: 'auth',
    screen: 'questions/question-show-page',
  },
  {
    name: 'lessons.booking',
    path: '/lessons/booking',
    layout: 'workspace',
    access: 'auth',
    screen: 'lessons/lesson-bookings-page',
    data: [{ path: '/api/lessons/bookings', query: ['filter', 'student_id', 'page', 'per_page'] }],
    serverRendered: true,
  },
  {
    name: 'lessons.class',
    path: '/lessons/class/:code',
    layout: 'workspace',
    access: 'auth',
    screen: 'lessons/class-lessons-page#ClassByCodePage',
  },
  {
    name: 'lessons.show',
    path: '/lessons/show/:code',
    layout: 'workspace',
    access: 'auth',
    screen: 'lessons/lesson-show-page',
    data: [{ path: '/api/lessons/show/:code' }],
    serverRendered: true,
  },
  {
    name: 'lessons.live',
    path: '/lessons/live/:code',
    layout: 'workspace',
    access: 'auth',
    screen: 'lessons/classroom-page',
  },
  {
    name: 'classes',
    path: '/workspace/classes',
    layout: 'workspace',
    access: 'auth',
    screen: 'lessons/learner-classes-page',
    // The first tab, as the screen asks for it (lessons-screens.ts `learnerClassesLoader`).
    data: [
      {
        path: '/api/student/classes',
        query: ['filter', 'student_id', 'page', 'per_page'],
        defaults: { filter: 'upcoming' },
      },
    ],
    serverRendered: true,
  },
  {
    name: 'classes.show',
    path: '/classes/show/:id/:filter?',
    layout: 'workspace',
    access: 'auth',
    screen: 'lessons/class-lessons-page#ClassShowPage',
  },
  {
    name: 'timetable',
    path: '/timetable',
    layout: 'workspace',
    access: 'auth',
    screen: 'timetable/timetable-page',
    data: [{ path: '/api/timetable', timetableRange: true }],
    serverRendered: true,
  },
  {
    name: 'lessons.find',
    path: '/lessons/find',
    layout: 'workspace',
    access: 'auth',
    screen: 'lessons/find-lessons-page',
  },
  {
    name: 'notifications',
    path: '/notifications',
    layout: 'workspace',
    access: 'auth',
    screen: 'workspace/notifications-page',
  },
  { name: 'wallet', path: '/wallet', layout: 'workspace', access: 'auth', screen: 'commerce/wallet-page' },
  // Issue 23: a teacher's monthly statement, print-friendly (`:month` is YYYY-MM).
  {
    name: 'wallet.statement',
    path: '/wallet/statement/:month',
    layout: 'workspace',
    access: 'auth',
    roles: ['teacher'],
    screen: 'commerce/statement-page',
  },
  {
    name: 'grade-levels',
    path: '/grade-levels',
    layout: 'workspace',
    access: 'auth',
    screen: 'catalogue/grade-levels-page',
  },
  {
    name: 'grade-levels.show',
    path: '/grade-levels/show/:slug',
    layout: 'workspace',
    access: 'auth',
    screen: 'catalogue/grade-level-show-page',
  },
  {
    name: 'curricula',
    path: '/curricula',
    layout: 'workspace',
    access: 'auth',
    screen: 'catalogue/curricula-page',
  },
  {
    name: 'curricula.show',
    path: '/curricula/show/:slug',
    layout: 'workspace',
    access: 'auth',
    screen: 'catalogue/curriculum-show-page',
  },
  {
    name: 'subjects',
    path: '/subjects',
    layout: 'workspace',
    access: 'auth',
    screen: 'catalogue/subjects-page',
  },
  {
    name: 'subjects.show',
    path: '/subjects/show/:slug',
    layout: 'workspace',
    access: 'auth',
    screen: 'catalogue/subject-show-page',
  },
  // Teaching (issue 10, docs/teaching-admin.md): teachers only.
  {
    name: 'teaching.lessons',
    path: '/teaching/lessons',
    layout: 'workspace',
    access: 'auth',
    roles: ['teacher'],
    screen: 'teaching/teacher-lessons-page',
    // The first tab (teaching-service.ts `fetchTeacherLessons`), and whether the teacher may create lessons.
    data: [
      {
        path: '/api/teacher/lessons',
        query: ['filter', 'page', 'per_page'],
        defaults: { filter: 'upcoming' },
      },
      { path: '/api/teacher/lessons/create' },
    ],
    serverRendered: true,
  },
  {
    name: 'teaching.lessons.create',
    path: '/teaching/lessons/create',
    layout: 'workspace',
    access: 'auth',
    roles: ['teacher'],
    screen: 'teaching/lesson-form-page#CreateLessonPage',
  },
  {
    name: 'teaching.lessons.edit',
    path: '/teaching/lessons/edit/:id',
    layout: 'workspace',
    access: 'auth',
    roles: ['teacher'],
    screen: 'teaching/lesson-form-page#EditLessonPage',
  },
  {
    name: 'teaching.classes',
    path: '/teaching/classes',
    layout: 'workspace',
    access: 'auth',
    roles: ['teacher'],
    screen: 'teaching/teacher-classes-page',
  },
  {
    name: 'teaching.classes.create',
    path: '/teaching/classes/create',
    layout: 'workspace',
    access: 'auth',
    roles: ['teacher'],
    screen: 'teaching/class-form-page#CreateClassPage',
  },
  {
    name: 'teaching.classes.edit',
    path: '/teaching/classes/edit/:id',
    layout: 'workspace',
    access: 'auth',
    roles: ['teacher'],
    screen: 'teaching/class-form-page#EditClassPage',
  },
  {
    name: 'teaching.classes.show',
    path: '/teaching/classes/show/:id',
    layout: 'workspace',
    access: 'auth',
    roles: ['teacher'],
    screen: 'teaching/teacher-class-page',
  },
  // Issue 25 (reviews): the teacher's reviews, to reply to.
  {
    name: 'teaching.reviews',
    path: '/teaching/reviews',
    layout: 'workspace',
    access: 'auth',
    roles: ['teacher'],
    screen: 'reviews/teacher-reviews-page',
  },
  // Administration (issue 10): admins only; the role is not shown anywhere else (SPEC §1).
  {
    name: 'admin',
    path: '/admin',
    layout: 'workspace',
    access: 'auth',
    roles: ['admin'],
    screen: 'admin/admin-overview-page',
  },
  {
    name: 'admin.teachers',
    path: '/admin/teachers',
    layout: 'workspace',
    access: 'auth',
    roles: ['admin'],
    screen: 'admin/admin-teachers-page',
  },
  {
    name: 'admin.lessons',
    path: '/admin/lessons',
    layout: 'workspace',
    access: 'auth',
    roles: ['admin'],
    screen: 'admin/admin-approvals-page#AdminLessonsPage',
  },
  {
    name: 'admin.classes',
    path: '/admin/classes',
    layout: 'workspace',
    access: 'auth',
    roles: ['admin'],
    screen: 'admin/admin-approvals-page#AdminClassesPage',
  },
  {
    name: 'admin.payments',
    path: '/admin/payments',
    layout: 'workspace',
    access: 'auth',
    roles: ['admin'],
    screen: 'admin/admin-payments-page',
  },
  // Issue 23: the money desk (withdrawals by status, commission by month, the review queue).
  {
    name: 'admin.money',
    path: '/admin/money',
    layout: 'workspace',
    access: 'auth',
    roles: ['admin'],
    screen: 'admin/admin-money-page',
  },
  // Issue 22: learners' reports of a lesson that went wrong, decided by an admin.
  {
    name: 'admin.reports',
    path: '/admin/reports',
    layout: 'workspace',
    access: 'auth',
    roles: ['admin'],
    screen: 'admin/admin-reports-page',
  },
  // Issue 25 (reviews): reported reviews, hidden or kept by an admin.
  {
    name: 'admin.reviews',
    path: '/admin/reviews',
    layout: 'workspace',
    access: 'auth',
    roles: ['admin'],
    screen: 'reviews/admin-reviews-page',
  },
  {
    name: 'admin.users',
    path: '/admin/users',
    layout: 'workspace',
    access: 'auth',
    roles: ['admin'],
    screen: 'admin/admin-users-page',
  },
  {
    name: 'admin.catalogue',
    path: '/admin/catalogue/:kind?',
    layout: 'workspace',
    access: 'auth',
    roles: ['admin'],
    screen: 'admin/admin-catalogue-page',
  },
  // msgclient (issue 25): conversations between learners (or parents) and teachers; admins read the
  // reported ones only.
  {
    name: 'messages',
    path: '/messages/:threadId?',
    layout: 'workspace',
    access: 'auth',
    roles: ['student', 'parent', 'teacher'],
    screen: 'messages/messages-page',
  },
  {
    name: 'admin.messages',
    path: '/admin/messages/:threadId?',
    layout: 'workspace',
    access: 'auth',
    roles: ['admin'],
    screen: 'admin/admin-messages-page',
  },
  // The teacher profile screen in the workspace wrapper; the guard lets a teacher in at both paths.
  {
    name: 'teacher',
    path: '/teacher',
    layout: 'workspace',
    access: 'auth',
    screen: 'completion/teacher-profile-page',
  },

  {
    name: 'complete-profile.parent',
    path: '/parent',
    layout: 'completion',
    access: 'completion',
    screen: 'completion/parent-profile-page',
  },
  {
    name: 'complete-profile.student',
    path: '/student',
    layout: 'completion',
    access: 'completion',
    screen: 'completion/student-profile-page',
  },
  {
    name: 'complete-profile.teacher',
    path: '/complete-profile/teacher',
    layout: 'completion',
    access: 'completion',
    screen: 'completion/teacher-profile-page',
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

/**
 * Public paths with two faces: a visitor gets the public route, a signed-in user the workspace
 * route of the same path (`/questions`: the public list, or the own questions).
 */
export const SIGNED_IN_FACES: Partial<Record<RouteName, RouteName>> = {
  'web.questions': 'questions',
  'web.subjects': 'subjects',
  'web.subjects.show': 'subjects.show',
  'web.questions.show': 'questions.show',
};

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

export const SIGN_IN_PATH = '/sign-in';

/** The sign-in page that brings the user back to `wanted` (a full path) once signed in. */
export function signInPathFor(wanted: string): string {
  return `${SIGN_IN_PATH}?redirect=${encodeURIComponent(wanted)}`;
}

/** Path without query or hash. */
export function pathnameOf(fullPath: string): string {
  const end = fullPath.search(/[?#]/);
  const pathname = end === -1 ? fullPath : fullPath.slice(0, end);
  return pathname || '/';
}

/**
 * Paths the server answers itself, never the SPA: the API, the CSRF cookie, development pages and
 * the payment sandboxes' pages and the private calendar feeds. The SPA loads them as whole pages (after sign-in, for example).
 */
export const SERVER_PATH_PREFIXES = ['/api', '/sanctum', '/dev', '/sandbox', '/calendar'] as const;

export function isServerPath(fullPath: string): boolean {
  const pathname = pathnameOf(fullPath);
  return SERVER_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
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
