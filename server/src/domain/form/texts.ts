/**
 * Texts per language (docs/decisions/025-giving-form-and-languages.md). Chinese stays in the columns and
 * JSON keys it always lived in and is the fallback; another language is stored beside it as
 *
 *   row column `texts`:  {"en": {"<column name>": "…"}}                      (donation_form, project_type,
 *                                                                             school_setting, sub_project)
 *   inside JSON lists:   {"title": "一份心意", "fen": 100, "texts": {"en": {"title": "A token of thanks"}}}
 *                        form fields {"fieldShowName": …, "inputTip": …, "texts": {"en": {"fieldShowName", "inputTip"}}},
 *                        their options {"id", "title", "texts": {"en": {"title"}}}
 *
 * A blank or absent translation answers the Chinese text, so a school that never entered English still works;
 * missingTexts() lists what is absent for the staff console.
 */
import type { Kysely } from 'kysely'
import type { Lang } from '../../../../types'
import type { DB } from '../../db/schema'
import { listProjectTexts } from '../project/repository'

/** lang -> key -> text; only non-Chinese languages are stored here. */
export type Texts = Partial<Record<Lang, Record<string, string>>>

/** Languages other than the Chinese of the base columns that the app can ask for. */
export const TRANSLATED_LANGS = ['en'] as const satisfies readonly Lang[]

/** A `texts` value (a JSON string from a column or an object inside a JSON list) read defensively. */
export function parseTexts(v: unknown): Texts {
  let o: unknown = v
  if (typeof v === 'string') {
    try {
      o = JSON.parse(v)
    } catch {
      return {}
    }
  }
  if (!o || typeof o !== 'object' || Array.isArray(o)) return {}
  const out: Texts = {}
  for (const lang of TRANSLATED_LANGS) {
    const entries = (o as Record<string, unknown>)[lang]
    if (!entries || typeof entries !== 'object' || Array.isArray(entries)) continue
    const clean: Record<string, string> = {}
    for (const [k, s] of Object.entries(entries as Record<string, unknown>)) if (typeof s === 'string' && s.trim()) clean[k] = s
    out[lang] = clean
  }
  return out
}

/** The text of `key` in `lang`, else the Chinese `base`. */
export function localized(base: string, texts: Texts, lang: Lang, key: string): string {
  if (lang === 'zh_CN') return base
  return texts[lang]?.[key] ?? base
}

