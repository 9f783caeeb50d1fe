// Work a request leaves for after its answer: a gateway's notification is acknowledged first, and
// the server then asks the gateway itself (`reconcile` in payments/reconciliation.ts). Kept apart so a busy
// process answers Daraja in a few milliseconds; a process that stops before the work ran leaves it
// to the background check (`reconcilePending`), which finds the transaction still pending.
import type { CommerceLogger } from './commerce-context';

/** What a notification handler leaves to do once the gateway has its answer. */
export type FollowUp = () => Promise<unknown>;

export class FollowUps {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: Pick<CommerceLogger, 'error'>) {}

  /** Starts `work` now; its failure is logged (the background check will ask again). */
  start(work: FollowUp): void {
    const done = work()
      .then(() => undefined)
      .catch((error: unknown) => this.log.error({ err: error }, 'work after a notification failed'))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Resolves once no follow-up is running, including ones started meanwhile. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
