// Verified phones and notification choices (issue 26, docs/messaging.md "Phones and choices"): the
// code goes out as an outbox SMS (read here from the row, never from an answer), is stored hashed,
// dies after 10 minutes or 5 wrong tries, at most 3 an hour; a changed profile phone is unverified.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSettings, outboxMessages, phoneVerifications, users } from '../../../server/db/schema';
import { DEFAULT_NOTIFICATION_SETTINGS, fitsOneSms } from '../../../src/shared/notification-channels';
import { newBuyer } from '../commerce/buyers';
import { startTestServer, type Browser, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The code in the newest verification SMS written for the user. */
async function lastCode(userId: number) {
  const [row] = await server.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, userId), eq(outboxMessages.purpose, 'verification_code')))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(row?.text ?? '')?.[1];
  if (!row || !code) throw new Error('No verification SMS in the outbox');
  return { row, code };
}

const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');
const send = (browser: Browser, phone: string) => browser.post('/api/user/phone/verify/send', { phone });
const verify = (browser: Browser, phone: string, code: string) =>
  browser.post('/api/user/phone/verify', { phone, code });

describe('phone verification', () => {
  it('answers 401 when signed out', async () => {
    const browser = server.browser();
    await browser.csrf();
    expect((await send(browser, '0712345678')).status).toBe(401);
  });

  it('sends a code by SMS through the outbox, stores only its hash, and verifies the number', async () => {
    const { browser, userId } = await newBuyer(server);
    const sent = await send(browser, '0712 345 678');
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('We sent a 6-digit code to +254 712 345 678.');
    expect(JSON.stringify(sent.body)).not.toMatch(/\b\d{6}\b/);

    const { row, code } = await lastCode(userId);
    expect(row).toMatchObject({ channel: 'sms', kind: 'account', to: '254712345678', status: 'queued' });
    expect(row.text).toMatch(/^Somesha: /);
    expect(fitsOneSms(row.text)).toBe(true);
    const [stored] = await server.db
      .select()
      .from(phoneVerifications)
      .where(eq(phoneVerifications.userId, userId));
    expect(stored?.phone).toBe('254712345678');
    expect(stored?.codeHash).not.toContain(code);
    expect(stored?.codeHash).toMatch(/^scrypt\$/);

    const done = await verify(browser, '+254712345678', code);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Your phone number is verified.');
    expect(done.body.data).toMatchObject({ id: userId, phone: '254712345678', phone_verified: true });
    expect(typeof done.body.data.phone_verified_at).toBe('string');
    expect((await browser.get('/api/user')).body.data.phone_verified).toBe(true);

    // A used code is used up.
    const again = await verify(browser, '0712345678', code);
    expect(again.status).toBe(422);
    expect(again.body.errors.code).toEqual(['Ask for a code first.']);
  });

  it('refuses a number that is not Kenyan and a code that is not 6 digits', async () => {
    const { browser } = await newBuyer(server);
    const bad = await send(browser, '12345');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.phone).toEqual(['Invalid phone number.']);
    const badCode = await verify(browser, '0712345678', '12ab');
    expect(badCode.status).toBe(422);
    expect(badCode.body.errors.code).toEqual(['Enter the 6-digit code.']);
  });

  it('counts wrong tries: the fifth kills the code, even the right one is then refused', async () => {
    const { browser, userId } = await newBuyer(server);
    await send(browser, '0712345678');
    const { code } = await lastCode(userId);
    const wrong = wrongOf(code);
    const answers: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await verify(browser, '0712345678', wrong);
      expect(answer.status).toBe(422);
      answers.push(answer.body.errors.code[0]);
    }
    expect(answers).toEqual([
      'Wrong code. Tries left: 4.',
      'Wrong code. Tries left: 3.',
      'Wrong code. Tries left: 2.',
      'Wrong code. Tries left: 1.',
      'Wrong code, and that was the last try. Ask for a new code.',
    ]);
    const right = await verify(browser, '0712345678', code);
    expect(right.status).toBe(422);
    expect(right.body.errors.code).toEqual(['Too many wrong tries for this code. Ask for a new code.']);
    const [user] = await server.db.select().from(users).where(eq(users.id, userId));
    expect(user?.phoneVerifiedAt).toBeNull();
  });

  it('refuses an expired code', async () => {
    const { browser, userId } = await newBuyer(server);
    await send(browser, '0712345678');
    const { code } = await lastCode(userId);
    await server.db
      .update(phoneVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneVerifications.userId, userId));
    const answer = await verify(browser, '0712345678', code);
    expect(answer.status).toBe(422);
    expect(answer.body.errors.code).toEqual(['This code has expired. Ask for a new code.']);
  });

  it('a code is for the number it was sent to', async () => {
    const { browser, userId } = await newBuyer(server);
    await send(browser, '0712345678');
    const { code } = await lastCode(userId);
    const answer = await verify(browser, '0722000000', code);
    expect(answer.status).toBe(422);
    expect(answer.body.errors.code).toEqual(['Ask for a code first.']);
  });

  it('sends at most 3 codes an hour, then 429 with the wait; an hour later again', async () => {
    const { browser, userId } = await newBuyer(server);
    for (let index = 0; index < 3; index += 1) expect((await send(browser, '0712345678')).status).toBe(200);
    const fourth = await send(browser, '0712345678');
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toMatch(/^You can ask for 3 codes an hour\. Try again in \d+ minutes\.$/);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(3500);
    const sms = await server.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, userId), eq(outboxMessages.purpose, 'verification_code')));
    expect(sms).toHaveLength(3);

    // The newest code is the one that counts; an hour on, a new one may be asked for.
    const { code } = await lastCode(userId);
    await server.db
      .update(phoneVerifications)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(phoneVerifications.userId, userId));
    expect((await send(browser, '0712345678')).status).toBe(200);
    const { code: newest } = await lastCode(userId);
    if (newest !== code) expect((await verify(browser, '0712345678', code)).status).toBe(422);
    expect((await verify(browser, '0712345678', newest)).status).toBe(200);
  });

  it('changing the profile phone un-verifies it; saving the same number keeps it verified', async () => {
    const { browser, userId } = await newBuyer(server);
    await send(browser, '0712345678');
    expect((await verify(browser, '0712345678', (await lastCode(userId)).code)).status).toBe(200);
    const info = (phone: string) => ({
      first_name: 'Test',
      last_name: 'Buyer',
      username: `phone_${userId}`,
      phone,
      gender: 'female',
      dob: '',
    });
    const same = await browser.post('/api/updateuserinfo', info('+254 712 345 678'));
    expect(same.status).toBe(200);
    expect(same.body.data.phone_verified).toBe(true);
    const changed = await browser.post('/api/updateuserinfo', info('0722000000'));
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ phone: '254722000000', phone_verified: false });
    expect(changed.body.data.phone_verified_at).toBeNull();
  });

  it("a parent's completion with a new phone un-verifies it", async () => {
    const { browser, userId } = await newBuyer(server, { role: 'parent', children: 1 });
    await server.db.update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.id, userId));
    const answer = await browser.post('/api/parent/complete-profile/store', {
      phone: '0733000000',
      gender: 'male',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ phone: '254733000000', phone_verified: false });
  });
});

