import { Card, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { t } from '@/shared/messages';
import { useSession } from '../../app-actors-context';
import { selectUser } from '../../session-selectors';
import { usePageTitle } from '../../use-page-title';

type Activity = { id: string; text: string; at: string };

export default function ActivityFeedPage() {
  usePageTitle('Home');
  const user = useSelector(useSession(), selectUser);
  // The activity API arrives in a later issue; until then the feed is honestly empty.
  const activities: Activity[] = [];

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1} size="h2">
          Hello{user?.firstName ? `, ${user.firstName}` : ''}
        </Title>
        <Text c="dimmed">Here is what is happening in your Somesha workspace.</Text>
      </div>
      <section aria-labelledby="activity-heading">
        <Title order={2} size="h4" id="activity-heading" mb="sm">
          Activity
        </Title>
        {activities.length === 0 ? (
          <Card withBorder padding="lg">
            <Text c="dimmed">{t('messages.none', { name: 'activities' })}</Text>
          </Card>
        ) : (
          <Stack gap="sm" component="ul" p={0} style={{ listStyle: 'none' }}>
            {activities.map((activity) => (
              <Card key={activity.id} withBorder component="li">
                <Text>{activity.text}</Text>
                <Text size="xs" c="dimmed">
                  {activity.at}
                </Text>
              </Card>
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}
