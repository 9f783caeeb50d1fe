// Answers the public site's GETs (home, lists, a lesson view, search, filters, plans, FAQs, the
// landing pages' HTML) from memory, already compressed, until the data behind them changes.
//
// - **Exact invalidation.** Every write to a table the public site reads sends `NOTIFY public_data`
//   after commit (migration 0006); on it the whole cache is dropped. An answer computed while a
//   write committed is not stored (the generation it started in is gone), so a reader never gets
//   data older than the last write it could have seen. Before a lookup the reader waits until every
//   notification committed before its request has arrived (`DataChanges.sync`: nothing to wait for
//   on PGlite, one round trip shared by concurrent readers on PostgreSQL), so a write committed by
//   any process before a request is never hidden from it. If the PostgreSQL listening connection
//   breaks, the cache is off until it listens again.
// - **Time.** Lists say "upcoming" by the clock: an answer is also dropped after `ttlMs` (30 s), so a
//   lesson that started leaves the upcoming lists within that time without any write.
// - **Bounded.** At most `maxEntries` answers (least recently used go first): filters and searches
//   make many keys.
// - **Precompressed.** A stored answer is compressed (brotli and gzip, off the main thread) once;
//   later hits send those bytes as they are. Until they are ready, @fastify/compress does it per reply.
//
// docs/architecture.md "Serving the public site at scale" has the figures.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DataChanges } from '../db/client';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type PublicCacheOptions = {
  /** Off: every request is computed (PUBLIC_CACHE=off, and when there is no change feed). */
  enabled?: boolean;
  maxEntries?: number;
  /** Bytes of stored bodies (text and compressed copies) kept at most. */
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
};

type Entry = {
  /** The body's bytes, made once: a hit sends them without encoding the text again. */
  text: Buffer;
  type: string;
  cacheControl: string | undefined;
  expiresAt: number;
  /** Bytes of the body and its compressed copies. */
  size: number;
  br?: Buffer;
  gzip?: Buffer;
};

/** How long a miss waits for another request computing the same answer before computing it itself. */
const SHARED_WAIT_MS = 2000;

/** Bodies smaller than this are sent as they are (as @fastify/compress does). */
const COMPRESS_THRESHOLD = 1024;

export class PublicCache {
  readonly enabled: boolean;
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private bytes = 0;
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Bumped on every change; an answer computed across a bump is not stored. */
  private generation = 0;
  /** False while notifications may be missed (the listening connection is down). */
  private trusted = true;
  /** Counters for the benchmark and the tests: what the cache did. */
  readonly stats = { hits: 0, misses: 0, shared: 0, stored: 0, invalidations: 0 };
  private readonly computing = new Map<string, Promise<void>>();

  constructor({
    enabled = true,
    maxEntries = 500,
    maxBytes = 32 * 1024 * 1024,
    ttlMs = 30_000,
    now = Date.now,
  }: PublicCacheOptions = {}) {
    this.enabled = enabled;
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.ttlMs = ttlMs;
    this.now = now;
  }

  get active(): boolean {
    return this.enabled && this.trusted;
  }

  /** Public data changed: forget every answer. */
  invalidate(): void {
    this.generation += 1;
    this.stats.invalidations += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  /** Notifications may have been missed: forget everything and store nothing until `restored`. */
  lost(): void {
    this.trusted = false;
    this.invalidate();
  }

  restored(): void {
    this.invalidate();
    this.trusted = true;
  }

  /**
   * This request computes `key`: requests for the same key that miss meanwhile wait for it (`shared`)
   * instead of running the same queries side by side, as a burst after an invalidation would. Call
   * the returned function once the answer is stored or given up.
   */
  claim(key: string): () => void {
    if (this.computing.has(key)) return () => {};
    let release = () => {};
    const done = new Promise<void>((resolve) => {
      release = () => {
        if (this.computing.get(key) === done) this.computing.delete(key);
        resolve();
      };
    });
    this.computing.set(key, done);
    return release;
  }

  /**
   * The stored answer for `key`; or, on a miss, the right to compute it: `generation` for `store` and
   * `release` for when it is done. A miss while another request computes the key waits for it (at
   * most `SHARED_WAIT_MS`) and takes its answer. Null when the cache is off.
   */
  async answer(key: string): Promise<{ entry: Entry } | { generation: number; release: () => void } | null> {
    const entry = this.lookup(key);
    if (entry) return { entry };
    if (!this.active) return null;
    const done = this.computing.get(key);
    if (done) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([done, new Promise((resolve) => (timer = setTimeout(resolve, SHARED_WAIT_MS)))]);
      clearTimeout(timer);
      const computed = this.entries.get(key);
      if (computed && this.active && computed.expiresAt > this.now()) {
        this.stats.hits += 1;
        this.stats.shared += 1;
        return { entry: computed };
      }
    }
    // Checked and claimed in one step: no other request can slip in between.
    return { generation: this.generation, release: this.claim(key) };
  }

