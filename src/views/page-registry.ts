import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteName } from '@/machines/routes';

// One lazy chunk per screen (route-level code splitting): a visitor on a public page never
// downloads workspace or completion code. Workspace placeholder screens share one chunk.
// `preload()` starts fetching a page's chunk (and the chunks it will ask for next) before React
// renders it, so a cold start downloads the layout and the page in parallel instead of one by one.
export type Page = LazyExoticComponent<ComponentType> & { preload: () => void };

type Loader = () => Promise<{ default: ComponentType }>;

function page(load: Loader, ...next: Array<() => Promise<unknown>>): Page {
  const component = lazy(load) as Page;
  component.preload = () => {
    for (const start of [load, ...next]) start().catch(() => undefined);
  };
  return component;
}

const workspacePlaceholder = (name: keyof typeof import('./pages/workspace/workspace-placeholders')): Page =>
  page(() => import('./pages/workspace/workspace-placeholders').then((m) => ({ default: m[name] })));

const teacherProfile: Page = page(() => import('./pages/completion/teacher-profile-page'));

export const PAGES: Record<RouteName, Page> = {
  // The home page lazily loads its data sections; start that chunk with the page.
  'web.home': page(
    () => import('./pages/public/home-page'),
    () => import('./pages/public/home-sections'),
  ),
  'web.lessons.view': page(() => import('./pages/public/lesson-view-page')),
  'web.lessons.show': page(() => import('./pages/public/lesson-view-page')),
  'web.classes': page(() => import('./pages/public/classes-page')),
  'web.questions': page(() => import('./pages/public/questions-page')),
  'web.teachers': page(() => import('./pages/public/teachers-page')),
  'web.search': page(() => import('./pages/public/search-page')),
  'web.about': page(() => import('./pages/public/about-page')),
  'web.plans': page(() => import('./pages/commerce/plans-page')),
  'web.faqs': page(() => import('./pages/public/faqs-page')),
  'web.terms': page(() => import('./pages/public/legal-pages').then((m) => ({ default: m.TermsPage }))),
  'web.privacy': page(() => import('./pages/public/legal-pages').then((m) => ({ default: m.PrivacyPage }))),
  'payments.return': page(() => import('./pages/commerce/payment-return-page')),
  notFound: page(() => import('./pages/public/not-found-page')),

  signIn: page(() => import('./pages/auth/sign-in-page')),
  signUp: page(() => import('./pages/auth/sign-up-page')),
  forgotPassword: page(() => import('./pages/auth/forgot-password-page')),
  passwordReset: page(() => import('./pages/auth/password-reset-page')),
  signOut: page(() => import('./pages/auth/sign-out-page')),

  'activity-feed': page(() => import('./pages/workspace/activity-feed-page')),
  'profile-setting': page(() => import('./pages/workspace/profile-setting-page')),
  profile: page(() => import('./pages/workspace/profile-setting-page')),
  questions: page(() => import('./pages/questions/my-questions-page')),
  'questions.ask': page(() => import('./pages/questions/ask-question-page')),
  'questions.show': page(() => import('./pages/questions/question-show-page')),
  'lessons.booking': workspacePlaceholder('LessonBookingsPage'),
  'lessons.class': workspacePlaceholder('LessonClassPage'),
  'lessons.show': workspacePlaceholder('LessonShowPage'),
  classes: workspacePlaceholder('ClassesPage'),
  'classes.show': workspacePlaceholder('ClassShowPage'),
  timetable: workspacePlaceholder('TimetablePage'),
  wallet: page(() => import('./pages/commerce/wallet-page')),
  'grade-levels': page(() => import('./pages/catalogue/grade-levels-page')),
  'grade-levels.show': page(() => import('./pages/catalogue/grade-level-show-page')),
  curricula: page(() => import('./pages/catalogue/curricula-page')),
  'curricula.show': page(() => import('./pages/catalogue/curriculum-show-page')),
  subjects: page(() => import('./pages/catalogue/subjects-page')),
  'subjects.show': page(() => import('./pages/catalogue/subject-show-page')),
  teacher: teacherProfile,

  'complete-profile.parent': page(() => import('./pages/completion/parent-profile-page')),
  'complete-profile.student': page(() => import('./pages/completion/student-profile-page')),
  'complete-profile.teacher': teacherProfile,
};
