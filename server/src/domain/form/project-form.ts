/**
 * The form builder of the staff console: the dynamic fields of a project's donation form, in the shape
 * the donor API's formDetail answers (types/donate.ts FormField), so the app renders them unchanged. English labels
 * live beside the Chinese in each field's `texts` (domain/form/texts.ts: {"en": {"fieldShowName", "inputTip"}},
 * options {"en": {"title"}}); the console reads and writes them as labelEn, inputTipEn and titleEn.
 *
 * A project without a form of its own gives through the school's default form (domain/form/service.ts resolveForm),
 * which other projects share: saving fields for it copies that form (pay types, certificate and receipt settings) into
 * a form of the project's own, so no other project's form changes. A form already used by another project is copied
 * the same way.
 */
import type { Insertable, Kysely, Transaction } from 'kysely'
import { FIELD_UI_TYPES, type FieldUiType, type Lang } from '../../../../types'
import type { DB, DonationFormTable } from '../../db/schema'
import { BUILTIN_FORM, parseFields } from './mapper'
import { getDefaultForm, getForm } from './repository'
import { parseTexts } from './texts'
import { invalidateSchoolCache } from '../school/cache'
import { recordAudit } from '../staff/audit'
import { chars, refuse, textOf } from '../project/fields'
import { requireStaffProject, type StaffActor } from '../project/editor'
import type { FieldBody, StaffFieldOption, StaffForm, StaffFormField } from '../../../../types/schema/staff-projects'

type Db = Kysely<DB> | Transaction<DB>
export type { StaffFieldOption, StaffForm, StaffFormField }
/** A field as the console sends it (types/schema/staff-projects.ts); checkFields words the refusals. */
export type FieldInput = FieldBody

export const FORM_LIMITS = {
  fields: 50,
  options: 100,
  name: 64,
  label: 100,
  tip: 200,
  optionId: 64,
  optionTitle: 200,
  length: 10_000
} as const

const CHOICE: ReadonlySet<string> = new Set(['select', 'select2', 'radio'])
const UI: ReadonlySet<string> = new Set(FIELD_UI_TYPES)
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/

/** The donor API's fields of a stored field_list, with the English texts beside them. */
export function staffFields(json: string): StaffFormField[] {
  let raw: Record<string, unknown>[] = []
  try {
    const v: unknown = JSON.parse(json)
    if (Array.isArray(v)) raw = v.filter((f) => f && typeof f === 'object') as Record<string, unknown>[]
  } catch {
    raw = []
  }
  const rawByName = new Map(raw.map((f) => [f.fieldName, f]))
  return parseFields(json, 'zh_CN').map((f) => {
    const r = rawByName.get(f.fieldName) ?? {}
    const en = parseTexts(r.texts).en ?? {}
    const rawOptions = Array.isArray(r.optionList) ? (r.optionList as Record<string, unknown>[]) : []
    return {
      ...f,
      labelEn: en.fieldShowName ?? '',
      inputTipEn: en.inputTip ?? '',
      optionList: f.optionList.map((o) => {
        const ro = rawOptions.find((x) => x && String(x.id) === o.id)
        return { ...o, titleEn: parseTexts(ro?.texts).en?.title ?? '' }
      })
    }
  })
}

async function formOf(db: Db, schoolId: number, formId: number | null) {
  return (formId ? await getForm(db, schoolId, formId) : undefined) ?? (await getDefaultForm(db, schoolId))
}

export async function projectForm(db: Kysely<DB>, schoolId: number, itemsId: number): Promise<StaffForm> {
  const p = await requireStaffProject(db, schoolId, itemsId)
  const own = p.form_id ? await getForm(db, schoolId, p.form_id) : undefined
  const form = own ?? (await getDefaultForm(db, schoolId))
  return { formId: form?.id ?? null, shared: !own || !!own.is_default, fields: form ? staffFields(form.field_list) : [] }
}

