// Rules of the cart that its decoder, its machines and its views share (CONTRACT.md "Cart").
import { t } from './messages';
import { plural } from './plural';

/** What naming a cart item needs of it (src/services/schemas/cart.ts `CartItem`). */
export type NamedCartItem =
  | {
      purchasableType: 'lesson';
      purchasable: { topic: { name: string | null } | null; code: string | null } | null;
    }
  | {
      purchasableType: 'subscription';
      purchasable: { package: { name: string | null } | null; customPlan: unknown } | null;
    }
  | { purchasableType: 'class'; purchasable: { title: string | null } | null };

/** Whether a cart books lessons (alone or a whole class's), so checkout needs a learner for them. */
export const booksLessons = (items: ReadonlyArray<{ purchasableType: string }>) =>
  items.some((item) => item.purchasableType === 'lesson' || item.purchasableType === 'class');

/** A whole class's line under its title: "3 lessons" (docs/class-purchase.md "The cart"). */
export const classLessonsText = (lessonsCount: number) => plural(lessonsCount, 'lesson');

/** The name a person knows an item by: the lesson topic (or code), the plan name (or a custom label). */
export function cartItemName(item: NamedCartItem): string {
  if (item.purchasableType === 'class') return item.purchasable?.title ?? t('classbuy.wholeClass');
  if (item.purchasableType === 'lesson') {
    const lesson = item.purchasable;
    return lesson?.topic?.name ?? lesson?.code ?? t('cart.lesson');
  }
  const plan = item.purchasable;
  if (plan?.package?.name) return plan.package.name;
  const custom = plan?.customPlan;
  if (typeof custom === 'string' && custom) return custom;
  if (
    custom &&
    typeof custom === 'object' &&
    'name' in custom &&
    typeof custom.name === 'string' &&
    custom.name
  ) {
    return custom.name;
  }
  return t('cart.customPlan');
}
