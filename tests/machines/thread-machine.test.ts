// Model-based test of one conversation (issue 25): every transition walked on a real actor whose calls
// never settle by themselves (their answers are sent as done/error events), for an existing thread and
// for a new one (`?to=`). After each step the test checks, from the events alone, what the screen
// shows (messages, the typed text, the error in plain words, older pages, what is blocked and unread)
// and what the machine told the app (navigation, the thread on show, the new unread total).
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventFromLogic } from 'xstate';
import {
  selectThread,
  sendErrorText,
  threadMachine,
  type ThreadEvent,
  type ThreadInput,
} from '@/machines/thread-machine';
import { ApiError } from '@/services/http';
import {
  decodeMessage,
  decodeThread,
  type Message,
  type MessagePage,
  type Sent,
  type Thread,
  type ThreadPage,
} from '@/services/schemas/message';
import { coverageOf, modelOf, mutationTests, pathTests, type ModelPath } from './model-paths';
import { onePerMove } from './mutant-paths';
import { CHAT_TEXT } from '@/shared/chat';

type Event = EventFromLogic<typeof threadMachine>;
const done = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output }) as unknown as Event;
const failed = (id: string, error: unknown) =>
  ({ type: `xstate.error.actor.${id}`, error }) as unknown as Event;

const GRACE = 5;
const ME = 12;
const wireThread = (over: Record<string, unknown> = {}) => ({
  id: 7,
  other: {
    user_id: GRACE,
    first_name: 'Grace',
    last_name: 'Mwangi',
    photo_url: null,
    role: 'teacher',
    teacher_id: 3,
  },
  last_message: null,
  unread_count: 1,
  blocked: null,
  reported: false,
  can_share_contacts: false,
  updated_at: '2026-11-21T10:00:00Z',
  ...over,
});
const thread = (over: Record<string, unknown> = {}): Thread => decodeThread(wireThread(over));
const message = (id: number, sender: number, threadId = 7): Message =>
  decodeMessage({
    id,
    thread_id: threadId,
    sender_user_id: sender,
    text: `Text ${id}`,
    masked: false,
    created_at: '2026-11-21T10:00:00Z',
  });

const first: MessagePage = { messages: [message(2, GRACE), message(3, ME)], hasMore: true, thread: thread() };
const older: MessagePage = { messages: [message(1, GRACE)], hasMore: false, thread: thread() };
const sent: Sent = { message: message(4, ME), thread: thread({ unread_count: 0 }) };
const live = message(5, GRACE);
const liveThread = thread({ unread_count: 1 });
const blocked = thread({ blocked: 'by_me', unread_count: 0 });
const threads = (items: Thread[]): ThreadPage => ({
  items,
  unreadCount: 0,
  meta: { currentPage: 1, lastPage: 1, perPage: 20, total: items.length },
});

const refused = new ApiError({ status: 403, message: 'You cannot message this person.' });
const limited = new ApiError({
  status: 429,
  message: 'You can start up to 5 new conversations a day. Try again tomorrow.',
});
const tooLong = new ApiError({
  status: 422,
  message: 'The given data was invalid.',
  fieldErrors: { text: ['A message may not be greater than 2000 characters.'] },
});
const offline = new ApiError({ status: 0, message: 'offline' });
const missing = new ApiError({ status: 404, message: 'Not found.' });

const events: Event[] = [
  done('findThread', threads([thread()])),
  done('findThread', threads([])),
  failed('findThread', offline),
  done('fetchThread', first),
  failed('fetchThread', missing),
  failed('fetchThread', offline),
  { type: 'load.retry' },
  { type: 'draft.change', text: ' Hello ' },
  { type: 'draft.change', text: '   ' },
  { type: 'message.send' },
  done('sendMessage', sent),
  failed('sendMessage', refused),
  failed('sendMessage', limited),
  failed('sendMessage', tooLong),
  failed('sendMessage', offline),
  { type: 'older.load' },
  done('fetchOlder', older),
  failed('fetchOlder', offline),
  done('markRead', 2),
  failed('markRead', offline),
  { type: 'thread.live', message: live, thread: liveThread },
  { type: 'thread.live', message: message(9, GRACE, 8), thread: null },
  { type: 'thread.replace', thread: blocked },
  { type: 'page.hidden' },
  { type: 'page.visible' },
];

// The calls never settle by themselves; the visibility watcher says nothing (the paths send it).
const calls: string[] = [];
const pending = <T, I>(name: string, describe: (input: I) => string = () => '') =>
  fromPromise<T, I>(({ input }) => {
    calls.push(`${name}${describe(input)}`);
    return new Promise<never>(() => {});
  });
