// Cart calls of CONTRACT.md (`/api/cart`); each answers with the cart body.
import { isApiError, request } from './http';
import { messageOf } from './envelope';
import { ensureSession } from './lesson-service';
import { decodeCartBody, type CartView, type PurchasableType } from './schemas/cart';
import { decodeCheckout, type Checkout } from './schemas/checkout';
import { t } from '@/shared/messages';

export type Purchasable = { purchasableType: PurchasableType; purchasableId: number };
export type AddToCartValues = Purchasable & { quantity?: number; options?: Record<string, unknown> };

/** `/{id}` when a cart is named, else the caller's current cart. */
export function cartSuffix(cartId: number | null | undefined): string {
  return cartId === null || cartId === undefined ? '' : `/${encodeURIComponent(String(cartId))}`;
}

export async function fetchCart(): Promise<CartView> {
  return decodeCartBody(await request('/api/cart'));
}

export async function addToCart(values: AddToCartValues): Promise<CartView> {
  return decodeCartBody(await request('/api/cart/store', { method: 'POST', body: values }));
}

/**
 * What a page puts in the cart: a lesson or a whole class (visitors too), or a plan (a subscription
 * package). A class is its upcoming lessons at the class's price (docs/class-purchase.md).
 */
export type CartAddition = { kind: 'lesson' | 'class' | 'plan'; id: number };
/** The cart after an addition, and the server's word for it (else the catalogue's). */
export type CartAdded = { cart: CartView; message: string };

/**
 * A lesson works for a visitor too (the cart lives in the session and follows it into sign-in), so
 * a visitor's first write gets the session cookies first; a plan needs a signed-in buyer.
 */
export async function addCartItem(item: CartAddition): Promise<CartAdded> {
  if (item.kind === 'lesson') {
    await ensureSession();
    const answer = await request(`/api/lessons/add-to-cart/${item.id}`, { method: 'POST' });
    return { cart: decodeCartBody(answer), message: messageOf(answer, t('cart.lessonAdded')) };
  }
  if (item.kind === 'class') {
    await ensureSession();
    const answer = await request(`/api/classes/add-to-cart/${item.id}`, { method: 'POST' });
    return { cart: decodeCartBody(answer), message: messageOf(answer, t('cart.classAdded')) };
  }
  const answer = await request('/api/wallet/subscription/store', {
    method: 'POST',
    body: { packageId: item.id },
  });
  return { cart: decodeCartBody(answer), message: messageOf(answer, t('cart.planAdded')) };
}

export async function removeCartItem(item: Purchasable): Promise<CartView> {
  const body = { purchasableType: item.purchasableType, purchasableId: item.purchasableId };
  return decodeCartBody(await request('/api/cart/remove/item', { method: 'POST', body }));
}

export async function fetchCheckout(cartId?: number | null): Promise<Checkout> {
  return decodeCheckout(await request(`/api/cart/checkout${cartSuffix(cartId)}`));
}

/** The server's own `message` when the failure carried one, else `fallback` (SPEC §8 "server message preferred"). */
export function serverMessageOr(error: unknown, fallback: string): string {
  return isApiError(error) ? messageOf(error.data, fallback) : fallback;
}

/** SPEC §8 cart error text: server message, else the error's message, else "An unknown error occurred". */
export function cartErrorText(error: unknown): string {
  const own = error instanceof Error && error.message ? error.message : t('messages.unknownError');
  return serverMessageOr(error, own);
}

/** The HTTP status of a failed call; 0 when there was no answer or the failure was not a call. */
export function errorStatus(error: unknown): number {
  return isApiError(error) ? error.status : 0;
}
