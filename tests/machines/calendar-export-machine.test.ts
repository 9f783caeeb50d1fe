// Model-based test of "Add to calendar": every transition is walked on a real actor whose calls never
// settle by themselves (their results are sent as done/error events) and whose timers are fake (the
// "Downloaded" and "Copied" notes are real elapsed time). Each step checks, against the rules written
// out here, what the button, the feed dialog and Copy show, the errors, the calls made with their
// input, and the toasts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventFromLogic } from 'xstate';
import {
  calendarExportMachine,
  COPIED_MS,
  DOWNLOADED_MS,
  selectCopyStatus,
  selectDownloadStatus,
  selectFeedStatus,
  type CalendarExportEmitted,
  type CopyStatus,
  type DownloadStatus,
  type FeedStatus,
} from '@/machines/calendar-export-machine';
import { ApiError } from '@/services/http';
import type { CalendarExport } from '@/services/timetable-service';
import { coverageOf, modelOf, type ModelPath, mutationTests, pathTests } from './model-paths';

type ExportEvent = EventFromLogic<typeof calendarExportMachine>;

const FIRST_URL = 'https://somesha.test/calendar/one.ics';
const NEW_URL = 'https://somesha.test/calendar/two.ics';
const TEXT = {
  downloadFailed: 'We could not download the calendar file. Please try again.',
  feedError: 'Error loading your calendar link.',
  resetFailed: 'We could not reset your calendar link. Please try again.',
  resetDone: 'Your calendar link was reset. Subscribe again with the new link.',
};

const done = (id: string, output?: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output }) as unknown as ExportEvent;
const failed = (id: string) =>
  ({
    type: `xstate.error.actor.${id}`,
    error: new ApiError({ status: 500, message: 'Server error' }),
  }) as unknown as ExportEvent;
const after = (type: string) => ({ type }) as unknown as ExportEvent;

const AFTER_DOWNLOADED = 'xstate.after.downloadedTime.calendarExport.downloaded';
const AFTER_COPIED = 'xstate.after.copiedTime.calendarExport.feed.shown.copied';

const saved = done('downloadCalendar', 'somesha-timetable.ics');
const downloadFailed = failed('downloadCalendar');
const feedLoaded = done('fetchCalendarFeed', FIRST_URL);
const feedFailed = failed('fetchCalendarFeed');
const resetDone = done('resetCalendarFeed', NEW_URL);
const resetFailed = failed('resetCalendarFeed');
const copied = done('copyText');
const copyRefused = failed('copyText');

const toLesson: ExportEvent = { type: 'export.target', code: 'LSN-ALG01', studentId: null };
const toChild: ExportEvent = { type: 'export.target', code: null, studentId: '501' };

const events: ExportEvent[] = [
  { type: 'download.start' },
  { type: 'download.retry' },
  { type: 'download.dismiss' },
  toLesson,
  toChild,
  { type: 'feed.open' },
  { type: 'feed.retry' },
  { type: 'feed.close' },
  { type: 'feed.copy' },
  { type: 'reset.request' },
  { type: 'reset.cancel' },
  { type: 'reset.confirm' },
  saved,
  downloadFailed,
  feedLoaded,
  feedFailed,
  resetDone,
  resetFailed,
  copied,
  copyRefused,
  after(AFTER_DOWNLOADED),
  after(AFTER_COPIED),
];

const never = <T, I = unknown>() => fromPromise<T, I>(() => new Promise<never>(() => {}));
const fakeActors = {
  downloadCalendar: never<string, CalendarExport>(),
  fetchCalendarFeed: never<string>(),
  resetCalendarFeed: never<string>(),
  copyText: never<void, { text: string }>(),
};
const logic = calendarExportMachine.provide({ actors: fakeActors });
const input = { code: null, studentId: null };

const model = modelOf(logic, {
  events,
  input,
  visibleContext: (s) => [
    s.context.code,
    s.context.studentId,
    s.context.feedUrl,
    s.context.downloadError,
    s.context.feedError,
    s.context.resetError,
  ],
  // The whole timetable's two stories end to end: download (with a retry), and the feed to a reset.
  simpleEvents: [
    { type: 'download.start' },
    { type: 'download.retry' },
    { type: 'feed.open' },
    { type: 'feed.close' },
    { type: 'feed.copy' },
    { type: 'reset.request' },
    { type: 'reset.confirm' },
    saved,
    downloadFailed,
    feedLoaded,
    resetDone,
    copied,
  ],
  simpleContext: (s) => s.context.feedUrl,
});

const coverage = coverageOf(calendarExportMachine);

type Screen = {
  download: DownloadStatus;
  feed: FeedStatus;
  copy: CopyStatus;
  code: string | null;
  studentId: string | null;
  fileName: string | null;
  downloadError: string | null;
  feedUrl: string | null;
  feedError: string | null;
  resetError: string | null;
};

const START: Screen = {
  download: 'idle',
  feed: 'closed',
  copy: 'ready',
  code: null,
  studentId: null,
  fileName: null,
  downloadError: null,
  feedUrl: null,
  feedError: null,
  resetError: null,
};

