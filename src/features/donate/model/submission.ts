/**
 * The POST donate body (types/donate.ts DonateSubmission) from a validated form. Only what the donor can see is
 * sent: hidden conditional fields, hidden sections and an anonymous donor's details stay out.
 */
import { CURRENCY, type DonateFrom, type DonateSubmission, type PayTypeCode } from '@contract'
import type { EnvInfo } from '@/platform/types'
import { isGoods, type FormContext } from './context'
import { joinMobile, visibleFields } from './fields'
import type { DonateFormState } from './form-state'
import { fulfilmentWire } from './fulfilment'
import { giftAmount, visibility } from './visibility'

/** docs/product §3 donateFrom: U6 in a mini-program (or its web-view), U5 in the WeChat browser, U1 elsewhere. */
export function donateFromEnv(env: Pick<EnvInfo, 'target' | 'inMiniProgram' | 'inWechatBrowser'>): DonateFrom {
  if (env.target !== 'h5' || env.inMiniProgram) return 'U6'
  if (env.inWechatBrowser) return 'U5'
  return 'U1'
}

const flag = (b: boolean): 0 | 1 => (b ? 1 : 0)

export function buildSubmission(ctx: FormContext, s: DonateFormState, donateFrom: DonateFrom): DonateSubmission {
  const v = visibility(ctx, s)
  const { form, project } = ctx
  const formDataMap: Record<string, string> = {}
  if (v.donor) {
    for (const f of visibleFields(form.fieldList || [], s.values)) {
      const value = (s.values[f.fieldName] ?? '').trim()
      if (value === '') continue
      formDataMap[f.fieldName] = f.fieldUiType === 'mobile' ? joinMobile(s.codes[f.fieldName], value) : value
    }
  }
  if (v.campusCard) {
    formDataMap.stuWorkNo = s.stuWorkNo.trim()
    // "passwork" (sic) is the wire name (docs/product §3)
    formDataMap.passwork = s.passwork
  }
  const body: DonateSubmission = {
    formId: form.id,
    currency: CURRENCY,
    payType: s.payType as PayTypeCode,
    currencyMoney: giftAmount(ctx, s) || '',
    itemsId: project.id,
    subItemsId: s.subItemsId,
    isDonateTogether: flag(ctx.togetherId !== null),
    donateTogetherId: ctx.togetherId,
    itemsType: 1,
    isAnonymous: flag(!v.donor),
    donateFrom,
    formDataMap,
    isAgree: flag(s.agreed),
    isNoData: flag(v.noDataSwitch && s.isNoData),
    ...fulfilmentWire(s, v, v.donor)
  }
  if (ctx.ambassador) body.ambassador = ctx.ambassador
  if (isGoods(ctx)) body.donateMaterialNumber = Number(s.quantity.trim())
  return body
}
