import { Anchor, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  IconActivity,
  IconCalendarCheck,
  IconCircleCheck,
  IconClock,
  IconMessageCircle,
  IconNotes,
  IconReceipt,
  IconStar,
  IconThumbUp,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'wouter';
import { activityFeedLoader, initialActivityFeed } from '@/machines/screens/workspace-screens';
import type { Activity, ActivityType } from '@/services/schemas/activity';
import { useSession } from '../../app-actors-context';
import { ListStates } from '../../components/lists/list-states';
import { RelativeTime } from '../../components/notifications/relative-time';
import { selectUser } from '../../session-selectors';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';

/**
 * How an entry of each type looks. Built when a row renders, not when the module runs: the build
 * puts these icons in the feed route's own chunk, which imports this page's area chunk, so on a
 * fresh load of `/workspace` a table built at module start read the icons before they were defined
 * and the feed failed to render (tests/e2e/sign-in.test.ts).
 */
function lookOf(type: ActivityType | null | undefined): { icon: Icon; color: string; label: string } {
  const looks: Record<ActivityType, { icon: Icon; color: string; label: string }> = {
    payment: { icon: IconReceipt, color: 'green', label: 'Payment' },
    topup: { icon: IconWallet, color: 'teal', label: 'Wallet top-up' },
    booking: { icon: IconCalendarCheck, color: 'blue', label: 'Booking' },
    answer: { icon: IconMessageCircle, color: 'violet', label: 'Answer' },
    like: { icon: IconThumbUp, color: 'pink', label: 'Like' },
    lesson_soon: { icon: IconClock, color: 'orange', label: 'Lesson soon' },
    approval: { icon: IconCircleCheck, color: 'cyan', label: 'Approval' },
    material: { icon: IconNotes, color: 'indigo', label: 'Notes and assignments' },
    review: { icon: IconStar, color: 'yellow', label: 'Review' },
  };
  return (type && looks[type]) || { icon: IconActivity, color: 'gray', label: 'Activity' };
}

function ActivityRow({ activity }: { activity: Activity }) {
  const { icon: TypeIcon, color, label } = lookOf(activity.type);
  return (
    <Card withBorder component="li" padding="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={color} radius="xl" size="lg" aria-label={label} role="img">
          <TypeIcon size={18} aria-hidden />
        </ThemeIcon>
        <div>
          {activity.url ? (
            <Anchor component={Link} href={activity.url} c="dark.7">
              {activity.text}
            </Anchor>
          ) : (
            <Text>{activity.text}</Text>
          )}
          <Text size="xs" c="gray.7">
            <RelativeTime date={activity.createdAt} />
          </Text>
        </div>
      </Group>
    </Card>
  );
}

export default function ActivityFeedPage() {
  usePageTitle('Home');
  const user = useSelector(useSession(), selectUser);
  const list = useLoader(activityFeedLoader, {
    name: 'activities',
    keys: ['page'],
    initial: initialActivityFeed,
  });

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1} size="h2">
          Hello{user?.firstName ? `, ${user.firstName}` : ''}
        </Title>
        <Text c="gray.7">Here is what is happening in your Somesha workspace.</Text>
      </div>
      <section aria-labelledby="activity-heading">
        <Title order={2} size="h4" id="activity-heading" mb="sm">
          Activity
        </Title>
        <ListStates list={list} label="Pages of activities">
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.items.map((activity) => (
              <ActivityRow key={activity.id} activity={activity} />
            ))}
          </Stack>
        </ListStates>
      </section>
    </Stack>
  );
}
