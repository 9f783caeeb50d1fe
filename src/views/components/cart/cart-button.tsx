import { ActionIcon, Indicator } from '@mantine/core';
import { shallowEqual, useSelector } from '@xstate/react';
import { IconShoppingCart } from '@tabler/icons-react';
import { useCart } from '../../app-actors-context';
import { useHydrated } from '../../hydration';

/** The top-bar cart button: item count, a red dot when the cart failed to load; opens the drawer. */
export function CartButton() {
  const cart = useCart();
  const cartState = useSelector(
    cart,
    (s) => ({ itemCount: s.context.cart.itemCount, failed: s.context.error !== null }),
    shallowEqual,
  );
  // A page rendered on the server shows an empty cart; the browser shows the real one once hydrated.
  const { itemCount, failed } = useHydrated() ? cartState : { itemCount: 0, failed: false };
  const label = `Cart, ${itemCount} ${itemCount === 1 ? 'item' : 'items'}${failed ? ', could not load' : ''}`;
  const button = (
    <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={() => cart.send({ type: 'cart.toggle' })}>
      <IconShoppingCart size={20} aria-hidden />
    </ActionIcon>
  );
  return (
    <Indicator
      label={failed ? undefined : itemCount}
      size={failed ? 10 : 18}
      offset={4}
      color={failed || itemCount > 0 ? 'red' : 'gray'}
      showZero
      data-testid={failed ? 'cart-error-dot' : undefined}
    >
      {button}
    </Indicator>
  );
}
