/**
 * Donation form rows -> the form model the order rules use, and -> the wire FormConfig (types/donate.ts).
 * JSON columns are parsed defensively: a malformed field or list entry is dropped, never trusted.
 */
import type { Selectable } from 'kysely'
import { FIELD_UI_TYPES, type FieldOption, type FieldUiType, type FormConfig, type FormField, type PayTypeCode } from '../../../../types'
import type { DonationFormTable } from '../../db/schema'
import { fenToYuan } from '../../lib/money'
import { PayTypes } from '../../../../types/pay-codes'
import { localized, parseTexts } from './texts'
import type { Lang } from '../../../../types'

export type FormRow = Selectable<DonationFormTable>

export interface FormModel {
  /** 0 for the built-in form of a school that has none */
  id: number
  minFen: number
  integerOnly: boolean
  payTypes: number[]
  receiptTypes: number[]
  receiptWaysPaper: number[]
  receiptWaysElectronic: number[]
  certificateWaysPaper: number[]
  offlineContactInfo: string
  certificatePickup: { address: string; name: string; mobile: string }
  receiptPickup: { address: string; name: string; mobile: string }
  showAnonymous: boolean
  showNoData: boolean
  openCertificate: boolean
  showCertificate: boolean
  minFenCertificate: number
  openReceipt: boolean
  showReceipt: boolean
  minFenReceipt: number
  largeRemind: boolean
  largeFen: number
  remindContent: string
  creditCodeRequired: boolean
  successWord: string
  fields: FormField[]
}

const PAY_TYPES = new Set<number>(Object.values(PayTypes))
const UI_TYPES = new Set<string>(FIELD_UI_TYPES)

function numberList(json: string, allowed?: Set<number>): number[] {
  try {
    const v: unknown = JSON.parse(json)
    if (!Array.isArray(v)) return []
    return [...new Set(v.filter((n): n is number => Number.isSafeInteger(n) && (!allowed || allowed.has(n))))]
  } catch {
    return []
  }
}

const str = (v: unknown, max = 500) => (typeof v === 'string' ? v.slice(0, max) : typeof v === 'number' ? String(v) : '')
const int = (v: unknown) => (Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : 0)
const flag = (v: unknown): 0 | 1 => (v === 1 || v === '1' || v === true ? 1 : 0)

/**
 * A field survives only with a name and a known ui type; options need an id and a title. Labels, placeholders and
 * option titles answer in `lang` where the field carries that text (texts.ts), else in Chinese.
 */
export function parseFields(json: string, lang: Lang = 'zh_CN'): FormField[] {
  let v: unknown
  try {
    v = JSON.parse(json)
  } catch {
    return []
  }
  if (!Array.isArray(v)) return []
  const out: FormField[] = []
  for (const f of v as Record<string, unknown>[]) {
    if (!f || typeof f !== 'object') continue
    const fieldName = str(f.fieldName, 64)
    const ui = str(f.fieldUiType, 16)
    if (!fieldName || !UI_TYPES.has(ui)) continue
    const optionList: FieldOption[] = Array.isArray(f.optionList)
      ? (f.optionList as Record<string, unknown>[])
          .filter((o) => o && str(o.id, 64) !== '' && str(o.title, 200) !== '')
          .map((o) => ({ id: str(o.id, 64), title: str(localized(str(o.title), parseTexts(o.texts), lang, 'title'), 200) }))
      : []
    const texts = parseTexts(f.texts)
    out.push({
      fieldName,
      fieldShowName: str(localized(str(f.fieldShowName), texts, lang, 'fieldShowName'), 100) || fieldName,
      fieldUiType: ui as FieldUiType,
      inputTip: str(localized(str(f.inputTip), texts, lang, 'inputTip'), 200),
      isRequire: flag(f.isRequire),
      isLengthLimit: flag(f.isLengthLimit),
      lengthMin: int(f.lengthMin),
      lengthMax: int(f.lengthMax),
      optionList,
      isShowConfig: flag(f.isShowConfig),
      conditionFieldName: str(f.conditionFieldName, 64),
      conditionFieldValue: str(f.conditionFieldValue, 500)
    })
  }
  return out
}

