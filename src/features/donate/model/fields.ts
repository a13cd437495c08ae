/**
 * Dynamic form fields (docs/product §3 fieldList, §4 conditional fields, §5 validation). Pure: the same visibility rule
 * the server applies (server/src/domain/form/fields.ts), so what the donor sees is what the server checks.
 */
import { DONATE_LIMITS, type FormField } from '@contract'
import { isPositiveInt } from './amount'
import type { MessageKey } from '@/lib/i18n'

export type FieldValues = Record<string, string>

/** Characters as the donor sees them (code points: 䶮 is one character). */
export const charLength = (s: string): number => [...(s || '')].length

const splitList = (s: string): string[] =>
  (s || '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)

/**
 * A field is shown unless it is conditional (isShowConfig 1 with conditionFieldName) and its controller's value is
 * not one of the comma-separated conditionFieldValue, or the controller is itself hidden (chained hiding).
 * A select2 controller matches when any of its picked options is listed.
 */
export function visibleFields(fields: FormField[], values: FieldValues): FormField[] {
  const byName = new Map(fields.map((f) => [f.fieldName, f]))
  const memo = new Map<string, boolean>()
  const visible = (f: FormField, depth: number): boolean => {
    const known = memo.get(f.fieldName)
    if (known !== undefined) return known
    let shown = true
    if (f.isShowConfig === 1 && f.conditionFieldName) {
      const controller = byName.get(f.conditionFieldName)
      // a cycle or an absurd chain is hidden rather than looping (the server does the same)
      const controllerShown = !controller || (depth < 16 && controller !== f && visible(controller, depth + 1))
      const allowed = splitList(f.conditionFieldValue)
      const current = (values[f.conditionFieldName] ?? '').trim()
      const picked = controller?.fieldUiType === 'select2' ? splitList(current) : [current]
      shown = controllerShown && picked.some((v) => v !== '' && allowed.includes(v))
    }
    memo.set(f.fieldName, shown)
    return shown
  }
  return fields.filter((f) => visible(f, 0))
}

/** The initial value of a field: switches start off ('0'), everything else empty. */
export const emptyValue = (f: FormField): string => (f.fieldUiType === 'switch' ? '0' : '')

/** Textarea max defaults to 200 (docs/product §5); other fields have a max only with isLengthLimit. */
export function maxLengthOf(f: FormField): number {
  if (f.isLengthLimit === 1 && f.lengthMax > 0) return f.lengthMax
  return f.fieldUiType === 'textarea' ? DONATE_LIMITS.TEXTAREA_MAX : 0
}

/** Mainland numbers (code 86) have 11 digits starting with 1; other codes 5 to 15 digits (as the server checks). */
export function isValidMobile(code: string, number: string): boolean {
  const c = normaliseCode(code)
  const n = (number || '').trim()
  return c === DONATE_LIMITS.DEFAULT_AREA_CODE ? /^1\d{10}$/.test(n) : /^\d{5,15}$/.test(n)
}

/** "+86" / "86" / "" -> "86". */
export const normaliseCode = (code: string | undefined | null): string =>
  (code || '').replace(/^\+/, '').trim() || DONATE_LIMITS.DEFAULT_AREA_CODE

/** Wire form of a mobile: "86-13800138000" (types/donate.ts). */
export const joinMobile = (code: string, number: string): string => `${normaliseCode(code)}-${(number || '').trim()}`

/** "86-13800138000", "+852-91234567" or bare digits -> code and number. */
export function splitMobile(raw: string): { code: string; number: string } {
  const m = /^\+?(\d{1,4})-(\d*)$/.exec((raw || '').trim())
  if (m) return { code: m[1], number: m[2] }
  return { code: DONATE_LIMITS.DEFAULT_AREA_CODE, number: (raw || '').trim() }
}

/** Fields whose values are identity or credit codes: 18 characters when filled (docs/product §5). */
const CODE_FIELDS = new Set(['idNo', 'idCard', 'idNumber', 'creditCode', 'taxCode'])

export function yearRange(now = new Date()): { start: number; end: number } {
  const y = now.getFullYear()
  return { start: y - 100, end: y + 10 }
}

export interface FieldError {
  fieldName: string
  key: MessageKey
  params?: Record<string, string | number>
  /** shown as is (a required field's placeholder) */
  text?: string
  duration: number
}

/** The problem with one visible field's value, or null. `code` is the area code of a mobile field. */
export function fieldError(f: FormField, rawValue: string, code = '', now = new Date()): FieldError | null {
  const title = f.fieldShowName
  const v = (rawValue ?? '').trim()
  const err = (key: MessageKey, params?: FieldError['params']): FieldError => ({ fieldName: f.fieldName, key, params, duration: 1000 })
  // a switch is always answered (off is an answer); required means a value for everything else
  const empty = v === '' || (f.fieldUiType === 'switch' && v !== '0' && v !== '1')
  if (empty) {
    if (f.isRequire !== 1) return null
    return { fieldName: f.fieldName, key: 'donate.field.required', params: { title }, text: f.inputTip || undefined, duration: 1000 }
  }
  switch (f.fieldUiType) {
    case 'number':
      if (!isPositiveInt(v)) return err('donate.field.positiveInt', { title })
      break
    case 'mobile':
      if (!isValidMobile(code, v)) return err('donate.field.mobileInvalid')
      break
    case 'select':
    case 'radio':
      if (!f.optionList.some((o) => o.id === v)) return err('donate.field.invalid', { title })
      break
    case 'select2':
      if (!splitList(v).every((id) => f.optionList.some((o) => o.id === id))) return err('donate.field.invalid', { title })
      break
    case 'date': {
      const m = /^(\d{4})-\d{2}-\d{2}$/.exec(v)
      const y = m ? Number(m[1]) : 0
      if (!m || y < DONATE_LIMITS.DATE_MIN_YEAR || y > DONATE_LIMITS.DATE_MAX_YEAR) return err('donate.field.invalid', { title })
      break
    }
    case 'year': {
      const { start, end } = yearRange(now)
      if (!/^\d{4}$/.test(v) || Number(v) < start || Number(v) > end) return err('donate.field.invalid', { title })
      break
    }
    default:
      break
  }
  if (CODE_FIELDS.has(f.fieldName) && charLength(v) !== 18) return err('donate.field.invalid', { title })
  const textual = f.fieldUiType === 'input' || f.fieldUiType === 'textarea' || f.fieldUiType === 'password'
  if (textual) {
    const len = charLength(v)
    if (f.isLengthLimit === 1 && f.lengthMin > 0 && len < f.lengthMin) return err('donate.field.tooShort', { title, min: f.lengthMin })
    const max = maxLengthOf(f)
    if (max > 0 && len > max) return err('donate.field.tooLong', { title, max })
  }
  return null
}

/** The first problem among the visible fields, in list order (required-first-missing shows its placeholder). */
export function firstFieldError(
  fields: FormField[],
  values: FieldValues,
  codes: Record<string, string>,
  now = new Date()
): FieldError | null {
  for (const f of visibleFields(fields, values)) {
    const e = fieldError(f, values[f.fieldName] ?? '', codes[f.fieldName], now)
    if (e) return e
  }
  return null
}

/**
 * Number fields on blur (docs/product §5): anything but a positive integer toasts 'must be a positive integer' for 1 s and
 * clears. Returns the error to show, or null when the value may stay.
 */
export function numberBlurError(f: FormField, value: string): FieldError | null {
  const v = (value || '').trim()
  if (!v || isPositiveInt(v)) return null
  return { fieldName: f.fieldName, key: 'donate.field.positiveInt', params: { title: f.fieldShowName }, duration: 1000 }
}

/** Previous answers (formDetail.donateRecord.formData, a JSON object) for the current fields; passwords never. */
export function prefillValues(
  fields: FormField[],
  formData: string | null | undefined
): { values: FieldValues; codes: Record<string, string> } {
  const values: FieldValues = {}
  const codes: Record<string, string> = {}
  let data: Record<string, unknown> = {}
  try {
    const parsed = formData ? JSON.parse(formData) : {}
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed as Record<string, unknown>
  } catch {
    data = {}
  }
  for (const f of fields) {
    values[f.fieldName] = emptyValue(f)
    if (f.fieldUiType === 'mobile') codes[f.fieldName] = DONATE_LIMITS.DEFAULT_AREA_CODE
    const raw = data[f.fieldName]
    if (f.fieldUiType === 'password' || raw === undefined || raw === null) continue
    const s = typeof raw === 'boolean' ? (raw ? '1' : '0') : String(raw)
    if (f.fieldUiType === 'mobile') {
      const m = splitMobile(s)
      values[f.fieldName] = m.number
      codes[f.fieldName] = m.code
    } else {
      values[f.fieldName] = s
    }
  }
  return { values, codes }
}
