// The Jitsi adapter on its own (docs/classroom.md "Providers"): the room name, and the tokens each
// kind of Jitsi server checks, verified with jose as Jitsi's server would verify them.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { jitsiSettings } from '../../../server/config';
import { createClassrooms, roomName, type ClassroomLesson } from '../../../server/gateways/classroom';
import { TOKEN_GRACE_MS } from '../../../src/shared/classroom';

const SECRET = 'a-classroom-secret-of-at-least-32-characters';
const APP_SECRET = 'the-jitsi-app-secret';
const start = new Date('2026-12-01T13:00:00Z');
const lesson: ClassroomLesson = {
  id: 42,
  link: null,
  opensAt: new Date(start.getTime() - 30 * 60_000),
  endAt: new Date(start.getTime() + 60 * 60_000),
};
const teacher = {
  userId: 7,
  name: 'Grace Mwangi',
  avatar: 'https://somesha.test/api/photos/g.jpg',
  moderator: true,
};
const learner = { userId: 9, name: 'Wanjiru Kamau', avatar: null, moderator: false };
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
/** Verified at a moment inside the token's life, as the Jitsi server would during the lesson. */
const during = { currentDate: new Date(start.getTime() + 10 * 60_000) };

describe('the room name', () => {
  it('is somesha- and 26 base32 characters, the same for a lesson every time, and differs per lesson and secret', () => {
    const room = roomName(SECRET, 42);
    expect(room).toMatch(/^somesha-[a-z2-7]{26}$/);
    expect(roomName(SECRET, 42)).toBe(room);
    expect(roomName(SECRET, 43)).not.toBe(room);
    expect(roomName(`${SECRET}x`, 42)).not.toBe(room);
    // Not derived from anything a learner can see: the id alone does not give it.
    expect(room).not.toContain('42');
  });
});

describe('public meet.jit.si (no token settings)', () => {
  it('gives the room link and no embed', async () => {
    const rooms = createClassrooms(jitsiSettings({}), SECRET);
    const entry = await rooms.jitsi.enter(lesson, learner);
    expect(entry).toEqual({
      provider: 'jitsi',
      link: `https://meet.jit.si/${roomName(SECRET, 42)}`,
      embed: null,
    });
    expect(rooms.jitsi.embedOrigin).toBeNull();
  });
});

describe('a self-hosted Jitsi with tokens (HS256)', () => {
  const rooms = createClassrooms(
    jitsiSettings({
      JITSI_DOMAIN: 'meet.somesha.test',
      JITSI_APP_ID: 'somesha',
      JITSI_APP_SECRET: APP_SECRET,
    }),
    SECRET,
  );
  const key = new TextEncoder().encode(APP_SECRET);

  it('signs a token for the room, open from the window until 15 minutes after the end, moderator for the teacher', async () => {
    const entry = await rooms.jitsi.enter(lesson, teacher);
    const room = roomName(SECRET, 42);
    expect(entry.embed).toEqual({ domain: 'meet.somesha.test', room, jwt: expect.any(String) });
    expect(entry.link).toBe(`https://meet.somesha.test/${room}?jwt=${entry.embed?.jwt}`);
    const { payload, protectedHeader } = await jwtVerify(entry.embed?.jwt ?? '', key, {
      algorithms: ['HS256'],
      audience: 'jitsi',
      issuer: 'somesha',
      subject: 'meet.somesha.test',
      ...during,
    });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({
      room,
      nbf: seconds(lesson.opensAt),
      exp: seconds(new Date(lesson.endAt.getTime() + TOKEN_GRACE_MS)),
      context: { user: { id: '7', name: 'Grace Mwangi', avatar: teacher.avatar, moderator: true } },
    });
  });

  it('makes a learner no moderator, and the token is refused before the window and after the grace', async () => {
    const entry = await rooms.jitsi.enter(lesson, learner);
    const jwt = entry.embed?.jwt ?? '';
    const { payload } = await jwtVerify(jwt, key, { audience: 'jitsi', ...during });
    expect(payload).toMatchObject({
      context: { user: { id: '9', name: 'Wanjiru Kamau', moderator: false } },
    });
    await expect(
      jwtVerify(jwt, key, { currentDate: new Date(lesson.opensAt.getTime() - 60_000) }),
    ).rejects.toThrow(/nbf/);
    await expect(
      jwtVerify(jwt, key, { currentDate: new Date(lesson.endAt.getTime() + TOKEN_GRACE_MS + 60_000) }),
    ).rejects.toThrow(/exp/);
    await expect(jwtVerify(jwt, new TextEncoder().encode('another secret'), during)).rejects.toThrow();
  });

  it('allows its origin for the IFrame API; a local test origin keeps its scheme', async () => {
    expect(rooms.jitsi.embedOrigin).toBe('https://meet.somesha.test');
    const local = createClassrooms(
      jitsiSettings({
        JITSI_DOMAIN: 'http://127.0.0.1:4567',
        JITSI_APP_ID: 'a',
        JITSI_APP_SECRET: APP_SECRET,
      }),
      SECRET,
    );
    expect(local.jitsi.embedOrigin).toBe('http://127.0.0.1:4567');
    const entry = await local.jitsi.enter(lesson, learner);
    expect(entry.link.startsWith(`http://127.0.0.1:4567/${roomName(SECRET, 42)}?jwt=`)).toBe(true);
    expect(entry.embed?.domain).toBe('http://127.0.0.1:4567');
    const { payload } = await jwtVerify(entry.embed?.jwt ?? '', new TextEncoder().encode(APP_SECRET), {
      subject: '127.0.0.1:4567',
      ...during,
    });
    expect(payload.room).toBe(roomName(SECRET, 42));
  });
});

