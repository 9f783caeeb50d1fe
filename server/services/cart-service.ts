// Carts: a visitor's lives with the session, a signed-in buyer's with the user. Every change bumps
// `version`, which a payment must match (CONTRACT "changed cart → 409").
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cartItems, carts, lessons, packages, wallets, type PURCHASABLE_TYPES } from '../db/schema';
import { HttpError, ValidationError, notFound, unauthorized } from '../http/errors';
import { cartBody, type CartItemRow, type CartRow, type Purchasables } from '../resources/commerce-resource';
import { walletResource } from '../resources/user-resource';
import { t } from '../../src/shared/messages';
import { isFull, seatsLeft } from '../../src/shared/teaching';
import { priceCart, type CartPricing } from './plan-entitlements';
import { approvedClasses, bookedBy, learnersOfUser, lessonsOfClasses, saleOf } from './class-sale-service';
import { classRows } from './learner-class-service';
import { findLesson, isBookable, isBookedBy, learnerIds, loadLessons } from './lesson-service';

export type CartOwner = { userId: number; roles: string[] } | { sessionId: string };
export type PurchasableType = (typeof PURCHASABLE_TYPES)[number];

export const PAYMENT_METHODS = ['wallet', 'mpesa', 'paybill', 'pesapal'] as const;
export const MAX_QUANTITY = 12;
const BUYER_ROLES = ['student', 'parent'];

const isBuyer = (roles: string[]) => roles.some((role) => BUYER_ROLES.includes(role));

const ownerCondition = (owner: CartOwner) =>
  'userId' in owner
    ? eq(carts.userId, owner.userId)
    : and(eq(carts.sessionId, owner.sessionId), isNull(carts.userId));

/** The owner's current cart (the newest when a merge left more than one), or null. */
async function findCart(db: Database, owner: CartOwner, cartId?: number | null): Promise<CartRow | null> {
  const [cart] = await db
    .select()
    .from(carts)
    .where(and(ownerCondition(owner), cartId ? eq(carts.id, cartId) : undefined))
    .orderBy(desc(carts.id))
    .limit(1);
  return cart ?? null;
}

/** Like findCart, but a named cart that is not the caller's is a 404. */
export async function requireCart(
  db: Database,
  owner: CartOwner,
  cartId?: number | null,
): Promise<CartRow | null> {
  const cart = await findCart(db, owner, cartId);
  if (cartId && !cart) throw notFound();
  return cart;
}

async function cartForWriting(db: Database, owner: CartOwner): Promise<CartRow> {
  const existing = await findCart(db, owner);
  if (existing) return existing;
  const [created] = await db
    .insert(carts)
    .values('userId' in owner ? { userId: owner.userId } : { sessionId: owner.sessionId })
    .returning();
  if (!created) throw new Error('Cart insert returned no row');
  return created;
}

async function touchCart(db: Database, cartId: number): Promise<void> {
  await db
    .update(carts)
    .set({ version: sql`${carts.version} + 1`, updatedAt: new Date() })
    .where(eq(carts.id, cartId));
}

export async function cartItemsOf(db: Database, cartId: number): Promise<CartItemRow[]> {
  return db.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.id));
}

async function loadPurchasables(
  db: Database,
  items: CartItemRow[],
  pricing: CartPricing,
): Promise<Purchasables> {
  const ids = (type: PurchasableType) =>
    items.filter((item) => item.purchasableType === type).map((item) => item.purchasableId);
  const packageIds = ids('subscription');
  const planRows = packageIds.length
    ? await db.select().from(packages).where(inArray(packages.id, packageIds))
    : [];
  const classes = await classRows(db, ids('class'), []);
  return {
    lessons: await loadLessons(db, ids('lesson')),
    packages: new Map(planRows.map((row) => [row.id, row])),
    classes: new Map(classes.map((row) => [row.id, row])),
    classSales: pricing.classes,
  };
}

export async function bodyOf(db: Database, cart: CartRow | null) {
  if (!cart)
    return cartBody(null, [], {
      lessons: new Map(),
      packages: new Map(),
      classes: new Map(),
      classSales: new Map(),
    });
  const [fresh] = await db.select().from(carts).where(eq(carts.id, cart.id));
  const items = await cartItemsOf(db, cart.id);
  // Priced for its buyer's plans as they stand now; the payment prices again under its locks.
  const pricing = await priceCart(db, (fresh ?? cart).userId, items);
  return cartBody(fresh ?? cart, items, await loadPurchasables(db, items, pricing), pricing.lines);
}

export async function showCart(db: Database, owner: CartOwner) {
  return bodyOf(db, await findCart(db, owner));
}

function assertBuyer(owner: CartOwner): void {
  if ('userId' in owner && !isBuyer(owner.roles)) throw unauthorized();
}

