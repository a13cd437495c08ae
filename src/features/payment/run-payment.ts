/**
 * The donation form hands its order to runPayment (docs/product §4 Donation flow, Pay types):
 * - pay type 99 or no parameters: nothing happens ('none');
 * - campus card (params.paid): straight to the thank-you page;
 * - sandbox: the app's cashier page, on every target, awaited through the cashier registry;
 * - otherwise the platform's payment adapter (requestPayment, my.tradePay, WeixinJSBridge, a provider page, the
 *   Alipay page).
 * Paid: payback, and when it answers 1 the thank-you page after 250 ms. Cancelled or failed: the cancel toast, the
 * cancel call with the order number, and back.
 */
import type { PaymentParams, PayTypeCode } from '@contract'
import { PayTypes } from '@contract'
import { toast } from '@/lib/quiet'
import { routeUrl } from '@/lib/routes'
import { platform } from '@/platform'
import { paymentAdapter } from '@/platform/payment'
import { store } from '@/platform/storage-keys'
import Taro from '@tarojs/taro'
import { t, useSession } from '@/store/session'
import { cancelOrder, fetchPayback } from './api/payment'
import { awaitCashier } from './model/cashier-registry'
import { cashierQuery, payBackUrl, successUrl } from './model/links'

export type PaymentResult = 'paid' | 'cancelled' | 'failed' | 'none'

export interface RunPaymentInput {
  billNo: string
  params: PaymentParams | null
  payType: PayTypeCode
  itemsId: number
  /** DonateAnswer.payToken: lets the Alipay page link work in the system browser (docs/decisions/009) */
  payToken?: string
  /**
   * Cancelled or failed: stay on the form that started the payment (only the sandbox cashier page closes), so the
   * donor finds it as they left it with a way to retry (the donation form). Without it the form closes too.
   */
  keepForm?: boolean
}

/** docs/product §9: payment success redirect after 250 ms. */
export const SUCCESS_REDIRECT_MS = 250
/** A provider's "paid" may reach us before its notification reaches the server: ask payback a few times. */
export const PAYBACK_TRIES = 6
export const PAYBACK_INTERVAL_MS = 1000

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/**
 * After a cashier said "paid": payback until it answers 1, then the thank-you page after 250 ms (replacing the
 * current page). If the server has not seen the money yet, the pay-back page keeps checking.
 */
export async function confirmPaid(billNo: string, opts: { itemsId?: number | null; payToken?: string } = {}): Promise<boolean> {
  for (let i = 0; i < PAYBACK_TRIES; i++) {
    if (i > 0) await sleep(PAYBACK_INTERVAL_MS)
    let paid = false
    try {
      paid = await fetchPayback(billNo, opts.payToken)
    } catch {
      paid = false
    }
    if (paid) {
      toast(t('payment.successToast'), 1000, { announcesNavigation: true })
      await sleep(SUCCESS_REDIRECT_MS)
      platform.nav.redirect(successUrl(billNo, store.get('home'), opts.payToken))
      return true
    }
  }
  platform.nav.redirect(payBackUrl(billNo, opts.itemsId, opts.payToken))
  return false
}

/**
 * Cancelled or failed (docs/product §4, §8): the toast (1 s), the cancel call with the order number, then `back` pages back
 * (0: stay). Without a session (a pay link opened in another browser) there is nothing to cancel with: the order
 * simply expires, and no sign-in is started for it.
 */
export async function abandonOrder(billNo: string, back: number, outcome: 'cancelled' | 'failed' = 'cancelled'): Promise<void> {
  toast(t(outcome === 'failed' ? 'payment.failToast' : 'payment.cancelToast'), 1000, { announcesNavigation: true })
  if (useSession.getState().token) {
    try {
      await cancelOrder(billNo)
    } catch {
      // already paid, expired or closed by the provider's failure: the order is not payable either way
    }
  }
  if (back > 0) platform.nav.back(back)
}

/** Back when there is a page to go back to, else `fallback` (a payment page opened directly, e.g. after a reload). */
export function leaveTo(fallback: string): void {
  let depth = 2
  try {
    depth = Taro.getCurrentPages().length
  } catch {
    /* unknown: assume there is history */
  }
  if (depth > 1) platform.nav.back(1)
  else platform.nav.redirect(fallback)
}

export async function runPayment(input: RunPaymentInput): Promise<PaymentResult> {
  const { billNo, params, payType, itemsId, payToken, keepForm = false } = input
  const formPages = keepForm ? 0 : 1
  if (payType === PayTypes.BANK_APP || !params || !billNo) return 'none'

  if (params.paid) {
    // campus card: the server took the money inside donate
    platform.nav.redirect(successUrl(billNo, store.get('home')))
    return 'paid'
  }

  if (params.provider === 'sandbox') {
    const waiting = awaitCashier(billNo)
    platform.nav.to(routeUrl('cashier', cashierQuery(params.url, billNo, itemsId)))
    const r = await waiting
    if (r.outcome === 'paid') {
      await confirmPaid(billNo, { itemsId })
      return 'paid'
    }
    // the Cancel button closes the cashier and the form (as a provider's own cashier would leave the form);
    // a donor who went back from the cashier is already where they chose to be
    await abandonOrder(billNo, r.pageOpen ? 1 + formPages : 0, r.outcome === 'failed' ? 'failed' : 'cancelled')
    return r.outcome
  }

  if (params.provider === 'campus') {
    await abandonOrder(billNo, formPages, 'failed')
    return 'failed'
  }

  const step = await paymentAdapter.pay(params)
  switch (step) {
    case 'paid':
      await confirmPaid(billNo, { itemsId })
      return 'paid'
    case 'cancelled':
    case 'failed':
      await abandonOrder(billNo, formPages, step)
      return step
    case 'unknown':
      platform.nav.redirect(payBackUrl(billNo, itemsId))
      return 'none'
    case 'alipay-page':
      platform.nav.to(routeUrl('alipay', { billNo, payToken: payToken || undefined, itemsId }))
      return 'none'
    default:
      // 'left': the browser is on its way to the provider's page and comes back to pay-back
      return 'none'
  }
}
