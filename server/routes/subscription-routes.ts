// GET /api/subscriptions: the caller's own plans (docs/learning-workspace.md).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { currentUser, type Guards } from '../http/guards';
import { typed } from '../http/validation';
import { centsToDecimal } from '../resources/money';
import { dayIn } from '../../src/shared/calendar-days';
import { plansOf, type Plan } from '../services/subscription-service';

function planResource(plan: Plan) {
  return {
    id: plan.id,
    package: plan.package,
    custom_plan: plan.customPlan,
    // SPEC §3: calendar days (YYYY-MM-DD) in the app's time zone.
    start_date: plan.startDate ? dayIn(plan.startDate) : null,
    end_date: plan.endDate ? dayIn(plan.endDate) : null,
    status: plan.status,
    price: centsToDecimal(plan.priceCents),
    // A running plan's lessons this Nairobi month (issue 24); null for any other plan.
    lessons_included: plan.lessons?.included ?? null,
    lessons_left: plan.lessons?.left ?? null,
    lesson_cap: plan.lessons ? centsToDecimal(plan.lessons.capCents) : null,
    discount_percent: plan.lessons?.discountPercent ?? null,
  };
}

export function subscriptionRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  typed(app).get('/api/subscriptions', { preValidation: guards.authenticate }, async (request) => ({
    data: (await plansOf(ctx.db, currentUser(request).id)).map(planResource),
  }));
}
