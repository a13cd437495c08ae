/**
 * Payment agreements for monthly giving (docs/decisions/071-monthly-giving.md, 079-monthly-providers.md): the donor
 * signs once at the provider (WeChat Pay 委托代扣 papay, Alipay 周期扣款, the sandbox) and the server charges the
 * agreement each month without the donor. A provider that can sign agreements carries them as
 * `PaymentProvider.agreements` (wechatpay.ts with a `papay` section in its credentials, alipay.ts with `cycle`); a pay
 * type whose provider has none offers no monthly giving (domain/monthly/service.ts agreementProviderFor).
 */
import type { IncomingNotification, NotificationAck, PayChannel, ProviderName, VerifiedNotification } from './types'

/** A provider's word about an agreement, verified: signed, or ended (by the donor at the provider, or by us). */
export interface SignNotification {
  provider: ProviderName
  /** our plan_no (WeChat's out_contract_code, Alipay's external_agreement_no) */
  planNo: string
  /** the provider's agreement number (contract_id, agreement_no) */
  agreementNo: string
  outcome: 'signed' | 'terminated'
  raw: string
}

export interface SignInput {
  schoolId: number
  planNo: string
  amountFen: number
  dayOfMonth: number
  description: string
  /** the first charge day (Beijing YYYY-MM-DD): WeChat's deduct_schedule, Alipay's period_rule_params.execute_time */
  firstChargeOn: string
  /** where the donor signs: a mini-program opens the provider's signing mini-program, a browser its page */
  channel?: PayChannel
  /** WeChat: the donor's openid under the AppID (mini-program and JSAPI signing) */
  payerId?: string
  /** where the provider posts its sign, terminate and charge notifications (https, from PUBLIC_BASE_URL) */
  notifyUrl: string
  /** where a browser returns after signing */
  returnUrl?: string
  /** sandbox only: the test agreement's charges are declined (like a test card that attaches but never pays) */
  sandboxDecline?: boolean
}

/** What the app opens to sign: WeChat's signing mini-program (navigateToMiniProgram) or a provider page (a URL). */
export type SignPage =
  { kind: 'miniprogram'; appId: string; path: string; extraData: Record<string, string> } | { kind: 'url'; url: string }

/** What signing starts: the sandbox signs at once; a real provider answers the page the app opens, and signs later by
 *  notification. */
export type SignStart = { signed: SignNotification } | { page: SignPage }

export interface ChargeInput {
  schoolId: number
  agreementNo: string
  /** the charge's order: the provider's out_trade_no, so the same attempt submitted twice is one charge there */
  billNo: string
  amountFen: number
  description: string
  /** where the provider posts the charge's result (WeChat papay answers asynchronously) */
  notifyUrl: string
}

/** The pre-deduction notice WeChat requires before each charge of a papay agreement. */
export interface ChargeNoticeInput {
  agreementNo: string
  amountFen: number
  /** WeChat's deduct_duration: the days, after the notice day and the day after it, in which the charge and its
   *  retries may be made (the provider's attemptOffsets.length) */
  days: number
}

/** Beijing hours (from inclusive, to exclusive, 0-24) in which a provider takes charges and notices. */
export interface AllowedHours {
  from: number
  to: number
}

export interface AgreementProvider {
  readonly name: ProviderName
  /** the days of a month's attempts relative to its charge day D (the plan's day in the month), ascending: the first
   *  attempt, then one retry after each decline on the next offset's day, the plan paused after the last one's decline
   *  (docs/decisions/079-monthly-providers.md). The sandbox and WeChat papay [0, 1, 2] (D, D+1, D+2), Alipay 周期扣款
   *  [-2, -1, 0] (its charges must fall in the days up to the agreed day). */
  readonly attemptOffsets: readonly number[]
  /** the Beijing hours the provider takes charges and notices in (WeChat papay 7:00-22:00); outside them collection
   *  waits for a later run, which is no decline. Absent: any hour. */
  readonly allowedHours?: AllowedHours
  sign(input: SignInput): Promise<SignStart>
  /** charges the agreement; answers the verified payment (the same shape a payment notification has, applied through
   *  domain/order/notifications.ts). Throws ProviderError 'declined' when the provider refused the charge (no money
   *  moved), any other kind when the answer is unknown (or not yet known: it comes by notification). */
  charge(input: ChargeInput): Promise<VerifiedNotification>
  /** WeChat papay only: tells the donor (in WeChat) of the coming charge; collection charges only after it was sent */
  notifyCharge?(input: ChargeNoticeInput): Promise<void>
  /** ends the agreement at the provider; a terminated or unknown agreement is not an error */
  terminate(agreementNo: string, planNo: string): Promise<void>
  /** verifies a notification posted to the agreement notify URL: an agreement's sign or end, or a charge's payment */
  verifyAgreementNotification?(n: IncomingNotification): Promise<SignNotification | VerifiedNotification>
  ack?(ok: boolean): NotificationAck
}

export const isSignNotification = (n: SignNotification | VerifiedNotification): n is SignNotification => 'planNo' in n && 'agreementNo' in n
