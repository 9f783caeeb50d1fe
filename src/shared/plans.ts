// What a plan gives (issue 24, docs/issue-24.md "plans"): the one pricing rule the server charges by
// and the SPA words. Pure: the server supplies the plans and what each has used this month.

/** Nairobi is UTC+3 all year (no daylight saving). */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The Nairobi calendar month of a moment, `YYYY-MM`: a plan's included lessons reset with it. */
export function nairobiMonth(at: Date): string {
  return new Date(at.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 7);
}

export type PlanAllowance = {
  subscriptionId: number;
  name: string;
  includedLessons: number;
  lessonCapCents: number;
  discountPercent: number;
  /** Included lessons already used this Nairobi month. */
  used: number;
};

export type LessonLine = { key: number; priceCents: number };

export type LinePrice = {
  key: number;
  /** What the buyer pays for the line. */
  chargedCents: number;
  /** Set when the plan includes the lesson (charged 0). */
  coveredBy: { subscriptionId: number; name: string } | null;
  /** Set when the lesson is not included but a plan takes a percentage off. */
  discount: { name: string; percent: number } | null;
};

/** `percent` off, rounded to whole shillings in the buyer's favour. */
export const discounted = (priceCents: number, percent: number) =>
  Math.floor((priceCents * (100 - percent)) / 100 / 100) * 100;

/**
 * The rule: lessons in the order given; each one priced at most a plan's cap is included by the
 * first plan (oldest subscription) with an included lesson left this month, and costs nothing;
 * every other lesson gets the largest discount among the buyer's plans. Nothing else is touched.
 */
export function priceLessons(lines: LessonLine[], plans: PlanAllowance[]): LinePrice[] {
  const left = new Map(plans.map((plan) => [plan.subscriptionId, plan.includedLessons - plan.used]));
  const best = plans.reduce<PlanAllowance | null>(
    (found, plan) => (plan.discountPercent > (found?.discountPercent ?? 0) ? plan : found),
    null,
  );
  return lines.map((line) => {
    const plan = plans.find(
      (candidate) =>
        (left.get(candidate.subscriptionId) ?? 0) > 0 && line.priceCents <= candidate.lessonCapCents,
    );
    if (plan && line.priceCents > 0) {
      left.set(plan.subscriptionId, (left.get(plan.subscriptionId) ?? 0) - 1);
      return {
        key: line.key,
        chargedCents: 0,
        coveredBy: { subscriptionId: plan.subscriptionId, name: plan.name },
        discount: null,
      };
    }
    if (best && line.priceCents > 0)
      return {
        key: line.key,
        chargedCents: discounted(line.priceCents, best.discountPercent),
        coveredBy: null,
        discount: { name: best.name, percent: best.discountPercent },
      };
    return { key: line.key, chargedCents: line.priceCents, coveredBy: null, discount: null };
  });
}
