/** docs/product §4 receipt status (1..7) and §2: the detail shows invoice information only for statuses 2, 4, 6, 7. */
import { RECEIPT_INVOICE_STATUSES } from '@contract'
import { messageKey, type MessageKey } from '@/lib/i18n'

export const receiptStatusKey = (status: number): MessageKey | '' =>
  (Number.isInteger(status) && status >= 1 && status <= 7 && messageKey(`receipt.status.${status}`)) || ''

export const showsInvoice = (status: number): boolean => RECEIPT_INVOICE_STATUSES.includes(status)

/** List tabs: the `status` filter sent to receipt/page (0 all, 1 making out invoice, 2 invoiced). */
export const RECEIPT_FILTERS = [0, 1, 2] as const
export type ReceiptFilter = (typeof RECEIPT_FILTERS)[number]
