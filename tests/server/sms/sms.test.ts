// SMS on the server (issue 26, docs/messaging.md "sms"): the development sandbox behind the real
// Africa's Talking adapter (send → /dev/sms.json → a delivery report updates the outbox row), reports
// only believed for SMS the server sent, opt-outs recorded, /dev/sms never in production, and the
// short links SMS carry.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { testConfig } from '../../../server/config';
import { outboxMessages, shortLinks, smsOptOuts, users } from '../../../server/db/schema';
import { OutboxMailer } from '../../../server/gateways/mail';
import { SANDBOX_SMS_NUMBERS, SMS_SANDBOX_MESSAGING_PATH } from '../../../server/gateways/sms';
import { enqueueSms } from '../../../server/services/outbox-service';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let userId: number;

beforeAll(async () => {
  server = await startTestServer();
  const [user] = await server.db.select({ id: users.id }).from(users).limit(1);
  userId = user!.id;
});

afterAll(async () => {
  await server.close();
});

type SmsBox = { data: Array<{ to: string; text: string; status: string; created_at: string }> };

const smsBox = async () => (await (await fetch(`${server.baseUrl}/dev/sms.json`)).json()) as SmsBox;

const postForm = (path: string, fields: Record<string, string>) =>
  fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

const rowOf = async (id: number) => {
  const [row] = await server.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row!;
};

/** What the outbox job does with one SMS row: send it, and record the provider's answer. */
async function sendLikeTheOutbox(to: string, text: string) {
  const id = await enqueueSms(server.db, { kind: 'account', purpose: 'verification_code', userId, to, text });
  const result = await server.sms.send({ to, text });
  if (result.outcome === 'sent')
    await server.db
      .update(outboxMessages)
      .set({
        status: 'sent',
        sentAt: new Date(),
        providerId: result.providerId,
        providerStatus: result.providerStatus,
        cost: result.cost,
      })
      .where(eq(outboxMessages.id, id));
  return { id, result };
}

/** A row the server sent and Africa's Talking has not reported on yet (no sandbox report coming). */
async function sentRow(to: string, providerId: string) {
  const id = await enqueueSms(server.db, {
    kind: 'payments',
    purpose: 'payment_receipt',
    userId,
    to,
    text: 'Somesha: paid',
  });
  await server.db
    .update(outboxMessages)
    .set({ status: 'sent', sentAt: new Date(), providerId, providerStatus: 'Success' })
    .where(eq(outboxMessages.id, id));
  return id;
}

describe('the development SMS sandbox', () => {
  it('takes an SMS like Africa’s Talking, shows it at /dev/sms, and reports its delivery to the hook', async () => {
    const { id, result } = await sendLikeTheOutbox(
      '254712345678',
      'Somesha: lesson at 16:00 <join> http://localhost:3000/l/Ab3dE7k',
    );
    expect(result).toMatchObject({ outcome: 'sent', providerStatus: 'Success', cost: 'KES 0.8000' });

    const [latest] = (await smsBox()).data;
    expect(latest).toMatchObject({
      to: '+254712345678',
      text: 'Somesha: lesson at 16:00 <join> http://localhost:3000/l/Ab3dE7k',
    });
    expect(['Sent', 'Success']).toContain(latest!.status);

    await server.sms.sandbox.drain();
    expect(await rowOf(id)).toMatchObject({ status: 'delivered', providerStatus: 'Success' });
    expect((await smsBox()).data[0]).toMatchObject({ to: '+254712345678', status: 'Success' });

    const page = await fetch(`${server.baseUrl}/dev/sms`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('lesson at 16:00 &#60;join&#62;');
    expect(html).toContain('<a href="http://localhost:3000/l/Ab3dE7k">http://localhost:3000/l/Ab3dE7k</a>');
    expect(html).toContain('+254712345678');
  });

  it('lists the newest SMS first', async () => {
    await sendLikeTheOutbox('254712345601', 'Somesha: first');
    await sendLikeTheOutbox('254712345602', 'Somesha: second');
    const texts = (await smsBox()).data.map((sms) => sms.text);
    expect(texts.indexOf('Somesha: second')).toBeLessThan(texts.indexOf('Somesha: first'));
    await server.sms.sandbox.drain();
  });

  it('reports an undeliverable number as Failed, which fails the row with the reason', async () => {
    const { id } = await sendLikeTheOutbox(SANDBOX_SMS_NUMBERS.notDelivered, 'Somesha: lesson moved');
    await server.sms.sandbox.drain();
    expect(await rowOf(id)).toMatchObject({
      status: 'failed',
      providerStatus: 'Failed',
      lastError: 'UserIsInactive',
    });
  });

  it('refuses like Africa’s Talking: a bad number for good, a server error for later, a wrong key', async () => {
    expect(await server.sms.send({ to: SANDBOX_SMS_NUMBERS.invalidPhone, text: 'x' })).toMatchObject({
      outcome: 'permanent',
      providerStatus: 'InvalidPhoneNumber',
    });
    expect(await server.sms.send({ to: SANDBOX_SMS_NUMBERS.serverError, text: 'x' })).toMatchObject({
      outcome: 'temporary',
      providerStatus: 'InternalServerError',
    });
    const wrongKey = await fetch(`${server.baseUrl}${SMS_SANDBOX_MESSAGING_PATH}`, {
      method: 'POST',
      headers: { apiKey: 'guessed', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'sandbox', to: '+254712345678', message: 'x' }).toString(),
    });
    expect(wrongKey.status).toBe(401);
    expect((await smsBox()).data.map((sms) => sms.text)).not.toContain('x');
  });
});

