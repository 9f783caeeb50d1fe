// Helpers of the feed tests: a server-sent-events reader over real HTTP (fetch with a streaming body,
// as a browser's EventSource would read it), and buying a lesson from the wallet.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { Browser, Json } from '../support/test-server';

dayjs.extend(utc);
dayjs.extend(timezone);

/** "Nov 24, 2026 at 3:05 PM" in Nairobi, worked out independently of the server's formatting. */
export const nairobiWhen = (date: Date) => dayjs(date).tz('Africa/Nairobi').format('MMM D, YYYY [at] h:mm A');
export const nairobiTime = (date: Date) => dayjs(date).tz('Africa/Nairobi').format('h:mm A');

export type SseMessage = { event: string; data: string; json: Json };

export type EventStream = {
  status: number;
  headers: Headers;
  /** Everything read so far, as sent. */
  raw(): string;
  messages: SseMessage[];
  /** Resolves with the first message (already read or still to come) that matches, or fails after `timeoutMs`. */
  next(match: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Resolves when the server ends the stream (false when it has not after `timeoutMs`). */
  ended(timeoutMs?: number): Promise<boolean>;
  close(): void;
};

function parseBlock(block: string): SseMessage | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const index = line.indexOf(':');
    const field = index === -1 ? line : line.slice(0, index);
    const value = index === -1 ? '' : line.slice(index + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return null;
  const text = data.join('\n');
  let json: Json = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { event, data: text, json };
}

/** Opens `/api/events` with the browser's cookies and reads it in the background. */
export async function openEvents(baseUrl: string, browser: Browser | null): Promise<EventStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (browser?.cookies.size)
    headers.cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${baseUrl}/api/events`, { headers, signal: controller.signal });
  let text = '';
  let buffer = '';
  let done = false;
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  if (response.body && (response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      try {
        for (;;) {
          const { value, done: finished } = await reader.read();
          if (finished) break;
          text += value;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const message = parseBlock(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (message) messages.push(message);
            end = buffer.indexOf('\n\n');
          }
          wake();
        }
      } catch {
        // Aborted by close().
      } finally {
        done = true;
        wake();
      }
    })();
  } else {
    text = await response.text();
    done = true;
  }

  const waitFor = <T>(check: () => T | null, timeoutMs: number): Promise<T | null> =>
    new Promise((resolve) => {
      const found = check();
      if (found !== null) return resolve(found);
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        resolve(null);
      }, timeoutMs);
      const waiter = () => {
        const value = check();
        if (value === null) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(value);
      };
      waiters.add(waiter);
    });

  return {
    status: response.status,
    headers: response.headers,
    raw: () => text,
    messages,
    async next(match, timeoutMs = 1000) {
      const found = await waitFor(() => messages.find(match) ?? null, timeoutMs);
      if (!found)
        throw new Error(
          `No matching event within ${timeoutMs} ms; the stream so far:\n${text || '(nothing)'}`,
        );
      return found;
    },
    async ended(timeoutMs = 1000) {
      return (await waitFor(() => (done ? true : null), timeoutMs)) ?? false;
    },
    close: () => controller.abort(),
  };
}

/** Puts the first of `lessonIds` that is still bookable for the buyer into the cart; returns its id. */
export async function addFirstBookable(browser: Browser, lessonIds: number[]): Promise<number> {
  for (const id of lessonIds) {
    const response = await browser.post(`/api/lessons/add-to-cart/${id}`);
    if (response.status === 200) return id;
  }
  throw new Error('No bookable lesson left');
}

export async function payFromWallet(browser: Browser, body: Record<string, unknown> = {}): Promise<void> {
  const paid = await browser.post('/api/payments/wallet', { pin: '1234', ...body });
  if (paid.status !== 200) throw new Error(`wallet payment: ${paid.status} ${paid.text}`);
}
