// Messages (issue 25, docs/reviews-messages.md "Messages"): the thread machine, the thread list, the
// block and report forms and the admins' reported threads, each with its calls bound once here, so
// the views (src/views/pages/messages) only render state and send events.
import { enqueueActions, fromPromise } from 'xstate';
import { formSubmitter } from '@/machines/form-machine';
import { listLoader, oneLoader } from '@/machines/load-machine';
import type { NotificationsEvent } from '@/machines/notifications-machine';
import { threadMachine, type FindInput, type OlderInput, type SendInput } from '@/machines/thread-machine';
import {
  blockUser,
  fetchReportedThread,
  fetchReportedThreads,
  fetchThread,
  fetchThreads,
  markThreadRead,
  reportThread,
  sendMessage,
  unblockUser,
} from '@/services/messages-service';
import type {
  MessagePage,
  ReportedThread,
  ReportedThreadPage,
  Sent,
  Thread,
  ThreadPage,
} from '@/services/schemas/message';

/** The notifications machine (systemId `notifications`) keeps the top bar's count and routes live messages. */
const NOTIFICATIONS = 'notifications';

/**
 * One conversation: its calls, and the notifications machine told when it is on show (so the live
 * stream's messages for it come here, not as toasts) and what reading it left unread.
 */
export const threadLogic = threadMachine.provide({
  actors: {
    findThread: fromPromise<ThreadPage, FindInput>(() => fetchThreads({ per_page: '100' })),
    fetchThread: fromPromise<MessagePage, number>(({ input }) => fetchThread(input)),
    fetchOlder: fromPromise<MessagePage, OlderInput>(({ input }) =>
      fetchThread(input.threadId, input.before),
    ),
    sendMessage: fromPromise<Sent, SendInput>(({ input }) => sendMessage(input.toUserId, input.text)),
    markRead: fromPromise<number, number>(({ input }) => markThreadRead(input)),
  },
  actions: {
    announceShown: enqueueActions(({ context, self, system, enqueue }) => {
      const notifications = system.get(NOTIFICATIONS);
      if (!notifications || context.threadId === null) return;
      const shown: NotificationsEvent = { type: 'thread.shown', threadId: context.threadId, listener: self };
      enqueue.sendTo(notifications, shown);
    }),
    announceRead: enqueueActions(({ system, enqueue }, params: { thread: Thread; unreadCount: number }) => {
      const notifications = system.get(NOTIFICATIONS);
      const read: NotificationsEvent = { type: 'thread.read', unreadCount: params.unreadCount };
      if (notifications) enqueue.sendTo(notifications, read);
    }),
  },
});

/** The reader's threads, newest activity first (`?page=` in the URL). */
export const threadsLoader = listLoader<Thread>((query) => fetchThreads(query));

/** Block or unblock the other person: the answer is the thread as it now reads. */
export const blockForm = formSubmitter<{ userId: number; block: boolean }, Thread | null>((values) =>
  values.block ? blockUser(values.userId) : unblockUser(values.userId),
);

/** Report a thread to the admins with a reason. */
export const reportForm = formSubmitter<{ threadId: number; reason: string }, Thread | null>((values) =>
  reportThread(values.threadId, values.reason),
);

// Admins: reported threads only ------------------------------------------------------------------

export const reportedThreadsLoader = listLoader<ReportedThread>((query) => fetchReportedThreads(query));
/** One reported thread (`params.threadId`), read only. */
export const reportedThreadLoader = oneLoader<ReportedThreadPage>((params) =>
  fetchReportedThread(Number(params.threadId)),
);
