// The public site's answers come from memory until a write changes them (server/http/public-cache.ts).
// These run on PGlite and, with `npm run test:pg`, on PostgreSQL (where the change notification
// travels on its own connection).
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqs } from '../../../server/db/schema';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const stats = () => ({ ...server.app.publicCache.stats });

/** The bytes as sent (fetch would decompress them): through the app's own request injection. */
async function get(path: string, encoding?: string) {
  const reply = await server.app.inject({
    method: 'GET',
    url: path,
    headers: encoding ? { 'accept-encoding': encoding } : {},
  });
  const header = (name: string) => {
    const value = reply.headers[name];
    return value === undefined ? null : String(value);
  };
  return { response: { status: reply.statusCode, headers: { get: header } }, bytes: reply.rawPayload };
}

/** Waits until the stored answer's compressed copies are made (off the main thread). */
async function untilPrecompressed(path: string, encoding: string) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const before = stats().hits;
    const { response } = await get(path, encoding);
    if (stats().hits > before && response.headers.get('content-encoding') === encoding) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} never came precompressed as ${encoding}`);
}

describe('public answers from memory', () => {
  it('answers a repeated request from the cache with the same body', async () => {
    const first = await get('/api/web/classes?page=1');
    const before = stats();
    const second = await get('/api/web/classes?page=1');
    expect(second.response.status).toBe(200);
    expect(second.bytes.toString()).toBe(first.bytes.toString());
    expect(second.response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(stats().hits).toBe(before.hits + 1);
    // Not the visitor's own data, yet still kept out of shared caches like every list.
    expect(second.response.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps the route headers on a hit (the home answer may be reused by the browser for a minute)', async () => {
    await get('/api/web');
    const hit = await get('/api/web');
    expect(hit.response.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('sends stored answers precompressed, brotli or gzip as the client accepts', async () => {
    const plain = (await get('/api/web')).bytes.toString();
    await untilPrecompressed('/api/web', 'br');
    const br = await get('/api/web', 'gzip, deflate, br');
    expect(br.response.headers.get('content-encoding')).toBe('br');
    expect(br.response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.bytes).toString()).toBe(plain);
    const gz = await get('/api/web', 'gzip');
    expect(gz.response.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.bytes).toString()).toBe(plain);
    const refused = await get('/api/web', 'br;q=0, gzip;q=0');
    expect(refused.response.headers.get('content-encoding')).toBeNull();
    expect(refused.bytes.toString()).toBe(plain);
  });

  it('forgets an answer as soon as a write changes what it shows, even one made outside the API', async () => {
    const before = (await get('/api/web/faqs')).bytes.toString();
    await get('/api/web/faqs');
    const [faq] = await server.db.select().from(faqs).limit(1);
    if (!faq) throw new Error('the seed has FAQs');
    await server.db
      .update(faqs)
      .set({ question: 'Can I pay with M-Pesa Fuliza?' })
      .where(eq(faqs.id, faq.id));
    const after = await get('/api/web/faqs');
    expect(after.bytes.toString()).not.toBe(before);
    expect(
      JSON.parse(after.bytes.toString()).data.map((row: { question: string }) => row.question),
    ).toContain('Can I pay with M-Pesa Fuliza?');
    await server.db.update(faqs).set({ question: faq.question }).where(eq(faqs.id, faq.id));
    expect((await get('/api/web/faqs')).bytes.toString()).toBe(before);
  });

  it('keeps its answers when a write is rolled back or touches nothing public', async () => {
    await get('/api/web/faqs');
    const before = stats();
    await server.db
      .transaction(async (tx) => {
        await tx.update(faqs).set({ question: 'never committed' });
        throw new Error('rolled back');
      })
      .catch(() => {});
    // Signing in writes a session, nothing the public site shows.
    await server.browser().get('/sanctum/csrf-cookie');
    const after = await get('/api/web/faqs');
    expect(after.bytes.toString()).not.toContain('never committed');
    expect(stats().invalidations).toBe(before.invalidations);
    expect(stats().hits).toBe(before.hits + 1);
  });

  it('computes an answer once for a burst of visitors asking for it at the same moment', async () => {
    server.app.publicCache.invalidate();
    const before = stats();
    const answers = await Promise.all(Array.from({ length: 8 }, () => get('/api/web/questions?page=1')));
    expect(new Set(answers.map((answer) => answer.bytes.toString())).size).toBe(1);
    expect(answers.every((answer) => answer.response.status === 200)).toBe(true);
    expect(stats().stored).toBe(before.stored + 1);
    expect(stats().shared).toBe(before.shared + 7);
  });

  it('never stores a refused request or an error', async () => {
    const before = stats();
    const refused = await get('/api/web/search?q=a');
    expect(refused.response.status).toBe(422);
    const again = await get('/api/web/search?q=a');
    expect(again.response.status).toBe(422);
    expect(stats().stored).toBe(before.stored);
    expect(stats().hits).toBe(before.hits);
  });
});
