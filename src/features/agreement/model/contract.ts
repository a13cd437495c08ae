/**
 * The cpu contract pages' rules, pure (docs/product §5 Contract form): the first problem of the form in the order the
 * fields appear, the prefill from the donor's base info, the myList cards and the bank account setting.
 */
import type { AgreementBankAccount, CpuAgreement, UserBaseInfo } from '@contract'
import { toDecimal, formatMoney } from '@/lib/money'
import { cutMinute } from '@/lib/dates'
import type { MessageKey } from '@/lib/i18n'

export interface ContractDraft {
  name: string
  mobile: string
  idNo: string
  donateItemId: number | null
  donationAmount: string
}

const AMOUNT = /^\d+(\.\d{1,2})?$/

/** The field each problem belongs to, named as the generation body names it (so the server's refusals land there too). */
export const CONTRACT_FIELD: Record<string, keyof ContractDraft> = {
  'contract.err.name': 'name',
  'contract.err.mobile': 'mobile',
  'contract.err.idNo': 'idNo',
  'contract.err.project': 'donateItemId',
  'contract.err.amount': 'donationAmount',
  'contract.err.amountPositive': 'donationAmount'
}

/** docs/product §5: name, mobile, ID number, project and amount required; the amount a positive number. */
export function contractProblem(d: ContractDraft): MessageKey | null {
  if (!d.name.trim()) return 'contract.err.name'
  if (!d.mobile.trim()) return 'contract.err.mobile'
  if (!d.idNo.trim()) return 'contract.err.idNo'
  if (!d.donateItemId) return 'contract.err.project'
  const amount = d.donationAmount.trim()
  if (!amount) return 'contract.err.amount'
  if (!AMOUNT.test(amount) || toDecimal(amount).lte(0)) return 'contract.err.amountPositive'
  return null
}

/** docs/product §3 user base info: the mobile without a dialling-code prefix ("+86-", "86-"). */
export const localMobile = (mobile: string): string => (mobile || '').replace(/^\+?\d{1,3}-/, '')

/** The disabled fields of the form; `certified` is false when the donor's certification lacks name or ID number. */
export function prefill(info: UserBaseInfo | undefined | null): { name: string; mobile: string; idNo: string; certified: boolean } {
  const name = (info?.name || '').trim()
  const mobile = localMobile(info?.mobile || '').trim()
  const idNo = (info?.idNo || '').trim()
  return { name, mobile, idNo, certified: !!(name && idNo && mobile) }
}

/** "110105194912310021" -> "110105********0021" on screen; the server receives the number as certified. */
export function maskedIdNo(idNo: string): string {
  return idNo.length > 10 ? idNo.slice(0, 6) + '*'.repeat(idNo.length - 10) + idNo.slice(-4) : idNo
}

export interface AgreementCard {
  id: number
  /** submit time cut to the minute (docs/product §2 myList) */
  time: string
  title: string
  /** "123,456.78" */
  amount: string
  agreementUrl: string
  receiptUrl: string
  /** the foundation has countersigned it (docs/decisions/047-agreements-for-staff.md): the agreement shown is theirs */
  countersigned: boolean
}

export const toCards = (rows: CpuAgreement[] | undefined): AgreementCard[] =>
  (rows || []).map((r) => ({
    id: r.id,
    time: cutMinute(r.signTime),
    title: r.donateItemTitle,
    amount: formatMoney(r.donationAmount),
    // the countersigned agreement once the foundation has added it, else the donor's own
    agreementUrl: r.mutualAgreementUrl || r.unilateralAgreementUrl,
    receiptUrl: r.donationReceiptsUrl,
    countersigned: !!r.mutualAgreementUrl
  }))

/** A receipt may be an image (shown as it is) or a PDF (shown as its pages). */
export const isImageUrl = (url: string): boolean => /\.(png|jpe?g|gif|webp)(\?|#|$)/i.test(url)

export function parseBank(raw: string | undefined | null): AgreementBankAccount | null {
  try {
    const v = JSON.parse(raw || '')
    if (!v || typeof v.accountNo !== 'string' || !v.accountNo.trim()) return null
    return { bankName: String(v.bankName ?? ''), accountName: String(v.accountName ?? ''), accountNo: v.accountNo.trim() }
  } catch {
    return null
  }
}

/** The number as the bank wants it typed: digits only. */
export const accountDigits = (accountNo: string): string => accountNo.replace(/\s+/g, '')
