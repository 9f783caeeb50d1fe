import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'wouter';
import { plansLoader } from '@/machines/screens/commerce-screens';
import type { Package } from '@/services/schemas/web';
import { formatKes } from '@/shared/format';
import { t } from '@/shared/messages';
import { useSession } from '../../app-actors-context';
import { CenteredLoader } from '../../components/centered-loader';
import { selectSignedIn } from '../../session-selectors';
import { useAddToCart } from '../../use-add-to-cart';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** "per month", or the plan's duration when it is not one interval ("for 3 months"). */
function pricePeriod(plan: Package): string {
  if (plan.duration && plan.durationUnit && plan.duration !== 1)
    return `for ${plural(plan.duration, plan.durationUnit)}`;
  const unit = plan.interval ?? plan.durationUnit;
  return unit ? `per ${unit}` : '';
}

/** "Live lessons: 4" — the server's display value is the value alone ("Yes", "10 a month"). */
function featureText(feature: Package['features'][number]): string {
  const value = feature.displayValue ?? feature.value;
  return value ? `${feature.name}: ${value}` : feature.name;
}

/** A signed-in buyer puts the plan in the cart (which opens the drawer); a visitor signs in first. */
function ChoosePlan({ plan, signedIn }: { plan: Package; signedIn: boolean }) {
  const { add, adding, error } = useAddToCart({ kind: 'plan', id: plan.id });
  const label = `Choose ${plan.name}`;
  if (!signedIn) {
    return (
      <Button component={Link} href={`/sign-in?redirect=${encodeURIComponent('/plans')}`} fullWidth>
        {label}
      </Button>
    );
  }
  return (
    <Stack gap={4}>
      <Button fullWidth loading={adding} onClick={add} variant={plan.recommended ? 'filled' : 'light'}>
        {label}
      </Button>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function PlanCard({ plan, signedIn }: { plan: Package; signedIn: boolean }) {
  const headingId = `plan-${plan.id}`;
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="article"
      aria-labelledby={headingId}
      style={plan.recommended ? { borderColor: 'var(--mantine-color-blue-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h3" id={headingId}>
            {plan.name}
          </Title>
          {plan.recommended && <Badge color="blue">Recommended</Badge>}
        </Group>
        <div>
          <Text fz={28} fw={700} component="span">
            {formatKes(plan.price)}
          </Text>{' '}
          <Text c="dimmed" component="span">
            {pricePeriod(plan)}
          </Text>
        </div>
        <List
          spacing="xs"
          size="sm"
          icon={<IconCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />}
          style={{ flex: 1 }}
          aria-label={`${plan.name} features`}
        >
          {plan.features.map((feature) => (
            <List.Item key={feature.id}>{featureText(feature)}</List.Item>
          ))}
        </List>
        <ChoosePlan plan={plan} signedIn={signedIn} />
      </Stack>
    </Card>
  );
}

/** `/plans` (public): the packages with their features and price; choosing one puts it in the cart. */
export default function PlansPage() {
  usePageTitle('Plans');
  const signedIn = useSelector(useSession(), selectSignedIn);
  const plans = useLoader(plansLoader, { name: 'plans', inUrl: false });
  const { loading, data, error } = plans;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Plans</Title>
          <Text c="dimmed">
            Choose a plan that fits your learning. Pay from your wallet, by M-Pesa or by card.
          </Text>
          <Text size="sm">{t('plans.rules')}</Text>
        </Stack>
        {loading && <CenteredLoader label="Loading plans" />}
        {error && (
          <Alert color="red" role="alert" title={error}>
            {plans.reason}
          </Alert>
        )}
        {data && data.length === 0 && <Text c="dimmed">{t('messages.none', { name: 'plans' })}</Text>}
        {data && data.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {data.map((plan) => (
              <PlanCard key={plan.id} plan={plan} signedIn={signedIn} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
