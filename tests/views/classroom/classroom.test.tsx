// The classroom (issue 22, docs/classroom.md): the Join panels of the learner's and the teacher's
// lesson pages, and the classroom page `/lessons/live/:code` with an embedded room (a fake
// `JitsiMeetExternalAPI` records what the page hands it), a link, the countdown before the window,
// the end, and a script that fails to load.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '@/shared/messages';
import { classroom, useClassroomApi } from '../../msw/classroom-handlers';
import { learner } from '../../msw/learner-handlers';
import { server } from '../../msw/server';
import { teaching } from '../../msw/teacher-lesson-handlers';
import { renderPage, signedInAs } from '../../render';

useClassroomApi();

const MINUTE = 60_000;
/** The switch's name: its label, then its description (Mantine labels the whole body). */
const SAVE_DATA = new RegExp(`^${t('live.dataSaver')}`);

type Made = {
  domain: string;
  options: Record<string, unknown> & { parentNode?: HTMLElement; configOverwrite?: Record<string, unknown> };
  listeners: Record<string, () => void>;
  disposed: boolean;
};
let made: Made[] = [];

/** What the page may use of Jitsi's IFrame API, recording each call. */
class FakeJitsiMeetExternalAPI {
  private readonly record: Made;
  constructor(domain: string, options: Made['options']) {
    this.record = { domain, options, listeners: {}, disposed: false };
    made.push(this.record);
  }
  addListener(event: string, listener: () => void) {
    this.record.listeners[event] = listener;
  }
  dispose() {
    this.record.disposed = true;
  }
}

const withJitsi = () =>
  ((window as unknown as { JitsiMeetExternalAPI?: unknown }).JitsiMeetExternalAPI = FakeJitsiMeetExternalAPI);

