/**
 * Receipt type and way (docs/product §4 Form visibility): types 1 paper, 2 electronic; paper ways 1 self pickup, 2 express;
 * electronic ways 3 e-mail, 4 SMS. Defaults donorType 2, receiptType 1, receiptWay 1; a single offered type is
 * preselected; changing the type selects the first way of the other list.
 */
import type { FormConfig } from '@contract'
import type { MessageKey } from '@/lib/i18n'

export type ReceiptLists = Pick<FormConfig, 'receiptTypeList' | 'receiptWayPaperList' | 'receiptWayElectronicList'>

export const RECEIPT_PAPER = 1
export const RECEIPT_ELECTRONIC = 2
export const WAY_PICKUP = 1
export const WAY_EXPRESS = 2
export const WAY_EMAIL = 3
export const WAY_SMS = 4

export function receiptWays(form: ReceiptLists, type: number | null): number[] {
  if (type === RECEIPT_PAPER) return form.receiptWayPaperList || []
  if (type === RECEIPT_ELECTRONIC) return form.receiptWayElectronicList || []
  return []
}

export interface ReceiptChoice {
  receiptDonorType: 1 | 2
  receiptType: number | null
  receiptWay: number | null
}

export function initialReceipt(form: ReceiptLists): ReceiptChoice {
  const types = form.receiptTypeList || []
  const receiptType = types.length === 1 ? types[0] : types.includes(RECEIPT_PAPER) ? RECEIPT_PAPER : (types[0] ?? null)
  const ways = receiptWays(form, receiptType)
  const receiptWay = ways.includes(WAY_PICKUP) ? WAY_PICKUP : (ways[0] ?? null)
  return { receiptDonorType: 2, receiptType, receiptWay }
}

/** The donor picks another receipt type: its list's first way is selected. */
export function switchReceiptType(form: ReceiptLists, type: number): Pick<ReceiptChoice, 'receiptType' | 'receiptWay'> {
  return { receiptType: type, receiptWay: receiptWays(form, type)[0] ?? null }
}

/** Labels of the receipt's name and code: personal (1) name and ID number; enterprise (2) unit name and credit code. */
export function receiptLabels(donorType: 1 | 2): { name: MessageKey; code: MessageKey } {
  return donorType === 2
    ? { name: 'donate.receipt.unitName', code: 'donate.receipt.creditCode' }
    : { name: 'donate.receipt.personName', code: 'donate.receipt.idNumber' }
}
