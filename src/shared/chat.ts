// Messages between learners (or parents) and teachers (issue 25, docs/reviews-messages.md): limits
// and rules shared by the server, the thread machine and the views.

export const MESSAGE_MAX = 2000;
/** New threads a sender may open in any 24 hours. */
export const NEW_THREADS_PER_DAY = 5;
/** Messages per page of a thread, newest last; older pages with `?before=<message id>`. */
export const MESSAGES_PER_PAGE = 30;
/** An unread message is e-mailed after this long … */
export const MESSAGE_EMAIL_AFTER_MS = 15 * 60_000;
/** … at most once per thread and reader this often. */
export const MESSAGE_EMAIL_EVERY_MS = 60 * 60_000;
export const THREAD_REPORT_REASON_MAX = 500;

/** What is wrong with a message's text, or null. */
export function messageTextProblem(text: string | null | undefined): string | null {
  const value = (text ?? '').trim();
  if (!value) return 'Write a message first.';
  if (value.length > MESSAGE_MAX) return `A message may not be greater than ${MESSAGE_MAX} characters.`;
  return null;
}

/** The two users of a thread in the order the database stores them (`user_low_id < user_high_id`). */
export const threadPair = (a: number, b: number): [number, number] => (a < b ? [a, b] : [b, a]);

/**
 * What the thread screens say (issue 25). Here rather than in the shared catalogue
 * (src/shared/messages.ts), which every page's script carries: only the messages screens need them.
 */
export const CHAT_TEXT = {
  sendFailed: 'Your message was not sent. Check your connection and try again.',
  loadFailed: 'This conversation could not be loaded.',
  notFound: 'This conversation does not exist or is not yours.',
  olderFailed: 'Earlier messages could not be loaded.',
  masked: 'Contact details are hidden until you have a booking together.',
} as const;
