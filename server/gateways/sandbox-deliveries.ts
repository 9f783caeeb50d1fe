import { randomBytes, randomInt } from 'node:crypto';
import { isHttpUrl } from './http-url';
import { darajaTimestamp } from './mpesa/daraja-protocol';

/** Anything with pino's/Fastify's `warn(obj, msg)`. */
export type SandboxLogger = { warn(details: object, message: string): void };

/**
 * What a Daraja sandbox posts back later (callbacks, results, status answers): scheduled, tracked so
 * tests and a stopping server can wait for them, delivered once like Daraja, failures only logged.
 * `name` starts every log line ("M-Pesa sandbox", "B2C sandbox").
 */
export class SandboxDeliveries {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly deliveries = new Set<Promise<void>>();

  constructor(
    private readonly name: string,
    private readonly fetch: typeof globalThis.fetch,
    private readonly logger?: SandboxLogger,
  ) {}

  /** Runs `send` after `ms`; what it sends is tracked so `flush` and `drain` can wait for it. */
  later(ms: number, send: () => Promise<unknown>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.track(send());
    }, ms);
    // A pending sandbox callback must not keep a finished test run or a stopping server alive.
    timer.unref();
    this.timers.add(timer);
  }

  /** POSTs like Daraja: once, no retry; a failure is logged, never thrown into a timer. */
  async post(url: string, body: unknown, what: string): Promise<number | null> {
    if (!isHttpUrl(url)) return null;
    try {
      const response = await this.fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      if (!response.ok)
        this.logger?.warn({ url, status: response.status }, `${this.name}: ${what} was refused`);
      return response.status;
    } catch (error) {
      this.logger?.warn({ url, err: error }, `${this.name}: ${what} could not be delivered`);
      return null;
    }
  }

  /** Resolves once every delivery already due has been made. */
  async flush(): Promise<void> {
    await Promise.all([...this.deliveries]);
  }

  /** Resolves once nothing is scheduled or on its way any more (within `withinMs`). */
  async drain(withinMs = 5000): Promise<void> {
    const deadline = Date.now() + withinMs;
    while ((this.timers.size > 0 || this.deliveries.size > 0) && Date.now() < deadline) {
      await Promise.all([...this.deliveries]);
      if (this.timers.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** Forgets pending deliveries (server shutdown); the sandbox's records stay. */
  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private track(delivery: Promise<unknown>): void {
    const done = delivery.then(
      () => undefined,
      (error: unknown) => this.logger?.warn({ err: error }, `${this.name}: a delivery failed`),
    );
    this.deliveries.add(done);
    void done.finally(() => this.deliveries.delete(done));
  }
}

/** The ids Daraja answers a transaction status query with, before it posts the answer. */
export function statusQueryIds(now: Date) {
  return {
    originatorConversationId: `${randomInt(10000, 99999)}-${randomInt(10_000_000, 99_999_999)}-1`,
    conversationId: `AG_${darajaTimestamp(now)}_${randomBytes(10).toString('hex')}`,
  };
}

/** Ten characters like `SKL4ABC12D` after `first`: M-Pesa receipts are upper-case letters and digits. */
export function sandboxReceipt(first: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let value = first;
  for (const byte of randomBytes(9)) value += alphabet[byte % alphabet.length];
  return value;
}