describe('delivery reports', () => {
  it('are believed only for an SMS the server sent, to that number, not yet final', async () => {
    const id = await sentRow('254722000001', 'ATXid_real');
    const emailId = await server.db
      .insert(outboxMessages)
      .values({
        channel: 'email',
        kind: 'account',
        purpose: 'activation',
        to: 'a@example.com',
        subject: 's',
        text: 't',
        status: 'sent',
        providerId: 'ATXid_mail',
      })
      .returning({ id: outboxMessages.id });
    const delivery = server.callbacks.smsDelivery;
    const forged: Array<Record<string, string>> = [
      {
        id: 'ATXid_unknown',
        status: 'Failed',
        phoneNumber: '+254722000001',
        failureReason: 'UserInBlackList',
      },
      { id: 'ATXid_mail', status: 'Failed', phoneNumber: '+254722000001' },
      { id: 'ATXid_real', status: 'Failed', phoneNumber: '+254799999999' },
    ];
    for (const report of forged) expect((await postForm(delivery, report)).status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', providerStatus: 'Success', lastError: null });
    expect(await rowOf(emailId[0]!.id)).toMatchObject({ status: 'sent', providerId: 'ATXid_mail' });

    // A wrong secret is a 404 before anything is read.
    const wrongSecret = delivery.replace(
      /\/api\/hooks\/[^/]+\//,
      '/api/hooks/not-the-secret-0123456789abcdef/',
    );
    expect((await postForm(wrongSecret, { id: 'ATXid_real', status: 'Failed' })).status).toBe(404);
    // A report that is not Africa's Talking's shape is refused.
    expect((await postForm(delivery, { status: 'Failed' })).status).toBe(422);
    expect((await postForm(delivery, { id: 'ATXid_real', status: 'Failed' })).status).toBe(422);
    expect(await rowOf(id)).toMatchObject({ status: 'sent' });

    // The real report, then a late contradicting one: the final status stays.
    await postForm(delivery, { id: 'ATXid_real', status: 'Buffered', phoneNumber: '+254722000001' });
    expect(await rowOf(id)).toMatchObject({ status: 'sent', providerStatus: 'Buffered' });
    await postForm(delivery, {
      id: 'ATXid_real',
      status: 'Success',
      phoneNumber: '+254722000001',
      networkCode: '63902',
    });
    expect(await rowOf(id)).toMatchObject({ status: 'delivered', providerStatus: 'Success' });
    await postForm(delivery, { id: 'ATXid_real', status: 'Failed', phoneNumber: '+254722000001' });
    expect(await rowOf(id)).toMatchObject({ status: 'delivered', providerStatus: 'Success' });
  });
});

describe('opt-outs', () => {
  it('record the number that replied STOP, once, in the 2547… form', async () => {
    const optOut = server.callbacks.smsOptOut;
    expect((await postForm(optOut, { phoneNumber: '+254733000111', senderId: 'SOMESHA' })).status).toBe(200);
    expect((await postForm(optOut, { phoneNumber: '+254733000111', senderId: 'SOMESHA' })).status).toBe(200);
    const rows = await server.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, '254733000111'));
    expect(rows).toHaveLength(1);

    expect((await postForm(optOut, { senderId: 'SOMESHA' })).status).toBe(422);
    const wrongSecret = optOut.replace(
      /\/api\/hooks\/[^/]+\//,
      '/api/hooks/not-the-secret-0123456789abcdef/',
    );
    expect((await postForm(wrongSecret, { phoneNumber: '+254733000222' })).status).toBe(404);
    expect(
      await server.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, '254733000222')),
    ).toHaveLength(0);
  });
});

describe('short links', () => {
  it('redirect to the stored path of this site, and are a 404 page otherwise', async () => {
    await server.db.insert(shortLinks).values([
      { code: 'Ab3dE7k', path: '/lessons/12/join?from=sms' },
      { code: 'Evil001', path: '//evil.example/steal' },
      { code: 'Evil002', path: 'https://evil.example/' },
      { code: 'Evil003', path: '/\\evil.example' },
    ]);
    const link = await fetch(`${server.baseUrl}/l/Ab3dE7k`, { redirect: 'manual' });
    expect(link.status).toBe(302);
    expect(link.headers.get('location')).toBe('/lessons/12/join?from=sms');

    for (const code of ['Nope123', 'Evil001', 'Evil002', 'Evil003', '%2F%2Fevil']) {
      const response = await fetch(`${server.baseUrl}/l/${code}`, { redirect: 'manual' });
      expect(response.status, code).toBe(404);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain('Link not found');
    }
  });
});

describe('in production', () => {
  it('has no SMS sandbox and no /dev/sms, but takes Africa’s Talking’s reports', async () => {
    // Same database, production settings: no need to boot a second PGlite.
    const production = await buildApp({
      db: server.db,
      mailer: new OutboxMailer(server.db),
      config: testConfig({
        nodeEnv: 'production',
        distDir: 'tests/server/support/no-dist',
        callbackSecret: 'production-secret-0123456789abcdef0123',
      }),
      env: { PAYMENTS_SANDBOX: '1' },
    });
    const baseUrl = await production.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect((await fetch(`${baseUrl}/dev/sms`)).status).toBe(404);
      expect((await fetch(`${baseUrl}/dev/sms.json`)).status).toBe(404);
      const sandbox = await fetch(`${baseUrl}${SMS_SANDBOX_MESSAGING_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'username=sandbox&to=%2B254712345678&message=x',
      });
      expect(sandbox.status).toBe(404);
      const optOut = await fetch(`${baseUrl}/api/hooks/production-secret-0123456789abcdef0123/sms/opt-out`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'phoneNumber=%2B254733000333',
      });
      expect(optOut.status).toBe(200);
    } finally {
      await production.close();
    }
  });
});