/** Checks every field against the twelve types and the conditions against the other fields; the stored JSON list. */
export function checkFields(lang: Lang, input: FieldInput[]): Record<string, unknown>[] {
  if (input.length > FORM_LIMITS.fields) throw refuse(lang, 'spTooMany', 'fields', { max: FORM_LIMITS.fields })
  const label = (i: number, name: string, part: 'name' | 'label' | 'type' | 'tip' | 'options' | 'condition' | 'length') => {
    const parts = {
      name: ['字段名', 'name'],
      label: ['显示名称', 'label'],
      type: ['类型', 'type'],
      tip: ['提示文字', 'placeholder'],
      options: ['选项', 'options'],
      condition: ['显示条件', 'condition'],
      length: ['长度限制', 'length limit']
    }[part]
    const who = name ? `（${name}）` : ''
    return lang === 'en' ? `Field ${i + 1}${name ? ` (${name})` : ''} ${parts[1]}` : `第${i + 1}个字段${who}的${parts[0]}`
  }
  const names = new Set<string>()
  const fields = input.map((f, i) => {
    const fieldName = (f.fieldName ?? '').trim()
    if (!fieldName) throw refuse(lang, 'spRequired', label(i, '', 'name'))
    if (!FIELD_NAME.test(fieldName)) throw refuse(lang, 'spInvalid', label(i, '', 'name'))
    if (names.has(fieldName)) throw refuse(lang, 'spDuplicate', label(i, '', 'name'), { value: fieldName })
    names.add(fieldName)
    const fieldShowName = textOf(lang, label(i, fieldName, 'label'), f.fieldShowName, FORM_LIMITS.label, true)
    if (!UI.has(f.fieldUiType)) throw refuse(lang, 'spInvalid', label(i, fieldName, 'type'))
    const fieldUiType = f.fieldUiType as FieldUiType
    const flag = (v: number | null | undefined, part: 'label' | 'length' | 'condition'): 0 | 1 => {
      if (v === undefined || v === null || v === 0) return 0
      if (v === 1) return 1
      throw refuse(lang, 'spInvalid', label(i, fieldName, part))
    }
    const len = (v: number | null | undefined) => {
      const n = v ?? 0
      if (!Number.isSafeInteger(n) || n < 0 || n > FORM_LIMITS.length) throw refuse(lang, 'spNonNegativeInt', label(i, fieldName, 'length'))
      return n
    }
    const isLengthLimit = flag(f.isLengthLimit, 'length')
    const lengthMin = len(f.lengthMin)
    const lengthMax = len(f.lengthMax)
    if (isLengthLimit && lengthMax > 0 && lengthMax < lengthMin) throw refuse(lang, 'spLengthRange', label(i, fieldName, 'length'))
    let optionList: { id: string; title: string; texts?: object }[] = []
    if (CHOICE.has(fieldUiType)) {
      const opts = f.optionList ?? []
      if (!opts.length) throw refuse(lang, 'spOptionsRequired', label(i, fieldName, 'options'))
      if (opts.length > FORM_LIMITS.options) throw refuse(lang, 'spTooMany', label(i, fieldName, 'options'), { max: FORM_LIMITS.options })
      const ids = new Set<string>()
      optionList = opts.map((o) => {
        const id = String(o.id ?? '').trim()
        // select2 answers join option ids with ",": an id holding one could never be told apart
        if (!id || id.includes(',') || chars(id) > FORM_LIMITS.optionId) throw refuse(lang, 'spInvalid', label(i, fieldName, 'options'))
        if (ids.has(id)) throw refuse(lang, 'spDuplicate', label(i, fieldName, 'options'), { value: id })
        ids.add(id)
        const title = textOf(lang, label(i, fieldName, 'options'), o.title, FORM_LIMITS.optionTitle, true)
        const titleEn = textOf(lang, label(i, fieldName, 'options'), o.titleEn, FORM_LIMITS.optionTitle)
        return { id, title, ...(titleEn ? { texts: { en: { title: titleEn } } } : {}) }
      })
    }
    const labelEn = textOf(lang, label(i, fieldName, 'label'), f.labelEn, FORM_LIMITS.label)
    const inputTipEn = textOf(lang, label(i, fieldName, 'tip'), f.inputTipEn, FORM_LIMITS.tip)
    const en: Record<string, string> = {}
    if (labelEn) en.fieldShowName = labelEn
    if (inputTipEn) en.inputTip = inputTipEn
    return {
      fieldName,
      fieldShowName,
      fieldUiType,
      inputTip: textOf(lang, label(i, fieldName, 'tip'), f.inputTip, FORM_LIMITS.tip),
      isRequire: flag(f.isRequire, 'label'),
      isLengthLimit,
      lengthMin,
      lengthMax,
      optionList,
      isShowConfig: flag(f.isShowConfig, 'condition'),
      conditionFieldName: (f.conditionFieldName ?? '').trim(),
      conditionFieldValue: (f.conditionFieldValue ?? '').trim(),
      ...(Object.keys(en).length ? { texts: { en } } : {})
    }
  })

  // Conditions point at another field of this form, with values that field can take, and never round in a circle.
  const byName = new Map(fields.map((f) => [f.fieldName, f]))
  fields.forEach((f, i) => {
    if (!f.isShowConfig) {
      f.conditionFieldName = ''
      f.conditionFieldValue = ''
      return
    }
    const where = label(i, f.fieldName, 'condition')
    if (!f.conditionFieldName) throw refuse(lang, 'spRequired', where)
    if (f.conditionFieldName === f.fieldName) throw refuse(lang, 'spConditionSelf', where)
    const controller = byName.get(f.conditionFieldName)
    if (!controller) throw refuse(lang, 'spUnknownRef', where)
    const values = f.conditionFieldValue
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    if (!values.length) throw refuse(lang, 'spRequired', where)
    const allowed = CHOICE.has(controller.fieldUiType)
      ? new Set(controller.optionList.map((o) => o.id))
      : controller.fieldUiType === 'switch'
        ? new Set(['0', '1'])
        : null
    const bad = allowed && values.find((v) => !allowed.has(v))
    if (bad) throw refuse(lang, 'spConditionValue', where, { value: bad })
    f.conditionFieldValue = values.join(',')
    const seen = new Set([f.fieldName])
    for (let c: (typeof fields)[number] | undefined = controller; c && c.isShowConfig; c = byName.get(c.conditionFieldName)) {
      if (seen.has(c.fieldName)) throw refuse(lang, 'spConditionCycle', where)
      seen.add(c.fieldName)
    }
  })
  return fields
}

