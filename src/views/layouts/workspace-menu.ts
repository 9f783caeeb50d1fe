import type { Icon } from '@tabler/icons-react';
import {
  IconBook2,
  IconCalendarEvent,
  IconChalkboard,
  IconCheckupList,
  IconHeadset,
  IconHome,
  IconLibrary,
  IconReceipt2,
  IconSchool,
  IconSearch,
  IconSettings,
  IconShieldCheck,
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

const CATALOGUE: MenuEntry = {
  kind: 'group',
  label: 'Catalogue',
  icon: IconLibrary,
  children: [
    { label: 'Curricula', route: 'curricula' },
    { label: 'Grade levels', route: 'grade-levels' },
    { label: 'Subjects', route: 'subjects' },
  ],
};

/** Students and parents: what they booked, how to find more, and their money. */
export const WORKSPACE_MENU: MenuEntry[] = [
  { kind: 'route', label: 'Home', icon: IconHome, route: 'activity-feed' },
  { kind: 'route', label: 'Lesson bookings', icon: IconBook2, route: 'lessons.booking' },
  { kind: 'route', label: 'Find lessons', icon: IconSearch, route: 'lessons.find' },
  { kind: 'route', label: 'Classes', icon: IconChalkboard, route: 'classes' },
  { kind: 'route', label: 'Timetable', icon: IconCalendarEvent, route: 'timetable' },
  { kind: 'route', label: 'Wallet', icon: IconWallet, route: 'wallet' },
  CATALOGUE,
  { kind: 'route', label: 'Profile settings', icon: IconSettings, route: 'profile-setting' },
  { kind: 'support', label: 'Support', icon: IconHeadset },
];

/** Teachers (issue 10): their lessons and classes, and the wallet their earnings go to. */
export const TEACHER_MENU: MenuEntry[] = [
  { kind: 'route', label: 'Home', icon: IconHome, route: 'activity-feed' },
  { kind: 'route', label: 'My lessons', icon: IconBook2, route: 'teaching.lessons' },
  { kind: 'route', label: 'My classes', icon: IconChalkboard, route: 'teaching.classes' },
  { kind: 'route', label: 'Wallet and earnings', icon: IconWallet, route: 'wallet' },
  CATALOGUE,
  { kind: 'route', label: 'Teacher profile', icon: IconSchool, route: 'teacher' },
  { kind: 'route', label: 'Profile settings', icon: IconSettings, route: 'profile-setting' },
  { kind: 'support', label: 'Support', icon: IconHeadset },
];

/** Admins (issue 10): the work waiting for them, then the catalogue they keep. */
export const ADMIN_MENU: MenuEntry[] = [
  { kind: 'route', label: 'Home', icon: IconHome, route: 'activity-feed' },
  { kind: 'route', label: 'Administration', icon: IconShieldCheck, route: 'admin' },
  {
    kind: 'group',
    label: 'Approvals',
    icon: IconCheckupList,
    children: [
      { label: 'Teachers', route: 'admin.teachers' },
      { label: 'Lessons', route: 'admin.lessons' },
      { label: 'Classes', route: 'admin.classes' },
    ],
  },
  { kind: 'route', label: 'Payments to review', icon: IconReceipt2, route: 'admin.payments' },
  { kind: 'route', label: 'Users', icon: IconUsers, route: 'admin.users' },
  { kind: 'route', label: 'Manage catalogue', icon: IconLibrary, route: 'admin.catalogue' },
  { kind: 'route', label: 'Profile settings', icon: IconSettings, route: 'profile-setting' },
  { kind: 'support', label: 'Support', icon: IconHeadset },
];

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
