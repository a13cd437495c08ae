/**
 * International dialling codes for the login/mobile pickers (S/api/v1/area/getAreaList4sort and groupList).
 * Typed by hand from ITU-T E.164 assignments; `py` is the pinyin initial of the Chinese name (for zh grouping).
 * areaCode carries the "+" because stored mobiles read "+86-13800000000" (docs/product §3 User base info).
 */
import type { AreaCode, AreaGroup, Lang } from '../../../../types'

interface Entry {
  zh: string
  en: string
  code: string
  py: string
}

/** Greater China first, in this order; the rest sorted by name in the request's language. */
const PINNED: Entry[] = [
  { zh: '中国大陆', en: 'Chinese Mainland', code: '+86', py: 'Z' },
  { zh: '中国香港', en: 'Hong Kong, China', code: '+852', py: 'Z' },
  { zh: '中国澳门', en: 'Macao, China', code: '+853', py: 'Z' },
  { zh: '中国台湾', en: 'Taiwan, China', code: '+886', py: 'Z' }
]

const OTHERS: Entry[] = [
  { zh: '美国', en: 'United States', code: '+1', py: 'M' },
  { zh: '加拿大', en: 'Canada', code: '+1', py: 'J' },
  { zh: '英国', en: 'United Kingdom', code: '+44', py: 'Y' },
  { zh: '法国', en: 'France', code: '+33', py: 'F' },
  { zh: '德国', en: 'Germany', code: '+49', py: 'D' },
  { zh: '意大利', en: 'Italy', code: '+39', py: 'Y' },
  { zh: '西班牙', en: 'Spain', code: '+34', py: 'X' },
  { zh: '葡萄牙', en: 'Portugal', code: '+351', py: 'P' },
  { zh: '荷兰', en: 'Netherlands', code: '+31', py: 'H' },
  { zh: '比利时', en: 'Belgium', code: '+32', py: 'B' },
  { zh: '瑞士', en: 'Switzerland', code: '+41', py: 'R' },
  { zh: '奥地利', en: 'Austria', code: '+43', py: 'A' },
  { zh: '瑞典', en: 'Sweden', code: '+46', py: 'R' },
  { zh: '挪威', en: 'Norway', code: '+47', py: 'N' },
  { zh: '丹麦', en: 'Denmark', code: '+45', py: 'D' },
  { zh: '芬兰', en: 'Finland', code: '+358', py: 'F' },
  { zh: '爱尔兰', en: 'Ireland', code: '+353', py: 'A' },
  { zh: '波兰', en: 'Poland', code: '+48', py: 'B' },
  { zh: '希腊', en: 'Greece', code: '+30', py: 'X' },
  { zh: '俄罗斯', en: 'Russia', code: '+7', py: 'E' },
  { zh: '哈萨克斯坦', en: 'Kazakhstan', code: '+7', py: 'H' },
  { zh: '蒙古', en: 'Mongolia', code: '+976', py: 'M' },
  { zh: '日本', en: 'Japan', code: '+81', py: 'R' },
  { zh: '韩国', en: 'South Korea', code: '+82', py: 'H' },
  { zh: '新加坡', en: 'Singapore', code: '+65', py: 'X' },
  { zh: '马来西亚', en: 'Malaysia', code: '+60', py: 'M' },
  { zh: '泰国', en: 'Thailand', code: '+66', py: 'T' },
  { zh: '越南', en: 'Vietnam', code: '+84', py: 'Y' },
  { zh: '菲律宾', en: 'Philippines', code: '+63', py: 'F' },
  { zh: '印度尼西亚', en: 'Indonesia', code: '+62', py: 'Y' },
  { zh: '柬埔寨', en: 'Cambodia', code: '+855', py: 'J' },
  { zh: '老挝', en: 'Laos', code: '+856', py: 'L' },
  { zh: '缅甸', en: 'Myanmar', code: '+95', py: 'M' },
  { zh: '印度', en: 'India', code: '+91', py: 'Y' },
  { zh: '巴基斯坦', en: 'Pakistan', code: '+92', py: 'B' },
  { zh: '孟加拉国', en: 'Bangladesh', code: '+880', py: 'M' },
  { zh: '斯里兰卡', en: 'Sri Lanka', code: '+94', py: 'S' },
  { zh: '尼泊尔', en: 'Nepal', code: '+977', py: 'N' },
  { zh: '阿联酋', en: 'United Arab Emirates', code: '+971', py: 'A' },
  { zh: '沙特阿拉伯', en: 'Saudi Arabia', code: '+966', py: 'S' },
  { zh: '以色列', en: 'Israel', code: '+972', py: 'Y' },
  { zh: '土耳其', en: 'Turkey', code: '+90', py: 'T' },
  { zh: '埃及', en: 'Egypt', code: '+20', py: 'A' },
  { zh: '南非', en: 'South Africa', code: '+27', py: 'N' },
  { zh: '尼日利亚', en: 'Nigeria', code: '+234', py: 'N' },
  { zh: '肯尼亚', en: 'Kenya', code: '+254', py: 'K' },
  { zh: '澳大利亚', en: 'Australia', code: '+61', py: 'A' },
  { zh: '新西兰', en: 'New Zealand', code: '+64', py: 'X' },
  { zh: '巴西', en: 'Brazil', code: '+55', py: 'B' },
  { zh: '阿根廷', en: 'Argentina', code: '+54', py: 'A' },
  { zh: '智利', en: 'Chile', code: '+56', py: 'Z' },
  { zh: '墨西哥', en: 'Mexico', code: '+52', py: 'M' }
]

const collator = { zh_CN: new Intl.Collator('zh-Hans-CN-u-co-pinyin'), en: new Intl.Collator('en') }
const nameOf = (e: Entry, lang: Lang) => (lang === 'en' ? e.en : e.zh)
const initialOf = (e: Entry, lang: Lang) => (lang === 'en' ? e.en[0].toUpperCase() : e.py)

function sortedOthers(lang: Lang): Entry[] {
  return [...OTHERS].sort(
    (a, b) => initialOf(a, lang).localeCompare(initialOf(b, lang)) || collator[lang].compare(nameOf(a, lang), nameOf(b, lang))
  )
}

export function areaList4sort(lang: Lang): AreaCode[] {
  return [...PINNED, ...sortedOthers(lang)].map((e) => ({ area: nameOf(e, lang), areaCode: e.code }))
}

/** Grouped by initial letter (pinyin for zh, English for en), A to Z; Greater China under its own letter. */
export function areaGroups(lang: Lang): AreaGroup[] {
  const groups = new Map<string, AreaCode[]>()
  for (const e of [...PINNED, ...sortedOthers(lang)].sort((a, b) => initialOf(a, lang).localeCompare(initialOf(b, lang)))) {
    const g = initialOf(e, lang)
    if (!groups.has(g)) groups.set(g, [])
    groups.get(g)!.push({ area: nameOf(e, lang), areaCode: e.code })
  }
  return [...groups.entries()].map(([group, areaList]) => ({ group, areaList }))
}

export const AREA_CODE_COUNT = PINNED.length + OTHERS.length
