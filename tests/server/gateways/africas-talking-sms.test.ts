// The Africa's Talking SMS adapter (issue 26, docs/messaging.md "sms"): the request is their documented
// messaging call (form-encoded username, to as +2547…, message, from; headers apiKey and Accept JSON),
// and each answer maps to sent, temporary or permanent. The factory picks the real host, their sandbox
// host, the development sandbox, or (production without an account) a gateway that refuses.
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client';
import {
  AfricasTalkingSmsGateway,
  AT_LIVE_BASE_URL,
  AT_SANDBOX_BASE_URL,
  createSmsGateway,
  SandboxSmsGateway,
  UnconfiguredSmsGateway,
} from '../../../server/gateways/sms';
import { startLoopbackServer, type Answer, type LoopbackServer } from './loopback-server';

let at: LoopbackServer | null = null;
afterEach(async () => {
  await at?.close();
  at = null;
});

const accepted = (recipient: Record<string, unknown>) => ({
  json: { SMSMessageData: { Message: 'Sent to 1/1 Total Cost: KES 0.8000', Recipients: [recipient] } },
});

async function gatewayAnswering(answer: Answer, senderId?: string) {
  at = await startLoopbackServer(() => answer);
  return new AfricasTalkingSmsGateway({ username: 'somesha', apiKey: 'key-123', senderId, baseUrl: at.url });
}

describe('the Africa’s Talking SMS adapter', () => {
  it('posts the documented messaging request, form-encoded, with the API key header', async () => {
    const gateway = await gatewayAnswering(
      {
        status: 201,
        ...accepted({
          statusCode: 101,
          number: '+254712345678',
          status: 'Success',
          cost: 'KES 0.8000',
          messageId: 'ATXid_4c5e',
        }),
      },
      'SOMESHA',
    );

    const result = await gateway.send({ to: '254712345678', text: 'Somesha: lesson at 16:00 & more' });

    expect(result).toEqual({
      outcome: 'sent',
      providerId: 'ATXid_4c5e',
      providerStatus: 'Success',
      cost: 'KES 0.8000',
    });
    const request = at!.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/version1/messaging');
    expect(request.headers.apikey).toBe('key-123');
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request.text))).toEqual({
      username: 'somesha',
      to: '+254712345678',
      message: 'Somesha: lesson at 16:00 & more',
      from: 'SOMESHA',
    });
  });

  it('leaves `from` out without a sender ID (the account default)', async () => {
    const gateway = await gatewayAnswering(
      accepted({ statusCode: 102, status: 'Queued', cost: 'KES 0.8000', messageId: 'ATXid_q' }),
    );
    expect(await gateway.send({ to: '254712345678', text: 'Hi' })).toMatchObject({
      outcome: 'sent',
      providerStatus: 'Queued',
    });
    expect(new URLSearchParams(at!.requests[0]!.text).has('from')).toBe(false);
  });

  it.each([
    [100, 'Processed', 'sent'],
    [101, 'Success', 'sent'],
    [102, 'Queued', 'sent'],
    [401, 'RiskHold', 'permanent'],
    [402, 'InvalidSenderId', 'permanent'],
    [403, 'InvalidPhoneNumber', 'permanent'],
    [404, 'UnsupportedNumberType', 'permanent'],
    [405, 'InsufficientBalance', 'permanent'],
    [406, 'UserInBlacklist', 'permanent'],
    [407, 'CouldNotRoute', 'permanent'],
    [409, 'DoNotDisturbRejection', 'permanent'],
    [500, 'InternalServerError', 'temporary'],
    [501, 'GatewayError', 'temporary'],
    [502, 'RejectedByGateway', 'temporary'],
  ])('reads recipient statusCode %i (%s) as %s', async (statusCode, status, outcome) => {
    const sent = statusCode < 200;
    const gateway = await gatewayAnswering(
      accepted({
        statusCode,
        number: '+254712345678',
        status,
        cost: sent ? 'KES 0.8000' : '0',
        messageId: sent ? 'ATXid_1' : 'None',
      }),
    );
    const result = await gateway.send({ to: '254712345678', text: 'Hi' });
    expect(result.outcome).toBe(outcome);
    expect(result.providerStatus).toBe(status);
    if (result.outcome !== 'sent') expect(result.error).toContain(String(statusCode));
  });

  it('reads a 5xx answer as temporary and another refusal (a wrong key) as permanent', async () => {
    let gateway = await gatewayAnswering({ status: 503, text: 'Service Unavailable' });
    expect(await gateway.send({ to: '254712345678', text: 'Hi' })).toEqual({
      outcome: 'temporary',
      providerStatus: 'HTTP 503',
      error: 'Service Unavailable',
    });
    await at!.close();
    gateway = await gatewayAnswering({ status: 401, text: 'The supplied authentication is invalid' });
    expect(await gateway.send({ to: '254712345678', text: 'Hi' })).toEqual({
      outcome: 'permanent',
      providerStatus: 'HTTP 401',
      error: 'The supplied authentication is invalid',
    });
  });

  it('reads an answer without recipients (the whole request refused) as permanent, never retried', async () => {
    const gateway = await gatewayAnswering({
      json: { SMSMessageData: { Message: 'InvalidSenderId', Recipients: [] } },
    });
    expect(await gateway.send({ to: '254712345678', text: 'Hi' })).toMatchObject({
      outcome: 'permanent',
      providerStatus: 'InvalidSenderId',
    });
  });

  it('reads a network failure as temporary', async () => {
    at = await startLoopbackServer();
    const url = at.url;
    await at.close();
    at = null;
    const gateway = new AfricasTalkingSmsGateway({ username: 'somesha', apiKey: 'k', baseUrl: url });
    expect(await gateway.send({ to: '254712345678', text: 'Hi' })).toMatchObject({
      outcome: 'temporary',
      providerStatus: 'NetworkError',
    });
  });
});

