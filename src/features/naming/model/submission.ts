/**
 * The POST donate body of a naming order (types/naming.ts NamingDonateSubmission): itemsType 2, namingType '1' with
 * seatList or '2' with bookList, the nameplates as written (or the SPEC §5 defaults when nameplate editing is off),
 * and the total the server will compute from its own price list. The rules are checked first, in the SPEC's
 * order, and the first problem is toasted.
 */
import {
  CURRENCY,
  NamingType,
  type DonateFrom,
  type NameplateText,
  type NamingDonateSubmission,
  type PayTypeCode
} from '@contract'
import type { EnvInfo } from '@/platform/types'
import type { MessageKey } from '@/lib/i18n'
import type { GmSelection } from '@/platform/storage-keys'
import { defaultPlate, nameplateProblem, normalisePlate } from './nameplate'
import { bookKey, hasObjects, plateOf, seatKey, totalOf } from './selection'

/** What the form adds to the choice. */
export interface NamingFormState {
  payType: PayTypeCode | null
  agreed: boolean
  isAnonymous: boolean
}

export interface NamingFormContext {
  formId: number | null
  /** false with namelate=0: the nameplate block is hidden and the SPEC §5 defaults are engraved */
  nameplateShown: boolean
  /** the anonymous label and the 'none' message of those defaults, in the current language */
  anonymousLabel: string
  noneLabel: string
}

/** SPEC §3 donateFrom: U6 in a mini-program (or its web-view), U5 in the WeChat browser, U1 elsewhere. */
export function donateFromEnv(env: Pick<EnvInfo, 'target' | 'inMiniProgram' | 'inWechatBrowser'>): DonateFrom {
  if (env.target !== 'h5' || env.inMiniProgram) return 'U6'
  if (env.inWechatBrowser) return 'U5'
  return 'U1'
}

function plateFor(sel: GmSelection, key: string, ctx: NamingFormContext): NameplateText {
  const p = ctx.nameplateShown ? plateOf(sel, key) : defaultPlate(ctx.anonymousLabel, ctx.noneLabel)
  return normalisePlate(p, sel.namingType)
}

/** SPEC §5 in order: an object, a period per seat, the nameplates, a payment method, the agreement. */
export function validateNaming(sel: GmSelection, form: NamingFormState, ctx: NamingFormContext): MessageKey | null {
  if (!hasObjects(sel)) return sel.namingType === NamingType.BOOK ? 'naming.err.noBook' : 'naming.err.noObject'
  if (sel.namingType === NamingType.SEAT && sel.seats.some((s) => s.termYear === null)) return 'naming.err.period'
  if (ctx.nameplateShown) {
    const keys = sel.namingType === NamingType.SEAT ? sel.seats.map((s) => seatKey(s.seatId)) : sel.books.map((b) => bookKey(b.bookId))
    for (const k of keys) {
      const problem = nameplateProblem(plateOf(sel, k), sel.namingType)
      if (problem) return problem
    }
  }
  if (form.payType === null) return 'naming.err.payType'
  if (!form.agreed) return 'naming.err.agree'
  return null
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
    formDataMap: {},
    isAgree: form.agreed ? 1 : 0
  }
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
