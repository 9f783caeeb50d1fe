// Paying for a cart and topping up a wallet, one module per way of paying: the wallet (wallet.ts),
// M-Pesa express (mpesa-express.ts), paybill (paybill.ts) and Pesapal (pesapal.ts). A gateway's word
// is a hint (gateway-hints.ts); the server asks the gateway itself (reconciliation.ts), and every
// payment it believes ends in `settle` (settlement.ts), which fulfils the cart (cart-fulfilment.ts).
// Row locks follow docs/commerce.md "Lock order".
export {
  failWithdrawal,
  handleB2CStatusResult,
  handleB2CStatusTimeout,
  payoutKes,
  sendPayout,
  withdrawalFeeCents,
} from './b2c';
export {
  handleB2CResult,
  handleB2CTimeout,
  handleC2BConfirmation,
  handlePesapalNotification,
  handlePesapalReturn,
  handleStkCallback,
} from './gateway-hints';
export { payByMpesa, topUpByMpesa } from './mpesa-express';
export {
  confirmPaybill,
  handleTransactionStatusResult,
  handleTransactionStatusTimeout,
  paybillFor,
} from './paybill';
export { newReference } from './pending-transactions';
export { PESAPAL_RETURN_PATH, payByPesapal, topUpByPesapal } from './pesapal';
export { reconcilePending, transactionFor } from './reconciliation';
export { payByWallet, verifyWalletPin } from './wallet';
