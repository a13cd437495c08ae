/**
 * Which sections and blocks of the donation form are shown (docs/product §4 Form visibility). Anonymous gifts hide the
 * donor, certificate and receipt sections, and whatever is hidden is neither validated nor sent.
 */
import { PayTypes } from '@contract'
import { dec, goodsTotal, checkHandAmount } from './amount'
import { isGoods, type FormContext } from './context'
import type { DonateFormState } from './form-state'
import { WAY_EMAIL, WAY_EXPRESS, WAY_PICKUP, WAY_SMS } from './receipt'

/** The gift in yuan (two decimals), or null while no valid amount or quantity is chosen. */
export function giftAmount(ctx: FormContext, s: DonateFormState): string | null {
  if (isGoods(ctx)) return goodsTotal(s.quantity, ctx.project.materialPrice)
  if (s.fixedMoney !== null) return dec(s.fixedMoney).toFixed(2)
  const check = checkHandAmount(s.handMoney, { isIntegerMoney: 0, minMoney: '0' })
  return check === 'ok' ? dec(s.handMoney.trim()).toFixed(2) : null
}

export interface Visibility {
  anonymousSwitch: boolean
  noDataSwitch: boolean
  donor: boolean
  certificate: boolean
  paperOption: boolean
  certificateWay: boolean
  certificatePickup: boolean
  receipt: boolean
  receiptFields: boolean
  receiptPickup: boolean
  receiptEmail: boolean
  receiptSms: boolean
  /** the postal address block: express receipt (way 2) or a mailed paper certificate (way 2) */
  postal: boolean
  campusCard: boolean
}

const reaches = (amount: string | null, min: string) => dec(amount).gte(dec(min))

export function visibility(ctx: FormContext, s: DonateFormState): Visibility {
  const { form } = ctx
  const amount = giftAmount(ctx, s)
  const anonymous = form.isShowAnonymous === 1 && s.isAnonymous
  const named = !anonymous
  const certificate = named && form.isShowCertificate === 1 && reaches(amount, form.minMoneyCertificate)
  const paperOption = certificate && form.isOpenCertificate === 1 && (form.certificateWayPaperList || []).length > 0
  const certificateWay = paperOption && s.isNeedPaper
  const receipt =
    named &&
    form.isShowReceipt === 1 &&
    form.isOpenReceipt === 1 &&
    (form.receiptTypeList || []).length > 0 &&
    reaches(amount, form.minMoneyReceipt)
  const receiptFields = receipt && s.isNeedReceipt
  return {
    anonymousSwitch: form.isShowAnonymous === 1,
    noDataSwitch: form.isShowNoData === 1,
    donor: named,
    certificate,
    paperOption,
    certificateWay,
    certificatePickup: certificateWay && s.certificateWay === WAY_PICKUP,
    receipt,
    receiptFields,
    receiptPickup: receiptFields && s.receiptWay === WAY_PICKUP,
    receiptEmail: receiptFields && s.receiptWay === WAY_EMAIL,
    receiptSms: receiptFields && s.receiptWay === WAY_SMS,
    postal: (certificateWay && s.certificateWay === 2) || (receiptFields && s.receiptWay === WAY_EXPRESS),
    campusCard: s.payType === PayTypes.CAMPUS_CARD
  }
}

/** docs/product §4: the large-amount reminder before the order is created. */
export function needsLargeRemind(ctx: FormContext, amount: string | null): boolean {
  return ctx.form.isLargeRemind === 1 && amount !== null && dec(amount).gte(dec(ctx.form.largeAmount))
}
