// "Add to calendar" (issue 9): download one lesson or the whole timetable as an `.ics` file, or
// subscribe to the caller's private calendar feed (copy the link, open it as webcal:// or in Google
// Calendar, or reset it after a confirmation, which makes the old link stop working).
// The calls (and the browser's download and clipboard) are bound where the screen is
// (src/machines/screens/timetable-screens.ts).
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { googleCalendarUrl, webcalUrl, type CalendarExport } from '@/services/timetable-service';
import { t } from '@/shared/messages';
import type { NotifyColor } from './session-machine';

/** How long the button says "Downloaded" and Copy says "Copied" before they read as before. */
export const DOWNLOADED_MS = 4000;
export const COPIED_MS = 2000;

export type CalendarExportInput = { code?: string | null; studentId?: string | null };

export type CalendarExportContext = {
  /** The lesson exported; null exports the whole timetable (and offers the feed). */
  code: string | null;
  /** The child whose timetable a parent downloads; null for all of the caller's learners. */
  studentId: string | null;
  fileName: string | null;
  downloadError: string | null;
  feedUrl: string | null;
  feedError: string | null;
  resetError: string | null;
};

export type CalendarExportEvent =
  | { type: 'download.start' }
  | { type: 'download.retry' }
  | { type: 'download.dismiss' }
  /** The page now shows another lesson or learner. */
  | { type: 'export.target'; code: string | null; studentId: string | null }
  | { type: 'feed.open' }
  | { type: 'feed.retry' }
  | { type: 'feed.close' }
  | { type: 'feed.copy' }
  | { type: 'reset.request' }
  | { type: 'reset.cancel' }
  | { type: 'reset.confirm' };

export type CalendarExportEmitted = { type: 'notify'; color: NotifyColor; message: string };

function unbound(name: string) {
  return async (): Promise<never> => {
    throw new Error(`No ${name} actor was provided for the calendar export.`);
  };
}

