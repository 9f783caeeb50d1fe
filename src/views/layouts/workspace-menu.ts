import type { Icon } from '@tabler/icons-react';
import { IconBook2, IconCalendarEvent, IconSearch, IconChalkboard, IconHeadset, IconHome, IconLibrary, IconSettings, IconWallet } from '@tabler/icons-react';
import type { RouteName } from '@/shared/routes';

/**
 * A workspace navigation entry (SPEC §2): goes to a named route, opens its children, or — for
 * `support` — raises the support event instead of navigating.
 */
export type MenuEntry =
  | { kind: 'route'; label: string; icon: Icon; route: RouteName }
  | { kind: 'group'; label: string; icon: Icon; children: Array<{ label: string; route: RouteName }> }
  | { kind: 'support'; label: string; icon: Icon };

export const WORKSPACE_MENU: MenuEntry[] = [
  { kind: 'route', label: 'Home', icon: IconHome, route: 'activity-feed' },
  { kind: 'route', label: 'Lesson bookings', icon: IconBook2, route: 'lessons.booking' },
  { kind: 'route', label: 'Find lessons', icon: IconSearch, route: 'lessons.find' },
  { kind: 'route', label: 'Classes', icon: IconChalkboard, route: 'classes' },
  { kind: 'route', label: 'Timetable', icon: IconCalendarEvent, route: 'timetable' },
  { kind: 'route', label: 'Wallet', icon: IconWallet, route: 'wallet' },
  {
    kind: 'group',
    label: 'Catalogue',
    icon: IconLibrary,
    children: [
      { label: 'Curricula', route: 'curricula' },
      { label: 'Grade levels', route: 'grade-levels' },
      { label: 'Subjects', route: 'subjects' },
    ],
  },
  { kind: 'route', label: 'Profile settings', icon: IconSettings, route: 'profile-setting' },
  { kind: 'support', label: 'Support', icon: IconHeadset },
];

/** SPEC §2: an entry is highlighted when the current route name starts with the entry's route name. */
export function isEntryActive(entryRoute: string, currentRoute: string | null): boolean {
  return currentRoute !== null && currentRoute.startsWith(entryRoute);
}
