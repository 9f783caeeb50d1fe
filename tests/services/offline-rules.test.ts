// What the service worker may keep, and where (src/shared/offline.ts, issue 27 "offline").
import { describe, expect, it } from 'vitest';
import {
  isFromWorker,
  isShellCache,
  isToWorker,
  isUserCache,
  offlinePolicy,
  shellCacheName,
  userCacheName,
  type RequestLike,
} from '@/shared/offline';
import { SERVER_PATH_PREFIXES } from '@/shared/routes';

const ORIGIN = 'https://somesha.example';
const get = (path: string, mode = 'cors'): RequestLike => ({ method: 'GET', url: `${ORIGIN}${path}`, mode });
const open = (path: string) => get(path, 'navigate');
const policy = (request: RequestLike) => offlinePolicy(request, ORIGIN);

describe('offlinePolicy', () => {
  it('keeps the build’s hashed files for everyone', () => {
    expect(policy(get('/assets/index-CfcYIzEg.js'))).toBe('asset');
    expect(policy(get('/assets/public-ui-CqePQi1H.css', 'no-cors'))).toBe('asset');
  });

  it('keeps the learner’s timetable, bookings, booked lessons and downloaded notes per user', () => {
    expect(policy(get('/api/timetable?from=2026-11-23&to=2026-11-29'))).toBe('userRead');
    expect(policy(get('/api/lessons/bookings?page=2'))).toBe('userRead');
    expect(policy(get('/api/lessons/show/AB12CD'))).toBe('userRead');
    // A note is downloaded by following its link: a navigation, still the user's read.
    expect(policy(open('/api/files/42'))).toBe('userRead');
    expect(policy(open('/timetable'))).toBe('userPage');
    expect(policy(open('/timetable?week=2026-11-30'))).toBe('userPage');
    expect(policy(open('/lessons/booking'))).toBe('userPage');
    // A lesson's page carries its lesson inline (signedin): the page itself is what is kept.
    expect(policy(open('/lessons/show/AB12CD'))).toBe('userPage');
  });

  it('answers any other page with the network, else the app shell', () => {
    expect(policy(open('/'))).toBe('page');
    expect(policy(open('/workspace'))).toBe('page');
    expect(policy(open('/lessons/class/AB12CD'))).toBe('page');
  });

  it('leaves alone what must never be kept: the session, the cart, payments, the live stream, writes', () => {
    for (const path of [
      '/api/user',
      '/api/cart',
      '/api/events',
      '/api/notifications?per_page=10',
      '/api/messages?per_page=1',
      '/api/wallet',
      '/api/payments/status/7',
      '/api/lessons/show/AB12CD/extra',
      '/api/files/delete/42',
      '/sanctum/csrf-cookie',
    ])
      expect(policy(get(path)), path).toBe('none');
    expect(policy({ method: 'POST', url: `${ORIGIN}/api/timetable`, mode: 'cors' })).toBe('none');
    expect(policy({ method: 'DELETE', url: `${ORIGIN}/api/files/42`, mode: 'cors' })).toBe('none');
    // Only a page is a navigation; a script asking for a page's address is not.
    expect(policy(get('/timetable'))).toBe('none');
  });

  it('never answers for another site', () => {
    expect(offlinePolicy({ method: 'GET', url: 'https://cdn.example/assets/index.js' }, ORIGIN)).toBe('none');
    expect(offlinePolicy({ method: 'GET', url: 'https://pay.pesapal.com/assets/a.js' }, ORIGIN)).toBe('none');
    expect(offlinePolicy({ method: 'GET', url: 'not a url' }, ORIGIN)).toBe('none');
  });

  it('leaves every path the server answers itself to the network, not the app shell', () => {
    for (const prefix of [...SERVER_PATH_PREFIXES, '/l']) {
      expect(policy(open(`${prefix}/something`)), prefix).toBe('none');
      expect(policy(open(prefix)), prefix).toBe('none');
    }
  });

  it('drops what is kept when a session starts or ends', () => {
    expect(policy({ method: 'POST', url: `${ORIGIN}/api/logout`, mode: 'cors' })).toBe('signOut');
    expect(policy({ method: 'POST', url: `${ORIGIN}/api/login`, mode: 'cors' })).toBe('signOut');
  });
});

describe('cache names', () => {
  it('name one cache per user and one per build, told apart', () => {
    expect(userCacheName(7)).toBe('somesha-user-7');
    expect(isUserCache(userCacheName(7))).toBe(true);
    expect(isShellCache(userCacheName(7))).toBe(false);
    expect(isShellCache(shellCacheName('df4fdd7bae53'))).toBe(true);
    expect(isUserCache(shellCacheName('df4fdd7bae53'))).toBe(false);
  });
});

describe('worker messages', () => {
  it('accept only a user id that is a whole number, or clear', () => {
    expect(isToWorker({ type: 'offline.user', userId: 7 })).toBe(true);
    expect(isToWorker({ type: 'offline.clear' })).toBe(true);
    expect(isToWorker({ type: 'offline.user', userId: '7' })).toBe(false);
    expect(isToWorker({ type: 'offline.user', userId: 1.5 })).toBe(false);
    expect(isToWorker({ type: 'offline.user' })).toBe(false);
    expect(isToWorker(null)).toBe(false);
    expect(isToWorker('offline.clear')).toBe(false);
    expect(isFromWorker({ type: 'offline.fromCache' })).toBe(true);
    expect(isFromWorker({ type: 'offline.fromNetwork' })).toBe(true);
    expect(isFromWorker({ type: 'offline.user', userId: 7 })).toBe(false);
  });
});
