/**
 * Checks of the staff project editor's input, each refusal a code -1 naming the field in the request's language
 * (zh default, en): amounts are yuan strings turned into fen by lib/money.ts (never floats), dates calendar days.
 */
import type { Lang } from '../../../../types'
import { bizError } from '../../errors'
import type { MessageKey, MessageParams } from '../../i18n'
import { fenToYuan, parseYuan } from '../../lib/money'
import { BEIJING_OFFSET_MS } from '../../lib/dates'

/** One gift's ceiling (docs/product §9): a fixed amount above it could never be paid. */
export const MAX_GIFT_FEN = 10_000_000 * 100
/** A target's ceiling: one billion yuan, far beyond any campaign, well inside bigint and a safe integer. */
export const MAX_TARGET_FEN = 1_000_000_000 * 100
export const LIMITS = {
  name: 200,
  intro: 1000,
  content: 200_000,
  noReason: 500,
  materialName: 64,
  materialUnit: 16,
  imageUrl: 500,
  covers: 9,
  fixMoney: 12,
  fixTitle: 32,
  subItems: 50,
  subName: 200,
  categoryName: 64,
  labelTitle: 64,
  progressContent: 5000,
  progressAttachments: 9,
  publicityTitle: 200,
  int4: 2_147_483_647
} as const

const LABELS: Record<string, Record<Lang, string>> = {
  name: { zh_CN: '项目名称', en: 'Name' },
  intro: { zh_CN: '项目简介', en: 'Intro' },
  content: { zh_CN: '项目详情', en: 'Content' },
  nameEn: { zh_CN: '英文项目名称', en: 'Name in English' },
  introEn: { zh_CN: '英文项目简介', en: 'Intro in English' },
  contentEn: { zh_CN: '英文项目详情', en: 'Content in English' },
  materialNameEn: { zh_CN: '英文物资名称', en: 'Goods name in English' },
  materialUnitEn: { zh_CN: '英文物资单位', en: 'Goods unit in English' },
  noReasonEn: { zh_CN: '英文暂停原因', en: 'Reason in English' },
  thumbnailImg: { zh_CN: '缩略图', en: 'Thumbnail' },
  coverImg: { zh_CN: '封面图', en: 'Cover image' },
  covers: { zh_CN: '轮播图', en: 'Cover images' },
  typeId: { zh_CN: '项目分类', en: 'Category' },
  labelIds: { zh_CN: '项目标签', en: 'Labels' },
  itemsType: { zh_CN: '项目类型', en: 'Project type' },
  crowdType: { zh_CN: '筹集方式', en: 'Giving type' },
  target: { zh_CN: '目标金额', en: 'Target' },
  limitMaterialNumber: { zh_CN: '目标数量', en: 'Target quantity' },
  startDate: { zh_CN: '开始日期', en: 'Start date' },
  endDate: { zh_CN: '结束日期', en: 'End date' },
  subItems: { zh_CN: '子项目', en: 'Sub-items' },
  subName: { zh_CN: '子项目名称', en: 'Sub-item name' },
  fixMoney: { zh_CN: '固定金额', en: 'Fixed amounts' },
  fixAmount: { zh_CN: '固定金额', en: 'Fixed amount' },
  fixTitle: { zh_CN: '固定金额说明', en: 'Fixed amount caption' },
  materialName: { zh_CN: '物资名称', en: 'Goods name' },
  materialUnit: { zh_CN: '物资单位', en: 'Goods unit' },
  materialPrice: { zh_CN: '物资单价', en: 'Goods unit price' },
  status: { zh_CN: '项目状态', en: 'Status' },
  noReason: { zh_CN: '暂停原因', en: 'Reason' },
  namingType: { zh_CN: '冠名类型', en: 'Naming type' },
  namingCountAll: { zh_CN: '冠名总数', en: 'Naming total' },
  sortNo: { zh_CN: '排序', en: 'Sort order' },
  categoryName: { zh_CN: '分类名称', en: 'Category name' },
  labelTitle: { zh_CN: '标签名称', en: 'Label name' },
  progressDate: { zh_CN: '进展日期', en: 'Progress date' },
  progressContent: { zh_CN: '进展内容', en: 'Progress text' },
  attachments: { zh_CN: '进展图片', en: 'Progress images' },
  useDate: { zh_CN: '使用日期', en: 'Date of use' },
  useTitle: { zh_CN: '使用说明', en: 'Use' },
  useMoney: { zh_CN: '使用金额', en: 'Amount used' },
  fields: { zh_CN: '表单字段', en: 'Form fields' },
  progress: { zh_CN: '进展', en: 'Progress entry' },
  publicity: { zh_CN: '善款公示', en: 'Publicity entry' }
}