describe('JaaS (RS256 with a key id)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const tenant = 'vpaas-magic-cookie-1fc542a3e4414a44b2611668195e2bfe';
  const kid = `${tenant}/4f4910`;

  it('signs with the private key, names the key, and embeds tenant/room on 8x8.vc', async () => {
    const rooms = createClassrooms(jitsiSettings({ JITSI_KID: kid, JITSI_PRIVATE_KEY: pem }), SECRET);
    const room = roomName(SECRET, 42);
    const entry = await rooms.jitsi.enter(lesson, teacher);
    expect(entry.embed).toEqual({ domain: '8x8.vc', room: `${tenant}/${room}`, jwt: expect.any(String) });
    expect(entry.link).toBe(`https://8x8.vc/${tenant}/${room}?jwt=${entry.embed?.jwt}`);
    const jwt = entry.embed?.jwt ?? '';
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'RS256', kid, typ: 'JWT' });
    const { payload } = await jwtVerify(jwt, publicKey, {
      algorithms: ['RS256'],
      audience: 'jitsi',
      issuer: 'chat',
      subject: tenant,
      ...during,
    });
    expect(payload).toMatchObject({
      room,
      nbf: seconds(lesson.opensAt),
      exp: seconds(new Date(lesson.endAt.getTime() + TOKEN_GRACE_MS)),
      context: { user: { id: '7', name: 'Grace Mwangi', moderator: 'true' } },
    });
    const asLearner = await rooms.jitsi.enter(lesson, learner);
    const { payload: learnerPayload } = await jwtVerify(asLearner.embed?.jwt ?? '', publicKey, during);
    expect(learnerPayload).toMatchObject({ context: { user: { moderator: 'false' } } });
  });

  it('reads the key from JITSI_PRIVATE_KEY_FILE', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'jaas-'));
    const file = path.join(folder, 'key.pem');
    await writeFile(file, pem);
    const settings = jitsiSettings({ JITSI_KID: kid, JITSI_PRIVATE_KEY_FILE: file, JITSI_DOMAIN: '8x8.vc' });
    const entry = await createClassrooms(settings, SECRET).jitsi.enter(lesson, learner);
    await expect(jwtVerify(entry.embed?.jwt ?? '', publicKey, during)).resolves.toBeTruthy();
  });

  it('refuses half a setting at start', () => {
    expect(() => jitsiSettings({ JITSI_APP_ID: 'somesha' })).toThrow(/JITSI_APP_SECRET/);
    expect(() => jitsiSettings({ JITSI_KID: kid })).toThrow(/JITSI_PRIVATE_KEY/);
  });
});

describe('the teacher’s own link', () => {
  it('replaces the room: everyone gets the link, nothing is embedded', async () => {
    const rooms = createClassrooms(
      jitsiSettings({ JITSI_APP_ID: 'a', JITSI_APP_SECRET: APP_SECRET }),
      SECRET,
    );
    const link = 'https://us02web.zoom.us/j/123456789';
    const entry = await rooms.of(link).enter({ ...lesson, link }, teacher);
    expect(entry).toEqual({ provider: 'link', link, embed: null });
    expect(rooms.of(null).provider).toBe('jitsi');
  });
});
