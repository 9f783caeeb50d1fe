// /api/cart (CONTRACT "Cart"): visitors get a session cart, signed-in buyers their own.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { id, readBody, str } from '../http/body';
import { ValidationError, notFound } from '../http/errors';
import { currentUser, type Guards } from '../http/guards';
import { ensureSession } from '../http/session';
import * as carts from '../services/cart-service';
import type { CommerceContext } from '../services/commerce-context';
import { t } from '../../src/shared/messages';

type IdParams = { Params: { id?: string } };

/** Who owns the cart of this request: the signed-in user, else the visitor's session (started on demand). */
export async function cartOwner(
  db: Database,
  guards: Guards,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<carts.CartOwner> {
  if (request.session?.userId) {
    await guards.authenticate(request, reply);
    const user = currentUser(request);
    return { userId: user.id, roles: user.roles };
  }
  const session = await ensureSession(db, request, reply);
  return { sessionId: session.id };
}

export function readQuantity(value: unknown, fallback: number | null): number {
  if (value === undefined || value === null || value === '') {
    if (fallback !== null) return fallback;
  }
  const quantity = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > carts.MAX_QUANTITY)
    throw ValidationError.field('quantity', t('cart.quantity', { max: carts.MAX_QUANTITY }));
  return quantity;
}

function readPurchasable(body: Record<string, unknown>) {
  const type = str(body.purchasable_type);
  const purchasableId = id(body.purchasable_id);
  const errors: Record<string, string[]> = {};
  if (type !== 'lesson' && type !== 'subscription') errors.purchasable_type = [t('validation.choice')];
  if (purchasableId === null) errors.purchasable_id = [t('validation.required')];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { purchasableType: type as carts.PurchasableType, purchasableId: purchasableId as number };
}

function readOptions(value: unknown): Record<string, unknown> | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value) || JSON.stringify(value).length > 2000)
    throw ValidationError.field('options', t('validation.general'));
  return value as Record<string, unknown>;
}

export function cartRoutes(app: FastifyInstance, ctx: CommerceContext, guards: Guards): void {
  const owner = (request: FastifyRequest, reply: FastifyReply) => cartOwner(ctx.db, guards, request, reply);

  app.get('/api/cart', async (request, reply) => carts.showCart(ctx.db, await owner(request, reply)));

  app.post('/api/cart/store', async (request, reply) => {
    const body = readBody(request);
    const purchasable = readPurchasable(body);
    return carts.addItem(ctx.db, await owner(request, reply), {
      ...purchasable,
      quantity: readQuantity(body.quantity, 1),
      options: readOptions(body.options),
    });
  });

  app.get<IdParams>('/api/cart/checkout/:id?', { preHandler: guards.authenticate }, async (request) => {
    const user = currentUser(request);
    return carts.checkout(ctx.db, { userId: user.id, roles: user.roles }, cartIdParam(request.params.id));
  });

  app.post<IdParams>('/api/cart/update/:id', async (request, reply) => {
    const itemId = id(request.params.id);
    if (itemId === null) throw notFound();
    const quantity = readQuantity(readBody(request).quantity, null);
    return carts.updateItem(ctx.db, await owner(request, reply), itemId, quantity);
  });

  app.delete<IdParams>('/api/cart/delete/:id', async (request, reply) => {
    const itemId = id(request.params.id);
    if (itemId === null) throw notFound();
    return carts.deleteItem(ctx.db, await owner(request, reply), itemId);
  });

  app.post('/api/cart/remove/item', async (request, reply) => {
    const { purchasableType, purchasableId } = readPurchasable(readBody(request));
    return carts.removePurchasable(ctx.db, await owner(request, reply), purchasableType, purchasableId);
  });
}

/** `{id?}` of CONTRACT: absent → the current cart; present but not a number → 404. */
export function cartIdParam(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const cartId = id(value);
  if (cartId === null) throw notFound();
  return cartId;
}
