import { useSelector } from '@xstate/react';
import { selectAddition, type AdditionView, type CartAddition } from '@/machines/cart-machine';
import { useCart } from './app-actors-context';

const sameAddition = (a: AdditionView, b: AdditionView) => a.adding === b.adding && a.error === b.error;

/**
 * An "Add to cart" button: the cart machine adds the item (`item.add`), says so and opens the drawer;
 * the button shows whether its own item is being added and why it could not be.
 */
export function useAddToCart(item: CartAddition) {
  const cart = useCart();
  const { adding, error } = useSelector(cart, (snapshot) => selectAddition(snapshot, item), sameAddition);
  return { adding, error, add: () => cart.send({ type: 'item.add', item }) };
}
