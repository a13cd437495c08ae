/** Payment (docs/product §4 Donation flow, Pay types; §2 Other): runPayment for the form, and the payment pages' screens. */
export { runPayment, confirmPaid, abandonOrder, SUCCESS_REDIRECT_MS } from './run-payment'
export type { PaymentResult, RunPaymentInput } from './run-payment'
export { default as CashierScreen } from './components/cashier-screen'
export { default as AlipayScreen } from './components/alipay-screen'
export { default as PayBackScreen } from './components/pay-back-screen'
export { default as SuccessScreen } from './components/success-screen'
export { default as PayState } from './components/pay-state'