/** The label of a field in `lang` ('目标金额' / 'Target'); an unknown name is shown as it is. */
export const fieldLabel = (field: string, lang: Lang): string => LABELS[field]?.[lang] ?? field

/** A refusal naming `field` (a key of LABELS, or a label already worded for `lang`). */
export const refuse = (lang: Lang, key: MessageKey, field: string, params: MessageParams = {}) =>
  bizError(key, { ...params, field: fieldLabel(field, lang) })

/** Characters as a person counts them (code points). */
export const chars = (s: string) => [...s].length

/** Trimmed text of at most `max` characters; '' allowed unless `required`. */
export function textOf(lang: Lang, field: string, v: string | null | undefined, max: number, required = false): string {
  const s = (v ?? '').trim()
  if (required && !s) throw refuse(lang, 'spRequired', field)
  if (chars(s) > max) throw refuse(lang, 'spTooLong', field, { max })
  return s
}

/** A yuan string ("200", "200.5", "200.50") -> fen; positive or, with `allowZero`, zero; at most `maxFen` (lib/money.ts parseYuan). */
export function amountOf(lang: Lang, field: string, v: unknown, opts: { allowZero?: boolean; maxFen: number }): number {
  const r = parseYuan(v, opts)
  if ('fen' in r) return r.fen
  if (r.problem === 'tooLarge') throw refuse(lang, 'spAmountTooLarge', field, { max: fenToYuan(opts.maxFen).replace(/\.00$/, '') })
  throw refuse(lang, opts.allowZero ? 'spAmountNonNegative' : 'spAmountPositive', field)
}

/** A whole number 0..max. */
export function countOf(lang: Lang, field: string, v: unknown, max: number = LIMITS.int4): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0 || v > max) throw refuse(lang, 'spNonNegativeInt', field)
  return v
}

/** 0/1 from 0, 1, true, false (absent -> `dflt`). */
export function flagOf(lang: Lang, field: string, v: unknown, dflt: 0 | 1): 0 | 1 {
  if (v === undefined || v === null) return dflt
  if (v === 1 || v === true) return 1
  if (v === 0 || v === false) return 0
  throw refuse(lang, 'spInvalid', field)
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * 'YYYY-MM-DD', or an ISO instant taken as its Beijing calendar day -> 'YYYY-MM-DD'; '' or null -> ''. Years 1900-2100.
 */
export function dayOf(lang: Lang, field: string, v: string | null | undefined): string {
  const s = (v ?? '').trim()
  if (!s) return ''
  let day = s
  if (!DAY.test(s)) {
    if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(s)) throw refuse(lang, 'spDate', field)
    const t = Date.parse(s)
    if (Number.isNaN(t)) throw refuse(lang, 'spDate', field)
    day = new Date(t + BEIJING_OFFSET_MS).toISOString().slice(0, 10)
  }
  const m = DAY.exec(day)!
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const dt = new Date(Date.UTC(y, mo - 1, d))
  if (y < 1900 || y > 2100 || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) throw refuse(lang, 'spDate', field)
  return day
}

/** A calendar day as the instant stored in timestamp columns (progress, publicity): noon in Beijing. */
export const dayToInstant = (day: string) => new Date(Date.parse(`${day}T12:00:00+08:00`)).toISOString()

/** "200.00" -> "200", "200.50" -> "200.5": the default caption of a fixed amount. */
export const plainYuan = (fen: number) =>
  fenToYuan(fen)
    .replace(/\.00$/, '')
    .replace(/(\.\d)0$/, '$1')
