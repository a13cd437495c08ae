/**
 * The POST donate body of a naming order (types/naming.ts NamingDonateSubmission): itemsType 2, namingType '1' with
 * seatList or '2' with bookList, the nameplates as written (or the docs/product §5 defaults when nameplate editing is off),
 * and the total the server will compute from its own price list. The rules are checked first, in the docs/product's
 * order; the first problem shows under its field (decision 081), toasted when it has none.
 */
import {
  CURRENCY,
  NamingType,
  PayTypes,
  type DonateFrom,
  type FormConfig,
  type FormField,
  type NameplateText,
  type NamingDonateSubmission,
  type PayTypeCode
} from '@contract'
import type { EnvInfo } from '@/platform/types'
import type { MessageKey } from '@/lib/i18n'
import {
  firstFieldError,
  fulfilmentError,
  fulfilmentVisibility,
  fulfilmentWire,
  joinMobile,
  visibleFields,
  type FulfilmentState,
  type FulfilmentVisibility
} from '@/features/donate'
import type { GmSelection } from '@/platform/storage-keys'
import { defaultPlate, nameplateProblem, normalisePlate } from './nameplate'
import { bookKey, hasObjects, plateOf, seatKey, totalOf } from './selection'

/** What the form adds to the choice: the donor's details (formDetail.fieldList, as on every gift), payment, agreement. */
export interface NamingFormState {
  payType: PayTypeCode | null
  agreed: boolean
  isAnonymous: boolean
  /** dynamic field values by fieldName, and the area codes of mobile fields */
  values: Record<string, string>
  codes: Record<string, string>
  /** certificate, receipt and mailing address, as on the donation form (docs/decisions/048-naming-forms-whole.md) */
  fulfilment?: FulfilmentState
  /** campus card (pay type 9): number and password, sent in formDataMap as on the donation form */
  stuWorkNo?: string
  passwork?: string
}

export interface NamingFormContext {
  /** the form config whose certificate and receipt switches apply (formDetail); none: the sections are not offered */
  form?: FormConfig | null
  formId: number | null
  /** the form's donor fields; the server checks the visible required ones of a non-anonymous gift */
  fields: FormField[]
  /** false with namelate=0: the nameplate block is hidden and the docs/product §5 defaults are engraved */
  nameplateShown: boolean
  /** the anonymous label and the 'none' message of those defaults, in the current language */
  anonymousLabel: string
  noneLabel: string
}

/** docs/product §3 donateFrom: U6 in a mini-program (or its web-view), U5 in the WeChat browser, U1 elsewhere. */
export function donateFromEnv(env: Pick<EnvInfo, 'target' | 'inMiniProgram' | 'inWechatBrowser'>): DonateFrom {
  if (env.target !== 'h5' || env.inMiniProgram) return 'U6'
  if (env.inWechatBrowser) return 'U5'
  return 'U1'
}

function plateFor(sel: GmSelection, key: string, ctx: NamingFormContext): NameplateText {
  const p = ctx.nameplateShown ? plateOf(sel, key) : defaultPlate(ctx.anonymousLabel, ctx.noneLabel)
  return normalisePlate(p, sel.namingType)
}

/** The first problem: a key with its parameters, or a field's own placeholder text, and the field it is shown under. */
export interface NamingProblem {
  key: MessageKey
  params?: Record<string, string | number>
  text?: string
  duration: number
  /** named as the donate body names it (a donor field, the certificate/receipt/postal inputs, payType); none: toasted */
  field?: string
}

const problem = (key: MessageKey, duration = 2000, field?: string): NamingProblem => ({ key, duration, ...(field ? { field } : {}) })

/** The naming form's own fields besides the donor's and the certificate/receipt/postal blocks' (decision 081). */
export const NAMING_FIELDS = ['seatList', 'nameplate', 'payType', 'stuWorkNo', 'passwork'] as const

/** What of the certificate, receipt and postal blocks this order shows: by the total, and none for an anonymous gift. */
export function namingFulfilmentVisibility(
  sel: GmSelection,
  form: Pick<NamingFormState, 'isAnonymous' | 'fulfilment'>,
  ctx: Pick<NamingFormContext, 'form'>
): FulfilmentVisibility | null {
  if (!ctx.form || !form.fulfilment) return null
  return fulfilmentVisibility(ctx.form, totalOf(sel), form.isAnonymous, form.fulfilment)
}

/** docs/product §5 in order: an object, a period per seat, the nameplates, the donor's details, the certificate, receipt
 *  and postal address (the donation form's rules), a payment method, the agreement. */