/** A new donation_form row: the settings of `from` (the school's default form, or the built-in one), these fields. */
function copyOf(
  from: Awaited<ReturnType<typeof formOf>>,
  schoolId: number,
  name: string,
  fieldList: string,
  now: Date
): Insertable<DonationFormTable> {
  if (from) {
    const { id: _id, ...rest } = from
    return { ...rest, school_id: schoolId, name, is_default: 0, field_list: fieldList, created_at: now.toISOString() }
  }
  const b = BUILTIN_FORM
  return {
    school_id: schoolId,
    name,
    is_default: 0,
    min_fen: b.minFen,
    is_integer_money: b.integerOnly ? 1 : 0,
    pay_platform_list: JSON.stringify(b.payTypes),
    receipt_type_list: '[]',
    receipt_way_paper_list: '[]',
    receipt_way_electronic_list: '[]',
    certificate_way_paper_list: '[]',
    offline_contact_info: '',
    certificate_pickup_address: '',
    certificate_pickup_name: '',
    certificate_pickup_mobile: '',
    receipt_pickup_address: '',
    receipt_pickup_name: '',
    receipt_pickup_mobile: '',
    is_show_anonymous: b.showAnonymous ? 1 : 0,
    is_show_no_data: 0,
    is_open_certificate: b.openCertificate ? 1 : 0,
    is_show_certificate: b.showCertificate ? 1 : 0,
    min_fen_certificate: 0,
    is_open_receipt: 0,
    is_show_receipt: 0,
    min_fen_receipt: 0,
    is_large_remind: 0,
    large_fen: 0,
    remind_content: '',
    is_credit_code: 0,
    success_word: '',
    field_list: fieldList,
    created_at: now.toISOString()
  }
}

export async function saveProjectForm(db: Kysely<DB>, a: StaffActor, itemsId: number, input: FieldInput[], now: Date): Promise<StaffForm> {
  const stored = checkFields(a.lang, input)
  const fieldList = JSON.stringify(stored)
  await db.transaction().execute(async (trx) => {
    const p = await requireStaffProject(trx, a.schoolId, itemsId)
    const own = p.form_id ? await getForm(trx, a.schoolId, p.form_id) : undefined
    const sharedWith = own
      ? await trx
          .selectFrom('project')
          .select('id')
          .where('school_id', '=', a.schoolId)
          .where('form_id', '=', own.id)
          .where('id', '!=', itemsId)
          .limit(1)
          .executeTakeFirst()
      : undefined
    const current = own ?? (await formOf(trx, a.schoolId, null))
    const before = { formId: current?.id ?? null, fields: current ? staffFields(current.field_list) : [] }
    let formId: number
    if (own && !sharedWith && !own.is_default) {
      formId = own.id
      await trx
        .updateTable('donation_form')
        .set({ field_list: fieldList })
        .where('school_id', '=', a.schoolId)
        .where('id', '=', own.id)
        .execute()
    } else {
      const row = copyOf(current, a.schoolId, `${p.name}`.slice(0, 60), fieldList, now)
      formId = (await trx.insertInto('donation_form').values(row).returning('id').executeTakeFirstOrThrow()).id
      await trx.updateTable('project').set({ form_id: formId }).where('school_id', '=', a.schoolId).where('id', '=', itemsId).execute()
    }
    await recordAudit(trx, {
      schoolId: a.schoolId,
      staffId: a.staffId,
      action: 'project.form.update',
      entity: 'project',
      entityId: itemsId,
      before,
      after: { formId, fields: staffFields(fieldList) }
    })
  })
  // donations read forms through the per-school cache (domain/school/cache.ts): the edit applies to the next one
  invalidateSchoolCache()
  return projectForm(db, a.schoolId, itemsId)
}
