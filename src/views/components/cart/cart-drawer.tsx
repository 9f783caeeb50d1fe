import { Alert, Button, Drawer, Loader, Group, Stack, Text } from '@mantine/core';
import { shallowEqual, useSelector } from '@xstate/react';
import { IconShoppingCartOff } from '@tabler/icons-react';
import { Link, useLocation, useSearch } from 'wouter';
import { selectCartView } from '@/machines/cart-machine';
import { checkoutChildren } from '@/machines/checkout-machine';
import { t } from '@/shared/messages';
import { useCart, useCheckout, useRemoveItem, useSession } from '../../app-actors-context';
import { selectSignedIn, selectUser } from '../../session-selectors';
import { OrderSummary } from './order-summary';
import { RemoveItemDialog } from './remove-item-dialog';

/** SPEC §9: the cart drawer is 350 wide. */
export const CART_DRAWER_WIDTH = 350;

function SignInToCheckOut({ onNavigate }: { onNavigate: () => void }) {
  const [pathname] = useLocation();
  const search = useSearch();
  const here = search ? `${pathname}?${search}` : pathname;
  return (
    <Button component={Link} href={`/sign-in?redirect=${encodeURIComponent(here)}`} onClick={onNavigate} fullWidth>
      Sign in to check out
    </Button>
  );
}

/** SPEC §2/§4 cart drawer: right side, loading / error / empty / items, subtotal, checkout. */
export function CartDrawer() {
  const cart = useCart();
  const checkout = useCheckout();
  const removeItem = useRemoveItem();
  const session = useSession();
  const view = useSelector(cart, selectCartView, shallowEqual);
  const signedIn = useSelector(session, selectSignedIn);
  const user = useSelector(session, selectUser);
  const phone = user?.phone ?? null;
  const checkoutLoading = useSelector(checkout, (s) => s.matches('loading'));
  const hide = () => cart.send({ type: 'cart.hide' });
  const hasItems = view.itemCount > 0 && view.items.length > 0;
  // Escape belongs to the confirmation on top while it is open (it ignores Escape on purpose).
  const confirming = useSelector(removeItem, (s) => !s.matches('idle'));

  return (
    <>
      <Drawer
        opened={view.visible}
        onClose={hide}
        position="right"
        size={CART_DRAWER_WIDTH}
        title="Your cart"
        styles={{ title: { fontWeight: 700 } }}
        closeButtonProps={{ 'aria-label': 'Close cart' }}
        closeOnEscape={!confirming}
      >
        <Stack gap="md">
          {view.isLoading && (
            <Group gap="xs" role="status" aria-label="Loading cart">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                Loading your cart…
              </Text>
            </Group>
          )}
          {view.error && (
            <Alert color="red" role="alert" title={t('cart.error')}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{view.error}</Text>
                {!view.isLoading && (
                  <Button size="compact-sm" variant="light" color="red" onClick={() => cart.send({ type: 'cart.fetch' })}>
                    Try again
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
          {!view.isLoading && !view.error && !hasItems && (
            <Stack align="center" gap="xs" py="xl">
              <IconShoppingCartOff size={40} stroke={1.4} aria-hidden />
              <Text c="dimmed">{t('cart.empty')}</Text>
            </Stack>
          )}
          {hasItems && (
            <>
              <OrderSummary
                items={view.items}
                itemCount={view.itemCount}
                total={view.totalPrice}
                headingId="cart-summary-heading"
                onRemove={(item) => removeItem.send({ type: 'remove.request', item })}
              />
              {signedIn ? (
                <Button
                  fullWidth
                  loading={checkoutLoading}
                  onClick={() =>
                    checkout.send({
                      type: 'checkout.start',
                      cartId: view.cart.cart?.id ?? null,
                      phone,
                      children: checkoutChildren(user),
                    })
                  }
                >
                  Continue to checkout
                </Button>
              ) : (
                <SignInToCheckOut onNavigate={hide} />
              )}
            </>
          )}
        </Stack>
      </Drawer>
      <RemoveItemDialog />
    </>
  );
}
