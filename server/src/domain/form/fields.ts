/**
 * Dynamic fields of a donation form (docs/product §3 fieldList, §4 Form visibility, §5): which are visible, and whether
 * the submitted values satisfy them. Pure functions: the order service calls them before anything is written.
 */
import { DONATE_LIMITS, type FormField } from '../../../../types'
import { fieldRefusal } from '../../errors'
import type { MessageKey, MessageParams } from '../../i18n'

export type FormData = Record<string, string | number | boolean | null | undefined>

/** Submitted value as text ('' when absent); switches arrive as booleans from some clients. */
export function valueOf(data: FormData, name: string): string {
  const v = data[name]
  if (v === undefined || v === null) return ''
  if (typeof v === 'boolean') return v ? '1' : '0'
  return String(v).trim()
}

/** Characters as the donor sees them (code points: 䶮 is one character, two UTF-16 units). */
export const charLength = (s: string) => [...s].length

/**
 * A field is visible unless it is conditional (isShowConfig 1 with a controlling field) and the controlling
 * field's value is not one of conditionFieldValue, or the controlling field is itself hidden.
 */
export function visibleFields(fields: FormField[], data: FormData): FormField[] {
  const byName = new Map(fields.map((f) => [f.fieldName, f]))
  const memo = new Map<string, boolean>()
  const visible = (f: FormField, depth: number): boolean => {
    const known = memo.get(f.fieldName)
    if (known !== undefined) return known
    let v = true
    if (f.isShowConfig && f.conditionFieldName) {
      const controller = byName.get(f.conditionFieldName)
      // A cycle or an absurd chain is treated as hidden rather than looping.
      const controllerVisible = !controller || (depth < 16 && controller !== f && visible(controller, depth + 1))
      const allowed = f.conditionFieldValue
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
      const current = valueOf(data, f.conditionFieldName)
      const currentValues = controller?.fieldUiType === 'select2' ? current.split(',').map((s) => s.trim()) : [current]
      v = controllerVisible && currentValues.some((c) => c !== '' && allowed.includes(c))
    }
    memo.set(f.fieldName, v)
    return v
  }
  return fields.filter((f) => visible(f, 0))
}

export interface Mobile {
  code: string
  number: string
}

/** "86-13800138000", "+86-13800138000" or bare digits (area code 86). null when unreadable. */
export function parseMobile(raw: string): Mobile | null {
  const s = raw.trim()
  const m = /^\+?(\d{1,4})-(\d{3,20})$/.exec(s) ?? /^()(\d{3,20})$/.exec(s)
  if (!m) return null
  return { code: m[1] || DONATE_LIMITS.DEFAULT_AREA_CODE, number: m[2] }
}

/** docs/product §5: with area code 86 a mobile has 11 digits; other codes 5 to 15 digits. */
export function isValidMobile(raw: string): boolean {
  const m = parseMobile(raw)
  if (!m) return false
  return m.code === DONATE_LIMITS.DEFAULT_AREA_CODE ? /^1\d{10}$/.test(m.number) : /^\d{5,15}$/.test(m.number)
}

/** Resident ID: 17 digits and a digit or X. */
export const isIdNumber = (s: string) => /^\d{17}[\dXx]$/.test(s)
/** Unified social credit code / tax code: 18 digits or capital letters (docs/product §5, §9). */
export const isCreditCode = (s: string) => /^[0-9A-Z]{18}$/.test(s.toUpperCase())

function validDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (y < DONATE_LIMITS.DATE_MIN_YEAR || y > DONATE_LIMITS.DATE_MAX_YEAR) return false
  const dt = new Date(Date.UTC(y, mo - 1, d))
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d
}

/** Field names whose values are identity numbers: 18 characters when filled (docs/product §5). */
const ID_FIELDS = new Set(['idNo', 'idCard', 'idNumber'])
const CREDIT_FIELDS = new Set(['creditCode', 'taxCode'])

/**
 * Throws code -1 naming the first problem, in list order (the app shows the first missing field's placeholder).
 * Hidden fields are neither required nor checked.
 */
export function validateFields(fields: FormField[], data: FormData, now = new Date()): void {
  for (const f of visibleFields(fields, data)) {
    const title = f.fieldShowName
    const refuse = (key: MessageKey, params: MessageParams = {}) => fieldRefusal(f.fieldName, key, params)
    const v = valueOf(data, f.fieldName)
    if (v === '') {
      if (f.isRequire) throw refuse('fieldRequired', { tip: f.inputTip || `请填写${title}`, title })
      continue
    }
    switch (f.fieldUiType) {
      case 'number':
        if (!/^[1-9]\d{0,15}$/.test(v)) throw refuse('fieldNotPositiveInt', { title })
        break
      case 'mobile':
        if (!isValidMobile(v)) throw refuse('donateMobileInvalid')
        break
      case 'switch':
        if (v !== '0' && v !== '1') throw refuse('fieldInvalid', { title })
        break
      case 'select':
      case 'radio':
        if (!f.optionList.some((o) => o.id === v)) throw refuse('fieldInvalid', { title })
        break
      case 'select2': {
        const picked = v.split(',').map((s) => s.trim())
        if (!picked.every((p) => f.optionList.some((o) => o.id === p))) throw refuse('fieldInvalid', { title })
        break
      }
      case 'date':
        if (!validDate(v)) throw refuse('fieldInvalid', { title })
        break
      case 'year': {
        const y = Number(v)
        const thisYear = now.getUTCFullYear()
        if (!/^\d{4}$/.test(v) || y < thisYear - 100 || y > thisYear + 10) throw refuse('fieldInvalid', { title })
        break
      }
      default:
        break
    }
    if (ID_FIELDS.has(f.fieldName) && !isIdNumber(v)) throw refuse('fieldInvalid', { title })
    if (CREDIT_FIELDS.has(f.fieldName) && !isCreditCode(v)) throw refuse('fieldInvalid', { title })
    const len = charLength(v)
    const textual = f.fieldUiType === 'input' || f.fieldUiType === 'textarea' || f.fieldUiType === 'password' || f.fieldUiType === 'area'
    if (textual) {
      const max = f.isLengthLimit && f.lengthMax > 0 ? f.lengthMax : f.fieldUiType === 'textarea' ? DONATE_LIMITS.TEXTAREA_MAX : 0
      if (f.isLengthLimit && f.lengthMin > 0 && len < f.lengthMin) throw refuse('fieldTooShort', { title, min: f.lengthMin })
      if (max > 0 && len > max) throw refuse('fieldTooLong', { title, max })
    }
  }
}

/** What is stored with the order: the submitted map minus password fields and the campus card password. */
export function storableFormData(fields: FormField[], data: FormData): Record<string, string> {
  const passwords = new Set(fields.filter((f) => f.fieldUiType === 'password').map((f) => f.fieldName))
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(data)) {
    if (passwords.has(k) || /^(passwork|password|pwd)$/i.test(k)) continue
    if (v === undefined || v === null) continue
    out[k] = typeof v === 'boolean' ? (v ? '1' : '0') : String(v)
  }
  return out
}
