/**
 * Payment agreements for monthly giving (docs/decisions/071-monthly-giving.md): the donor signs once at the provider
 * (WeChat Pay 委托代扣 papay, Alipay 周期扣款, the sandbox) and the server charges the agreement each month without the
 * donor. Only the sandbox implements it so far; a pay type whose provider has none offers no monthly giving
 * (domain/monthly/service.ts agreementProviderFor).
 */
import type { ProviderName, VerifiedNotification } from './types'

/** A provider's word about an agreement, verified: what a sign notification says (a terminate notification, from the
 *  real providers, is not built yet: docs/decisions/071-monthly-giving.md). */
export interface SignNotification {
  provider: ProviderName
  /** our plan_no (WeChat's contract_code, Alipay's external_agreement_no) */
  planNo: string
  /** the provider's agreement number (contract_id, agreement_no) */
  agreementNo: string
  outcome: 'signed'
  raw: string
}

export interface SignInput {
  schoolId: number
  planNo: string
  amountFen: number
  dayOfMonth: number
  description: string
  /** sandbox only: the test agreement's charges are declined (like a test card that attaches but never pays) */
  sandboxDecline?: boolean
}

/** What signing starts: the sandbox signs at once; a real provider answers the page or parameters the app opens. */
export type SignStart = { signed: SignNotification }

export interface ChargeInput {
  schoolId: number
  agreementNo: string
  /** the charge's order: the provider's out_trade_no, so the same attempt submitted twice is one charge there */
  billNo: string
  amountFen: number
  description: string
}

export interface AgreementProvider {
  readonly name: ProviderName
  sign(input: SignInput): Promise<SignStart>
  /** charges the agreement; answers the verified payment (the same shape a payment notification has, applied through
   *  domain/order/notifications.ts). Throws ProviderError 'declined' when the provider refused the charge (no money
   *  moved), any other kind when the answer is unknown. */
  charge(input: ChargeInput): Promise<VerifiedNotification>
  /** ends the agreement at the provider; a terminated or unknown agreement is not an error */
  terminate(agreementNo: string): Promise<void>
}
