/**
 * Receipt type and way (docs/product §4 Form visibility): types 1 paper, 2 electronic; paper ways 1 self pickup, 2 express;
 * electronic ways 3 e-mail, 4 SMS. Defaults fit an individual donor: issued to a person (1), electronic
 * where the form offers it (else paper), the list's first way; changing the type selects the first way of the other
 * list. Options are always shown in one order: person before organisation, electronic before paper.
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

export function receiptWays(form: Partial<ReceiptLists>, type: number | null): number[] {
  if (type === RECEIPT_PAPER) return form.receiptWayPaperList || []
  if (type === RECEIPT_ELECTRONIC) return form.receiptWayElectronicList || []
  return []
}

export interface ReceiptChoice {
  receiptDonorType: 1 | 2
  receiptType: number | null
  receiptWay: number | null
}

export function initialReceipt(form: Partial<ReceiptLists>): ReceiptChoice {
  const types = form.receiptTypeList || []
  const receiptType = types.includes(RECEIPT_ELECTRONIC) ? RECEIPT_ELECTRONIC : (types[0] ?? null)
  const receiptWay = receiptWays(form, receiptType)[0] ?? null
  return { receiptDonorType: 1, receiptType, receiptWay }
}

/** Receipt donor types in the order every screen shows them: a person first, then an organisation. */
export const DONOR_TYPE_ORDER = [1, 2] as const

/** The offered receipt types in the order every screen shows them: electronic first, then paper. */
export const orderedReceiptTypes = (types: readonly number[] | null | undefined): number[] =>
  [RECEIPT_ELECTRONIC, RECEIPT_PAPER].filter((t) => (types || []).includes(t))

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