/** The rules of the button and the dialog: what shows after an event the machine took. */
function expectedAfter(s: Screen, event: ExportEvent): [Screen, CalendarExportEmitted[]] {
  const closedFeed = {
    feed: 'closed' as const,
    copy: 'ready' as const,
    feedUrl: null,
    feedError: null,
    resetError: null,
  };
  switch (event) {
    case saved:
      return [{ ...s, download: 'downloaded', fileName: 'somesha-timetable.ics' }, []];
    case downloadFailed:
      return [{ ...s, download: 'failed', downloadError: TEXT.downloadFailed }, []];
    case feedLoaded:
      return [
        { ...s, feed: 'shown', copy: 'ready', feedUrl: FIRST_URL, feedError: null, resetError: null },
        [],
      ];
    case feedFailed:
      return [{ ...s, feed: 'error', feedError: TEXT.feedError }, []];
    case resetDone:
      return [
        { ...s, feed: 'shown', copy: 'ready', feedUrl: NEW_URL, feedError: null, resetError: null },
        [{ type: 'notify', color: 'success', message: TEXT.resetDone }],
      ];
    case resetFailed:
      return [{ ...s, feed: 'confirmReset', resetError: TEXT.resetFailed }, []];
    case copied:
      return [{ ...s, copy: 'copied' }, []];
    case copyRefused:
      return [{ ...s, copy: 'refused' }, []];
    default:
      break;
  }
  switch (event.type as string) {
    case AFTER_DOWNLOADED:
      return [{ ...s, download: 'idle' }, []];
    case AFTER_COPIED:
      return [{ ...s, copy: 'ready' }, []];
    case 'download.start':
    case 'download.retry':
      return [{ ...s, download: 'downloading', fileName: null, downloadError: null }, []];
    case 'download.dismiss':
      return [{ ...s, download: 'idle', fileName: null, downloadError: null }, []];
    case 'export.target': {
      const target = event as Extract<ExportEvent, { type: 'export.target' }>;
      return [{ ...s, code: target.code, studentId: target.studentId }, []];
    }
    case 'feed.open':
      return [
        {
          ...s,
          download: 'idle',
          feed: 'loading',
          ...(s.download === 'failed' ? { fileName: null, downloadError: null } : {}),
        },
        [],
      ];
    case 'feed.retry':
      return [{ ...s, feed: 'loading' }, []];
    case 'feed.close':
      return [{ ...s, ...closedFeed }, []];
    case 'feed.copy':
      return [{ ...s, copy: 'copying' }, []];
    case 'reset.request':
      return [{ ...s, feed: 'confirmReset', copy: 'ready' }, []];
    case 'reset.cancel':
      return [{ ...s, feed: 'shown', copy: 'ready', resetError: null }, []];
    case 'reset.confirm':
      return [{ ...s, feed: 'resetting' }, []];
    default:
      throw new Error(`No rule for ${event.type}`);
  }
}

/** The events the person may send from what the screen shows (the rest the machine must refuse). */
function allowed(s: Screen, event: ExportEvent): boolean {
  switch (event.type as string) {
    case 'download.start':
      return s.feed === 'closed' && s.download !== 'downloading';
    case 'download.retry':
    case 'download.dismiss':
      return s.download === 'failed';
    case 'feed.open':
      return s.feed === 'closed' && s.download !== 'downloading' && s.code === null;
    case 'feed.retry':
      return s.feed === 'error';
    case 'feed.close':
      return s.feed !== 'closed';
    case 'feed.copy':
      return s.feed === 'shown' && s.copy !== 'copying';
    case 'reset.request':
      return s.feed === 'shown';
    case 'reset.cancel':
    case 'reset.confirm':
      return s.feed === 'confirmReset';
    default:
      return true;
  }
}

