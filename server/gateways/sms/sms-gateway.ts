// Every SMS leaves through this interface (issue 26, docs/messaging.md): Africa's Talking's REST
// messaging API in production (AT_USERNAME, AT_API_KEY, AT_SENDER_ID; the `sandbox` username uses
// their sandbox), and the development sandbox by default, which speaks the same protocol.

/** One SMS to one number (`2547xxxxxxxx`). */
export type SmsRequest = { to: string; text: string };

/**
 * The provider's answer for one recipient: `sent` (accepted, e.g. Africa's Talking statusCode
 * 100–102), `temporary` (worth retrying: 500 InternalServerError, 501 GatewayError, 502
 * RejectedByGateway… and network failures), `permanent` (401–407: bad number, blacklisted, …).
 */
export type SmsResult =
  | { outcome: 'sent'; providerId: string; providerStatus: string; cost: string | null }
  | { outcome: 'temporary' | 'permanent'; providerStatus: string; error: string };

export interface SmsGateway {
  send(request: SmsRequest): Promise<SmsResult>;
}

/** A delivery report as Africa's Talking posts it (form-encoded): only believed for ids the server sent. */
export type SmsDeliveryReport = {
  id: string;
  status: 'Sent' | 'Submitted' | 'Buffered' | 'Rejected' | 'Success' | 'Failed' | 'AbsentSubscriber' | string;
  phoneNumber: string;
  failureReason?: string;
  networkCode?: string;
  retryCount?: string;
};
