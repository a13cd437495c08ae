/**
 * The payment adapter: one interface, one file per target (index.weapp.ts, index.alipay.ts, index.h5.ts; index.ts
 * is the default for type checking). It only knows how a target talks to a provider's own cashier; the sandbox
 * cashier (an app page on every target), the campus card (paid inside donate) and every navigation of docs/product §4
 * live in src/features/payment.
 */
import type { PaymentParams } from '@contract'

/** How a provider's cashier ended, as far as the target can tell. */
export type PayOutcome = 'paid' | 'cancelled' | 'failed'

/**
 * The result of `pay`:
 * - an outcome: the platform's own cashier ran here (requestPayment, my.tradePay, WeixinJSBridge);
 * - 'unknown': the cashier could not say (Alipay 8000 processing / 6004 result unknown): ask the server (pay-back);
 *   cancelling such an order could throw away money that is on its way;
 * - 'left': the browser was sent to the provider's page (WeChat H5, third-party URL); it comes back to pay-back;
 * - 'alipay-page': this target pays Alipay through the app's Alipay page (docs/product §2 Other).
 */
export type PayStep = PayOutcome | 'unknown' | 'left' | 'alipay-page'

export interface PaymentAdapter {
  /** Open the provider's cashier for the donate answer's parameters (never the sandbox's or the campus card's). */
  pay(params: PaymentParams): Promise<PayStep>
  /** The Alipay page cannot pay here and must show "open in the system browser" instructions (WeChat). */
  mustLeaveForAlipay(): boolean
  /** Alipay page elsewhere: put the server's auto-submitting payment form into the page and submit it. false where
   *  a page cannot do that (mini-programs). */
  submitPaymentForm(html: string): boolean
  /** Origin of the H5 app, for links copied out of the app ('' when unknown). */
  webOrigin(): string
}
