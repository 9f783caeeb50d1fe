// The outbox (issue 26, docs/messaging.md "The outbox"): a message is written with its cause or not at
// all, the job sends each row once (two runs at once, a run killed between claim and send), retries a
// temporary failure with back-off, gives up after a day, and decides at the moment of sending: the
// user's choices, a verified number, opt-outs, quiet hours. Every time comes from a fake clock.
import { randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSettings, outboxMessages, smsOptOuts, teachers, users } from '../../../server/db/schema';
import type { Mailer, MailMessage } from '../../../server/gateways/mail';
import type { SmsGateway, SmsRequest, SmsResult } from '../../../server/gateways/sms/sms-gateway';
import { enqueueEmail, enqueueSms } from '../../../server/services/outbox-service';
import { claimDue, runOutbox, type OutboxContext } from '../../../server/services/outbox-job';
import { OUTBOX_LEASE_MS } from '../../../src/shared/notification-channels';
import { newBuyer } from '../commerce/buyers';
import { startTestServer, type TestServer } from '../support/test-server';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** 12:00 in Nairobi (09:00 UTC): outside quiet hours. */
const NOON = new Date('2030-03-12T09:00:00.000Z');

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** An SmsGateway that records what it is asked to send and answers what the test queued (default: sent). */
class RecordingSms implements SmsGateway {
  readonly requests: SmsRequest[] = [];
  readonly answers: SmsResult[] = [];

  async send(request: SmsRequest): Promise<SmsResult> {
    this.requests.push(request);
    return (
      this.answers.shift() ?? {
        outcome: 'sent',
        providerId: `ATXid_${randomInt(1e9)}_${this.requests.length}`,
        providerStatus: 'Success',
        cost: 'KES 0.8000',
      }
    );
  }

  to(phone: string) {
    return this.requests.filter((request) => request.to === phone);
  }
}

class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
    return { providerId: `<${randomInt(1e9)}@smtp.test>` };
  }
}

const context = (
  sms: SmsGateway | undefined,
  at: () => Date,
  mailer: Mailer = new RecordingMailer(),
): OutboxContext => ({ db: server.db, mailer, sms, clock: at });

/** A user with a verified phone of their own (`2547…`, unique to the test). */
async function personWithPhone({ verified = true } = {}) {
  const buyer = await newBuyer(server);
  const phone = `2547${String(randomInt(1e8)).padStart(8, '0')}`;
  await server.db
    .update(users)
    .set({ phone, phoneVerifiedAt: verified ? new Date('2030-01-01T00:00:00Z') : null })
    .where(eq(users.id, buyer.userId));
  return { ...buyer, phone };
}

/** As if written at `at` (the database stamps the real time). */
async function writtenAt(id: number, at: Date) {
  await server.db
    .update(outboxMessages)
    .set({ createdAt: at, notBefore: at })
    .where(eq(outboxMessages.id, id));
}

async function receipt(person: { userId: number; phone: string }, at: Date, purpose = 'payment_receipt') {
  const id = await enqueueSms(server.db, {
    kind:
      purpose === 'verification_code' ? 'account' : purpose.startsWith('lesson_') ? 'lessons' : 'payments',
    purpose,
    userId: person.userId,
    to: person.phone,
    text: `Somesha: ${purpose} ${randomInt(1e6)}`,
  });
  await writtenAt(id, at);
  return id;
}

async function row(id: number) {
  const [found] = await server.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  if (!found) throw new Error(`No outbox row ${id}`);
  return found;
}

