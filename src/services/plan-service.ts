// Plans into the cart (CONTRACT.md "Wallet": `POST /api/wallet/subscription/store`). The plans
// themselves are listed by `fetchPackages` in web-service.ts.
import { request } from './http';
import { decodeCartBody, type CartView } from './schemas/cart';

/** Puts the plan in the signed-in buyer's cart; answers the cart body. */
export async function addPlanToCart(packageId: number): Promise<CartView> {
  return decodeCartBody(
    await request('/api/wallet/subscription/store', { method: 'POST', body: { packageId } }),
  );
}