export function validateNaming(sel: GmSelection, form: NamingFormState, ctx: NamingFormContext, now = new Date()): NamingProblem | null {
  if (!hasObjects(sel)) return sel.namingType === NamingType.BOOK ? problem('naming.err.noBook', 1000) : problem('naming.err.noObject')
  if (sel.namingType === NamingType.SEAT && sel.seats.some((s) => s.termYear === null))
    return problem('naming.err.period', 2000, 'seatList')
  if (ctx.nameplateShown) {
    const keys = sel.namingType === NamingType.SEAT ? sel.seats.map((s) => seatKey(s.seatId)) : sel.books.map((b) => bookKey(b.bookId))
    for (const k of keys) {
      const key = nameplateProblem(plateOf(sel, k), sel.namingType)
      if (key) return problem(key, 2000, 'nameplate')
    }
  }
  if (!form.isAnonymous) {
    const e = firstFieldError(ctx.fields, form.values, form.codes, now)
    if (e) return { key: e.key, params: e.params, text: e.text, duration: e.duration, field: e.fieldName }
  }
  const vis = namingFulfilmentVisibility(sel, form, ctx)
  if (vis && ctx.form && form.fulfilment) {
    const f = fulfilmentError(ctx.form, form.fulfilment, vis)
    if (f) return { key: f.key, params: f.params, duration: f.duration, field: f.target }
  }
  if (form.payType === null) return problem('naming.err.payType', 2000, 'payType')
  if (form.payType === PayTypes.CAMPUS_CARD) {
    if (!(form.stuWorkNo || '').trim()) return problem('donate.card.noRequired', 2000, 'stuWorkNo')
    if (!form.passwork) return problem('donate.card.passwordRequired', 2000, 'passwork')
  }
  // the tick has no field of its own (as on the donation form, decision 061): toasted
  if (!form.agreed) return problem('naming.err.agree')
  return null
}

/** The donor's visible answers as the wire takes them (mobile as "86-13800138000"); none for an anonymous gift. */
export function formDataOf(form: Pick<NamingFormState, 'isAnonymous' | 'values' | 'codes'>, fields: FormField[]): Record<string, string> {
  const out: Record<string, string> = {}
  if (form.isAnonymous) return out
  for (const f of visibleFields(fields, form.values)) {
    const value = (form.values[f.fieldName] ?? '').trim()
    if (value === '') continue
    out[f.fieldName] = f.fieldUiType === 'mobile' ? joinMobile(form.codes[f.fieldName] ?? '', value) : value
  }
  return out
}

export function buildNamingSubmission(
  sel: GmSelection,
  form: NamingFormState & { payType: PayTypeCode },
  ctx: NamingFormContext,
  donateFrom: DonateFrom
): NamingDonateSubmission {
  const body: NamingDonateSubmission = {
    formId: ctx.formId,
    currency: CURRENCY,
    payType: form.payType,
    currencyMoney: totalOf(sel),
    itemsId: sel.itemsId,
    itemsType: 2,
    namingType: sel.namingType === NamingType.SEAT ? '1' : '2',
    isAnonymous: form.isAnonymous ? 1 : 0,
    donateFrom,
    formDataMap: {
      ...formDataOf(form, ctx.fields),
      // "passwork" (sic) is the wire name (docs/product §3)
      ...(form.payType === PayTypes.CAMPUS_CARD ? { stuWorkNo: (form.stuWorkNo || '').trim(), passwork: form.passwork || '' } : {})
    },
    isAgree: form.agreed ? 1 : 0
  }
  const vis = namingFulfilmentVisibility(sel, form, ctx)
  if (vis && form.fulfilment) Object.assign(body, fulfilmentWire(form.fulfilment, vis, !form.isAnonymous))
  if (sel.namingType === NamingType.SEAT) {
    body.seatList = sel.seats.map((s) => ({
      ...plateFor(sel, seatKey(s.seatId), ctx),
      seatId: s.seatId,
      areaId: s.areaId,
      itemsId: sel.itemsId,
      termYear: s.termYear as number
    }))
  } else {
    body.bookList = sel.books.map((b) => ({
      bookId: b.bookId,
      itemsId: sel.itemsId,
      namingCount: b.namingCount,
      // one plate for every copy of the book (the contract also takes one per copy)
      nameplateList: [plateFor(sel, bookKey(b.bookId), ctx)],
      title: b.title,
      unitPrice: b.unitPrice
    }))
  }
  return body
}
