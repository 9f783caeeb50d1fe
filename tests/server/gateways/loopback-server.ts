// A tiny HTTP server on 127.0.0.1 for gateway tests: it plays Daraja or Pesapal (answering through a
// handler) or the merchant's callback receiver, and records every request it gets.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  method: string;
  /** Path with query, e.g. `/oauth/v1/generate?grant_type=client_credentials` */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  text: string;
  /** Parsed JSON body, or undefined. */
  json: unknown;
};

export type Answer = { status?: number; json?: unknown; text?: string };
export type Handler = (request: RecordedRequest) => Answer | Promise<Answer>;

export type LoopbackServer = {
  url: string;
  requests: RecordedRequest[];
  /** Resolves with the `count`-th request (1-based) once it has arrived. */
  waitForRequest(count?: number, timeoutMs?: number): Promise<RecordedRequest>;
  close(): Promise<void>;
};

export async function startLoopbackServer(
  handler: Handler = () => ({ status: 200, json: { ResultCode: 0, ResultDesc: 'Accepted' } }),
): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        const parsed = new URL(req.url ?? '/', 'http://127.0.0.1');
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          path: parsed.pathname,
          query: parsed.searchParams,
          headers: req.headers,
          text,
          json,
        };
        requests.push(recorded);
        waiters.splice(0).forEach((wake) => wake());
        const answer = await handler(recorded);
        const body = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.text ?? '');
        res.writeHead(answer.status ?? 200, {
          'Content-Type': answer.json !== undefined ? 'application/json' : 'text/plain',
        });
        res.end(body);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    waitForRequest(count = 1, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} request(s), got ${requests.length}`)),
          timeoutMs,
        );
        const check = () => {
          const found = requests[count - 1];
          if (found) {
            clearTimeout(timer);
            resolve(found);
          } else {
            waiters.push(check);
          }
        };
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
