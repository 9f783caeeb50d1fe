// What keeps one server process answering while it is busy (issue 12): helmet's headers worked out
// once, one log line per request, and gateway follow-ups that run after the answer.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { OneLineRequestLog } from '../../server/http/request-log';
import { registerSecurityHeaders, securityHeaders } from '../../server/http/security-headers';
import { FollowUps } from '../../server/services/follow-ups';

const POLICY = {
  contentSecurityPolicy: {
    directives: { defaultSrc: ["'self'"], frameSrc: ["'self'", 'https://pay.pesapal.com'] },
  },
};

/** The headers helmet itself sets on a real response, as it did per request before. */
async function helmetOnARealResponse(): Promise<Record<string, string>> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    helmet(POLICY)(request, response, () => response.end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}/`);
    const headers: Record<string, string> = {};
    for (const [name, value] of response.headers) headers[name] = value;
    for (const name of ['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding'])
      delete headers[name];
    return headers;
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it('are the very headers helmet sets on a response', async () => {
    const expected = await helmetOnARealResponse();
    expect(expected['content-security-policy']).toContain('frame-src');
    expect(securityHeaders(POLICY)).toEqual(expected);
  });

  it('start every reply, and a route may drop one', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, POLICY);
    app.get('/page', async () => 'page');
    app.get('/asset', async (_request, reply) => {
      reply.removeHeader('content-security-policy');
      return 'asset';
    });
    const page = await app.inject('/page');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const asset = await app.inject('/asset');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    const missing = await app.inject('/nowhere');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });
});

describe('the request log', () => {
  it('writes one line per request, with the request, the status and the time', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, logController: new OneLineRequestLog() });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    await app.inject('/ok');
    await app.inject('/fails');
    const requests = lines.filter((line) => line.reqId);
    const completed = requests.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(2);
    expect(completed[0]).toMatchObject({ req: { method: 'GET', url: '/ok' }, res: { statusCode: 200 } });
    expect(completed[1]).toMatchObject({ req: { url: '/fails' }, res: { statusCode: 500 } });
    expect(typeof completed[0]?.responseTime).toBe('number');
    expect(requests.some((line) => line.msg === 'incoming request')).toBe(false);
    await app.close();
  });
});

describe('FollowUps', () => {
  it('waits for the work started, including work started meanwhile, and logs a failure', async () => {
    const errors: string[] = [];
    const followUps = new FollowUps({ error: (_details, message) => errors.push(message) });
    const done: string[] = [];
    followUps.start(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      done.push('first');
      followUps.start(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        done.push('second');
      });
    });
    followUps.start(async () => {
      throw new Error('gateway down');
    });
    await followUps.idle();
    expect(done).toEqual(['first', 'second']);
    expect(errors).toEqual(['work after a notification failed']);
  });
});
