import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteName } from '@/machines/routes';

// One lazy chunk per screen (route-level code splitting): a visitor on a public page never
// downloads workspace or completion code. Workspace placeholder screens share one chunk.
type Page = LazyExoticComponent<ComponentType>;

const workspacePlaceholder = (name: keyof typeof import('./pages/workspace/workspace-placeholders')): Page =>
  lazy(() => import('./pages/workspace/workspace-placeholders').then((m) => ({ default: m[name] })));

const teacherProfile: Page = lazy(() => import('./pages/completion/teacher-profile-page'));

export const PAGES: Record<RouteName, Page> = {
  'web.home': lazy(() => import('./pages/public/home-page')),
  'web.lessons.view': lazy(() => import('./pages/public/lesson-view-page')),
  'web.lessons.show': lazy(() => import('./pages/public/lesson-view-page')),
  'web.classes': lazy(() => import('./pages/public/classes-page')),
  'web.questions': lazy(() => import('./pages/public/questions-page')),
  'web.teachers': lazy(() => import('./pages/public/teachers-page')),
  'web.search': lazy(() => import('./pages/public/search-page')),
  'web.about': lazy(() => import('./pages/public/about-page')),
  'web.plans': lazy(() => import('./pages/commerce/plans-page')),
  'web.faqs': lazy(() => import('./pages/public/faqs-page')),
  'web.terms': lazy(() => import('./pages/public/legal-pages').then((m) => ({ default: m.TermsPage }))),
  'web.privacy': lazy(() => import('./pages/public/legal-pages').then((m) => ({ default: m.PrivacyPage }))),
  'payments.return': lazy(() => import('./pages/commerce/payment-return-page')),
  notFound: lazy(() => import('./pages/public/not-found-page')),

  signIn: lazy(() => import('./pages/auth/sign-in-page')),
  signUp: lazy(() => import('./pages/auth/sign-up-page')),
  forgotPassword: lazy(() => import('./pages/auth/forgot-password-page')),
  passwordReset: lazy(() => import('./pages/auth/password-reset-page')),
  signOut: lazy(() => import('./pages/auth/sign-out-page')),

  'activity-feed': lazy(() => import('./pages/workspace/activity-feed-page')),
  'profile-setting': lazy(() => import('./pages/workspace/profile-setting-page')),
  profile: lazy(() => import('./pages/workspace/profile-setting-page')),
  questions: lazy(() => import('./pages/questions/my-questions-page')),
  'questions.ask': lazy(() => import('./pages/questions/ask-question-page')),
  'questions.show': lazy(() => import('./pages/questions/question-show-page')),
  'lessons.booking': workspacePlaceholder('LessonBookingsPage'),
  'lessons.class': workspacePlaceholder('LessonClassPage'),
  'lessons.show': workspacePlaceholder('LessonShowPage'),
  classes: workspacePlaceholder('ClassesPage'),
  'classes.show': workspacePlaceholder('ClassShowPage'),
  timetable: workspacePlaceholder('TimetablePage'),
  wallet: lazy(() => import('./pages/commerce/wallet-page')),
  'grade-levels': lazy(() => import('./pages/catalogue/grade-levels-page')),
  'grade-levels.show': lazy(() => import('./pages/catalogue/grade-level-show-page')),
  curricula: lazy(() => import('./pages/catalogue/curricula-page')),
  'curricula.show': lazy(() => import('./pages/catalogue/curriculum-show-page')),
  subjects: lazy(() => import('./pages/catalogue/subjects-page')),
  'subjects.show': lazy(() => import('./pages/catalogue/subject-show-page')),
  teacher: teacherProfile,

  'complete-profile.parent': lazy(() => import('./pages/completion/parent-profile-page')),
  'complete-profile.student': lazy(() => import('./pages/completion/student-profile-page')),
  'complete-profile.teacher': teacherProfile,
};
