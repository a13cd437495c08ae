/**
 * The payment provider interface. Every pay type of docs/product §4 is served by one provider chosen per school
 * and pay type; the order service (domain/order) never knows which. Real providers (WeChat Pay v3, Alipay, campus
 * card, third-party URL) and the sandbox go through the same order and notification code.
 */
import type { PaymentParams, PaymentProviderName } from '../../../../types'
import type { AgreementProvider } from './agreement'
import type { PayTypes } from '../../../../types/pay-codes'

/** docs/product §4 pay types: the contract's list (types/pay-codes.ts), named here as the providers name it. */
export { PayTypes as PayType } from '../../../../types/pay-codes'
export type PayTypeValue = (typeof PayTypes)[keyof typeof PayTypes]

/** Which cashier the app opens; the wire contract declares it, with the answer a provider creates (types/donate.ts). */
export type ProviderName = PaymentProviderName
export type { PaymentParams }

/**
 * Providers that keep an order of their own the donor can still pay after we closed ours: WeChat Pay (the prepay
 * order) and Alipay (the trade). Only their orders are closed at the provider on cancel, replacement and expiry
 * (docs/decisions/031-closing-provider-orders.md); the sandbox, the campus card and the third-party platform keep
 * none that we can close.
 */
export const PROVIDERS_WITH_OPEN_ORDERS: readonly ProviderName[] = ['wechatpay', 'alipay']
export const keepsOpenOrders = (name: string | null | undefined): boolean =>
  !!name && (PROVIDERS_WITH_OPEN_ORDERS as readonly string[]).includes(name)

/** Where the donor pays from: decides JSAPI vs H5 for WeChat, trade-create vs wap for Alipay. */
export type PayChannel = 'weapp' | 'alipay-mini' | 'h5-wechat' | 'h5'

export interface CreatePaymentInput {
  schoolId: number
  schoolCode: string
  billNo: string
  /** recomputed by the server, never the client's figure */
  amountFen: number
  /** short order description shown by the provider (project name) */
  description: string
  payType: PayTypeValue
  channel: PayChannel
  /** the payer's openId (WeChat JSAPI) or Alipay user id, when the channel needs one */
  payerId?: string
  clientIp: string
  /** absolute URL the provider calls back (outside the signed /api scope) */
  notifyUrl: string
  /** where the browser comes back after an H5 / wap payment */
  returnUrl?: string
  /** order expiry, ISO string: providers get it as time_expire so nobody pays an expired order */
  expiresAt: string
  /** campus card: student/work number and password from formDataMap */
  campusCard?: { stuWorkNo: string; password: string }
  /** the order's pay-link token (domain/order/pay-link.ts): a provider may carry it in browser URLs it builds so
   *  the page there works without the donor's session (the sandbox cashier does) */
  payToken?: string
}

export interface CreatePaymentResult {
  params: PaymentParams
  /** campus card pays synchronously: the order is paid when create() returns */
  paidImmediately?: VerifiedNotification
}

/** A provider's notification (or query answer) after its signature has been verified. */
export interface VerifiedNotification {
  provider: ProviderName
  billNo: string
  /** the provider's own transaction id: with provider it is the idempotency key */
  providerTradeNo: string
  /** what the provider says was paid, compared with the order before anything changes */
  amountFen: number
  outcome: 'paid' | 'failed'
  /** raw payload kept for audit */
  raw: string
  /** set when the notification (or query answer) is about a refund of the paid order: applyNotification hands it to
   *  the refund path (domain/refund/settle.ts); outcome is then 'paid' and amountFen the order's total */
  refund?: RefundReport
  /** the provider says the payment was (partly) refunded since (WeChat's trade_state REFUND): the order is paid and
   *  flagged for staff until the refund itself is reported */
  refundedAtProvider?: boolean
}

/** What a provider says about one refund (docs/decisions/032-refunds.md). */
export interface RefundReport {
  /** our out_refund_no, or the provider's own number for a refund made in its merchant console */
  outRefundNo: string
  providerRefundNo: string
  /** this refund's amount in fen; 0 when the provider tells only the total refunded so far */
  refundFen: number
  /** Alipay's refund_fee: everything refunded on the trade so far */
  totalRefundedFen?: number
  outcome: 'succeeded' | 'failed' | 'closed' | 'processing'
}

export interface RefundInput {
  billNo: string
  /** the provider's transaction id of the payment */
  providerTradeNo: string
  outRefundNo: string
  amountFen: number
  /** what the order was paid (WeChat wants both) */
  totalFen: number
  reason: string
  /** absolute URL for the provider's refund notification (WeChat); '' when the provider has none */
  notifyUrl: string
}