/** True when `base` has something to translate and `lang` has no text for it. */
/** Chinese script (CJK ideographs and punctuation): a text without any ("200", "MBA") reads the same in English. */
const CJK = /[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/
export const isMissing = (base: string, texts: Texts, lang: Lang, key: string) => CJK.test(base) && !texts[lang]?.[key]

export interface MissingText {
  /** table the text lives in */
  table:
    | 'donation_form'
    | 'project_type'
    | 'school_setting'
    | 'sub_project'
    | 'project'
    | 'article'
    | 'award'
    | 'giving_day'
    | 'giving_day_match'
    | 'giving_day_challenge'
  id: number
  /** column, or a path inside a JSON list: "field_list.name.fieldShowName", "field_list.isAlumni.options.1", "fix_money.0" */
  key: string
  /** the Chinese text that is shown instead */
  zh: string
  /** the project whose editor holds the English (a project, its sub-projects, the form it uses); absent otherwise */
  projectId?: number
}

interface ListEntry {
  title?: unknown
  fieldName?: unknown
  fieldShowName?: unknown
  inputTip?: unknown
  optionList?: unknown
  id?: unknown
  texts?: unknown
}

function jsonList(json: string): ListEntry[] {
  try {
    const v: unknown = JSON.parse(json)
    return Array.isArray(v) ? (v.filter((e) => e && typeof e === 'object') as ListEntry[]) : []
  } catch {
    return []
  }
}

const s = (v: unknown) => (typeof v === 'string' ? v : '')

/** Missing translations inside a form's field_list (labels, placeholders, option titles). */
export function missingInFields(fieldList: string, lang: Lang): { key: string; zh: string }[] {
  const out: { key: string; zh: string }[] = []
  for (const f of jsonList(fieldList)) {
    const texts = parseTexts(f.texts)
    const name = s(f.fieldName)
    for (const k of ['fieldShowName', 'inputTip'] as const)
      if (isMissing(s(f[k]), texts, lang, k)) out.push({ key: `field_list.${name}.${k}`, zh: s(f[k]) })
    for (const o of Array.isArray(f.optionList) ? (f.optionList as ListEntry[]) : []) {
      if (o && isMissing(s(o.title), parseTexts(o.texts), lang, 'title'))
        out.push({ key: `field_list.${name}.options.${s(o.id)}`, zh: s(o.title) })
    }
  }
  return out
}

/** Missing translations of the preset captions of a fix_money list. */
export function missingInFixMoney(fixMoney: string, lang: Lang): { key: string; zh: string }[] {
  return jsonList(fixMoney).flatMap((o, i) =>
    isMissing(s(o.title), parseTexts(o.texts), lang, 'title') ? [{ key: `fix_money.${i}`, zh: s(o.title) }] : []
  )
}

type ProjectTextKey = 'name' | 'intro' | 'content' | 'material_name' | 'material_unit' | 'no_reason'

/** What the console shows of a long text (a project page's HTML): its words, the first 80 characters. */
function excerpt(text: string): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return [...plain].length > 80 ? `${[...plain].slice(0, 80).join('')}…` : plain
}

const FORM_COLUMNS = ['success_word', 'remind_content', 'offline_contact_info'] as const
const SETTING_COLUMNS = ['title', 'award_explain', 'agree_title', 'agree_content', 'offline_contact_info'] as const

/**
 * Every text of the school that `lang` lacks (the Chinese is shown for it): forms (thank-you word, reminder,
 * offline contact, field labels, placeholders, options), categories, the agreement, projects' own words (name, intro,
 * page, goods, pause reason: decision 073; a naming campaign's words are its project's), sub-project names, preset
 * captions, articles' titles and bodies (decision 086), awards' names and explanations, giving days' titles and their
 * sponsors' names (these kept in `*_en` columns: migrations 011, 037).
 */
