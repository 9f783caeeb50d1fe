// "Add to calendar": downloading the `.ics` of the whole timetable (from /timetable) or of one lesson
// (the button as the lesson page places it), and the private feed link with Copy, webcal://,
// Google Calendar and a confirmed reset. Downloads go through an object URL (stubbed: jsdom has none).
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ICAL from 'ical.js';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { t } from '@/shared/messages';
import { createAppActors } from '@/views/app-actors';
import { AppActorsProvider } from '@/views/app-actors-context';
import { CalendarExportButton } from '@/views/components/calendar-export-button';
import { cssVariablesResolver, theme } from '@/views/theme';
import { api } from '../../msw/handlers';
import { bookedLesson, timetable, useTimetableApi } from '../../msw/timetable-handlers';
import { renderPage, signedInAs } from '../../render';
import { snackbarText } from '../commerce/commerce-helpers';

useTimetableApi();

const LINEAR = bookedLesson({
  id: 1,
  code: 'LSN-ALG01',
  topic: 'Linear equations',
  startAt: '2026-11-23T12:00:00.000Z',
});
const ACIDS = bookedLesson({
  id: 2,
  code: 'LSN-CHE02',
  topic: 'Acids and bases',
  startAt: '2026-11-25T05:30:00.000Z',
});

