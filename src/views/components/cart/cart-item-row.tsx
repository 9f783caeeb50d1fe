import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { CartItem } from '@/services/schemas/cart';
import { cartItemName, classLessonsText } from '@/shared/cart';
import { formatDate, formatKes, formatTime } from '@/shared/format';
import { t } from '@/shared/messages';

/**
 * The lines under an item's name: when a lesson is, that a plan is a subscription, or a whole
 * class's teacher and subject and how many lessons it buys.
 */
function itemDetails(item: CartItem): string[] {
  if (item.purchasableType === 'subscription') return ['Subscription plan'];
  if (item.purchasableType === 'class') {
    const cls = item.purchasable;
    const about = [cls?.subject?.name, cls?.teacher?.name].filter(Boolean).join(' · ');
    return [t('classbuy.wholeClass'), about, classLessonsText(cls?.lessonsCount ?? 0)].filter(Boolean);
  }
  const lesson = item.purchasable;
  const program = [lesson?.program?.name, lesson?.program?.curriculum?.name].filter(Boolean).join(' · ');
  const when = lesson?.startAt
    ? `${formatDate(lesson.startAt)}, ${formatTime(lesson.startAt)}${lesson.endAt ? ` – ${formatTime(lesson.endAt)}` : ''}`
    : '';
  return [program, when].filter(Boolean);
}

type Props = {
  item: CartItem;
  /** Absent in read-only lists (the checkout's order summary). */
  onRemove?: (item: CartItem) => void;
};

/** "Covered by your Basic plan" or "10% off with your Basic plan" (issue 24), or nothing. */
function planNote(item: CartItem): string | null {
  const plan = item.plan;
  if (!plan) return null;
  if (plan.covered) return t('plans.coveredBy', { plan: plan.name });
  return t('plans.discount', { plan: plan.name, percent: plan.discountPercent ?? 0 });
}

/** One cart line (SPEC §3 cart item): lesson topic, program, date and time, or plan name; price. */
export function CartItemRow({ item, onRemove }: Props) {
  const name = cartItemName(item);
  const note = planNote(item);
  return (
    <Group component="li" justify="space-between" align="flex-start" wrap="nowrap" gap="xs" aria-label={name}>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm">
          {name}
        </Text>
        {itemDetails(item).map((line) => (
          <Text key={line} size="xs" c="dimmed">
            {line}
          </Text>
        ))}
        {note && (
          <Text size="xs" c="teal.9" fw={500}>
            {note}
          </Text>
        )}
      </Stack>
      <Group gap={4} wrap="nowrap">
        {item.total !== item.price && (
          <Text size="xs" c="gray.7" td="line-through" style={{ whiteSpace: 'nowrap' }}>
            {formatKes(item.price)}
          </Text>
        )}
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {formatKes(item.total)}
        </Text>
        {onRemove && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${name}`}
            onClick={() => onRemove(item)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </Group>
  );
}
