import type { Icon } from '@tabler/icons-react';
import {
  IconBook2,
  IconCalendarEvent,
  IconCash,
  IconChalkboard,
  IconCheckupList,
  IconFlag,
  IconHeadset,
  IconHome,
  IconLibrary,
  IconMessageReport,
  IconMessages,
  IconReceipt2,
  IconSchool,
  IconSearch,
  IconSettings,
  IconShieldCheck,
  IconStar,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react';
import type { RouteName } from '@/shared/routes';

/**
 * A workspace navigation entry (SPEC §2): goes to a named route, opens its children, or — for
 * `support` — raises the support event instead of navigating.
 */
export type MenuEntry =
  | { kind: 'route'; label: string; icon: Icon; route: RouteName }
  | { kind: 'group'; label: string; icon: Icon; children: Array<{ label: string; route: RouteName }> }
  | { kind: 'support'; label: string; icon: Icon };

const route = (label: string, icon: Icon, name: RouteName): MenuEntry => ({
  kind: 'route',
  label,
  icon,
  route: name,
});
const group = (label: string, icon: Icon, children: Array<[string, RouteName]>): MenuEntry => ({
  kind: 'group',
  label,
  icon,
  children: children.map(([childLabel, name]) => ({ label: childLabel, route: name })),
});

const CATALOGUE = group('Catalogue', IconLibrary, [
  ['Curricula', 'curricula'],
  ['Grade levels', 'grade-levels'],
  ['Subjects', 'subjects'],
]);

/** Every menu starts at Home and ends with the profile settings and Support. */
const menu = (...entries: MenuEntry[]): MenuEntry[] => [
  route('Home', IconHome, 'activity-feed'),
  ...entries,
  route('Profile settings', IconSettings, 'profile-setting'),
  { kind: 'support', label: 'Support', icon: IconHeadset },
];

/** Students and parents: what they booked, how to find more, and their money. */
const WORKSPACE_MENU = menu(
  route('Lesson bookings', IconBook2, 'lessons.booking'),
  route('Find lessons', IconSearch, 'lessons.find'),
  route('Classes', IconChalkboard, 'classes'),
  route('Timetable', IconCalendarEvent, 'timetable'),
  route('Messages', IconMessages, 'messages'),
  route('Wallet', IconWallet, 'wallet'),
  CATALOGUE,
);

/** Teachers (issue 10): their lessons and classes, and the wallet their earnings go to. */
const TEACHER_MENU = menu(
  route('My lessons', IconBook2, 'teaching.lessons'),
  route('My classes', IconChalkboard, 'teaching.classes'),
  route('My reviews', IconStar, 'teaching.reviews'),
  route('Messages', IconMessages, 'messages'),
  route('Wallet and earnings', IconWallet, 'wallet'),
  CATALOGUE,
  route('Teacher profile', IconSchool, 'teacher'),
);

/** Admins (issue 10): the work waiting for them, then the catalogue they keep. */
const ADMIN_MENU = menu(
  route('Administration', IconShieldCheck, 'admin'),
  group('Approvals', IconCheckupList, [
    ['Teachers', 'admin.teachers'],
    ['Lessons', 'admin.lessons'],
    ['Classes', 'admin.classes'],
  ]),
  route('Payments to review', IconReceipt2, 'admin.payments'),
  route('Money desk', IconCash, 'admin.money'),
  route('Lesson reports', IconFlag, 'admin.reports'),
  route('Reported reviews', IconStar, 'admin.reviews'),
  route('Reported messages', IconMessageReport, 'admin.messages'),
  route('Users', IconUsers, 'admin.users'),
  route('Manage catalogue', IconLibrary, 'admin.catalogue'),
);

/** The drawer's entries for the signed-in user's roles: admin first, then teacher, else a learner's. */
export function menuFor(roleNames: readonly string[]): MenuEntry[] {
  if (roleNames.includes('admin')) return ADMIN_MENU;
  if (roleNames.includes('teacher')) return TEACHER_MENU;
  return WORKSPACE_MENU;
}

/** SPEC §2: an entry is highlighted when the current route name starts with the entry's route name. */
export function isEntryActive(entryRoute: string, currentRoute: string | null): boolean {
  return currentRoute !== null && currentRoute.startsWith(entryRoute);
}
