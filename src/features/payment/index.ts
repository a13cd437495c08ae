/**
 * PLACEHOLDER created by the donation-form work so the form compiles: the payment engineer replaces this file with
 * the real module (src/features/payment/**, src/platform/payment*). The form only awaits runPayment().
 */
import type { PayTypeCode, PaymentParams } from '@contract'

export type PaymentResult = 'paid' | 'cancelled' | 'failed' | 'none'

export interface RunPaymentInput {
  billNo: string
  params: PaymentParams | null
  payType: PayTypeCode
  itemsId: number
}

/** Opens the right cashier and itself navigates to success or goes back (SPEC §4). */
export async function runPayment(_input: RunPaymentInput): Promise<PaymentResult> {
  throw new Error('payment module not installed')
}