describe('notification settings', () => {
  it('answers the defaults with the phone and whether it is verified', async () => {
    const { browser } = await newBuyer(server);
    const answer = await browser.get('/api/user/notification-settings');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      settings: DEFAULT_NOTIFICATION_SETTINGS,
      phone: '254712000000',
      phone_verified: false,
    });
  });

  it('saves a choice (a partial one keeps the rest) and answers it with the defaults filled', async () => {
    const { browser, userId } = await newBuyer(server);
    const saved = await browser.post('/api/user/notification-settings', {
      settings: { payments: { sms: false }, messages: { email: false, sms: true } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Notification choices saved.');
    const expected = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      payments: { email: true, sms: false },
      messages: { email: false, sms: true },
    };
    expect(saved.body.data.settings).toEqual(expected);
    expect((await browser.get('/api/user/notification-settings')).body.data.settings).toEqual(expected);
    const [row] = await server.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId));
    expect(row?.settings).toEqual(expected);

    const next = await browser.post('/api/user/notification-settings', {
      settings: { lessons: { sms: false } },
    });
    expect(next.body.data.settings).toEqual({ ...expected, lessons: { email: true, sms: false } });
  });

  it.each([
    ['an unknown kind', { promotions: { email: true } }],
    ['an unknown channel', { lessons: { push: true } }],
    ['a value that is not a boolean', { lessons: { sms: 'yes' } }],
    ['no object', 'all'],
    ['the account kind', { account: { sms: false } }],
  ])('answers 422 for %s and changes nothing', async (_, settings) => {
    const { browser, userId } = await newBuyer(server);
    const answer = await browser.post('/api/user/notification-settings', { settings });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.settings).toEqual([
      'Choose on or off for e-mail and SMS of the listed kinds only.',
    ]);
    const rows = await server.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId));
    expect(rows).toHaveLength(0);
  });
});
