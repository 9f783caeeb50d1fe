import {
  DARAJA_STILL_PROCESSING,
  MpesaRequestError,
  darajaPassword,
  darajaTimestamp,
  parseC2BConfirmation,
  parseTransactionStatusResult,
  type C2BConfirmation,
  type TransactionStatusResult,
} from './daraja-protocol';
import {
  ACCOUNT_REFERENCE_MAX,
  TRANSACTION_DESC_MAX,
  checkStkPushRequest,
  type MpesaGateway,
  type StkPushAccepted,
  type StkPushRequest,
  type StkQueryResult,
  type TransactionStatusAccepted,
  type TransactionStatusRequest,
} from './mpesa-gateway';
import {
  createOAuthClient,
  type AccessToken,
  type GatewayAnswer,
  type GatewayConnection,
  type JsonBody,
  type OAuthClient,
} from '../oauth-client';

export const DARAJA_BASE_URLS = {
  sandbox: 'https://sandbox.safaricom.co.ke',
  production: 'https://api.safaricom.co.ke',
} as const;

export type DarajaConfig = GatewayConnection & {
  /** Lipa na M-Pesa Online shortcode (the STK `BusinessShortCode`). */
  shortcode: string;
  passkey: string;
  /** Paybill shown for manual payments; defaults to the shortcode. */
  paybill?: string;
  /** API operator of the shortcode (M-Pesa org portal) allowed to query transaction status. */
  initiator?: string;
  /** That operator's password encrypted with Safaricom's certificate, base64, as Daraja's portal generates it. */
  securityCredential?: string;
};

/** Renew the token this long before Daraja says it expires, so no request races the expiry. */
const TOKEN_MARGIN_MS = 60_000;

/** Real Safaricom Daraja adapter (STK push, STK query, paybill). */
export class DarajaMpesaGateway implements MpesaGateway {
  readonly kind = 'daraja' as const;
  private readonly client: OAuthClient;
  private readonly now: () => Date;

  constructor(private readonly config: DarajaConfig) {
    this.now = config.now ?? (() => new Date());
    this.client = createDarajaClient({ ...config, now: this.now });
  }

  async stkPush(request: StkPushRequest): Promise<StkPushAccepted> {
    checkStkPushRequest(request);
    const timestamp = darajaTimestamp(this.now());
    const body = await this.call('/mpesa/stkpush/v1/processrequest', {
      BusinessShortCode: this.config.shortcode,
      Password: darajaPassword(this.config.shortcode, this.config.passkey, timestamp),
      Timestamp: timestamp,
      TransactionType: 'CustomerPayBillOnline',
      Amount: request.amount,
      PartyA: request.phone,
      PartyB: this.config.shortcode,
      PhoneNumber: request.phone,
      CallBackURL: request.callbackUrl,
      AccountReference: request.accountReference.slice(0, ACCOUNT_REFERENCE_MAX),
      TransactionDesc: request.description.slice(0, TRANSACTION_DESC_MAX) || 'Payment',
    });
    if (String(body.ResponseCode) !== '0' || typeof body.CheckoutRequestID !== 'string') {
      throw new MpesaRequestError(
        String(body.ResponseCode ?? 'unknown'),
        String(body.ResponseDescription ?? 'STK push refused'),
        200,
      );
    }
    return {
      merchantRequestId: String(body.MerchantRequestID ?? ''),
      checkoutRequestId: body.CheckoutRequestID,
      responseDescription: String(body.ResponseDescription ?? ''),
      customerMessage: String(body.CustomerMessage ?? ''),
    };
  }

  async stkQuery(checkoutRequestId: string): Promise<StkQueryResult> {
    const timestamp = darajaTimestamp(this.now());
    try {
      const body = await this.call('/mpesa/stkpushquery/v1/query', {
        BusinessShortCode: this.config.shortcode,
        Password: darajaPassword(this.config.shortcode, this.config.passkey, timestamp),
        Timestamp: timestamp,
        CheckoutRequestID: checkoutRequestId,
      });
      const resultCode = Number(body.ResultCode);
      if (body.ResultCode === undefined || !Number.isInteger(resultCode)) {
        throw new MpesaRequestError(
          String(body.ResponseCode ?? 'unknown'),
          String(body.ResponseDescription ?? 'Unexpected STK query answer'),
          200,
        );
      }
      return { resultCode, resultDesc: String(body.ResultDesc ?? '') };
    } catch (error) {
      // Daraja answers "still processing" as an HTTP 500 error; for us it is just "not yet".
      if (error instanceof MpesaRequestError && error.code === DARAJA_STILL_PROCESSING) {
        return { resultCode: null, resultDesc: error.message };
      }
      throw error;
    }
  }

  paybillDetails(): { businessNumber: string } {
    return { businessNumber: this.config.paybill || this.config.shortcode };
  }

