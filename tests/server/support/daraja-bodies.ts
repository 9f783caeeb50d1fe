// Daraja's notification bodies, shaped as Safaricom sends them, for tests that play the gateway
// (or an attacker pretending to be it).

export function stkCallbackBody({
  checkoutRequestId,
  amount,
  receipt = 'NLJ7RT61SV',
  phone = 254708374149,
}: {
  checkoutRequestId: string;
  amount: number;
  receipt?: string;
  phone?: number;
}) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: '29115-34620561-1',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: amount },
            { Name: 'MpesaReceiptNumber', Value: receipt },
            { Name: 'TransactionDate', Value: 20261122120000 },
            { Name: 'PhoneNumber', Value: phone },
          ],
        },
      },
    },
  };
}

export function c2bConfirmationBody({
  account,
  transId,
  amount,
  transTime = '20261122120000',
  firstName = 'John',
}: {
  account: string;
  transId: string;
  /** As Daraja sends it: a decimal string such as "1500.00". */
  amount: string;
  transTime?: string;
  firstName?: string;
}) {
  return {
    TransactionType: 'Pay Bill',
    TransID: transId,
    TransTime: transTime,
    TransAmount: amount,
    BusinessShortCode: '174379',
    BillRefNumber: account,
    MSISDN: '254708374149',
    FirstName: firstName,
  };
}

/** The `{ Result }` of a transaction status query that found a completed payment. */
export function statusResultBody({
  originatorConversationId,
  conversationId = 'AG_20261122_00004e4f8e5c4b3e9a1f',
  receipt,
  amount,
  creditParty = '174379 - Somesha',
}: {
  originatorConversationId: string;
  /** The id Daraja gave the server's query; an attacker can only guess it. */
  conversationId?: string;
  receipt: string;
  amount: number;
  creditParty?: string;
}) {
  return {
    Result: {
      ResultType: 0,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      OriginatorConversationID: originatorConversationId,
      ConversationID: conversationId,
      TransactionID: 'SKQUERY001',
      ResultParameters: {
        ResultParameter: [
          { Key: 'ReceiptNo', Value: receipt },
          { Key: 'TransactionStatus', Value: 'Completed' },
          { Key: 'Amount', Value: amount },
          { Key: 'CreditPartyName', Value: creditParty },
        ],
      },
    },
  };
}
