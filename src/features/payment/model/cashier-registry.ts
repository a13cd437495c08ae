/**
 * runPayment and the sandbox cashier page meet here, keyed by bill number: runPayment opens the cashier page and
 * awaits its result; the page settles it (confirm, cancel, or being closed by back). A page with nobody waiting
 * (an H5 reload, or the page reached through the Alipay form or a copied link) finishes the flow itself.
 */
export type CashierOutcome = 'paid' | 'cancelled' | 'failed'

export interface CashierResult {
  outcome: CashierOutcome
  /** false when the donor left the cashier page themselves (back): nothing more to close */
  pageOpen: boolean
}

const waiters = new Map<string, (r: CashierResult) => void>()

export function awaitCashier(billNo: string): Promise<CashierResult> {
  return new Promise((resolve) => {
    waiters.set(billNo, resolve)
  })
}

/** Hands the result to runPayment; false when nobody awaits this bill (the page then carries on by itself). */
export function settleCashier(billNo: string, result: CashierResult): boolean {
  const resolve = waiters.get(billNo)
  if (!resolve) return false
  waiters.delete(billNo)
  resolve(result)
  return true
}
