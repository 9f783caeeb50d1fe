// PublicCache on its own: generations, time, size and lost notifications.
import { describe, expect, it } from 'vitest';
import { PublicCache, preferredEncoding } from '../../server/http/public-cache';

const answer = (body: string) => ({ body, type: 'application/json; charset=utf-8', cacheControl: undefined });

describe('PublicCache', () => {
  it('does not store an answer computed while public data changed', () => {
    const cache = new PublicCache();
    const generation = cache.begin();
    cache.invalidate();
    cache.store('/api/web', generation, answer('old'));
    expect(cache.lookup('/api/web')).toBeNull();
    cache.store('/api/web', cache.begin(), answer('new'));
    expect(cache.lookup('/api/web')?.text.toString()).toBe('new');
  });

  it('drops answers after their time even without a write', () => {
    let now = 0;
    const cache = new PublicCache({ ttlMs: 30_000, now: () => now });
    cache.store('/api/web', cache.begin(), answer('x'));
    now = 29_999;
    expect(cache.lookup('/api/web')?.text.toString()).toBe('x');
    now = 30_000;
    expect(cache.lookup('/api/web')).toBeNull();
  });

  it('keeps the most recently used answers when full', () => {
    const cache = new PublicCache({ maxEntries: 2 });
    cache.store('a', cache.begin(), answer('a'));
    cache.store('b', cache.begin(), answer('b'));
    expect(cache.lookup('a')?.text.toString()).toBe('a');
    cache.store('c', cache.begin(), answer('c'));
    expect(cache.lookup('b')).toBeNull();
    expect(cache.lookup('a')?.text.toString()).toBe('a');
    expect(cache.lookup('c')?.text.toString()).toBe('c');
  });

  it('keeps within its byte budget', () => {
    const cache = new PublicCache({ maxBytes: 8_000 });
    cache.store('a', cache.begin(), answer('a'.repeat(900)));
    cache.store('b', cache.begin(), answer('b'.repeat(900)));
    // Larger than an eighth of the budget: not worth evicting others for.
    cache.store('big', cache.begin(), answer('c'.repeat(1_001)));
    expect(cache.lookup('big')).toBeNull();
    for (const key of ['c', 'd', 'e', 'f', 'g', 'h', 'i'])
      cache.store(key, cache.begin(), answer(key.repeat(900)));
    expect(cache.lookup('a')).toBeNull();
    expect(cache.lookup('i')?.text.toString()).toBe('i'.repeat(900));
  });

  it('stores nothing while notifications may be missed, and starts empty when they are back', () => {
    const cache = new PublicCache();
    cache.store('a', cache.begin(), answer('a'));
    cache.lost();
    expect(cache.lookup('a')).toBeNull();
    cache.store('a', cache.begin(), answer('a'));
    expect(cache.lookup('a')).toBeNull();
    cache.restored();
    expect(cache.lookup('a')).toBeNull();
    cache.store('a', cache.begin(), answer('a2'));
    expect(cache.lookup('a')?.text.toString()).toBe('a2');
  });

  it('lets one of several concurrent misses compute an answer, and gives it to the others', async () => {
    const cache = new PublicCache();
    const first = await cache.answer('k');
    if (!first || 'entry' in first) throw new Error('a miss first');
    const waiting = [cache.answer('k'), cache.answer('k')];
    cache.store('k', first.generation, answer('computed once'));
    first.release();
    for (const other of await Promise.all(waiting))
      expect(other && 'entry' in other && other.entry.text.toString()).toBe('computed once');
    expect(cache.stats.shared).toBe(2);
  });

  it('lets a waiting miss compute the answer itself when the first gave up', async () => {
    const cache = new PublicCache();
    const first = await cache.answer('k');
    if (!first || 'entry' in first) throw new Error('a miss first');
    const waiting = cache.answer('k');
    first.release();
    const second = await waiting;
    expect(second && 'release' in second).toBe(true);
  });

  it('is off when disabled', () => {
    const cache = new PublicCache({ enabled: false });
    cache.store('a', cache.begin(), answer('a'));
    expect(cache.lookup('a')).toBeNull();
  });

  it('picks brotli, then gzip, honouring q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
