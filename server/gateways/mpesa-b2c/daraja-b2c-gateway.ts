// The real Daraja B2C adapter (issue 23): `POST /mpesa/b2c/v3/paymentrequest` with CommandID
// `BusinessPayment` from MPESA_B2C_SHORTCODE, and the transaction status query by
// `OriginalConversationID`. Through the one gateway HTTP client (oauth-client.ts).
import {
  MpesaRequestError,
  createDarajaClient,
  parseTransactionStatusResult,
  statusQueryAccepted,
  type TransactionStatusAccepted,
  type TransactionStatusResult,
} from '../mpesa';
import type { GatewayConnection, JsonBody, OAuthClient } from '../oauth-client';
import type {
  B2CGateway,
  B2CPaymentAccepted,
  B2CPaymentRequest,
  B2CResult,
  B2CStatusRequest,
} from './b2c-gateway';
import { B2C_REMARKS_MAX, checkB2CRequest, parseB2CResult } from './b2c-protocol';

export type DarajaB2CConfig = GatewayConnection & {
  /** The B2C shortcode the money leaves from (PartyA). */
  shortcode: string;
  /** The API operator of that shortcode allowed to initiate B2C payments and status queries. */
  initiator: string;
  /** That operator's password encrypted with Safaricom's certificate, base64. */
  securityCredential: string;
};

export class DarajaB2CGateway implements B2CGateway {
  readonly kind = 'daraja' as const;
  private readonly client: OAuthClient;

  constructor(private readonly config: DarajaB2CConfig) {
    this.client = createDarajaClient(config);
  }

  async pay(request: B2CPaymentRequest): Promise<B2CPaymentAccepted> {
    checkB2CRequest(request);
    const body = await this.call('/mpesa/b2c/v3/paymentrequest', {
      OriginatorConversationID: request.originatorConversationId,
      InitiatorName: this.config.initiator,
      SecurityCredential: this.config.securityCredential,
      CommandID: 'BusinessPayment',
      Amount: request.amount,
      PartyA: this.config.shortcode,
      PartyB: request.phone,
      Remarks: request.remarks.slice(0, B2C_REMARKS_MAX) || 'Withdrawal',
      QueueTimeOutURL: request.timeoutUrl,
      ResultURL: request.resultUrl,
      Occasion: '',
    });
    // Daraja echoes our id; an acceptance for another id, or without its own, is not one.
    if (
      String(body.ResponseCode) !== '0' ||
      body.OriginatorConversationID !== request.originatorConversationId ||
      typeof body.ConversationID !== 'string' ||
      body.ConversationID === ''
    )
      throw new MpesaRequestError(
        String(body.ResponseCode ?? 'unknown'),
        String(body.ResponseDescription ?? 'B2C payment request refused'),
        200,
      );
    return {
      originatorConversationId: request.originatorConversationId,
      conversationId: body.ConversationID,
    };
  }

  parseResult(body: unknown): B2CResult {
    return parseB2CResult(body);
  }

  async requestStatus(request: B2CStatusRequest): Promise<TransactionStatusAccepted> {
    const body = await this.call('/mpesa/transactionstatus/v1/query', {
      Initiator: this.config.initiator,
      SecurityCredential: this.config.securityCredential,
      CommandID: 'TransactionStatusQuery',
      TransactionID: '',
      OriginalConversationID: request.originatorConversationId,
      PartyA: this.config.shortcode,
      IdentifierType: '4',
      ResultURL: request.resultUrl,
      QueueTimeOutURL: request.timeoutUrl,
      Remarks: request.remarks.slice(0, B2C_REMARKS_MAX) || 'Status',
      Occasion: '',
    });
    return statusQueryAccepted(body);
  }

  parseStatusResult(body: unknown): TransactionStatusResult {
    return parseTransactionStatusResult(body);
  }

  private call(path: string, payload: JsonBody): Promise<JsonBody> {
    return this.client.call('POST', path, payload);
  }
}