describe('writing', () => {
  it('is part of the cause: a transaction that fails leaves no message, one that commits leaves it queued', async () => {
    const person = await personWithPhone();
    const failed = server.db.transaction(async (tx) => {
      await enqueueEmail(tx, {
        kind: 'payments',
        purpose: 'payment_receipt',
        userId: person.userId,
        to: person.email,
        subject: 'Payment received',
        text: 'Thank you',
        html: '<p>Thank you</p>',
      });
      await enqueueSms(tx, {
        kind: 'payments',
        purpose: 'payment_receipt',
        userId: person.userId,
        to: person.phone,
        text: 'Somesha: paid',
      });
      // The payment fails after its receipt was written (e.g. the wallet is short): all rolls back.
      throw new Error('insufficient balance');
    });
    await expect(failed).rejects.toThrow('insufficient balance');
    expect(
      await server.db.select().from(outboxMessages).where(eq(outboxMessages.userId, person.userId)),
    ).toEqual([]);

    // A cause that commits (a password reset): its mail is a queued row until the job sends it.
    const asked = await server.browser().post('/api/forgot-password', { email: person.email });
    expect(asked.status).toBeLessThan(300);
    const rows = await server.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.userId, person.userId));
    expect(rows).toMatchObject([
      { channel: 'email', kind: 'account', purpose: 'password_reset', status: 'queued', to: person.email },
    ]);
    expect((await server.mail()).filter((mail) => mail.to === person.email)).toHaveLength(1);
    expect(await row(rows[0]!.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('an admin decision writes the teacher one e-mail and one SMS of kind teaching, however many admins decide', async () => {
    const teacher = await newBuyer(server, { role: 'teacher' });
    // A teacher waiting for a decision.
    const [profile] = await server.db
      .update(teachers)
      .set({ status: 'pending' })
      .where(eq(teachers.userId, teacher.userId))
      .returning({ id: teachers.id });
    const admin = server.browser();
    await admin.signIn('admin@example.com');
    const answers = await Promise.all([
      admin.post(`/api/admin/teachers/approve/${profile!.id}`),
      admin.post(`/api/admin/teachers/approve/${profile!.id}`),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const rows = await server.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.userId, teacher.userId));
    expect(
      rows
        .map((row) => ({ channel: row.channel, kind: row.kind, purpose: row.purpose }))
        .sort((a, b) => a.channel.localeCompare(b.channel)),
    ).toEqual([
      { channel: 'email', kind: 'teaching', purpose: 'teacher_approved' },
      { channel: 'sms', kind: 'teaching', purpose: 'teacher_approved' },
    ]);
  });
});

describe('the job', () => {
  it('sends each row once, with two runs at once, and records the provider id, status and cost', async () => {
    const person = await personWithPhone();
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => receipt(person, NOON)));
    const sms = new RecordingSms();
    const at = () => new Date(NOON.getTime() + MINUTE);
    const [one, two] = await Promise.all([runOutbox(context(sms, at)), runOutbox(context(sms, at))]);
    expect(one.sent + two.sent).toBeGreaterThanOrEqual(5);
    expect(sms.to(person.phone)).toHaveLength(5);
    const rows = await server.db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids));
    for (const sent of rows) {
      expect(sent).toMatchObject({
        status: 'sent',
        attempts: 1,
        providerStatus: 'Success',
        cost: 'KES 0.8000',
      });
      expect(sent.providerId).toMatch(/^ATXid_/);
      expect(sent.sentAt).toEqual(at());
    }
    // Nothing is left for a later run.
    await runOutbox(context(sms, () => new Date(NOON.getTime() + HOUR)));
    expect(sms.to(person.phone)).toHaveLength(5);
  });

  it('takes a row claimed by a process that died before sending only after the lease', async () => {
    const person = await personWithPhone();
    const id = await receipt(person, NOON);
    // A process claims it and is killed (SIGKILL) before it sends.
    const claimedAt = new Date(NOON.getTime() + MINUTE);
    const claimed = await claimDue(server.db, claimedAt, { batch: 1000 });
    expect(claimed.map((claim) => claim.id)).toContain(id);
    expect(await row(id)).toMatchObject({ status: 'sending', attempts: 1, claimedAt });

    const sms = new RecordingSms();
    await runOutbox(context(sms, () => new Date(claimedAt.getTime() + OUTBOX_LEASE_MS - 1000)));
    expect(sms.to(person.phone)).toEqual([]);
    await runOutbox(context(sms, () => new Date(claimedAt.getTime() + OUTBOX_LEASE_MS + 1000)));
    expect(sms.to(person.phone)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('hands back what it claimed once slow sends ate half the lease; a later run sends it', async () => {
    const person = await personWithPhone();
    const first = await receipt(person, NOON);
    const second = await receipt(person, NOON);
    let clock = NOON.getTime();
    const slow = new RecordingSms();
    // The first send takes 1.5 minutes of the 2-minute lease.
    const send = slow.send.bind(slow);
    slow.send = async (request) => {
      clock += 1.5 * MINUTE;
      return send(request);
    };
    await runOutbox(context(slow, () => new Date(clock)));
    expect(slow.to(person.phone)).toHaveLength(1);
    expect(await row(first)).toMatchObject({ status: 'sent', attempts: 1 });
    // Handed back unsent, not counted as a try.
    expect(await row(second)).toMatchObject({ status: 'queued', attempts: 0 });
    await runOutbox(context(slow, () => new Date(clock)));
    expect(slow.to(person.phone)).toHaveLength(2);
    expect(await row(second)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries a temporary failure with back-off (1, then 2 minutes) and fails a permanent one at once', async () => {
    const person = await personWithPhone();
    const id = await receipt(person, NOON);
    const sms = new RecordingSms();
    const busy: SmsResult = { outcome: 'temporary', providerStatus: 'InternalServerError', error: 'busy' };
    sms.answers.push(busy, busy);
    const at = (ms: number) => () => new Date(NOON.getTime() + ms);

    await runOutbox(context(sms, at(0)));
    expect(await row(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      notBefore: new Date(NOON.getTime() + MINUTE),
      lastError: 'busy',
      providerStatus: 'InternalServerError',
    });
    await runOutbox(context(sms, at(30_000)));
    expect(sms.to(person.phone)).toHaveLength(1);
    await runOutbox(context(sms, at(MINUTE)));
    expect(await row(id)).toMatchObject({
      status: 'queued',
      attempts: 2,
      notBefore: new Date(NOON.getTime() + 3 * MINUTE),
    });
    await runOutbox(context(sms, at(2 * MINUTE)));
    expect(sms.to(person.phone)).toHaveLength(2);
    await runOutbox(context(sms, at(3 * MINUTE)));
    expect(sms.to(person.phone)).toHaveLength(3);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });

    const rejected = await receipt(person, NOON);
    sms.answers.push({ outcome: 'permanent', providerStatus: 'InvalidPhoneNumber', error: 'invalid number' });
    await runOutbox(context(sms, at(4 * MINUTE)));
    expect(await row(rejected)).toMatchObject({ status: 'failed', lastError: 'invalid number' });
    await runOutbox(context(sms, at(HOUR)));
    expect(sms.to(person.phone)).toHaveLength(4);
  });

  it('gives up a row still not sent a day after it was written', async () => {
    const person = await personWithPhone();
    const id = await receipt(person, NOON);
    const sms = new RecordingSms();
    const down: SmsResult = { outcome: 'temporary', providerStatus: 'GatewayError', error: 'gateway down' };
    // Down all day: tried on each back-off (at most an hour apart), then no more.
    for (let step = 0; step < 60; step += 1) sms.answers.push(down);
    for (let ms = 0; ms <= 26 * HOUR; ms += 30 * MINUTE) {
      await runOutbox(context(sms, () => new Date(NOON.getTime() + ms)));
    }
    const tries = sms.to(person.phone).length;
    expect(await row(id)).toMatchObject({ status: 'failed', lastError: 'gateway down' });
    expect(tries).toBeGreaterThan(5);
    await runOutbox(context(sms, () => new Date(NOON.getTime() + 30 * HOUR)));
    expect(sms.to(person.phone)).toHaveLength(tries);
  });

  it('sends e-mail through the mailer, and leaves SMS queued where no SMS gateway is configured', async () => {
    const person = await personWithPhone();
    const mail = await enqueueEmail(server.db, {
      kind: 'lessons',
      purpose: 'booking_confirmed',
      userId: person.userId,
      to: person.email,
      subject: 'Booked',
      text: 'Your lessons are booked',
      html: '<p>Your lessons are booked</p>',
    });
    await writtenAt(mail, NOON);
    const sms = await receipt(person, NOON);
    const mailer = new RecordingMailer();
    await runOutbox(context(undefined, () => NOON, mailer));
    expect(mailer.sent.filter((sent) => sent.to === person.email)).toEqual([
      {
        to: person.email,
        subject: 'Booked',
        text: 'Your lessons are booked',
        html: '<p>Your lessons are booked</p>',
      },
    ]);
    expect(await row(mail)).toMatchObject({ status: 'sent', providerStatus: 'Sent' });
    expect((await row(mail)).providerId).toMatch(/@smtp\.test>$/);
    expect(await row(sms)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('an e-mail refused with an SMTP 5xx fails; any other error is tried again later', async () => {
    const person = await personWithPhone();
    const write = async (subject: string) => {
      const id = await enqueueEmail(server.db, {
        kind: 'account',
        purpose: 'password_reset',
        userId: person.userId,
        to: person.email,
        subject,
        text: subject,
        html: `<p>${subject}</p>`,
      });
      await writtenAt(id, NOON);
      return id;
    };
    const refused = await write('Refused');
    const unreachable = await write('Unreachable');
    const mailer: Mailer = {
      async send(message) {
        throw message.subject === 'Refused'
          ? Object.assign(new Error('550 5.1.1 No such mailbox'), { responseCode: 550 })
          : Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' });
      },
    };
    await runOutbox(context(undefined, () => NOON, mailer));
    expect(await row(refused)).toMatchObject({ status: 'failed', providerStatus: '550' });
    expect(await row(unreachable)).toMatchObject({
      status: 'queued',
      lastError: 'connect ECONNREFUSED',
      notBefore: new Date(NOON.getTime() + MINUTE),
    });
  });
});

describe('at the moment of sending', () => {
  it('skips what the user turned off, an unverified or changed number and an opted-out one', async () => {
    const person = await personWithPhone();
    await server.db
      .insert(notificationSettings)
      .values({ userId: person.userId, settings: { payments: { email: true, sms: false } } });
    const turnedOff = await receipt(person, NOON);
    const lesson = await enqueueSms(server.db, {
      kind: 'lessons',
      purpose: 'lesson_cancelled',
      userId: person.userId,
      to: person.phone,
      text: 'Somesha: lesson cancelled',
    });
    await writtenAt(lesson, NOON);
    const sms = new RecordingSms();
    await runOutbox(context(sms, () => NOON));
    expect(await row(turnedOff)).toMatchObject({
      status: 'skipped',
      lastError: 'sms for payments turned off by the user',
    });
    // The defaults stand for the kinds the user did not choose for.
    expect(await row(lesson)).toMatchObject({ status: 'sent' });
    expect(sms.to(person.phone).map((request) => request.text)).toEqual(['Somesha: lesson cancelled']);

    const unverified = await personWithPhone({ verified: false });
    const notProved = await receipt(unverified, NOON);
    // A code goes to the number being proved.
    const code = await receipt(unverified, NOON, 'verification_code');
    const elsewhere = await receipt({ ...person, phone: '254799999999' }, NOON, 'lesson_cancelled');
    const stopped = await personWithPhone();
    await server.db.insert(smsOptOuts).values({ phone: stopped.phone });
    const optedOut = await receipt(stopped, NOON);
    await runOutbox(context(sms, () => NOON));
    expect(await row(notProved)).toMatchObject({ status: 'skipped', lastError: 'number not verified' });
    expect(await row(code)).toMatchObject({ status: 'sent' });
    expect(await row(elsewhere)).toMatchObject({ status: 'skipped', lastError: 'number not verified' });
    expect(await row(optedOut)).toMatchObject({ status: 'skipped', lastError: 'number opted out (STOP)' });
    expect(sms.to(stopped.phone)).toEqual([]);
    expect(sms.to('254799999999')).toEqual([]);
  });

  it('keeps an SMS written at 22:00 in Nairobi until 07:00; a verification code and e-mail go at once', async () => {
    const person = await personWithPhone();
    const night = new Date('2030-03-12T19:00:00.000Z'); // 22:00 in Nairobi
    const morning = new Date('2030-03-13T04:00:00.000Z'); // 07:00 in Nairobi
    const receiptId = await receipt(person, night);
    const code = await receipt(person, night, 'verification_code');
    const mail = await enqueueEmail(server.db, {
      kind: 'payments',
      purpose: 'payment_receipt',
      userId: person.userId,
      to: person.email,
      subject: 'Payment received',
      text: 'Thank you',
      html: '<p>Thank you</p>',
    });
    await writtenAt(mail, night);
    const sms = new RecordingSms();
    const mailer = new RecordingMailer();

    await runOutbox(context(sms, () => night, mailer));
    expect(await row(code)).toMatchObject({ status: 'sent' });
    expect(await row(mail)).toMatchObject({ status: 'sent' });
    // Waiting is not a failed try.
    expect(await row(receiptId)).toMatchObject({ status: 'queued', attempts: 0, notBefore: morning });
    expect(sms.to(person.phone)).toHaveLength(1);

    await runOutbox(context(sms, () => new Date(morning.getTime() - MINUTE), mailer));
    expect(sms.to(person.phone)).toHaveLength(1);
    await runOutbox(context(sms, () => morning, mailer));
    expect(await row(receiptId)).toMatchObject({ status: 'sent', sentAt: morning, attempts: 1 });
    expect(sms.to(person.phone)).toHaveLength(2);
  });
});