export type NewItem = {
  purchasableType: PurchasableType;
  purchasableId: number;
  quantity: number;
  options: Record<string, unknown> | null;
};

/**
 * A whole class (docs/class-purchase.md "The cart"): approved (else 404), something left to buy for
 * the owner's learners (else 422), quantity 1, at its price for what is left; the cart's single
 * lessons of the class leave the cart (the class holds them).
 */
async function addClass(db: Database, owner: CartOwner, classId: number) {
  const cls = (await approvedClasses(db, [classId])).get(classId);
  if (!cls) throw notFound();
  const classLessons = await lessonsOfClasses(db, [classId]);
  const learners = 'userId' in owner ? await learnersOfUser(db, owner.userId) : [];
  const booked = await bookedBy(
    db,
    classLessons.map((lesson) => lesson.id),
    learners,
  );
  const sale = saleOf(cls, classLessons, booked, new Date());
  if (sale.lessons.length === 0) throw ValidationError.field('purchasable_id', t('classbuy.nothingLeft'));
  const cart = await cartForWriting(db, owner);
  await db.transaction(async (tx) => {
    if (classLessons.length)
      await tx.delete(cartItems).where(
        and(
          eq(cartItems.cartId, cart.id),
          eq(cartItems.purchasableType, 'lesson'),
          inArray(
            cartItems.purchasableId,
            classLessons.map((lesson) => lesson.id),
          ),
        ),
      );
    await tx
      .insert(cartItems)
      .values({
        cartId: cart.id,
        purchasableType: 'class',
        purchasableId: classId,
        quantity: 1,
        priceCents: sale.totalCents,
      })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.purchasableType, cartItems.purchasableId],
        set: { quantity: 1, priceCents: sale.totalCents, updatedAt: new Date() },
      });
  });
  await touchCart(db, cart.id);
  return bodyOf(db, cart);
}

/** Whether the owner's cart holds the whole class `classId`. */
async function cartHoldsClass(db: Database, owner: CartOwner, classId: number | null) {
  if (classId === null) return false;
  const cart = await findCart(db, owner);
  if (!cart) return false;
  const [found] = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(
      and(
        eq(cartItems.cartId, cart.id),
        eq(cartItems.purchasableType, 'class'),
        eq(cartItems.purchasableId, classId),
      ),
    );
  return found !== undefined;
}

/**
 * Adds an item, or sets the quantity of one already there. Lessons: bookable, not booked yet, not in
 * a class the cart holds, quantity 1. A class: `addClass`.
 */
export async function addItem(db: Database, owner: CartOwner, item: NewItem) {
  assertBuyer(owner);
  if (item.purchasableType === 'class') return addClass(db, owner, item.purchasableId);
  let priceCents: number;
  if (item.purchasableType === 'lesson') {
    const lesson = await findLesson(db, eq(lessons.id, item.purchasableId));
    if (!lesson) throw notFound();
    if (await cartHoldsClass(db, owner, lesson.classId))
      throw ValidationError.field('purchasable_id', t('classbuy.lessonInClass'));
    if (!isBookable(lesson)) throw ValidationError.field('purchasable_id', t('cart.lessonUnavailable'));
    if (item.quantity !== 1) throw ValidationError.field('quantity', t('cart.lessonQuantity'));
    if ('userId' in owner && (await isBookedBy(db, lesson.id, await learnerIds(db, owner.userId)))) {
      throw new HttpError(409, t('cart.alreadyBooked'));
    }
    // A hint only: the seat is counted again under the lesson's lock when it is paid for.
    if (isFull(seatsLeft(lesson, lesson.seatsTaken ?? 0)))
      throw ValidationError.field('purchasable_id', t('cart.noSeatsLeft'));
    priceCents = lesson.priceCents;
  } else {
    const [plan] = await db.select().from(packages).where(eq(packages.id, item.purchasableId));
    if (!plan) throw notFound();
    priceCents = plan.priceCents;
  }
  const cart = await cartForWriting(db, owner);
  await db
    .insert(cartItems)
    .values({ cartId: cart.id, ...item, priceCents })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.purchasableType, cartItems.purchasableId],
      set: { quantity: item.quantity, options: item.options, priceCents, updatedAt: new Date() },
    });
  await touchCart(db, cart.id);
  return bodyOf(db, cart);
}

async function ownedItem(db: Database, owner: CartOwner, itemId: number) {
  const cart = await findCart(db, owner);
  if (!cart) throw notFound();
  const [item] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cart.id)));
  if (!item) throw notFound();
  return { cart, item };
}

export async function updateItem(db: Database, owner: CartOwner, itemId: number, quantity: number) {
  const { cart, item } = await ownedItem(db, owner, itemId);
  if ((item.purchasableType === 'lesson' || item.purchasableType === 'class') && quantity !== 1)
    throw ValidationError.field('quantity', t('cart.lessonQuantity'));
  await db.update(cartItems).set({ quantity, updatedAt: new Date() }).where(eq(cartItems.id, item.id));
  await touchCart(db, cart.id);
  return bodyOf(db, cart);
}

