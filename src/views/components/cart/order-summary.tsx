import { Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { CartItem } from '@/services/schemas/cart';
import { formatKes } from '@/shared/format';
import { CartItemRow } from './cart-item-row';

type Props = {
  items: CartItem[];
  itemCount: number;
  total: string;
  headingId: string;
  onRemove?: (item: CartItem) => void;
};

/** SPEC §2: order summary with the items and the subtotal, in the drawer and in checkout. */
export function OrderSummary({ items, itemCount, total, headingId, onRemove }: Props) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between">
        <Title order={2} size="h5" id={headingId}>
          Order summary
        </Title>
        <Text size="sm" c="dimmed">
          {itemCount} {itemCount === 1 ? 'item' : 'items'}
        </Text>
      </Group>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Items in your cart">
        {items.map((item) => (
          <CartItemRow key={item.id} item={item} onRemove={onRemove} />
        ))}
      </Stack>
      <Divider />
      <Group justify="space-between">
        <Text fw={600}>Subtotal</Text>
        <Text fw={700} data-testid="cart-subtotal">
          {formatKes(total)}
        </Text>
      </Group>
    </Stack>
  );
}