const fakeActors = {
  findThread: pending<ThreadPage, { toUserId: number }>('find', (input) => ` ${input.toUserId}`),
  fetchThread: pending<MessagePage, number>('fetch', (input) => ` ${input}`),
  fetchOlder: pending<MessagePage, { threadId: number; before: number }>(
    'older',
    (input) => ` ${input.threadId} before ${input.before}`,
  ),
  sendMessage: pending<Sent, { toUserId: number; text: string }>(
    'send',
    (input) => ` ${input.toUserId} "${input.text}"`,
  ),
  markRead: pending<number, number>('read', (input) => ` ${input}`),
  watchVisibility: fromCallback<ThreadEvent>(() => undefined),
};
const logic = threadMachine.provide({ actors: fakeActors });

const EXISTING: ThreadInput = { threadId: 7 };
const NEW: ThreadInput = { threadId: null, toUserId: GRACE, toName: 'Grace Mwangi' };

const visibleContext = (s: ReturnType<typeof logic.resolveState>) => [
  s.context.draft.trim() !== '',
  s.context.thread?.blocked ?? null,
  s.context.hasMore,
  s.context.visible,
  s.context.readFailed,
  (s.context.thread?.unreadCount ?? 0) > 0,
];
const models = {
  existing: modelOf(logic, { events, visibleContext, input: EXISTING, simpleEvents: [] }),
  new: modelOf(logic, { events, visibleContext, input: NEW, simpleEvents: [] }),
};

const inputOf = new Map<ModelPath<typeof logic>, ThreadInput>([
  ...models.existing.shortest.map((path) => [path, EXISTING] as const),
  ...models.new.shortest.map((path) => [path, NEW] as const),
]);

const coverage = coverageOf(threadMachine, {
  allowSurvivors: {
    'retarget finding --xstate.done.actor.findThread[isFound]--> loading to starting':
      'starting only decides between finding and loading: with the found thread id set it goes straight to loading',
    'retarget loadFailed --load.retry--> loading to starting':
      'starting only decides between finding and loading: a thread that failed to load has its id, so loading',
  },
});

/** What the screen shows and where the machine is, worked out from the events alone. */
type Screen = {
  phase: 'finding' | 'composing' | 'loading' | 'loadFailed' | 'open';
  composer: 'idle' | 'sending' | 'failed';
  history: 'idle' | 'loading' | 'failed';
  reading: 'idle' | 'marking';
  threadId: number | null;
  messages: number[];
  hasMore: boolean;
  draft: string;
  sendError: string | null;
  loadError: string | null;
  olderError: string | null;
  unread: number;
  blocked: string | null;
  visible: boolean;
  readFailed: boolean;
  hasThread: boolean;
};

type Told =
  | { type: 'navigate'; to: string; replace?: boolean }
  | { type: 'thread.shown'; threadId: number }
  | { type: 'thread.read'; threadId: number; unreadCount: number }
  | { type: 'notify'; color: string; message: string };

function start(input: ThreadInput): Screen {
  return {
    phase: input.threadId === null ? 'finding' : 'loading',
    composer: 'idle',
    history: 'idle',
    reading: 'idle',
    threadId: input.threadId,
    messages: [],
    hasMore: false,
    draft: '',
    sendError: null,
    loadError: null,
    olderError: null,
    unread: 0,
    blocked: null,
    visible: true,
    readFailed: false,
    hasThread: false,
  };
}

const merged = (ids: number[], added: number[]) => [...new Set([...ids, ...added])].sort((a, b) => a - b);
const canSend = (s: Screen) => s.draft.trim() !== '' && s.blocked === null;

