import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteName } from '@/machines/routes';

// One lazy chunk per screen (route-level code splitting): a visitor on a public page never
// downloads workspace or completion code. Placeholder screens share one chunk per area.
type Page = LazyExoticComponent<ComponentType>;

const publicPlaceholder = (name: keyof typeof import('./pages/public/public-placeholders')): Page =>
  lazy(() => import('./pages/public/public-placeholders').then((m) => ({ default: m[name] })));
const workspacePlaceholder = (name: keyof typeof import('./pages/workspace/workspace-placeholders')): Page =>
  lazy(() => import('./pages/workspace/workspace-placeholders').then((m) => ({ default: m[name] })));

const teacherProfile: Page = lazy(() => import('./pages/completion/teacher-profile-page'));

export const PAGES: Record<RouteName, Page> = {
  'web.home': lazy(() => import('./pages/public/home-page')),
  'web.lessons.view': publicPlaceholder('LessonViewPage'),
  'web.lessons.show': publicPlaceholder('LessonShowPage'),
  'web.classes': publicPlaceholder('ClassesPage'),
  'web.questions': publicPlaceholder('QuestionsPage'),
  'web.teachers': publicPlaceholder('TeachersPage'),
  'web.search': publicPlaceholder('SearchPage'),
  'web.about': publicPlaceholder('AboutPage'),
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
  questions: workspacePlaceholder('MyQuestionsPage'),
  'questions.ask': workspacePlaceholder('AskQuestionPage'),
  'questions.show': workspacePlaceholder('QuestionShowPage'),
  'lessons.booking': workspacePlaceholder('LessonBookingsPage'),
  'lessons.class': workspacePlaceholder('LessonClassPage'),
  'lessons.show': workspacePlaceholder('LessonShowPage'),
  classes: workspacePlaceholder('ClassesPage'),
  'classes.show': workspacePlaceholder('ClassShowPage'),
  timetable: workspacePlaceholder('TimetablePage'),
  wallet: lazy(() => import('./pages/commerce/wallet-page')),
  'grade-levels': workspacePlaceholder('GradeLevelsPage'),
  'grade-levels.show': workspacePlaceholder('GradeLevelShowPage'),
  curricula: workspacePlaceholder('CurriculaPage'),
  'curricula.show': workspacePlaceholder('CurriculumShowPage'),
  subjects: workspacePlaceholder('SubjectsPage'),
  'subjects.show': workspacePlaceholder('SubjectShowPage'),
  teacher: teacherProfile,

  'complete-profile.parent': lazy(() => import('./pages/completion/parent-profile-page')),
  'complete-profile.student': lazy(() => import('./pages/completion/student-profile-page')),
  'complete-profile.teacher': teacherProfile,
};
