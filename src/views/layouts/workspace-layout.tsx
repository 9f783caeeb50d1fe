import {
  Alert,
  AppShell,
  Avatar,
  Box,
  Burger,
  Group,
  Menu,
  NavLink,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import {
  IconChevronDown,
  IconCloudOff,
  IconKey,
  IconLayoutDashboard,
  IconLogout,
  IconUser,
} from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { HeaderSearch } from '../components/header-search';
import { CartButton } from '../components/cart/cart-button';
import { Logo } from '../components/logo';
import { MessagesTopBar } from '../components/messages/messages-top-bar';
import { NotificationBell } from '../components/notifications/notification-bell';
import { NotificationToasts } from '../components/notifications/toasts';
import { initialsOf } from '../components/profile/initials';
import avatarClasses from './avatar-initials.module.css';
import { networkMachine, selectOffline } from '@/machines/network-machine';
import { t } from '@/shared/messages';
import { pathFor } from '@/shared/routes';
import { useScreenActor } from '../use-screen-actor';
import { isEntryActive, menuFor, type MenuEntry } from './workspace-menu';

export type WorkspaceUser = {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  photoUrl?: string | null;
  roles?: ReadonlyArray<{ name: string }>;
};

// The support dialog (a Modal, with its focus trap and scroll area) loads when it is first opened,
// not with every workspace page (issue 27).
const SupportDialog = lazy(() =>
  import('../components/support-dialog').then((module) => ({ default: module.SupportDialog })),
);

type Props = {
  routeName: string | null;
  user: WorkspaceUser | null;
  children: ReactNode;
};

function MenuEntries({
  entries,
  routeName,
  onNavigate,
  onSupport,
}: {
  entries: MenuEntry[];
  routeName: string | null;
  onNavigate: () => void;
  onSupport: () => void;
}) {
  return entries.map((entry: MenuEntry) => {
    const Icon = entry.icon;
    const icon = <Icon size={18} stroke={1.6} aria-hidden />;
    if (entry.kind === 'support') {
      return (
        <NavLink
          key={entry.label}
          component="button"
          type="button"
          label={entry.label}
          leftSection={icon}
          onClick={onSupport}
        />
      );
    }
    if (entry.kind === 'group') {
      const childActive = entry.children.some((child) => isEntryActive(child.route, routeName));
      return (
        <NavLink
          key={entry.label}
          label={entry.label}
          leftSection={icon}
          defaultOpened={childActive}
          active={childActive}
          variant="subtle"
        >
          {entry.children.map((child) => {
            const active = isEntryActive(child.route, routeName);
            return (
              <NavLink
                key={child.route}
                component={Link}
                href={pathFor(child.route)}
                label={child.label}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
              />
            );
          })}
        </NavLink>
      );
    }
    const active = isEntryActive(entry.route, routeName);
    return (
      <NavLink
        key={entry.route}
        component={Link}
        href={pathFor(entry.route)}
        label={entry.label}
        leftSection={icon}
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      />
    );
  });
}

function UserMenu({ user }: { user: WorkspaceUser | null }) {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || 'Account';
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`User menu for ${name}`}>
          <Group gap={6} wrap="nowrap">
            <Avatar src={user?.photoUrl ?? null} alt="" radius="xl" size={32} color="blue">
              <span className={avatarClasses.initials} data-initials={initialsOf(user)} aria-hidden />
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm">
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user?.email && <Menu.Label>{user.email}</Menu.Label>}
        <Menu.Item
          component={Link}
          href={pathFor('activity-feed')}
          leftSection={<IconLayoutDashboard size={16} aria-hidden />}
        >
          Workspace
        </Menu.Item>
        <Menu.Item
          component={Link}
          href={pathFor('profile')}
          leftSection={<IconUser size={16} aria-hidden />}
        >
          My profile
        </Menu.Item>
        <Menu.Item
          component={Link}
          href={`${pathFor('profile')}?section=password`}
          leftSection={<IconKey size={16} aria-hidden />}
        >
          Change password
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          href={pathFor('signOut')}
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Issue 27 "offline": the page shows what the service worker kept, not what the server says now. A
 * status, so a screen reader hears it when it appears.
 */
function OfflineNotice() {
  const network = useScreenActor(networkMachine);
  const offline = useSelector(network, selectOffline);
  if (!offline) return null;
  return (
    <Alert role="status" color="dark" variant="filled" mb="sm" icon={<IconCloudOff size={18} aria-hidden />}>
      {t('offline.notice')}
    </Alert>
  );
}

/** SPEC §2 workspace: top bar (burger, cart, user menu) and a 220-wide navigation drawer with the logo. */
export function WorkspaceLayout({ routeName, user, children }: Props) {
  const [navOpened, nav] = useDisclosure(false);
  const [supportOpened, setSupportOpened] = useState(false);
  // Mounted from its first opening on, so it closes with its transition.
  const [supportWanted, setSupportWanted] = useState(false);
  const roleNames = (user?.roles ?? []).map((role) => role.name);
  // Teachers and admins do not buy lessons: no cart in their top bar.
  const buys = !roleNames.includes('teacher') && !roleNames.includes('admin');

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 220, breakpoint: 'lg', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'sm', sm: 'md' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="lg"
              size="sm"
              aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
            />
            <Text fw={600} visibleFrom="sm">
              Workspace
            </Text>
          </Group>
          <Group gap="md" wrap="nowrap">
            <Box visibleFrom="sm">
              <HeaderSearch />
            </Box>
            {!roleNames.includes('admin') && <MessagesTopBar />}
            <NotificationBell />
            {buys && <CartButton />}
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Workspace navigation">
        <AppShell.Section p="xs" mb="xs">
          <Logo to={pathFor('activity-feed')} size="md" />
        </AppShell.Section>
        {/* The browser's own scrolling: Mantine's ScrollArea was ~18 KB of every workspace page for a menu that rarely overflows. */}
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          <MenuEntries
            entries={menuFor(roleNames)}
            routeName={routeName}
            onNavigate={nav.close}
            onSupport={() => {
              setSupportWanted(true);
              setSupportOpened(true);
            }}
          />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <OfflineNotice />
        {children}
      </AppShell.Main>
      {supportWanted && (
        <Suspense fallback={null}>
          <SupportDialog opened={supportOpened} onClose={() => setSupportOpened(false)} />
        </Suspense>
      )}
      <NotificationToasts />
    </AppShell>
  );
}
