/**
 * A project as the editor changes it (fen, day strings, lists), the body that changes it, and the rules that hold
 * between fields. Pure: editor.ts reads the draft of a stored row, applies the body here, then writes it.
 */
import type { Lang } from '../../../../types'
import type { ProjectBody } from '../../../../types/schema/staff-projects'
import { parseTexts } from '../form/texts'
import { amountOf, countOf, dayOf, flagOf, LIMITS, MAX_GIFT_FEN, MAX_TARGET_FEN, plainYuan, refuse, textOf } from './fields'
import { sanitizeProjectHtml } from './html'

export interface FixAmount {
  title: string
  titleEn: string
  fen: number
}

/** What the console sends (types/schema/staff-projects.ts); on update only the keys sent change. */
export type ProjectInput = ProjectBody
export type FixInput = NonNullable<ProjectBody['fixMoney']>[number]

/**
 * The project's own words in English (`project.texts.en`, decision 073), by the Chinese column's name; '' = none
 * (the donor then reads the Chinese).
 */
export const ENGLISH_KEYS = ['name', 'intro', 'content', 'material_name', 'material_unit', 'no_reason'] as const
export type EnglishKey = (typeof ENGLISH_KEYS)[number]
export type EnglishTexts = Record<EnglishKey, string>

/** The wire key of each English text (types/schema/staff-projects.ts ProjectBody). */
export const ENGLISH_WIRE = {
  name: 'nameEn',
  intro: 'introEn',
  content: 'contentEn',
  material_name: 'materialNameEn',
  material_unit: 'materialUnitEn',
  no_reason: 'noReasonEn'
} as const satisfies Record<EnglishKey, keyof ProjectBody>

export const emptyEnglish = (): EnglishTexts => ({ name: '', intro: '', content: '', material_name: '', material_unit: '', no_reason: '' })

/** A stored `project.texts` read into the draft's English (unknown keys and other languages dropped). */
export function englishOf(textsJson: string): EnglishTexts {
  const en = parseTexts(textsJson).en ?? {}
  const out = emptyEnglish()
  for (const k of ENGLISH_KEYS) out[k] = en[k] ?? ''
  return out
}

/** The `project.texts` column of a draft's English: only the texts entered. */
export function textsJson(en: EnglishTexts): string {
  const entered = Object.fromEntries(ENGLISH_KEYS.filter((k) => en[k].trim()).map((k) => [k, en[k]]))
  return JSON.stringify(Object.keys(entered).length ? { en: entered } : {})
}

export interface Draft {
  name: string
  /** English beside the Chinese columns (decision 073) */
  en: EnglishTexts
  intro: string
  content: string
  thumbnail_img: string
  cover_img: string
  covers: string[]
  type_id: number | null
  labelIds: number[]
  items_type: number
  crowd_type: number
  is_limit: 0 | 1
  limit_fen: number
  limit_material_number: number
  start_date: string
  end_date: string
  subItems: { id: number | null; name: string; nameEn: string; fix: FixAmount[] }[]
  fix: FixAmount[]
  is_fix_money: 0 | 1
  is_hand_money: 0 | 1
  material_name: string
  material_unit: string
  material_price_fen: number
  status: 'open' | 'paused' | 'complete'
  no_reason: string
  naming_type: number | null
  naming_count_all: number
  is_donate_together: 0 | 1
  is_record: 0 | 1
  is_progress: 0 | 1
  is_leave_message: 0 | 1
  is_instruction: 0 | 1
  is_audit_message: 0 | 1
  is_sub_rank: 0 | 1
  alumni_only: 0 | 1
  /** offers "give monthly" (docs/decisions/071, 078) */
  monthly_giving: 0 | 1
  sort_no: number
}

/** A new project: a money donation, open, every tab on, free amounts allowed. */
export function emptyDraft(): Draft {
  return {
    name: '',
    en: emptyEnglish(),
    intro: '',
    content: '',
    thumbnail_img: '',
    cover_img: '',
    covers: [],
    type_id: null,
    labelIds: [],
    items_type: 1,
    crowd_type: 1,
    is_limit: 0,
    limit_fen: 0,
    limit_material_number: 0,
    start_date: '',
    end_date: '',
    subItems: [],
    fix: [],
    is_fix_money: 0,
    is_hand_money: 1,
    material_name: '',
    material_unit: '',
    material_price_fen: 0,
    status: 'open',
    no_reason: '',
    naming_type: null,
    naming_count_all: 0,
    is_donate_together: 0,
    is_record: 1,
    is_progress: 1,
    is_leave_message: 1,
    is_instruction: 1,
    is_audit_message: 0,
    is_sub_rank: 0,
    alumni_only: 0,
    monthly_giving: 0,
    sort_no: 0
  }
}