/** The form in `lang`: the thank-you word, reminder, offline contact and fields from its texts, Chinese where absent. */
export function toFormModel(row: FormRow, lang: Lang = 'zh_CN'): FormModel {
  const texts = parseTexts(row.texts)
  const text = (column: 'success_word' | 'remind_content' | 'offline_contact_info') => localized(row[column], texts, lang, column)
  return {
    id: row.id,
    minFen: row.min_fen,
    integerOnly: !!row.is_integer_money,
    payTypes: numberList(row.pay_platform_list, PAY_TYPES),
    receiptTypes: numberList(row.receipt_type_list, new Set([1, 2])),
    receiptWaysPaper: numberList(row.receipt_way_paper_list, new Set([1, 2])),
    receiptWaysElectronic: numberList(row.receipt_way_electronic_list, new Set([3, 4])),
    certificateWaysPaper: numberList(row.certificate_way_paper_list, new Set([1, 2])),
    offlineContactInfo: text('offline_contact_info'),
    certificatePickup: {
      address: row.certificate_pickup_address,
      name: row.certificate_pickup_name,
      mobile: row.certificate_pickup_mobile
    },
    receiptPickup: { address: row.receipt_pickup_address, name: row.receipt_pickup_name, mobile: row.receipt_pickup_mobile },
    showAnonymous: !!row.is_show_anonymous,
    showNoData: !!row.is_show_no_data,
    openCertificate: !!row.is_open_certificate,
    showCertificate: !!row.is_show_certificate,
    minFenCertificate: row.min_fen_certificate,
    openReceipt: !!row.is_open_receipt,
    showReceipt: !!row.is_show_receipt,
    minFenReceipt: row.min_fen_receipt,
    largeRemind: !!row.is_large_remind,
    largeFen: row.large_fen,
    remindContent: text('remind_content'),
    creditCodeRequired: !!row.is_credit_code,
    successWord: text('success_word'),
    fields: parseFields(row.field_list, lang)
  }
}

/**
 * A school without any form row still takes gifts: WeChat Pay and Alipay, electronic certificates for every
 * amount, no receipts, no extra fields (the donor's name falls back to the account's nickname).
 */
export const BUILTIN_FORM: FormModel = {
  id: 0,
  minFen: 0,
  integerOnly: false,
  payTypes: [1, 2],
  receiptTypes: [],
  receiptWaysPaper: [],
  receiptWaysElectronic: [],
  certificateWaysPaper: [],
  offlineContactInfo: '',
  certificatePickup: { address: '', name: '', mobile: '' },
  receiptPickup: { address: '', name: '', mobile: '' },
  showAnonymous: true,
  showNoData: false,
  openCertificate: true,
  showCertificate: true,
  minFenCertificate: 0,
  openReceipt: false,
  showReceipt: false,
  minFenReceipt: 0,
  largeRemind: false,
  largeFen: 0,
  remindContent: '',
  creditCodeRequired: false,
  successWord: '',
  fields: []
}

const f = (b: boolean): 0 | 1 => (b ? 1 : 0)

export function toFormConfig(
  m: FormModel,
  extra: {
    onlineDisabled: boolean
    schoolOfflineContact: string
    donateRecord: FormConfig['donateRecord']
  }
): FormConfig {
  return {
    id: m.id,
    minMoney: fenToYuan(m.minFen),
    isIntegerMoney: f(m.integerOnly),
    payPlatformList: m.payTypes as PayTypeCode[],
    receiptTypeList: m.receiptTypes,
    receiptWayPaperList: m.receiptWaysPaper,
    receiptWayElectronicList: m.receiptWaysElectronic,
    certificateWayPaperList: m.certificateWaysPaper,
    // The school's switch wins: when online giving is off the donor sees the contact text instead of the form.
    offlineContactInfo: extra.onlineDisabled ? extra.schoolOfflineContact || m.offlineContactInfo : m.offlineContactInfo,
    isOnlineDisabled: f(extra.onlineDisabled),
    certificatePickUpAddress: m.certificatePickup.address,
    certificatePickUpName: m.certificatePickup.name,
    certificatePickUpMobile: m.certificatePickup.mobile,
    pickUpAddress: m.receiptPickup.address,
    pickUpName: m.receiptPickup.name,
    pickUpMobile: m.receiptPickup.mobile,
    isShowAnonymous: f(m.showAnonymous),
    isShowNoData: f(m.showNoData),
    isOpenCertificate: f(m.openCertificate),
    isShowCertificate: f(m.showCertificate),
    minMoneyCertificate: fenToYuan(m.minFenCertificate),
    isOpenReceipt: f(m.openReceipt),
    isShowReceipt: f(m.showReceipt),
    minMoneyReceipt: fenToYuan(m.minFenReceipt),
    isLargeRemind: f(m.largeRemind),
    largeAmount: fenToYuan(m.largeFen),
    remindContent: m.remindContent,
    isCreditCode: f(m.creditCodeRequired),
    donateRecord: extra.donateRecord,
    fieldList: m.fields
  }
}