  /** The generation an answer is computed in (pass it back to `store`). */
  begin(): number {
    return this.generation;
  }

  lookup(key: string): Entry | null {
    const entry = this.peek(key);
    if (!entry && this.active) this.stats.misses += 1;
    return entry;
  }

  /** `lookup` without counting a miss (the caller goes on to `answer`, which counts it). */
  peek(key: string): Entry | null {
    if (!this.active) return null;
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.remove(key);
      return null;
    }
    // Most recently used last: the oldest key is the first in the map.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.stats.hits += 1;
    return entry;
  }

  store(
    key: string,
    generation: number,
    { body, ...value }: Omit<Entry, 'text' | 'expiresAt' | 'size' | 'br' | 'gzip'> & { body: string },
  ): void {
    if (!this.active || generation !== this.generation) return;
    const text = Buffer.from(body);
    const entry: Entry = { ...value, text, expiresAt: this.now() + this.ttlMs, size: text.length };
    if (entry.size > this.maxBytes / 8) return;
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += entry.size;
    this.stats.stored += 1;
    this.evict();
    if (entry.size >= COMPRESS_THRESHOLD) void this.compress(key, entry);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }

  /** The least recently used go first (the first keys of the map). */
  private evict(): void {
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  /** Compressed in libuv's thread pool; an entry dropped meanwhile just loses the result. */
  private async compress(key: string, entry: Entry): Promise<void> {
    try {
      const [br, gz] = await Promise.all([
        brotli(entry.text, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 9,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gzipAsync(entry.text, { level: 9 }),
      ]);
      if (this.entries.get(key) !== entry) return;
      entry.br = br;
      entry.gzip = gz;
      entry.size += br.length + gz.length;
      this.bytes += br.length + gz.length;
      this.evict();
    } catch {
      // Left to @fastify/compress.
    }
  }

  /** Sends a stored answer: precompressed when the client takes it, else as text. */
  send(request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
    reply.type(entry.type);
    if (entry.cacheControl) reply.header('Cache-Control', entry.cacheControl);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const bytes = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : undefined;
    if (encoding && bytes) {
      reply.header('Vary', 'Accept-Encoding');
      reply.header('Content-Encoding', encoding);
      return reply.send(bytes);
    }
    return reply.send(entry.text);
  }

  /** Listens to the database's change feed; until then (and without one) nothing is cached. */
  async follow(changes: DataChanges): Promise<() => void> {
    return changes.subscribe({
      onChange: () => this.invalidate(),
      onLost: () => this.lost(),
      onRestored: () => this.restored(),
    });
  }
}

/** `br` before `gzip` when both are accepted (and not refused with q=0). */
export function preferredEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Set<string>();
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer this GET from the public cache (same answer for every visitor, no session read). */
    publicCache?: boolean;
  }
  interface FastifyRequest {
    publicCacheGeneration?: number;
    publicCacheRelease?: () => void;
  }
}

/**
 * Hooks for routes with `config: { publicCache: true }`: a hit is answered before anything else runs;
 * a 200 the handler made is stored.
 */
export function registerPublicCache(
  app: FastifyInstance,
  cache: PublicCache,
  changes: DataChanges | null,
): void {
  // Before parsing and validation: only a valid request's 200 was ever stored under its URL. A hit
  // needs no promise when there is nothing to wait for (PGlite): answered in this very hook.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.config.publicCache || request.method !== 'GET') return done();
    const hit = changes?.immediate ? cache.peek(request.url) : null;
    if (hit) {
      cache.send(request, reply, hit);
      return;
    }
    cachedAnswer(cache, changes, request.url).then((answer) => {
      if (answer && 'entry' in answer) {
        cache.send(request, reply, answer.entry);
        return;
      }
      if (answer) {
        request.publicCacheGeneration = answer.generation;
        request.publicCacheRelease = answer.release;
      }
      done();
    }, done);
  });
  // After the answer was stored (onSend), or whatever became of the request.
  const release = async (request: FastifyRequest) => request.publicCacheRelease?.();
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);

  app.addHook('onSend', async (request, reply, payload) => {
    const generation = request.publicCacheGeneration;
    if (generation !== undefined && reply.statusCode === 200 && typeof payload === 'string') {
      cache.store(request.url, generation, {
        body: payload,
        type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        // The route's own onSend hooks set its Cache-Control on every reply, hits included.
        cacheControl: undefined,
      });
    }
    return payload;
  });
}

/**
 * `cache.answer(key)`, once every change committed before this call has been heard (a no-op wait on
 * PGlite; one shared round trip on PostgreSQL). A failed wait, or no change feed, is "not cached".
 */
export async function cachedAnswer(cache: PublicCache, changes: DataChanges | null, key: string) {
  if (!cache.active || !changes) return null;
  try {
    if (!changes.immediate) await changes.sync();
  } catch {
    return null;
  }
  return cache.answer(key);
}
