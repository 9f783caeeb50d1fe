// A learner's cancellation of a booking (issue 24, docs/issue-24.md "cancel"): the rule the server
// enforces and the SPA shows, in one place (this file imports nothing from src).

/** A booking may be cancelled for a full refund until this many hours before the lesson starts. */
export const CANCEL_NOTICE_HOURS = 12;

const HOUR_MS = 3_600_000;

/** What a cancellation would do now: refund in full, refuse (too late: the policy), or nothing (started). */
export type CancelOutcome = 'refund' | 'late' | 'started';

/**
 * `startAt` is the lesson's start; `moved` says its teacher moved it after the booking and the
 * learner has not kept the new time: then the refund is full whatever the hour, until it starts.
 */
export function cancelOutcome(
  startAt: Date | string,
  moved: boolean,
  now: Date | number = Date.now(),
): CancelOutcome {
  const start = typeof startAt === 'string' ? Date.parse(startAt) : startAt.getTime();
  const at = typeof now === 'number' ? now : now.getTime();
  if (at >= start) return 'started';
  if (moved) return 'refund';
  return start - at >= CANCEL_NOTICE_HOURS * HOUR_MS ? 'refund' : 'late';
}