/** A stored fix_money list (JSON [{title, fen, texts?}]) read defensively, English captions kept. */
export function parseFixList(json: string): FixAmount[] {
  try {
    const v: unknown = JSON.parse(json)
    if (!Array.isArray(v)) return []
    return v
      .filter(
        (o): o is { title: string; fen: number; texts?: unknown } =>
          !!o && typeof o.title === 'string' && Number.isSafeInteger(o.fen) && o.fen > 0
      )
      .map((o) => ({ title: o.title, titleEn: parseTexts(o.texts).en?.title ?? '', fen: o.fen }))
  } catch {
    return []
  }
}

function fixList(lang: Lang, list: FixInput[]): FixAmount[] {
  if (list.length > LIMITS.fixMoney) throw refuse(lang, 'spTooMany', 'fixMoney', { max: LIMITS.fixMoney })
  const out = list.map((f) => {
    const fen = amountOf(lang, 'fixAmount', f.money, { maxFen: MAX_GIFT_FEN })
    const title = textOf(lang, 'fixTitle', f.title, LIMITS.fixTitle) || plainYuan(fen)
    return { title, titleEn: textOf(lang, 'fixTitle', f.titleEn, LIMITS.fixTitle), fen }
  })
  const seen = new Set<number>()
  for (const f of out) {
    if (seen.has(f.fen)) throw refuse(lang, 'spDuplicate', 'fixAmount', { value: plainYuan(f.fen) })
    seen.add(f.fen)
  }
  return out
}

function imageOf(lang: Lang, field: string, v: string | undefined): string {
  return textOf(lang, field, v, LIMITS.imageUrl)
}

function codeOf(lang: Lang, field: string, v: number | null | undefined, allowed: number[]): number {
  if (typeof v !== 'number' || !allowed.includes(v)) throw refuse(lang, 'spInvalid', field)
  return v
}

const has = <K extends keyof ProjectInput>(input: ProjectInput, k: K) => input[k] !== undefined

/**
 * Applies the keys present in `input` to `d` (mutated and returned), each checked on its own, then the rules
 * between fields. `creating`: the name is required.
 */
export function applyProjectInput(d: Draft, input: ProjectInput, lang: Lang, creating: boolean): Draft {
  if (creating || has(input, 'name')) d.name = textOf(lang, 'name', input.name, LIMITS.name, true)
  if (has(input, 'intro')) d.intro = textOf(lang, 'intro', input.intro, LIMITS.intro)
  if (has(input, 'content')) {
    const clean = sanitizeProjectHtml(input.content ?? '')
    if (clean.length > LIMITS.content) throw refuse(lang, 'spTooLong', 'content', { max: LIMITS.content })
    d.content = clean
  }
  applyEnglish(d, input, lang)
  if (has(input, 'thumbnailImg')) d.thumbnail_img = imageOf(lang, 'thumbnailImg', input.thumbnailImg)
  if (has(input, 'coverImg')) d.cover_img = imageOf(lang, 'coverImg', input.coverImg)
  if (has(input, 'covers')) {
    const covers = (input.covers ?? []).map((u) => imageOf(lang, 'covers', u)).filter(Boolean)
    if (covers.length > LIMITS.covers) throw refuse(lang, 'spTooMany', 'covers', { max: LIMITS.covers })
    d.covers = covers
  }
  if (has(input, 'typeId')) d.type_id = input.typeId ?? null
  if (has(input, 'labelIds')) d.labelIds = [...new Set(input.labelIds ?? [])]
  if (has(input, 'itemsType')) d.items_type = codeOf(lang, 'itemsType', input.itemsType, [1, 2])
  if (has(input, 'crowdType')) d.crowd_type = codeOf(lang, 'crowdType', input.crowdType, [1, 2])
  if (has(input, 'isLimit')) d.is_limit = flagOf(lang, 'target', input.isLimit, d.is_limit)
  if (has(input, 'target')) d.limit_fen = amountOf(lang, 'target', input.target, { allowZero: true, maxFen: MAX_TARGET_FEN })
  if (has(input, 'limitMaterialNumber')) d.limit_material_number = countOf(lang, 'limitMaterialNumber', input.limitMaterialNumber ?? 0)
  if (has(input, 'startDate')) d.start_date = dayOf(lang, 'startDate', input.startDate)
  if (has(input, 'endDate')) d.end_date = dayOf(lang, 'endDate', input.endDate)
  if (has(input, 'fixMoney')) {
    d.fix = fixList(lang, input.fixMoney ?? [])
    if (!has(input, 'isFixMoney')) d.is_fix_money = d.fix.length ? 1 : 0
  }
  if (has(input, 'isFixMoney')) d.is_fix_money = flagOf(lang, 'fixMoney', input.isFixMoney, d.is_fix_money)
  if (has(input, 'isHandMoney')) d.is_hand_money = flagOf(lang, 'fixMoney', input.isHandMoney, d.is_hand_money)
  if (has(input, 'subItems')) {
    const subs = input.subItems ?? []
    if (subs.length > LIMITS.subItems) throw refuse(lang, 'spTooMany', 'subItems', { max: LIMITS.subItems })
    const names = new Set<string>()
    d.subItems = subs.map((s) => {
      const name = textOf(lang, 'subName', s.name, LIMITS.subName, true)
      if (names.has(name)) throw refuse(lang, 'spDuplicate', 'subName', { value: name })
      names.add(name)
      return { id: s.id ?? null, name, nameEn: textOf(lang, 'subName', s.nameEn, LIMITS.subName), fix: fixList(lang, s.fixMoney ?? []) }
    })
    const ids = d.subItems.map((s) => s.id).filter((id) => id !== null)
    if (new Set(ids).size !== ids.length) throw refuse(lang, 'spInvalid', 'subItems')
  }
  if (has(input, 'materialName')) d.material_name = textOf(lang, 'materialName', input.materialName, LIMITS.materialName)
  if (has(input, 'materialUnit')) d.material_unit = textOf(lang, 'materialUnit', input.materialUnit, LIMITS.materialUnit)
  if (has(input, 'materialPrice'))
    d.material_price_fen = amountOf(lang, 'materialPrice', input.materialPrice, { allowZero: true, maxFen: MAX_GIFT_FEN })
  if (has(input, 'status')) d.status = input.status!
  if (has(input, 'noReason')) d.no_reason = textOf(lang, 'noReason', input.noReason, LIMITS.noReason)
  if (has(input, 'namingType')) d.naming_type = input.namingType === null ? null : codeOf(lang, 'namingType', input.namingType, [1, 2])
  if (has(input, 'namingCountAll')) d.naming_count_all = countOf(lang, 'namingCountAll', input.namingCountAll ?? 0)
  const flags = [
    ['isDonateTogether', 'is_donate_together'],
    ['isRecord', 'is_record'],
    ['isProgress', 'is_progress'],
    ['isLeaveMessage', 'is_leave_message'],
    ['isInstruction', 'is_instruction'],
    ['isAuditMessage', 'is_audit_message'],
    ['isSubRank', 'is_sub_rank'],
    ['alumniOnly', 'alumni_only'],
    ['monthlyGiving', 'monthly_giving']
  ] as const
  for (const [k, col] of flags) if (has(input, k)) d[col] = flagOf(lang, k, input[k], d[col])
  if (has(input, 'sortNo')) d.sort_no = countOf(lang, 'sortNo', input.sortNo ?? 0)
  checkDraft(d, lang)
  return d
}

