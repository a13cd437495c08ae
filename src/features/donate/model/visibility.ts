/**
 * Which sections and blocks of the donation form are shown (docs/product §4 Form visibility). Anonymous gifts hide the
 * donor, certificate and receipt sections, and whatever is hidden is neither validated nor sent.
 */
import { PayTypes } from '@contract'
import { dec, goodsTotal, checkHandAmount } from './amount'
import { isGoods, type FormContext } from './context'
import type { DonateFormState } from './form-state'
import { fulfilmentVisibility, type FulfilmentVisibility } from './fulfilment'

/** The gift in yuan (two decimals), or null while no valid amount or quantity is chosen. */
export function giftAmount(ctx: FormContext, s: DonateFormState): string | null {
  if (isGoods(ctx)) return goodsTotal(s.quantity, ctx.project.materialPrice)
  if (s.fixedMoney !== null) return dec(s.fixedMoney).toFixed(2)
  const check = checkHandAmount(s.handMoney, { isIntegerMoney: 0, minMoney: '0' })
  return check === 'ok' ? dec(s.handMoney.trim()).toFixed(2) : null
}

/** The certificate, receipt and postal blocks are model/fulfilment.ts's (shared with the naming forms). */
export interface Visibility extends FulfilmentVisibility {
  anonymousSwitch: boolean
  noDataSwitch: boolean
  donor: boolean
  campusCard: boolean
}

export function visibility(ctx: FormContext, s: DonateFormState): Visibility {
  const { form } = ctx
  const amount = giftAmount(ctx, s)
  const anonymous = form.isShowAnonymous === 1 && s.isAnonymous
  return {
    ...fulfilmentVisibility(form, amount, anonymous, s),
    anonymousSwitch: form.isShowAnonymous === 1,
    noDataSwitch: form.isShowNoData === 1,
    donor: !anonymous,
    campusCard: s.payType === PayTypes.CAMPUS_CARD
  }
}

/** docs/product §4: the large-amount reminder before the order is created. */
export function needsLargeRemind(ctx: FormContext, amount: string | null): boolean {
  return ctx.form.isLargeRemind === 1 && amount !== null && dec(amount).gte(dec(ctx.form.largeAmount))
}
