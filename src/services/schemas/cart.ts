// The cart body every cart call answers with (CONTRACT.md "Cart"): `{cart, item_count, total}`.
// Items are a union on `purchasableType`, so a view can never read lesson fields off a plan.
import {
  array,
  boolean,
  coerce,
  defaulted,
  enums,
  integer,
  number,
  string,
  type,
  unknown,
  type Infer,
} from 'superstruct';
export { cartItemName } from '@/shared/cart';
import { decodeWith, id, maybe, money } from './common';

export const PURCHASABLE_TYPES = ['lesson', 'subscription', 'class'] as const;
export type PurchasableType = (typeof PURCHASABLE_TYPES)[number];

const Named = type({ name: maybe(string()) });

const LessonClassStruct = type({
  id: maybe(id),
  name: maybe(string()),
  subject: maybe(Named),
  gradeLevel: maybe(type({ name: maybe(string()), eduLevel: maybe(Named) })),
});

/** Every field either purchasable may carry; `toCartItem` splits it by type. */
const PurchasableWire = type({
  id: maybe(id),
  price: maybe(money),
  // Lesson
  code: maybe(string()),
  objective: maybe(string()),
  startAt: maybe(string()),
  endAt: maybe(string()),
  class: maybe(LessonClassStruct),
  topic: maybe(Named),
  program: maybe(type({ name: maybe(string()), curriculum: maybe(Named) })),
  type: maybe(type({ name: maybe(string()), color: maybe(string()) })),
  // Subscription
  package: maybe(type({ id: maybe(id), name: maybe(string()) })),
  customPlan: maybe(unknown()),
  // A whole class (docs/class-purchase.md): what it buys now
  title: maybe(string()),
  slug: maybe(string()),
  lessonsCount: maybe(integer()),
  startsAt: maybe(string()),
  endsAt: maybe(string()),
  subject: maybe(Named),
  teacher: maybe(Named),
});
type PurchasableWire = Infer<typeof PurchasableWire>;

const quantity = coerce(integer(), string(), (value) => Number(value));

const CartItemWire = type({
  id,
  purchasableType: enums(PURCHASABLE_TYPES),
  purchasableId: id,
  purchasable: maybe(PurchasableWire),
  quantity: defaulted(quantity, 1),
  options: maybe(unknown()),
  price: defaulted(money, '0.00'),
  total: defaulted(money, '0.00'),
  // The buyer's plan on this line (issue 24): it includes the lesson, or takes a share off.
  plan: maybe(type({ name: string(), covered: boolean(), discountPercent: maybe(number()) })),
  createdAt: maybe(string()),
  updatedAt: maybe(string()),
});
type CartItemWire = Infer<typeof CartItemWire>;

const CartWire = type({
  id,
  userId: maybe(id),
  sessionId: maybe(string()),
  items: defaulted(array(CartItemWire), []),
  createdAt: maybe(string()),
  updatedAt: maybe(string()),
});

export const CartBodyStruct = type({
  cart: maybe(CartWire),
  itemCount: defaulted(
    coerce(number(), string(), (value) => Number(value)),
    0,
  ),
  total: defaulted(money, '0.00'),
});

export type LessonPurchasable = {
  id: number | null;
  code: string | null;
  price: string | null;
  objective: string | null;
  startAt: string | null;
  endAt: string | null;
  class: Infer<typeof LessonClassStruct> | null;
  topic: { name: string | null } | null;
  program: { name: string | null; curriculum: { name: string | null } | null } | null;
  type: { name: string | null; color: string | null } | null;
};

export type SubscriptionPurchasable = {
  id: number | null;
  price: string | null;
  package: { id: number | null; name: string | null } | null;
  customPlan: unknown;
};

/** A whole class in the cart (docs/class-purchase.md "The cart"). */
export type ClassPurchasable = {
  id: number | null;
  title: string | null;
  slug: string | null;
  price: string | null;
  lessonsCount: number;
  startsAt: string | null;
  endsAt: string | null;
  subject: { name: string | null } | null;
  teacher: { name: string | null } | null;
};

type CartItemBase = Omit<CartItemWire, 'purchasableType' | 'purchasable'>;
export type LessonCartItem = CartItemBase & {
  purchasableType: 'lesson';
  purchasable: LessonPurchasable | null;
};
export type SubscriptionCartItem = CartItemBase & {
  purchasableType: 'subscription';
  purchasable: SubscriptionPurchasable | null;
};
export type ClassCartItem = CartItemBase & {
  purchasableType: 'class';
  purchasable: ClassPurchasable | null;
};
export type CartItem = LessonCartItem | SubscriptionCartItem | ClassCartItem;

export type Cart = {
  id: number;
  userId: number | null;
  sessionId: string | null;
  items: CartItem[];
  createdAt: string | null;
  updatedAt: string | null;
};

/** What the SPA keeps of a cart body (SPEC §3 "client view"). */
export type CartView = {
  cart: Cart | null;
  items: CartItem[];
  itemCount: number;
  total: string;
};

function toLesson(p: PurchasableWire): LessonPurchasable {
  return {
    id: p.id,
    code: p.code,
    price: p.price,
    objective: p.objective,
    startAt: p.startAt,
    endAt: p.endAt,
    class: p.class,
    topic: p.topic,
    program: p.program,
    type: p.type,
  };
}

function toSubscription(p: PurchasableWire): SubscriptionPurchasable {
  return { id: p.id, price: p.price, package: p.package, customPlan: p.customPlan };
}

function toClass(p: PurchasableWire): ClassPurchasable {
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    price: p.price,
    lessonsCount: p.lessonsCount ?? 0,
    startsAt: p.startsAt,
    endsAt: p.endsAt,
    subject: p.subject,
    teacher: p.teacher,
  };
}

function toCartItem(wire: CartItemWire): CartItem {
  const { purchasable, ...rest } = wire;
  if (rest.purchasableType === 'class')
    return { ...rest, purchasableType: 'class', purchasable: purchasable ? toClass(purchasable) : null };
  return rest.purchasableType === 'lesson'
    ? { ...rest, purchasableType: 'lesson', purchasable: purchasable ? toLesson(purchasable) : null }
    : {
        ...rest,
        purchasableType: 'subscription',
        purchasable: purchasable ? toSubscription(purchasable) : null,
      };
}

export function toCartView(body: Infer<typeof CartBodyStruct>): CartView {
  const cart = body.cart ? { ...body.cart, items: body.cart.items.map(toCartItem) } : null;
  return { cart, items: cart?.items ?? [], itemCount: body.itemCount, total: body.total };
}

export const decodeCartBody = (raw: unknown): CartView => toCartView(decodeWith(CartBodyStruct, raw));

export const EMPTY_CART: CartView = { cart: null, items: [], itemCount: 0, total: '0.00' };