beforeEach(() => {
  made = [];
  withJitsi();
});
afterEach(() => {
  delete (window as unknown as { JitsiMeetExternalAPI?: unknown }).JitsiMeetExternalAPI;
  delete (navigator as unknown as { connection?: unknown }).connection;
  document.querySelectorAll('script[src$="external_api.js"]').forEach((script) => script.remove());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function open(path: string, email = 'student@example.com') {
  signedInAs(email);
  const app = renderPage(path);
  await app.landsOn(path);
  return app;
}

const joinPanel = (name = 'Join the lesson') => screen.getByRole('complementary', { name });
const call = () => screen.getByRole('region', { name: 'Call' });

describe('the Join panels', () => {
  it('takes a learner from the lesson page to the classroom page when the room is embedded', async () => {
    const app = await open('/lessons/show/LSN-LIVE3');
    const join = await within(
      await screen.findByRole('complementary', { name: 'Join the lesson' }),
    ).findByRole('button', { name: 'Join' });
    await app.user.click(join);
    await app.landsOn('/lessons/live/LSN-LIVE3');
    expect(classroom.joins.map((one) => one.role)).toEqual(['learner', 'learner']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inequalities' })).toBeInTheDocument();
  });

  it("opens a teacher's own link in a new tab and keeps it on the page", async () => {
    classroom.provider = 'link';
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    const app = await open('/lessons/show/LSN-LIVE3');
    const join = await within(
      await screen.findByRole('complementary', { name: 'Join the lesson' }),
    ).findByRole('button', { name: 'Join' });
    await app.user.click(join);
    await waitFor(() =>
      expect(opened).toHaveBeenCalledWith('https://zoom.us/j/123456789', '_blank', 'noopener,noreferrer'),
    );
    expect(within(joinPanel()).getByRole('link', { name: 'Open the lesson' })).toHaveAttribute(
      'href',
      'https://zoom.us/j/123456789',
    );
    expect(app.currentPath()).toBe('/lessons/show/LSN-LIVE3');
  });

  it('shows the teacher a closed Join with the countdown until 30 minutes before the start', async () => {
    await open('/lessons/show/LSN-T501', 'teacher@example.com');
    const panel = await screen.findByRole('complementary', { name: 'Manage the lesson' });
    expect(within(panel).getByRole('button', { name: 'Join' })).toBeDisabled();
    // 26 hours away; the teacher's window opens 30 minutes before.
    expect(within(panel).getByRole('timer')).toHaveTextContent(/^Join opens in 1d 01:[23]\d:\d\d$/);
    expect(within(panel).getByText(t('live.teacherWindow'))).toBeInTheDocument();
  });

  it("lets the teacher join through the teacher's route, into the classroom with the teacher's token", async () => {
    const lesson = teaching.lesson('LSN-T501')!;
    lesson.start_at = new Date(Date.now() + 20 * MINUTE).toISOString();
    lesson.end_at = new Date(Date.now() + 80 * MINUTE).toISOString();
    const app = await open('/lessons/show/LSN-T501', 'teacher@example.com');
    const panel = await screen.findByRole('complementary', { name: 'Manage the lesson' });
    await app.user.click(within(panel).getByRole('button', { name: 'Join' }));
    await app.landsOn('/lessons/live/LSN-T501');
    await app.user.click(await screen.findByRole('button', { name: 'Enter the classroom' }));
    await waitFor(() => expect(made).toHaveLength(1));
    expect(made[0]).toMatchObject({
      domain: 'jitsi.example',
      options: {
        roomName: 'somesha-lsn-t501',
        jwt: 'jwt-teacher-501',
        userInfo: { displayName: 'Baraka Mwangi' },
      },
    });
    expect(classroom.joins).toEqual([
      { role: 'teacher', id: '501' },
      { role: 'teacher', id: '501' },
    ]);
  });
});

describe('the classroom page', () => {
  it('embeds the room after the pre-join panel, with the title, the countdown to the end and the materials', async () => {
    const app = await open('/lessons/live/LSN-LIVE3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inequalities' })).toBeInTheDocument();
    expect(document.title).toBe('Inequalities | Somesha');
    // Started 10 minutes ago, an hour long.
    expect(screen.getByRole('timer')).toHaveTextContent(/^Ends in (49:\d\d|50:00)$/);
    const materials = screen.getByRole('complementary', { name: 'Lesson materials' });
    expect(within(materials).getByRole('heading', { level: 3, name: 'Worked examples' })).toBeInTheDocument();
    expect(within(materials).getByRole('heading', { level: 3, name: 'Practice set 1' })).toBeInTheDocument();

    const saver = await within(call()).findByRole('switch', { name: SAVE_DATA });
    expect(saver).not.toBeChecked();
    expect(made).toEqual([]);
    await app.user.click(within(call()).getByRole('button', { name: 'Enter the classroom' }));
    await waitFor(() => expect(made).toHaveLength(1));
    const [api] = made;
    expect(api!.domain).toBe('jitsi.example');
    expect(api!.options).toMatchObject({
      roomName: 'somesha-lsn-live3',
      jwt: 'jwt-learner-203',
      userInfo: { displayName: 'Amani Otieno' },
      configOverwrite: { startWithVideoMuted: false },
    });
    expect(api!.options.configOverwrite).not.toHaveProperty('resolution');
    expect(api!.options.parentNode).toBe(screen.getByTestId('classroom-call'));
    expect(screen.getByTestId('classroom-call')).toBeVisible();

    // Leaving the call (Jitsi's hang-up) disposes it and offers the pre-join panel again.
    api!.listeners.readyToClose!();
    expect(await within(call()).findByRole('button', { name: 'Enter the classroom' })).toBeInTheDocument();
    expect(api!.disposed).toBe(true);
  });

  it('turns the data saver on by itself on a slow connection: camera off, video at 180p', async () => {
    Object.defineProperty(navigator, 'connection', { value: { effectiveType: '3g' }, configurable: true });
    const app = await open('/lessons/live/LSN-LIVE3');
    expect(
      await within(await screen.findByRole('region', { name: 'Call' })).findByRole('switch', {
        name: SAVE_DATA,
      }),
    ).toBeChecked();
    await app.user.click(within(call()).getByRole('button', { name: 'Enter the classroom' }));
    await waitFor(() => expect(made).toHaveLength(1));
    expect(made[0]!.options.configOverwrite).toMatchObject({
      startWithVideoMuted: true,
      resolution: 180,
      constraints: { video: { height: { max: 180 } } },
    });
  });

  it('offers the link where the room is not embedded (public Jitsi), with the app hint for phones', async () => {
    classroom.provider = 'jitsi';
    await open('/lessons/live/LSN-LIVE3');
    const link = await within(await screen.findByRole('region', { name: 'Call' })).findByRole('link', {
      name: 'Open the lesson',
    });
    expect(link).toHaveAttribute('href', 'https://meet.jit.si/somesha-lsn-live3');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(call()).getByText(t('live.appHint'))).toBeInTheDocument();
    expect(made).toEqual([]);
  });

  it('counts down to the opening, then asks for the room by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    learner.reset(Date.now() + 10 * MINUTE); // LSN-SOON2's window opens in 10 minutes and 3 seconds
    await open('/lessons/live/LSN-SOON2');
    const timer = await within(await screen.findByRole('region', { name: 'Call' })).findByRole('timer');
    expect(timer).toHaveTextContent(/^The classroom opens in 10:0[0-3]$/);
    expect(within(call()).getByText(t('live.learnerWindow'))).toBeInTheDocument();
    expect(classroom.joins).toEqual([]);
    vi.setSystemTime(Date.now() + 10 * MINUTE + 3000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await within(call()).findByRole('button', { name: 'Enter the classroom' })).toBeInTheDocument();
    expect(classroom.joins).toEqual([{ role: 'learner', id: '202' }]);
  });

  it('ends the call when the lesson ends, and says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = await open('/lessons/live/LSN-LIVE3');
    await app.user.click(
      await within(await screen.findByRole('region', { name: 'Call' })).findByRole('button', {
        name: 'Enter the classroom',
      }),
    );
    await waitFor(() => expect(made).toHaveLength(1));
    vi.setSystemTime(Date.parse(String(learner.lessons.live.end_at)) + 1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await screen.findByText(t('live.ended'))).toBeInTheDocument();
    expect(made[0]!.disposed).toBe(true);
    expect(screen.queryByTestId('classroom-call')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the lesson' })).toHaveAttribute(
      'href',
      '/lessons/show/LSN-LIVE3',
    );
  });

  it('says a past lesson has ended without asking for the room', async () => {
    await open('/lessons/live/LSN-PAST4');
    expect(await screen.findByText(t('live.ended'))).toBeInTheDocument();
    expect(classroom.joins).toEqual([]);
  });

  it('shows the message when the script does not load, and loads it again on Try again', async () => {
    delete (window as unknown as { JitsiMeetExternalAPI?: unknown }).JitsiMeetExternalAPI;
    const app = await open('/lessons/live/LSN-LIVE3');
    await app.user.click(
      await within(await screen.findByRole('region', { name: 'Call' })).findByRole('button', {
        name: 'Enter the classroom',
      }),
    );
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>(
        'script[src="https://jitsi.example/external_api.js"]',
      );
      expect(found).not.toBeNull();
      return found!;
    });
    script.dispatchEvent(new Event('error'));
    const alert = await within(call()).findByRole('alert');
    expect(alert).toHaveTextContent(t('live.scriptFailed'));
    expect(document.querySelector('script[src$="external_api.js"]')).toBeNull();

    withJitsi();
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(made).toHaveLength(1));
  });

  it("shows the server's refusal with Try again", async () => {
    server.use(
      http.post('/api/lessons/join/:id', () =>
        HttpResponse.json(
          { message: 'The classroom opens at 14:45.', errors: { lesson: ['x'] } },
          { status: 422 },
        ),
      ),
    );
    await open('/lessons/live/LSN-LIVE3');
    const alert = await within(await screen.findByRole('region', { name: 'Call' })).findByRole('alert');
    expect(alert).toHaveTextContent('The classroom opens at 14:45.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says a lesson the learner has not booked has no classroom', async () => {
    await open('/lessons/live/LSN-OPEN5');
    expect(await screen.findByText(t('live.closed'))).toBeInTheDocument();
    expect(classroom.joins).toEqual([]);
  });

  it('shows the not-found page for a code that is not a lesson', async () => {
    await open('/lessons/live/LSN-NOPE');
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeInTheDocument();
  });
});
