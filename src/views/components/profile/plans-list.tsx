import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { plansLoader } from '@/machines/screens/workspace-screens';
import type { Plan, PlanStatus } from '@/services/schemas/plan';
import { formatDate, formatKes } from '@/shared/format';
import { t } from '@/shared/messages';
import { ListStates } from '../lists/list-states';
import { useLoader } from '../../use-loader';

const STATUS_COLORS: Record<PlanStatus, string> = {
  // Dark fills: white badge text on them passes WCAG AA (the light variants did not).
  active: 'teal.9',
  pending_payment: 'blue.9',
  ended: 'gray.8',
  cancelled: 'red.9',
};

function planName(plan: Plan): string {
  if (plan.package) return plan.package.name;
  const label = plan.customPlan?.name;
  return typeof label === 'string' && label ? label : t('cart.customPlan');
}

function PlanRow({ plan }: { plan: Plan }) {
  const status = plan.status;
  const dates =
    plan.startDate && plan.endDate
      ? `${formatDate(plan.startDate)} – ${formatDate(plan.endDate)}`
      : 'Starts when the payment completes';
  return (
    <Card withBorder padding="sm" component="li">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={600}>{planName(plan)}</Text>
          <Text size="sm" c="gray.7">
            {dates}
          </Text>
          {plan.status === 'active' && plan.lessonsIncluded !== null && plan.lessonsIncluded > 0 && (
            <Text size="sm">
              {t('plans.lessonsLeft', { left: plan.lessonsLeft ?? 0, included: plan.lessonsIncluded })}
            </Text>
          )}
        </div>
        <Stack gap={4} align="flex-end">
          {status && (
            <Badge color={STATUS_COLORS[status]} variant="filled">
              {t(`plans.status.${status}`)}
            </Badge>
          )}
          <Text size="sm">{formatKes(plan.price)}</Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** The wallet's "My plans": the learner's subscriptions and the plans waiting for payment. */
export function PlansList() {
  const list = useLoader(plansLoader, { name: 'plans', inUrl: false });
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="plans-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="plans-heading">
          My plans
        </Title>
        <ListStates list={list}>
          <Stack
            component="ul"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-labelledby="plans-heading"
          >
            {list.items.map((plan) => (
              <PlanRow key={plan.id} plan={plan} />
            ))}
          </Stack>
        </ListStates>
      </Stack>
    </Card>
  );
}
