// /api/cart (CONTRACT "Cart"): visitors get a session cart, signed-in buyers their own.
import { defaulted, object } from 'superstruct';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { currentUser, type Guards } from '../http/guards';
import { ensureSession } from '../http/session';
import { BODY_LIMIT, typed } from '../http/validation';
import * as carts from '../services/cart-service';
import type { CommerceContext } from '../services/commerce-context';
import { t } from '../../src/shared/messages';
import { choice, id, jsonObject, optionalId, wholeNumber } from '../../src/shared/request-schemas';

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

const quantity = () =>
  wholeNumber({ min: 1, max: carts.MAX_QUANTITY, message: t('cart.quantity', { max: carts.MAX_QUANTITY }) });

const Purchasable = {
  purchasable_type: choice(['lesson', 'subscription', 'class']),
  purchasable_id: id(),
};

const StoreBody = object({
  ...Purchasable,
  quantity: defaulted(quantity(), 1),
  options: jsonObject({ maxLength: 2000 }),
});

/** `/:id` of a cart item. */
export const IdParams = object({ id: id() });
/** `{id?}` of CONTRACT: absent → the current cart (null). */
export const CartIdParams = object({ id: optionalId() });

export function cartRoutes(app: FastifyInstance, ctx: CommerceContext, guards: Guards): void {
  const api = typed(app);
  const json = { bodyLimit: BODY_LIMIT.json };
  const owner = (request: FastifyRequest, reply: FastifyReply) => cartOwner(ctx.db, guards, request, reply);

  api.get('/api/cart', async (request, reply) => carts.showCart(ctx.db, await owner(request, reply)));

  api.post('/api/cart/store', { ...json, schema: { body: StoreBody } }, async (request, reply) => {
    const body = request.body;
    return carts.addItem(ctx.db, await owner(request, reply), {
      purchasableType: body.purchasable_type,
      purchasableId: body.purchasable_id,
      quantity: body.quantity,
      options: body.options,
    });
  });

  api.get(
    '/api/cart/checkout/:id?',
    { preValidation: guards.authenticate, schema: { params: CartIdParams } },
    async (request) => {
      const user = currentUser(request);
      return carts.checkout(ctx.db, { userId: user.id, roles: user.roles }, request.params.id);
    },
  );

  api.post(
    '/api/cart/update/:id',
    { ...json, schema: { params: IdParams, body: object({ quantity: quantity() }) } },
    async (request, reply) =>
      carts.updateItem(ctx.db, await owner(request, reply), request.params.id, request.body.quantity),
  );

  api.delete('/api/cart/delete/:id', { ...json, schema: { params: IdParams } }, async (request, reply) =>
    carts.deleteItem(ctx.db, await owner(request, reply), request.params.id),
  );

  api.post(
    '/api/cart/remove/item',
    { ...json, schema: { body: object(Purchasable) } },
    async (request, reply) => {
      const { purchasable_type: type, purchasable_id: purchasableId } = request.body;
      return carts.removePurchasable(ctx.db, await owner(request, reply), type, purchasableId);
    },
  );
}