export interface RefundAnswer {
  outcome: RefundReport['outcome']
  providerRefundNo: string
  raw: string
  /** a notification to apply at once through applyNotification (the sandbox, which has nobody to call back) */
  notify?: VerifiedNotification
}

export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>
  /** the exact bytes the provider sent: WeChat Pay's signature covers the raw body */
  rawBody: string
}

/** How a provider wants to be answered: WeChat Pay 204 / {"code":"FAIL"}, Alipay plain text "success". */
export interface NotificationAck {
  status: number
  contentType: string
  body: string
}

/**
 * What closing an order at the provider found (docs/decisions/031-closing-provider-orders.md): 'closed' the provider
 * confirmed the order can no longer be paid (or was already closed); 'absent' it has no such order (nothing to close:
 * never created, or a wap link never opened); 'paid' the money had already arrived, and here is the verified answer
 * that says so (applied like a notification: late money goes to review).
 */
export type CloseOutcome = { status: 'closed' } | { status: 'absent' } | { status: 'paid'; paid: VerifiedNotification }

/**
 * One line of a provider's daily trade bill (docs/decisions/038-bill-reconciliation.md): a payment (amountFen: what
 * the order was paid) or a refund of one (amountFen: what that refund gave back). Parsed from WeChat Pay's trade
 * bill or Alipay's 业务明细 (providers/payment/bills/).
 */
export interface BillRow {
  kind: 'payment' | 'refund'
  billNo: string
  providerTradeNo: string
  amountFen: number
  /** refunds: our out_refund_no (or the provider's own number for a refund made in its merchant console) */
  outRefundNo?: string
  providerRefundNo?: string
  /** refunds: only 'succeeded' moved money; WeChat also lists refunds still PROCESSING */
  refundOutcome?: 'succeeded' | 'processing' | 'failed'
  /** the provider's time of the line, as printed (Beijing) */
  at: string
}

export interface PaymentProvider {
  readonly name: ProviderName
  /** whose bill downloadBill fetches (WeChat Pay's mchid, Alipay's app id): two pay types on one merchant share a
   *  bill, which the reconciliation downloads once */
  readonly billAccount?: string
  create(input: CreatePaymentInput): Promise<CreatePaymentResult>
  /** throws ProviderError on a forged or unreadable notification */
  verifyNotification(n: IncomingNotification): Promise<VerifiedNotification>
  /** reconciliation: ask the provider about an order still pending or reconciling; null when the provider knows
   *  nothing yet, outcome 'failed' only when it knows for certain that no money was taken; throws when unreachable */
  query(billNo: string): Promise<VerifiedNotification | null>
  /** closes an unpaid order at the provider so nobody can pay it any more; throws (ProviderError) when the provider
   *  could not confirm, and the close job asks again with backoff. Absent: the provider keeps no order to close. */
  close?(billNo: string): Promise<CloseOutcome>
  ack(ok: boolean): NotificationAck
  /** asks the provider to give money back; absent: the refund is made outside and recorded by staff (the third-party
   *  platform). Throws ProviderError 'declined' when the provider refuses, 'indeterminate' when the answer is lost. */
  refund?(input: RefundInput): Promise<RefundAnswer>
  /** the reconciliation job's question about a refund still processing; null when the provider does not know it */
  queryRefund?(outRefundNo: string, billNo: string): Promise<RefundAnswer | null>
  /** the day's trade bill (YYYY-MM-DD, Beijing), every payment and refund line; [] when the provider says there was
   *  no business that day. Absent: the provider keeps no bill we can download (domain/bill/run.ts). */
  downloadBill?(billDate: string): Promise<BillRow[]>
  /** monthly giving's payment agreements (agreement.ts), when the school's credentials set them up (WeChat Pay's
   *  `papay`, Alipay's `cycle`); absent: this pay type offers no monthly giving (docs/decisions/079) */
  readonly agreements?: AgreementProvider
}

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly provider: ProviderName,
    /** 'forged' signature problems are logged as security events; 'indeterminate': a request that may have been
     *  carried out (a debit whose answer was lost to a timeout, a network error or a 5xx), which must never be taken
     *  for a refusal: the order waits for the provider's query (domain/order/reconcile.ts) */
    readonly kind: 'forged' | 'malformed' | 'upstream' | 'config' | 'declined' | 'indeterminate' = 'malformed'
  ) {
    super(message)
    this.name = 'ProviderError'
  }
}