export async function deleteItem(db: Database, owner: CartOwner, itemId: number) {
  const { cart, item } = await ownedItem(db, owner, itemId);
  await db.delete(cartItems).where(eq(cartItems.id, item.id));
  await touchCart(db, cart.id);
  return bodyOf(db, cart);
}

/** Removing something that is not in the cart answers the cart as it is (the SPA may retry a removal). */
export async function removePurchasable(
  db: Database,
  owner: CartOwner,
  purchasableType: PurchasableType,
  purchasableId: number,
) {
  const cart = await findCart(db, owner);
  if (!cart) return bodyOf(db, null);
  const removed = await db
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.cartId, cart.id),
        eq(cartItems.purchasableType, purchasableType),
        eq(cartItems.purchasableId, purchasableId),
      ),
    )
    .returning({ id: cartItems.id });
  if (removed.length) await touchCart(db, cart.id);
  return bodyOf(db, cart);
}

/**
 * Sign-in: the visitor's cart (already re-keyed to the new session id) joins the user's cart.
 * Items the user already has keep the user's version.
 */
export async function mergeVisitorCart(db: Database, sessionId: string, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [visitorCart] = await tx
      .select()
      .from(carts)
      .where(and(eq(carts.sessionId, sessionId), isNull(carts.userId)))
      .for('update');
    if (!visitorCart) return;
    const [userCart] = await tx
      .select()
      .from(carts)
      .where(eq(carts.userId, userId))
      .orderBy(desc(carts.id))
      .limit(1)
      .for('update');
    if (!userCart) {
      await tx
        .update(carts)
        .set({ userId, sessionId: null, version: sql`${carts.version} + 1`, updatedAt: new Date() })
        .where(eq(carts.id, visitorCart.id));
      return;
    }
    const items = await tx.select().from(cartItems).where(eq(cartItems.cartId, visitorCart.id));
    if (items.length) {
      await tx
        .insert(cartItems)
        .values(
          items.map((item) => ({
            cartId: userCart.id,
            purchasableType: item.purchasableType,
            purchasableId: item.purchasableId,
            quantity: item.quantity,
            options: item.options,
            priceCents: item.priceCents,
          })),
        )
        .onConflictDoNothing();
      await tx
        .update(carts)
        .set({ version: sql`${carts.version} + 1`, updatedAt: new Date() })
        .where(eq(carts.id, userCart.id));
    }
    await tx.delete(carts).where(eq(carts.id, visitorCart.id));
  });
}

/** Checkout data: the cart body, the methods on offer and the buyer's wallet. Remembers the version shown. */
export async function checkout(
  db: Database,
  owner: { userId: number; roles: string[] },
  cartId?: number | null,
) {
  assertBuyer(owner);
  const cart = await requireCart(db, owner, cartId);
  if (cart) await db.update(carts).set({ checkoutVersion: cart.version }).where(eq(carts.id, cart.id));
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, owner.userId));
  return {
    ...(await bodyOf(db, cart)),
    payment_methods: [...PAYMENT_METHODS],
    wallet: wallet ? walletResource(wallet) : null,
  };
}

/** The cart's paybill account number (`SOM-XXXXXX`), made on first use. */
export async function paybillAccountOf(db: Database, cart: CartRow): Promise<string> {
  if (cart.paybillAccount) return cart.paybillAccount;
  // Unambiguous letters and digits: customers type this on their phone.
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const account = `SOM-${[...randomBytes(6)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
    const [row] = await db
      .update(carts)
      .set({ paybillAccount: account })
      .where(and(eq(carts.id, cart.id), isNull(carts.paybillAccount)))
      .returning({ account: carts.paybillAccount })
      .catch(() => []);
    if (row?.account) return row.account;
    const [again] = await db
      .select({ account: carts.paybillAccount })
      .from(carts)
      .where(eq(carts.id, cart.id));
    if (again?.account) return again.account;
  }
  throw new Error('Could not allocate a paybill account number');
}

/**
 * Whether a paybill account number (as typed, any case) names a signed-in buyer's cart that still
 * holds something to pay for: what Daraja's C2B validation asks before it takes the money.
 */
export async function isOpenPaybillAccount(db: Database, account: string): Promise<boolean> {
  if (account === '') return false;
  const [found] = await db
    .select({ id: carts.id })
    .from(carts)
    .innerJoin(cartItems, eq(cartItems.cartId, carts.id))
    .where(sql`upper(${carts.paybillAccount}) = ${account.toUpperCase()} and ${carts.userId} is not null`)
    .limit(1);
  return found !== undefined;
}