/** The oracle: the screen after `event`, the calls it starts and what the app is told. */
function after(before: Screen, event: Event, calls: string[], told: Told[]): Screen {
  const s = { ...before };
  const type = event.type as string;
  const enterOpen = () => {
    s.phase = 'open';
    s.composer = 'idle';
    s.history = 'idle';
    s.reading = 'idle';
    told.push({ type: 'thread.shown', threadId: s.threadId ?? 0 });
  };
  const startLoading = () => {
    s.phase = 'loading';
    calls.push(`fetch ${s.threadId}`);
  };
  const send = () => {
    if (s.phase === 'composing' || s.phase === 'open') {
      calls.push(`send ${GRACE} "${s.draft.trim()}"`);
      s.composer = 'sending';
    }
  };
  switch (type) {
    case 'xstate.done.actor.findThread': {
      const page = (event as unknown as { output: ThreadPage }).output;
      if (page.items.length) {
        s.threadId = 7;
        told.push({ type: 'navigate', to: '/messages/7', replace: true });
        startLoading();
      } else s.phase = 'composing';
      break;
    }
    case 'xstate.error.actor.findThread':
      s.phase = 'composing';
      break;
    case 'xstate.done.actor.fetchThread':
      Object.assign(s, {
        messages: [2, 3],
        hasMore: true,
        unread: 1,
        blocked: null,
        hasThread: true,
        loadError: null,
      });
      enterOpen();
      break;
    case 'xstate.error.actor.fetchThread': {
      const error = (event as unknown as { error: ApiError }).error;
      s.phase = 'loadFailed';
      s.loadError = error.status === 404 ? CHAT_TEXT.notFound : CHAT_TEXT.loadFailed;
      break;
    }
    case 'load.retry':
      startLoading();
      break;
    case 'draft.change':
      s.draft = (event as { text: string }).text;
      break;
    case 'message.send':
      if (canSend(s)) send();
      break;
    case 'xstate.done.actor.sendMessage':
      Object.assign(s, {
        messages: merged(s.messages, [4]),
        draft: '',
        sendError: null,
        unread: 0,
        blocked: null,
        hasThread: true,
        composer: 'idle',
      });
      if (s.phase === 'composing') {
        s.threadId = 7;
        told.push({ type: 'navigate', to: '/messages/7', replace: true });
        enterOpen();
      }
      break;
    case 'xstate.error.actor.sendMessage':
      s.composer = 'failed';
      s.sendError = sendErrorText((event as unknown as { error: unknown }).error);
      break;
    case 'older.load':
      if (s.history === 'failed' || (s.hasMore && s.messages.length > 0)) {
        s.history = 'loading';
        calls.push(`older 7 before ${s.messages[0]}`);
      }
      break;
    case 'xstate.done.actor.fetchOlder':
      Object.assign(s, {
        history: 'idle',
        messages: merged(s.messages, [1]),
        hasMore: false,
        olderError: null,
      });
      break;
    case 'xstate.error.actor.fetchOlder':
      Object.assign(s, { history: 'failed', olderError: CHAT_TEXT.olderFailed });
      break;
    case 'xstate.done.actor.markRead':
      s.reading = 'idle';
      s.unread = 0;
      told.push({ type: 'thread.read', threadId: 7, unreadCount: 2 });
      break;
    case 'xstate.error.actor.markRead':
      s.reading = 'idle';
      s.readFailed = true;
      break;
    case 'thread.live': {
      const live = event as { message: Message; thread: Thread | null };
      if (live.message.threadId === s.threadId) {
        s.messages = merged(s.messages, [live.message.id]);
        if (live.thread) {
          s.unread = live.thread.unreadCount;
          s.blocked = live.thread.blocked;
        }
        s.readFailed = false;
      }
      break;
    }
    case 'thread.replace':
      s.unread = blocked.unreadCount;
      s.blocked = blocked.blocked;
      break;
    case 'page.hidden':
      s.visible = false;
      break;
    case 'page.visible':
      s.visible = true;
      break;
  }
  // Read while on show and visible, once per arrival (a failure waits for the next message).
  if (s.phase === 'open' && s.reading === 'idle' && s.visible && !s.readFailed && s.unread > 0) {
    s.reading = 'marking';
    calls.push('read 7');
  }
  return s;
}

function stateOf(s: Screen): unknown {
  if (s.phase === 'composing') return { composing: s.composer === 'sending' ? 'creating' : s.composer };
  if (s.phase !== 'open') return s.phase;
  return {
    open: {
      composer: s.composer,
      history: s.history === 'loading' ? 'loadingOlder' : s.history,
      reading: s.reading,
    },
  };
}

function toldOf(emitted: Array<{ type: string } & Record<string, unknown>>): Told[] {
  return emitted.map((event) => {
    if (event.type === 'thread.shown') return { type: 'thread.shown', threadId: event.threadId as number };
    if (event.type === 'thread.read')
      return {
        type: 'thread.read',
        threadId: (event.thread as Thread).id,
        unreadCount: event.unreadCount as number,
      };
    return event as unknown as Told;
  });
}

