// A learner's plan (GET /api/subscriptions, docs/learning-workspace.md): a paid subscription, or a
// plan still waiting in the cart (`pending_payment`, no dates yet).
import { coerce, number, record, string, type, unknown, type Infer } from 'superstruct';
import { decodeWith, id, maybe, money, oneOf } from './common';

export const PLAN_STATUSES = ['active', 'ended', 'pending_payment', 'cancelled'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const PlanStruct = type({
  // A subscription's number, or `cart-item-{id}` for a plan not paid yet: a key either way.
  id: coerce(string(), number(), (value) => String(value)),
  package: maybe(type({ id, name: string() })),
  customPlan: maybe(record(string(), unknown())),
  startDate: maybe(string()),
  endDate: maybe(string()),
  status: oneOf(PLAN_STATUSES),
  price: money,
  // A running plan's included lessons this Nairobi month (issue 24); null for others.
  lessonsIncluded: maybe(number()),
  lessonsLeft: maybe(number()),
});
export type Plan = Infer<typeof PlanStruct>;

export const decodePlan = (raw: unknown): Plan => decodeWith(PlanStruct, raw);
