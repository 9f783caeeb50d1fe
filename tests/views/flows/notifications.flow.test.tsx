// Flow: the notification bell. Two of three notifications are unread. Mark all as read, or open one
// (marked read and followed); each is shown at once and undone, with a message, when the server
// refuses to save it.
// A flat model of what the person sees (docs/testing-flows.md), walked through the real app.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { t } from '@/shared/messages';
import { scriptedEndpoint, useScriptedEndpoints } from '../../msw/flow-handlers';
import { useLearnerApi } from '../../msw/learner-handlers';
import { feed, wireNotification } from '../../msw/notification-handlers';
import { renderApp, signedInAs } from '../../render';
import { snackbarText } from '../commerce/commerce-helpers';
import { expectEveryTransitionWalked, flowPaths, walkFlow, type FlowDriver } from './flow-model';

// Opening a notification goes to the lesson bookings, whose endpoints answer too.
useLearnerApi();
const readAllCalls = scriptedEndpoint('post', '*/api/notifications/read-all');
const readOneCalls = scriptedEndpoint('post', '*/api/notifications/read/:id');
useScriptedEndpoints(readAllCalls, readOneCalls);

export const notificationsModel = createMachine({
  id: 'notifications',
  initial: 'closed',
  states: {
    // On /workspace, the bell says 2 unread.
    closed: { on: { open: 'popover' } },
    popover: {
      on: {
        'markAll.ok': 'allRead',
        'markAll.fails': 'markAllUndone',
        'follow.ok': 'followed',
        'follow.fails': 'followedReadUndone',
        close: 'closed',
      },
    },
    markAllUndone: { on: { 'markAll.ok': 'allRead', close: 'closed' } },
    allRead: { on: { close: 'closedAllRead' } },
    closedAllRead: { on: { open: 'allRead' } },
    // On the lesson bookings the notification pointed to.
    followed: { on: { open: 'popoverOneUnread' } },
    followedReadUndone: { on: { open: 'popover' } },
    popoverOneUnread: { on: { 'markAll.ok': 'allRead', close: 'followed' } },
  },
});

let app: ReturnType<typeof renderApp>;
const bell = () => screen.getByRole('button', { name: /^Notifications, \d+ unread$/ });
const popover = () => screen.getByRole('dialog', { name: /^Notifications/ });
const bellSays = (unread: number) =>
  waitFor(() => expect(screen.getByRole('button', { name: `Notifications, ${unread} unread` })).toBeInTheDocument());
const noPopover = () => waitFor(() => expect(screen.queryByRole('dialog', { name: /^Notifications/ })).not.toBeInTheDocument());

/** The popover's items as a screen reader reads their titles: "Order paid (unread)" or "Lesson booked". */
async function popoverLists(titles: string[]) {
  const list = within(await screen.findByRole('dialog', { name: /^Notifications/ })).getByRole('list', { name: 'Newest notifications' });
  await waitFor(() =>
    expect(within(list).getAllByRole('link').map((item) => item.querySelector('p')?.textContent)).toEqual(titles),
  );
}

const ALL_UNREAD = ['Order paid (unread)', 'Lesson booked', 'New answer (unread)'];
const NONE_UNREAD = ['Order paid', 'Lesson booked', 'New answer'];
const markAll = () => within(popover()).getByRole('button', { name: 'Mark all as read' });

const driver: FlowDriver = {
  see: {
    closed: async () => {
      await noPopover();
      await bellSays(2);
    },
    popover: async () => {
      await popoverLists(ALL_UNREAD);
      await bellSays(2);
      expect(markAll()).toBeEnabled();
    },
    markAllUndone: async () => {
      await waitFor(() => expect(snackbarText()).toBe(t('notifications.readAllError')));
      await bellSays(2);
      await popoverLists(ALL_UNREAD);
      expect(markAll()).toBeEnabled();
    },
    allRead: async () => {
      await popoverLists(NONE_UNREAD);
      await bellSays(0);
      expect(markAll()).toBeDisabled();
    },
    closedAllRead: async () => {
      await noPopover();
      await bellSays(0);
    },
    followed: async () => {
      await app.landsOn('/lessons/booking');
      await noPopover();
      await bellSays(1);
    },
    followedReadUndone: async () => {
      await app.landsOn('/lessons/booking');
      await waitFor(() => expect(snackbarText()).toBe(t('notifications.readError')));
      await bellSays(2);
    },
    popoverOneUnread: async () => {
      await popoverLists(['Order paid', 'Lesson booked', 'New answer (unread)']);
      await bellSays(1);
      expect(markAll()).toBeEnabled();
    },
  },
  act: {
    open: () => app.user.click(bell()),
    close: () => app.user.click(bell()),
    'markAll.ok': () => app.user.click(markAll()),
    'markAll.fails': () => {
      readAllCalls.next({ status: 500, message: 'Server error' });
      return app.user.click(markAll());
    },
    'follow.ok': () => app.user.click(within(popover()).getByRole('link', { name: /^Order paid/ })),
    'follow.fails': () => {
      readOneCalls.next({ status: 500, message: 'Server error' });
      return app.user.click(within(popover()).getByRole('link', { name: /^Order paid/ }));
    },
  },
};

const paths = flowPaths(notificationsModel, { maxSimple: 2, chain: 3 });

describe('flow: the notification bell, marking read and the server refusing it', () => {
  it('the paths walk every transition of the model', () => {
    expect(expectEveryTransitionWalked(notificationsModel, paths, driver)).toBe(14);
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    feed.notifications = [
      wireNotification({ title: 'Order paid', body: 'Order paid: KES 1,500', url: '/lessons/booking' }),
      wireNotification({ title: 'Lesson booked', read_at: '2026-11-20T10:00:00Z' }),
      wireNotification({ title: 'New answer', url: '/questions' }),
    ];
    signedInAs('student@example.com');
    app = renderApp('/workspace');
    await app.landsOn('/workspace');
    await walkFlow(path, driver);
  });
});