function replay(path: ModelPath<typeof logic>, input: ThreadInput, machine = threadMachine) {
  calls.length = 0;
  const actor = createActor(machine.provide({ actors: fakeActors }), { input, inspect: coverage.inspect });
  const emitted: Array<{ type: string } & Record<string, unknown>> = [];
  actor.on('*', (event) => emitted.push(event as never));
  actor.start();
  let screen = start(input);
  const expectedCalls: string[] = input.threadId === null ? [`find ${GRACE}`] : [`fetch ${input.threadId}`];
  for (const step of path.steps) {
    const told: Told[] = [];
    const count = emitted.length;
    if ((step.event.type as string) !== 'xstate.init') {
      actor.send(step.event);
      screen = after(screen, step.event, expectedCalls, told);
    }
    const seen = actor.getSnapshot();
    expect(seen.value).toEqual(stateOf(screen));
    expect(toldOf(emitted.slice(count))).toEqual(told);
    expect(calls).toEqual(expectedCalls);
    const view = selectThread(seen);
    expect({
      threadId: seen.context.threadId,
      messages: view.messages.map((each) => each.id),
      hasMore: view.hasMore,
      draft: view.draft,
      sendError: view.sendError,
      loadError: view.loadError,
      olderError: view.olderError,
      unread: view.thread?.unreadCount ?? 0,
      blocked: view.thread?.blocked ?? null,
      visible: seen.context.visible,
      readFailed: seen.context.readFailed,
      hasThread: view.thread !== null,
      sending: view.sending,
    }).toEqual({
      threadId: screen.threadId,
      messages: screen.messages,
      hasMore: screen.hasMore,
      draft: screen.draft,
      sendError: screen.composer === 'failed' ? screen.sendError : null,
      loadError: screen.phase === 'loadFailed' ? screen.loadError : null,
      olderError: screen.history === 'failed' ? screen.olderError : null,
      unread: screen.unread,
      blocked: screen.blocked,
      visible: screen.visible,
      readFailed: screen.readFailed,
      hasThread: screen.hasThread,
      sending: screen.composer === 'sending',
    });
    expect(view.otherName).toBe(screen.hasThread || input.threadId === null ? 'Grace Mwangi' : '');
  }
  return actor;
}

describe('thread machine (model-based)', () => {
  pathTests(coverage, models.existing, 'an existing thread shows what the path leads to', (path) =>
    replay(path, EXISTING).stop(),
  );
  pathTests(coverage, models.new, 'a new thread shows what the path leads to', (path) =>
    replay(path, NEW).stop(),
  );
});

describe('thread machine (behaviour)', () => {
  it('says why a send failed in plain words: the block, the limit, the field, else a general line', () => {
    expect(sendErrorText(refused)).toBe('You cannot message this person.');
    expect(sendErrorText(limited)).toBe('You can start up to 5 new conversations a day. Try again tomorrow.');
    expect(sendErrorText(tooLong)).toBe('A message may not be greater than 2000 characters.');
    expect(sendErrorText(offline)).toBe(CHAT_TEXT.sendFailed);
  });

  it('keeps the typed text through a failure and sends it again, once, on Try again', async () => {
    const texts: string[] = [];
    let fail = true;
    const machine = threadMachine.provide({
      actors: {
        ...fakeActors,
        fetchThread: fromPromise(async () => ({ ...first, thread: thread({ unread_count: 0 }) })),
        sendMessage: fromPromise<Sent, { toUserId: number; text: string }>(async ({ input }) => {
          texts.push(input.text);
          if (fail) throw offline;
          return sent;
        }),
      },
    });
    const actor = createActor(machine, { input: EXISTING }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'draft.change', text: 'Is Tuesday fine?' });
    actor.send({ type: 'message.send' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectThread(actor.getSnapshot()).draft).toBe('Is Tuesday fine?');
    expect(selectThread(actor.getSnapshot()).sendError).toBe(CHAT_TEXT.sendFailed);
    fail = false;
    actor.send({ type: 'message.send' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(texts).toEqual(['Is Tuesday fine?', 'Is Tuesday fine?']);
    expect(selectThread(actor.getSnapshot()).draft).toBe('');
    expect(selectThread(actor.getSnapshot()).messages.map((each) => each.id)).toEqual([2, 3, 4]);
    actor.stop();
  });

  // Last: measured over every replay above.
  mutationTests(coverage, {
    paths: () => [...onePerMove(models.existing.shortest), ...onePerMove(models.new.shortest)],
    replay: (path, mutant) =>
      replay(path, inputOf.get(path) ?? EXISTING, mutant as typeof threadMachine).stop(),
  });
});