type Saved = { href: string; download: string; blob: Blob | undefined };
let saved: Saved[];
let blobs: Map<string, Blob>;
const realCreate = URL.createObjectURL;
const realRevoke = URL.revokeObjectURL;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T06:00:00.000Z'));
  timetable.lessons = [LINEAR, ACIDS];
  saved = [];
  blobs = new Map();
  let next = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    next += 1;
    const url = `blob:http://localhost/file-${next}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  // jsdom cannot follow a download link: record what the browser would have saved.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function record(this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download, blob: blobs.get(this.href) });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  URL.createObjectURL = realCreate;
  URL.revokeObjectURL = realRevoke;
});

async function openTimetable(path = '/timetable', email = 'student@example.com') {
  signedInAs(email);
  const app = renderPage(path);
  await app.landsOn(path);
  await screen.findByRole('link', { name: '3:00 PM Linear equations' });
  return app;
}

async function chooseFromMenu(user: ReturnType<typeof userEvent.setup>, item: string) {
  await user.click(screen.getByRole('button', { name: 'Add to calendar' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

/** The calendar a saved file holds, read with a real iCalendar parser. */
async function eventsIn(file: Saved) {
  expect(file.blob?.type).toBe('text/calendar');
  const calendar = new ICAL.Component(ICAL.parse(await (file.blob as Blob).text()));
  return calendar.getAllSubcomponents('vevent').map((event) => ({
    summary: event.getFirstPropertyValue('summary'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
  }));
}

describe('downloading the whole timetable', () => {
  it('saves somesha-timetable.ics with every booked lesson', async () => {
    const app = await openTimetable();
    // The link's address is revoked a second after the download: on a clock this test moves.
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout'],
      shouldAdvanceTime: true,
      now: Date.now(),
    });
    await chooseFromMenu(app.user, 'Download .ics');
    expect(await screen.findByText('Downloaded somesha-timetable.ics')).toHaveAttribute('role', 'status');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.download).toBe('somesha-timetable.ics');
    expect(saved[0]!.href).toBe('blob:http://localhost/file-1');
    expect(await eventsIn(saved[0]!)).toEqual([
      { summary: 'Linear equations', start: '2026-11-23T12:00:00.000Z' },
      { summary: 'Acids and bases', start: '2026-11-25T05:30:00.000Z' },
    ]);
    expect(timetable.downloads).toEqual(['timetable all']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/file-1');
  });

  it("downloads only the chosen child's lessons for a parent", async () => {
    api.children = [
      { id: 501, user: { id: 601, first_name: 'Baraka', last_name: 'Kamau', username: 'baraka' } },
    ];
    timetable.lessons = [
      bookedLesson({
        id: 11,
        code: 'LSN-B1',
        topic: 'Linear equations',
        startAt: '2026-11-23T12:00:00.000Z',
        studentId: 501,
      }),
      bookedLesson({
        id: 12,
        code: 'LSN-Z1',
        topic: 'Acids and bases',
        startAt: '2026-11-24T06:00:00.000Z',
        studentId: 502,
      }),
    ];
    const app = await openTimetable('/timetable?student_id=501', 'parent@example.com');
    await chooseFromMenu(app.user, 'Download .ics');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(timetable.downloads).toEqual(['timetable 501']);
    expect(await eventsIn(saved[0]!)).toEqual([
      { summary: 'Linear equations', start: '2026-11-23T12:00:00.000Z' },
    ]);
  });

  it('says when the download failed, and Try again downloads it', async () => {
    timetable.set('ics', 'error');
    const app = await openTimetable();
    await chooseFromMenu(app.user, 'Download .ics');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t('calendar.downloadFailed'));
    expect(saved).toHaveLength(0);

    timetable.set('ics', 'ok');
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Downloaded somesha-timetable.ics')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(saved.map((file) => file.download)).toEqual(['somesha-timetable.ics']);
  });

  it('lets the failure be dismissed', async () => {
    timetable.set('ics', 'error');
    const app = await openTimetable();
    await chooseFromMenu(app.user, 'Download .ics');
    const alert = await screen.findByRole('alert');
    await app.user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('one lesson', () => {
  function renderButton(code: string) {
    signedInAs('student@example.com');
    const actors = createAppActors();
    onTestFinished(() => actors.stop());
    const user = userEvent.setup({ delay: null });
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <AppActorsProvider actors={actors}>
          <CalendarExportButton code={code} />
        </AppActorsProvider>
      </MantineProvider>,
    );
    return { user };
  }

  it('downloads the lesson as somesha-<code>.ics and offers no feed', async () => {
    const { user } = renderButton('LSN-CHE02');
    await user.click(screen.getByRole('button', { name: 'Add to calendar' }));
    expect(await screen.findAllByRole('menuitem')).toHaveLength(1);
    await user.click(screen.getByRole('menuitem', { name: 'Download .ics' }));
    expect(await screen.findByText('Downloaded somesha-LSN-CHE02.ics')).toBeInTheDocument();
    expect(saved.map((file) => file.download)).toEqual(['somesha-LSN-CHE02.ics']);
    expect(await eventsIn(saved[0]!)).toEqual([
      { summary: 'Acids and bases', start: '2026-11-25T05:30:00.000Z' },
    ]);
    expect(timetable.downloads).toEqual(['lesson LSN-CHE02']);
  });

  it('says so when the lesson cannot be exported (not booked: 404)', async () => {
    const { user } = renderButton('LSN-NOT-MINE');
    await user.click(screen.getByRole('button', { name: 'Add to calendar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Download .ics' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('calendar.downloadFailed'));
    expect(saved).toHaveLength(0);
  });
});

describe('the private calendar feed', () => {
  const FIRST = 'http://localhost/calendar/token-one.ics';
  const SECOND = 'http://localhost/calendar/token-2.ics';

  async function openFeed() {
    const app = await openTimetable();
    await chooseFromMenu(app.user, 'Subscribe (private link)');
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to your timetable' });
    return { app, dialog };
  }

  it('shows the link with webcal:// and Google Calendar, and copies it', async () => {
    const { app, dialog } = await openFeed();
    const field = await within(dialog).findByRole('textbox', { name: 'Your private calendar link' });
    expect(field).toHaveValue(FIRST);
    expect(field).toHaveAttribute('readonly');
    expect(
      within(dialog).getByRole('link', { name: "Open in your phone's calendar (webcal)" }),
    ).toHaveAttribute('href', 'webcal://localhost/calendar/token-one.ics');
    const google = within(dialog).getByRole('link', { name: 'Add to Google Calendar' });
    expect(google).toHaveAttribute(
      'href',
      `https://calendar.google.com/calendar/r?cid=${encodeURIComponent('webcal://localhost/calendar/token-one.ics')}`,
    );
    expect(google).toHaveAttribute('target', '_blank');
    expect(google).toHaveAttribute('rel', 'noopener noreferrer');

    await app.user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(t('calendar.copied'));
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(FIRST);

    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('selects the link for the person to copy when the clipboard is refused', async () => {
    const { app, dialog } = await openFeed();
    const field = (await within(dialog).findByRole('textbox', {
      name: 'Your private calendar link',
    })) as HTMLInputElement;
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('Denied', 'NotAllowedError'),
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(t('calendar.copyRefused'));
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, FIRST.length]);
  });

  it('resets the link only after a confirmation that says the old link stops working', async () => {
    const { app, dialog } = await openFeed();
    await within(dialog).findByDisplayValue(FIRST);

    await app.user.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    const confirm = within(dialog).getByRole('alertdialog', { name: 'Reset your calendar link?' });
    expect(confirm).toHaveTextContent(t('calendar.resetWarning'));
    await app.user.click(within(confirm).getByRole('button', { name: 'Keep this link' }));
    expect(within(dialog).queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(timetable.resets).toBe(0);

    await app.user.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    await app.user.click(
      within(within(dialog).getByRole('alertdialog')).getByRole('button', { name: 'Reset link' }),
    );
    expect(await within(dialog).findByDisplayValue(SECOND)).toBeInTheDocument();
    expect(timetable.resets).toBe(1);
    expect(within(dialog).queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(snackbarText()).toBe(t('calendar.resetDone')));
  });

  it('keeps the confirmation open with a message when the reset fails', async () => {
    timetable.set('reset', 'error');
    const { app, dialog } = await openFeed();
    await within(dialog).findByDisplayValue(FIRST);
    await app.user.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    await app.user.click(
      within(within(dialog).getByRole('alertdialog')).getByRole('button', { name: 'Reset link' }),
    );
    const confirm = within(dialog).getByRole('alertdialog');
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(t('calendar.resetFailed'));
    expect(within(dialog).getByDisplayValue(FIRST)).toBeInTheDocument();
  });

  it('shows "Error loading your calendar link." with Try again', async () => {
    timetable.set('feed', 'error');
    const { app, dialog } = await openFeed();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Error loading your calendar link.');
    timetable.set('feed', 'ok');
    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByDisplayValue(FIRST)).toBeInTheDocument();
  });
});
