// Start-up prefetch: the SPA may ask for a public page's data while its code is still downloading.
// The page's own first call then takes that answer instead of asking again. An answer is taken at
// most once and only while fresh, so a later visit or a retry always asks the server.
const FRESH_MS = 30_000;

const pending = new Map<string, { promise: Promise<unknown>; at: number }>();

/** Starts `load` now and keeps its promise under `key` (a second prefetch of the same key is ignored). */
export function prefetch(key: string, load: () => Promise<unknown>): void {
  if (pending.has(key)) return;
  const promise = load();
  // Nobody may take it; a failure is reported by the page's own call, not as an unhandled rejection.
  promise.catch(() => undefined);
  pending.set(key, { promise, at: Date.now() });
}

/** The prefetched promise for `key`, once, if still fresh; otherwise null. */
export function takePrefetched<T>(key: string): Promise<T> | null {
  const entry = pending.get(key);
  if (!entry) return null;
  pending.delete(key);
  return Date.now() - entry.at <= FRESH_MS ? (entry.promise as Promise<T>) : null;
}