  parseC2BConfirmation(body: unknown): C2BConfirmation {
    return parseC2BConfirmation(body);
  }

  async requestTransactionStatus(request: TransactionStatusRequest): Promise<TransactionStatusAccepted> {
    if (!this.config.initiator || !this.config.securityCredential)
      throw new MpesaRequestError(
        'not_configured',
        'MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL are needed to confirm paybill payments',
        0,
      );
    const body = await this.call('/mpesa/transactionstatus/v1/query', {
      Initiator: this.config.initiator,
      SecurityCredential: this.config.securityCredential,
      CommandID: 'TransactionStatusQuery',
      TransactionID: request.transId,
      PartyA: this.paybillDetails().businessNumber,
      IdentifierType: '4',
      ResultURL: request.resultUrl,
      QueueTimeOutURL: request.timeoutUrl,
      Remarks: request.remarks.slice(0, 100) || 'Status',
      Occasion: '',
    });
    return statusQueryAccepted(body);
  }

  parseTransactionStatusResult(body: unknown): TransactionStatusResult {
    return parseTransactionStatusResult(body);
  }

  /**
   * Tells Safaricom where to send C2B confirmations for the paybill. Needed once per shortcode
   * (a deployment step, not per payment); Daraja refuses URLs containing "mpesa" or "safaricom".
   */
  async registerC2BUrls(
    confirmationUrl: string,
    validationUrl: string,
  ): Promise<{ responseDescription: string }> {
    const body = await this.call('/mpesa/c2b/v2/registerurl', {
      ShortCode: this.paybillDetails().businessNumber,
      ResponseType: 'Completed',
      ConfirmationURL: confirmationUrl,
      ValidationURL: validationUrl,
    });
    return { responseDescription: String(body.ResponseDescription ?? '') };
  }

  /** Every Daraja call is an authenticated POST of a JSON body. */
  private call(path: string, payload: JsonBody): Promise<JsonBody> {
    return this.client.call('POST', path, payload);
  }
}

/** The one Daraja connection (STK/paybill and B2C): client-credentials token, Daraja's answers and errors. */
export function createDarajaClient(config: GatewayConnection): OAuthClient {
  const basic = Buffer.from(`${config.consumerKey}:${config.consumerSecret}`).toString('base64');
  return createOAuthClient({
    ...config,
    tokenRequest: {
      method: 'GET',
      path: '/oauth/v1/generate?grant_type=client_credentials',
      headers: { Authorization: `Basic ${basic}` },
    },
    readToken: readDarajaToken,
    read: readDaraja,
    unreachable: (reason) =>
      new MpesaRequestError('network_error', `M-Pesa could not be reached: ${reason}`, 0),
    isTokenRefused: (error) => error instanceof MpesaRequestError && error.httpStatus === 401,
  });
}

/**
 * Daraja's acceptance of a transaction status query. Both ids are kept: an answer is believed only
 * when it names the two (services/payments/paybill.ts, b2c.ts); anything else is a refusal.
 */
export function statusQueryAccepted(body: JsonBody): TransactionStatusAccepted {
  if (
    String(body.ResponseCode) !== '0' ||
    typeof body.OriginatorConversationID !== 'string' ||
    typeof body.ConversationID !== 'string' ||
    body.OriginatorConversationID === '' ||
    body.ConversationID === ''
  )
    throw new MpesaRequestError(
      String(body.ResponseCode ?? 'unknown'),
      String(body.ResponseDescription ?? 'Transaction status query refused'),
      200,
    );
  return { originatorConversationId: body.OriginatorConversationID, conversationId: body.ConversationID };
}

/** Daraja's answer, or its `{errorCode, errorMessage}` as a MpesaRequestError. */
export function readDaraja({ status, ok, body }: GatewayAnswer): JsonBody {
  if (ok) return body;
  const code = typeof body.errorCode === 'string' ? body.errorCode : `http_${status}`;
  const message =
    typeof body.errorMessage === 'string' ? body.errorMessage : `Daraja answered HTTP ${status}`;
  throw new MpesaRequestError(code, message, status);
}

/** Daraja's token lives `expires_in` seconds (an hour); it is renewed a minute before. */
export function readDarajaToken(body: JsonBody, nowMs: number): AccessToken {
  const value = body.access_token;
  const seconds = Number(body.expires_in);
  if (typeof value !== 'string' || value === '') {
    throw new MpesaRequestError('invalid_token_response', 'Daraja did not return an access token', 200);
  }
  const lifetimeMs = (Number.isFinite(seconds) && seconds > 0 ? seconds : 3599) * 1000;
  return { value, renewAt: nowMs + Math.max(lifetimeMs - TOKEN_MARGIN_MS, 0) };
}