function replay(
  path: ModelPath<typeof logic>,
  machine: typeof calendarExportMachine = calendarExportMachine,
) {
  const calls: Array<[string, unknown]> = [];
  const recording = <T, I>(name: string) =>
    fromPromise<T, I>(({ input: given }) => {
      calls.push([name, given]);
      return new Promise<never>(() => {});
    });
  const actor = createActor(
    machine.provide({
      actors: {
        downloadCalendar: recording<string, CalendarExport>('downloadCalendar'),
        fetchCalendarFeed: recording<string, unknown>('fetchCalendarFeed'),
        resetCalendarFeed: recording<string, unknown>('resetCalendarFeed'),
        copyText: recording<void, { text: string }>('copyText'),
      },
    }),
    { input, inspect: coverage.inspect },
  );
  const emitted: CalendarExportEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();

  let screen = START;
  let downloadedAt = 0;
  let copiedAt = 0;
  for (const step of path.steps) {
    const event = step.event;
    const emittedBefore = emitted.length;
    const callsBefore = calls.length;
    let expected: CalendarExportEmitted[] = [];
    if ((event.type as string) !== 'xstate.init') {
      expect(allowed(screen, event)).toBe(true);
      if ((event.type as string) === AFTER_DOWNLOADED)
        vi.advanceTimersByTime(DOWNLOADED_MS - (Date.now() - downloadedAt));
      else if ((event.type as string) === AFTER_COPIED)
        vi.advanceTimersByTime(COPIED_MS - (Date.now() - copiedAt));
      else actor.send(event);
      const before = screen;
      [screen, expected] = expectedAfter(screen, event);
      if (screen.download === 'downloaded' && before.download !== 'downloaded') downloadedAt = Date.now();
      if (screen.copy === 'copied' && before.copy !== 'copied') copiedAt = Date.now();

      // Entering a call makes it once, with what the screen shows.
      const newCalls = calls.slice(callsBefore);
      if (screen.download === 'downloading' && before.download !== 'downloading')
        expect(newCalls).toEqual([['downloadCalendar', { code: screen.code, studentId: screen.studentId }]]);
      else if (screen.feed === 'loading' && before.feed !== 'loading')
        expect(newCalls).toEqual([['fetchCalendarFeed', undefined]]);
      else if (screen.feed === 'resetting' && before.feed !== 'resetting')
        expect(newCalls).toEqual([['resetCalendarFeed', undefined]]);
      else if (screen.copy === 'copying' && before.copy !== 'copying')
        expect(newCalls).toEqual([['copyText', { text: screen.feedUrl }]]);
      else expect(newCalls).toEqual([]);
    }

    const seen = actor.getSnapshot();
    expect(seen.value).toEqual(step.state.value);
    expect({
      download: selectDownloadStatus(seen),
      feed: selectFeedStatus(seen),
      copy: selectCopyStatus(seen),
      ...seen.context,
    }).toEqual(screen);
    expect(seen.hasTag('busy')).toBe(
      screen.download === 'downloading' || screen.feed === 'loading' || screen.feed === 'resetting',
    );
    expect(emitted.slice(emittedBefore)).toEqual(expected);
    // What the screen does not offer, the machine refuses.
    for (const other of events.filter((e) => !e.type.startsWith('xstate.'))) {
      if (!allowed(screen, other)) expect(seen.can(other)).toBe(false);
    }
  }
  return actor;
}

describe('calendar-export machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  pathTests(coverage, model, 'shows the button, the dialog and the toasts the path leads to', (path) =>
    replay(path).stop(),
  );

  // Last in this block: measured over every replay above (the behaviour tests below use no replay).
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    replay: (path, mutant) => replay(path, mutant as typeof calendarExportMachine).stop(),
  });
});

describe('calendar-export machine (behaviour with real calls and timers)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('downloads once however often Download is clicked, and says "Downloaded" for 4 s', async () => {
    const download = vi.fn(async () => 'somesha-LSN-ALG01.ics');
    const actor = createActor(
      calendarExportMachine.provide({ actors: { ...fakeActors, downloadCalendar: fromPromise(download) } }),
      { input: { code: 'LSN-ALG01' } },
    ).start();
    actor.send({ type: 'download.start' });
    actor.send({ type: 'download.start' });
    actor.send({ type: 'feed.open' });
    await vi.advanceTimersByTimeAsync(0);
    expect(download).toHaveBeenCalledTimes(1);
    expect(download.mock.calls[0]).toEqual([
      expect.objectContaining({ input: { code: 'LSN-ALG01', studentId: null } }),
    ]);
    expect(selectDownloadStatus(actor.getSnapshot())).toBe('downloaded');
    expect(actor.getSnapshot().context.fileName).toBe('somesha-LSN-ALG01.ics');
    // One lesson has no feed to subscribe to.
    expect(actor.getSnapshot().can({ type: 'feed.open' })).toBe(false);
    await vi.advanceTimersByTimeAsync(DOWNLOADED_MS - 1);
    expect(selectDownloadStatus(actor.getSnapshot())).toBe('downloaded');
    await vi.advanceTimersByTimeAsync(1);
    expect(selectDownloadStatus(actor.getSnapshot())).toBe('idle');
  });

  it('exports the learner the page shows now', async () => {
    const download = vi.fn(async () => 'somesha-timetable.ics');
    const actor = createActor(
      calendarExportMachine.provide({ actors: { ...fakeActors, downloadCalendar: fromPromise(download) } }),
      { input: {} },
    ).start();
    actor.send({ type: 'export.target', code: null, studentId: '502' });
    actor.send({ type: 'download.start' });
    await vi.advanceTimersByTimeAsync(0);
    expect(download.mock.calls[0]).toEqual([
      expect.objectContaining({ input: { code: null, studentId: '502' } }),
    ]);
  });

  it('closing the dialog forgets the link, and opening it again asks for the current one', async () => {
    const fetchFeed = vi.fn(async () => FIRST_URL);
    const actor = createActor(
      calendarExportMachine.provide({ actors: { ...fakeActors, fetchCalendarFeed: fromPromise(fetchFeed) } }),
      { input: {} },
    ).start();
    actor.send({ type: 'feed.open' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.feedUrl).toBe(FIRST_URL);
    actor.send({ type: 'feed.close' });
    expect(actor.getSnapshot().context.feedUrl).toBeNull();
    actor.send({ type: 'feed.open' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchFeed).toHaveBeenCalledTimes(2);
  });
});