export const calendarExportMachine = setup({
  types: {
    context: {} as CalendarExportContext,
    events: {} as CalendarExportEvent,
    input: {} as CalendarExportInput,
    emitted: {} as CalendarExportEmitted,
  },
  actors: {
    /** Fetches the `.ics` and hands it to the browser's downloads; answers the file name. */
    downloadCalendar: fromPromise<string, CalendarExport>(unbound('downloadCalendar')),
    /** Answers the private feed's URL. */
    fetchCalendarFeed: fromPromise<string>(unbound('fetchCalendarFeed')),
    /** Makes a new feed URL (the old one stops working) and answers it. */
    resetCalendarFeed: fromPromise<string>(unbound('resetCalendarFeed')),
    copyText: fromPromise<void, { text: string }>(unbound('copyText')),
  },
  actions: {
    notify: emit((_, params: { color: NotifyColor; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
    setTarget: assign((_, params: { code: string | null; studentId: string | null }) => ({
      code: params.code || null,
      studentId: params.studentId || null,
    })),
    clearDownload: assign({ fileName: null, downloadError: null }),
    storeFeedUrl: assign((_, params: { url: string }) => ({
      feedUrl: params.url,
      feedError: null,
      resetError: null,
    })),
    clearFeed: assign({ feedUrl: null, feedError: null, resetError: null }),
  },
  guards: {
    isTimetable: ({ context }) => context.code === null,
  },
  delays: {
    downloadedTime: DOWNLOADED_MS,
    copiedTime: COPIED_MS,
  },
}).createMachine({
  id: 'calendarExport',
  context: ({ input }) => ({
    code: input.code || null,
    studentId: input.studentId || null,
    fileName: null,
    downloadError: null,
    feedUrl: null,
    feedError: null,
    resetError: null,
  }),
  initial: 'idle',
  on: {
    'export.target': {
      actions: {
        type: 'setTarget',
        params: ({ event }) => ({ code: event.code, studentId: event.studentId }),
      },
    },
  },
  states: {
    idle: {
      on: {
        'download.start': 'downloading',
        'feed.open': { guard: 'isTimetable', target: 'feed' },
      },
    },
    downloading: {
      tags: 'busy',
      entry: 'clearDownload',
      invoke: {
        id: 'downloadCalendar',
        src: 'downloadCalendar',
        input: ({ context }) => ({ code: context.code, studentId: context.studentId }),
        onDone: { target: 'downloaded', actions: assign({ fileName: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ downloadError: () => t('calendar.downloadFailed') }) },
      },
    },
    downloaded: {
      after: { downloadedTime: 'idle' },
      on: {
        'download.start': 'downloading',
        'feed.open': { guard: 'isTimetable', target: 'feed' },
      },
    },
    failed: {
      on: {
        'download.retry': 'downloading',
        'download.start': 'downloading',
        'download.dismiss': { target: 'idle', actions: 'clearDownload' },
        'feed.open': { guard: 'isTimetable', target: 'feed', actions: 'clearDownload' },
      },
    },
    // The subscribe dialog is open.
    feed: {
      initial: 'loading',
      on: { 'feed.close': { target: 'idle', actions: 'clearFeed' } },
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            id: 'fetchCalendarFeed',
            src: 'fetchCalendarFeed',
            onDone: {
              target: 'shown',
              actions: { type: 'storeFeedUrl', params: ({ event }) => ({ url: event.output }) },
            },
            onError: {
              target: 'error',
              actions: assign({ feedError: () => t('messages.loadError', { name: 'your calendar link' }) }),
            },
          },
        },
        error: {
          on: { 'feed.retry': 'loading' },
        },
        shown: {
          initial: 'ready',
          on: { 'reset.request': 'confirmReset' },
          states: {
            ready: {
              on: { 'feed.copy': 'copying' },
            },
            copying: {
              invoke: {
                id: 'copyText',
                src: 'copyText',
                input: ({ context }) => ({ text: context.feedUrl ?? '' }),
                onDone: 'copied',
                onError: 'refused',
              },
            },
            copied: {
              after: { copiedTime: 'ready' },
              on: { 'feed.copy': 'copying' },
            },
            // The clipboard was refused: the view selects the link for the person to copy.
            refused: {
              on: { 'feed.copy': 'copying' },
            },
          },
        },
        // "Reset link" asks first: the old link stops working for every calendar using it.
        confirmReset: {
          on: {
            'reset.confirm': 'resetting',
            'reset.cancel': { target: 'shown', actions: assign({ resetError: null }) },
          },
        },
        resetting: {
          tags: 'busy',
          invoke: {
            id: 'resetCalendarFeed',
            src: 'resetCalendarFeed',
            onDone: {
              target: 'shown',
              actions: [
                { type: 'storeFeedUrl', params: ({ event }) => ({ url: event.output }) },
                { type: 'notify', params: { color: 'success', message: t('calendar.resetDone') } },
              ],
            },
            onError: {
              target: 'confirmReset',
              actions: assign({ resetError: () => t('calendar.resetFailed') }),
            },
          },
        },
      },
    },
  },
});

export type CalendarExportSnapshot = SnapshotFrom<typeof calendarExportMachine>;

export type DownloadStatus = 'idle' | 'downloading' | 'downloaded' | 'failed';
export type FeedStatus = 'closed' | 'loading' | 'error' | 'shown' | 'confirmReset' | 'resetting';
export type CopyStatus = 'ready' | 'copying' | 'copied' | 'refused';

/** The download button's state (the feed dialog leaves it idle). */
export function selectDownloadStatus(snapshot: CalendarExportSnapshot): DownloadStatus {
  for (const status of ['downloading', 'downloaded', 'failed'] as const) {
    if (snapshot.matches(status)) return status;
  }
  return 'idle';
}

/** The subscribe dialog's step; `closed` when it is not open. */
export function selectFeedStatus(snapshot: CalendarExportSnapshot): FeedStatus {
  for (const status of ['loading', 'error', 'shown', 'confirmReset', 'resetting'] as const) {
    if (snapshot.matches({ feed: status })) return status;
  }
  return 'closed';
}

/** The feed's link, and as calendar apps open it: `webcal://` for a phone's calendar, and Google Calendar's page. */
export function selectFeedLinks(
  snapshot: CalendarExportSnapshot,
): { url: string; webcal: string; google: string } | null {
  const url = snapshot.context.feedUrl;
  return url ? { url, webcal: webcalUrl(url), google: googleCalendarUrl(url) } : null;
}

/** What Copy shows while the link is shown. */
export function selectCopyStatus(snapshot: CalendarExportSnapshot): CopyStatus {
  for (const status of ['copying', 'copied', 'refused'] as const) {
    if (snapshot.matches({ feed: { shown: status } })) return status;
  }
  return 'ready';
}
