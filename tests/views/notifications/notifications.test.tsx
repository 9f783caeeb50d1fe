import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { api } from '../../msw/handlers';
import {
  feed,
  FakeEventSource,
  installFakeEventSource,
  wireNotification,
} from '../../msw/notification-handlers';
import { useLearnerApi } from '../../msw/learner-handlers';
import { renderApp, signedInAs } from '../../render';

// Opening a notification navigates into workspace pages, whose endpoints answer too.
useLearnerApi();
installFakeEventSource();
afterAll(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

const bell = (unread: number) => screen.findByRole('button', { name: `Notifications, ${unread} unread` });
const popover = () => screen.getByRole('dialog', { name: /^Notifications/ });

async function signedInWith(notifications: ReturnType<typeof wireNotification>[], path = '/workspace') {
  feed.notifications = notifications;
  signedInAs('student@example.com');
  const app = renderApp(path);
  await app.landsOn(path);
  return app;
}

describe('notification bell', () => {
  it('shows the unread count, the newest in a popover, and opens one: marked read and followed', async () => {
    const paid = wireNotification({
      title: 'Order paid',
      body: 'Order paid: KES 1,500',
      url: '/lessons/booking',
    });
    const older = wireNotification({ title: 'Lesson booked', read_at: '2026-11-20T10:00:00Z' });
    const app = await signedInWith([
      paid,
      older,
      wireNotification({ title: 'New answer', url: '/questions' }),
    ]);
    await app.user.click(await bell(2));
    const list = within(popover()).getByRole('list', { name: 'Newest notifications' });
    const items = within(list).getAllByRole('link');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Order paid \(unread\)Order paid: KES 1,500.+ago$/),
      expect.stringMatching(/^Lesson bookedOrder paid: KES 1,500.+ago$/),
      expect.stringMatching(/^New answer \(unread\)/),
    ]);

    await app.user.click(items[0]!);
    await app.landsOn('/lessons/booking');
    expect(await bell(1)).toBeInTheDocument();
    await waitFor(() => expect(api.calls).toContain(`POST /api/notifications/read/${paid.id}`));
    expect(feed.notifications[0]!.read_at).not.toBeNull();
  });

  it('shows 99+ past 99 and marks all as read', async () => {
    const many = Array.from({ length: 120 }, () => wireNotification());
    const app = await signedInWith(many);
    const button = await bell(120);
    expect(button.closest('.mantine-Indicator-root')?.textContent).toContain('99+');
    await app.user.click(button);
    await app.user.click(within(popover()).getByRole('button', { name: 'Mark all as read' }));
    expect(await bell(0)).toBeInTheDocument();
    await waitFor(() => expect(api.calls).toContain('POST /api/notifications/read-all'));
    expect(within(popover()).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('puts the count back and says so when marking all read fails', async () => {
    feed.readFails = true;
    const app = await signedInWith([wireNotification(), wireNotification()]);
    await app.user.click(await bell(2));
    await app.user.click(within(popover()).getByRole('button', { name: 'Mark all as read' }));
    expect(await bell(2)).toBeInTheDocument();
    expect(
      await screen.findByText('We could not mark your notifications as read. Please try again.'),
    ).toBeInTheDocument();
  });

  it('shows a live notification as a toast with its link and bumps the count', async () => {
    await signedInWith([wireNotification()]);
    await bell(1);
    const stream = FakeEventSource.latest()!;
    expect(stream.url).toMatch(/\/api\/events$/);
    expect(stream.withCredentials).toBe(true);
    act(() => stream.open());
    act(() =>
      stream.send(
        'notification',
        wireNotification({
          title: 'Lesson starts soon',
          body: 'Algebra starts at 3:00 PM',
          url: '/lessons/show/ALG-1',
        }),
      ),
    );
    expect(await bell(2)).toBeInTheDocument();
    const toast = (await screen.findByText('Algebra starts at 3:00 PM')).closest(
      '.mantine-Notification-root',
    ) as HTMLElement;
    expect(within(toast).getByText('Lesson starts soon')).toBeInTheDocument();
    expect(within(toast).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/lessons/show/ALG-1');
  });

  it('polls the unread ones every 30 s while the stream is down, and shows what came in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await signedInWith([wireNotification()]);
      await bell(1);
      act(() => FakeEventSource.latest()!.fail());
      expect(FakeEventSource.latest()).toBeUndefined();
      feed.notifications.unshift(
        wireNotification({
          title: 'Wallet topped up',
          body: 'KES 500',
          created_at: new Date(Date.now() + 1000).toISOString(),
        }),
      );
      const polls = () => api.calls.filter((call) => call === 'GET /api/notifications').length;
      const before = polls();
      // The reconnect fails too (3 s), the poll still comes at 30 s.
      await act(() => vi.advanceTimersByTimeAsync(3000));
      act(() => FakeEventSource.latest()!.fail());
      await act(() => vi.advanceTimersByTimeAsync(27_000));
      await waitFor(() => expect(polls()).toBe(before + 1));
      expect(await bell(2)).toBeInTheDocument();
      expect(await screen.findByText('KES 500')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('lists every notification on its page, paged, with Mark all as read', async () => {
    const app = await signedInWith(
      Array.from({ length: 20 }, (_, i) => wireNotification({ title: `Note ${i + 1}` })),
      '/notifications',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(await screen.findByText('Note 15')).toBeInTheDocument();
    expect(screen.queryByText('Note 16')).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByText('(unread)')).not.toBeInTheDocument());
    await app.user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Note 16')).toBeInTheDocument();
  });
});

describe('activity feed', () => {
  it('lists the activities newest first with their links', async () => {
    feed.activities = [
      {
        id: 2,
        type: 'payment',
        text: 'Order paid: KES 1,500',
        url: '/wallet',
        created_at: new Date(Date.now() - 120_000).toISOString(),
      },
      {
        id: 1,
        type: 'booking',
        text: 'Booked Algebra on Nov 21, 2026',
        url: '/lessons/show/ALG-1',
        created_at: '2026-11-20T10:00:00Z',
      },
    ];
    await signedInWith([]);
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Order paid: KES 1,5002 minutes ago',
      expect.stringMatching(/^Booked Algebra on Nov 21, 2026.+ago$/),
    ]);
    expect(within(list).getByRole('link', { name: 'Order paid: KES 1,500' })).toHaveAttribute(
      'href',
      '/wallet',
    );
    expect(within(list).getByRole('img', { name: 'Booking' })).toBeInTheDocument();
  });

  it('marks a new note or assignment on a booked lesson as such', async () => {
    feed.activities = [
      {
        id: 3,
        type: 'material',
        text: 'New note "Worked examples" on Linear equations',
        url: '/lessons/show/ALG-1',
        created_at: new Date(Date.now() - 60_000).toISOString(),
      },
    ];
    await signedInWith([]);
    const list = await screen.findByRole('list');
    expect(within(list).getByRole('img', { name: 'Notes and assignments' })).toBeInTheDocument();
    expect(
      within(list).getByRole('link', { name: 'New note "Worked examples" on Linear equations' }),
    ).toHaveAttribute('href', '/lessons/show/ALG-1');
  });

  it('says when there is nothing yet', async () => {
    await signedInWith([]);
    expect(await screen.findByText('No activities available.')).toBeInTheDocument();
  });

  it('says "Error loading activities." and tries again', async () => {
    feed.activitiesFailures = 2; // GET is retried once
    feed.activities = [
      {
        id: 1,
        type: 'like',
        text: 'Baraka liked your answer',
        url: null,
        created_at: '2026-11-20T10:00:00Z',
      },
    ];
    const app = await signedInWith([]);
    const alert = (await screen.findByText('Error loading activities.')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Baraka liked your answer')).toBeInTheDocument();
  });
});
