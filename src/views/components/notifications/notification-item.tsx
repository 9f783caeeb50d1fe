import { Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'wouter';
import type { Notification } from '@/services/schemas/notification';
import { notificationContent } from '@/shared/notifications';
import { RelativeTime } from './relative-time';

type Props = {
  notification: Notification;
  unread: boolean;
  /** Marks it read (the link then takes the person to what it is about). */
  onOpen: () => void;
};

/** One notification: unread dot, title, body and when; a link to what it is about. */
export function NotificationItem({ notification, unread, onOpen }: Props) {
  const { title, body, url } = notificationContent(notification);
  const content = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Box
        mt={6}
        w={8}
        h={8}
        style={{ borderRadius: '50%', flexShrink: 0 }}
        bg={unread ? 'blue.7' : 'transparent'}
        aria-hidden
      />
      <div>
        <Text size="sm" fw={unread ? 700 : 500}>
          {title}
          {unread && <VisuallyHidden> (unread)</VisuallyHidden>}
        </Text>
        {body && (
          <Text size="sm" c="gray.7">
            {body}
          </Text>
        )}
        <Text size="xs" c="gray.7">
          <RelativeTime date={notification.createdAt} />
        </Text>
      </div>
    </Group>
  );
  const style = { display: 'block', width: '100%', padding: '8px 10px', borderRadius: 6 };
  return url ? (
    <UnstyledButton
      component={Link}
      href={url}
      onClick={onOpen}
      style={style}
      data-unread={unread || undefined}
    >
      {content}
    </UnstyledButton>
  ) : (
    <UnstyledButton onClick={onOpen} style={style} data-unread={unread || undefined}>
      {content}
    </UnstyledButton>
  );
}