/** The English texts sent, each under the same limit (and, for the page, the same HTML cleaning) as its Chinese. */
function applyEnglish(d: Draft, input: ProjectInput, lang: Lang): void {
  const limits = {
    name: LIMITS.name,
    intro: LIMITS.intro,
    material_name: LIMITS.materialName,
    material_unit: LIMITS.materialUnit,
    no_reason: LIMITS.noReason
  } as const
  for (const k of ENGLISH_KEYS) {
    const wire = ENGLISH_WIRE[k]
    const v = input[wire]
    if (v === undefined) continue
    if (k === 'content') {
      const clean = sanitizeProjectHtml(v ?? '')
      if (clean.length > LIMITS.content) throw refuse(lang, 'spTooLong', wire, { max: LIMITS.content })
      d.en.content = clean
    } else d.en[k] = textOf(lang, wire, v, limits[k])
  }
}

/** Rules between fields, on the whole result. */
export function checkDraft(d: Draft, lang: Lang): void {
  if (d.start_date && d.end_date && d.end_date < d.start_date) throw refuse(lang, 'spEndBeforeStart', 'endDate')
  if (d.items_type === 2) {
    if (d.naming_type !== 1 && d.naming_type !== 2) throw refuse(lang, 'spNamingTypeRequired', 'namingType')
    if (d.crowd_type !== 1) throw refuse(lang, 'spInvalid', 'crowdType')
  } else if (d.naming_type !== null) throw refuse(lang, 'spNamingTypeMoney', 'namingType')
  if (d.crowd_type === 2) {
    if (!d.material_name || !d.material_unit || d.material_price_fen <= 0) throw refuse(lang, 'spGoodsRequired', 'materialPrice')
  } else if (d.is_limit && d.limit_fen <= 0) throw refuse(lang, 'spTargetRequired', 'target')
  // a money donation that takes only fixed amounts needs at least one to offer (sub-items fall back to the project's)
  if (d.items_type === 1 && d.crowd_type === 1 && !d.is_hand_money && !(d.is_fix_money && d.fix.length))
    throw refuse(lang, 'spFixedOnlyNeedsAmounts', 'fixMoney')
}