describe('createSmsGateway', () => {
  // The factory only keeps the database for the sandbox's records; nothing here is sent to the sandbox.
  const base = {
    db: {} as Database,
    selfUrl: 'http://127.0.0.1:1',
    deliveryUrl: 'http://127.0.0.1:1/api/hooks/s/sms/delivery',
  };

  it('talks to the live host with an account, and to their sandbox host for the `sandbox` username', async () => {
    const hosts: string[] = [];
    const fetch = (async (url: string | URL | Request) => {
      hosts.push(new URL(String(url)).origin);
      return new Response(
        JSON.stringify({
          SMSMessageData: {
            Recipients: [{ statusCode: 101, status: 'Success', messageId: 'x', cost: 'KES 0.8000' }],
          },
        }),
        { status: 201 },
      );
    }) as typeof globalThis.fetch;
    for (const username of ['somesha', 'sandbox']) {
      const gateway = createSmsGateway(
        { AT_USERNAME: username, AT_API_KEY: 'k' },
        { ...base, production: true, fetch },
      );
      expect(gateway).toBeInstanceOf(AfricasTalkingSmsGateway);
      expect(gateway).not.toBeInstanceOf(SandboxSmsGateway);
      await gateway.send({ to: '254712345678', text: 'Hi' });
    }
    expect(hosts).toEqual([AT_LIVE_BASE_URL, AT_SANDBOX_BASE_URL]);

    expect(createSmsGateway({}, { ...base, production: false })).toBeInstanceOf(SandboxSmsGateway);
    const unconfigured = createSmsGateway({}, { ...base, production: true });
    expect(unconfigured).toBeInstanceOf(UnconfiguredSmsGateway);
    expect(await unconfigured.send({ to: '254712345678', text: 'Hi' })).toMatchObject({
      outcome: 'permanent',
    });
    expect(() => createSmsGateway({ AT_USERNAME: 'somesha' }, { ...base, production: true })).toThrow(
      /AT_API_KEY/,
    );
  });
});