export async function missingTexts(db: Kysely<DB>, schoolId: number, lang: Lang = 'en'): Promise<MissingText[]> {
  if (lang === 'zh_CN') return []
  const [forms, types, setting, subs, projects, articles, awards, days, matches, challenges] = await Promise.all([
    db
      .selectFrom('donation_form')
      .select(['id', 'texts', 'field_list', ...FORM_COLUMNS])
      .where('school_id', '=', schoolId)
      .orderBy('id')
      .execute(),
    db.selectFrom('project_type').select(['id', 'name', 'texts']).where('school_id', '=', schoolId).orderBy('id').execute(),
    db
      .selectFrom('school_setting')
      .select(['school_id', 'texts', ...SETTING_COLUMNS])
      .where('school_id', '=', schoolId)
      .executeTakeFirst(),
    db
      .selectFrom('sub_project')
      .select(['id', 'items_id', 'name', 'texts', 'fix_money'])
      .where('school_id', '=', schoolId)
      .orderBy('id')
      .execute(),
    listProjectTexts(db, schoolId),
    db
      .selectFrom('article')
      .select(['id', 'title', 'content', 'texts'])
      .where('school_id', '=', schoolId)
      .orderBy('publish_date', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('award')
      .select(['id', 'name', 'name_en', 'description', 'description_en'])
      .where('school_id', '=', schoolId)
      .where('enabled', '=', 1)
      .orderBy('sort_no')
      .orderBy('id')
      .execute(),
    db.selectFrom('giving_day').select(['id', 'title', 'title_en']).where('school_id', '=', schoolId).orderBy('id').execute(),
    db.selectFrom('giving_day_match').select(['id', 'sponsor', 'sponsor_en']).where('school_id', '=', schoolId).orderBy('id').execute(),
    db.selectFrom('giving_day_challenge').select(['id', 'sponsor', 'sponsor_en']).where('school_id', '=', schoolId).orderBy('id').execute()
  ])
  // a form is edited in the editor of a project that uses it (the first, by id)
  const formProject = new Map<number, number>()
  for (const p of projects) if (p.form_id !== null && !formProject.has(Number(p.form_id))) formProject.set(Number(p.form_id), Number(p.id))
  const atProject = (id: number | undefined) => (id === undefined ? {} : { projectId: id })
  const out: MissingText[] = []
  for (const f of forms) {
    const texts = parseTexts(f.texts)
    const at = atProject(formProject.get(Number(f.id)))
    for (const c of FORM_COLUMNS)
      if (isMissing(f[c], texts, lang, c)) out.push({ table: 'donation_form', id: f.id, key: c, zh: f[c], ...at })
    for (const m of missingInFields(f.field_list, lang)) out.push({ table: 'donation_form', id: f.id, ...m, ...at })
  }
  for (const t of types)
    if (isMissing(t.name, parseTexts(t.texts), lang, 'name')) out.push({ table: 'project_type', id: t.id, key: 'name', zh: t.name })
  if (setting) {
    const texts = parseTexts(setting.texts)
    for (const c of SETTING_COLUMNS)
      if (isMissing(setting[c], texts, lang, c)) out.push({ table: 'school_setting', id: setting.school_id, key: c, zh: setting[c] })
  }
  for (const sp of subs) {
    const at = atProject(Number(sp.items_id))
    if (isMissing(sp.name, parseTexts(sp.texts), lang, 'name'))
      out.push({ table: 'sub_project', id: sp.id, key: 'name', zh: sp.name, ...at })
    for (const m of missingInFixMoney(sp.fix_money, lang)) out.push({ table: 'sub_project', id: sp.id, ...m, ...at })
  }
  for (const p of projects) {
    const texts = parseTexts(p.texts)
    const keys: ProjectTextKey[] = ['name', 'intro', 'content']
    if (p.crowd_type === 2) keys.push('material_name', 'material_unit')
    if (!p.is_complete && !p.is_donate) keys.push('no_reason')
    const at = atProject(Number(p.id))
    for (const k of keys) if (isMissing(p[k], texts, lang, k)) out.push({ table: 'project', id: p.id, key: k, zh: excerpt(p[k]), ...at })
    for (const m of missingInFixMoney(p.fix_money, lang)) out.push({ table: 'project', id: p.id, ...m, ...at })
  }
  for (const a of articles) {
    const texts = parseTexts(a.texts)
    for (const k of ['title', 'content'] as const)
      if (isMissing(a[k], texts, lang, k)) out.push({ table: 'article', id: a.id, key: k, zh: excerpt(a[k]) })
  }
  // tables with an `<column>_en` column beside the Chinese instead of `texts`
  const column = (zh: string, en: string) => CJK.test(zh) && !en.trim()
  for (const a of awards) {
    if (column(a.name, a.name_en)) out.push({ table: 'award', id: a.id, key: 'name', zh: a.name })
    if (column(a.description, a.description_en)) out.push({ table: 'award', id: a.id, key: 'description', zh: excerpt(a.description) })
  }
  for (const d of days) if (column(d.title, d.title_en)) out.push({ table: 'giving_day', id: d.id, key: 'title', zh: d.title })
  for (const m of matches)
    if (column(m.sponsor, m.sponsor_en)) out.push({ table: 'giving_day_match', id: m.id, key: 'sponsor', zh: m.sponsor })
  for (const c of challenges)
    if (column(c.sponsor, c.sponsor_en)) out.push({ table: 'giving_day_challenge', id: c.id, key: 'sponsor', zh: c.sponsor })
  return out
}
