/**
 * docs/product §5 on POST donate, again on the server: the client's checks are a convenience, these are the rules.
 * Pure: the service loads the project, form, school switch, sub-projects and joint donation, then calls
 * validateSubmission before it writes anything. Every refusal is code -1 naming the problem (errors.ts).
 * The amount charged is computed here (goods: quantity × unit price); the client's figure is only compared.
 */
import type { Selectable } from 'kysely'
import { MAX_DONATION_YUAN } from '../../../../types'
import type { DonationSubmissionTable, ProjectTable } from '../../db/schema'
import { bizError, fieldRefusal } from '../../errors'
import { BEIJING_OFFSET_MS } from '../../lib/dates'
import { fenToYuan, yuanToFen } from '../../lib/money'
import {
  charLength,
  isCreditCode,
  isIdNumber,
  isValidMobile,
  storableFormData,
  validateFields,
  valueOf,
  type FormData
} from '../form/fields'
import type { FormModel } from '../form/mapper'
import { parseFixMoney } from '../form/service'
import type { DonateSubmission as DonateBody } from '../../../../types/schema/donate'

export const MAX_DONATION_FEN = MAX_DONATION_YUAN * 100
/** goods orders: a sane upper bound on units before the amount limit applies */
const MAX_QUANTITY = 10_000_000

/** The body as it arrives: its schema (types/schema/donate.ts DonateSubmission) checks shapes only, so these rules can answer -1 with a message. */
export type { DonateSubmission as DonateBody } from '../../../../types/schema/donate'

export interface DonateContext {
  project: Selectable<ProjectTable>
  subProjects: { id: number; fix_money: string }[]
  form: FormModel
  onlineDisabled: boolean
  offlineContact: string
  /** the joint donation named by donateTogetherId, if it exists in this school */
  together: { id: number; items_id: number; status: string } | null
  /** the account's nickname: the donor's name when the form has no name field */
  nickname: string
  now?: Date
  /** naming projects (itemsType 2): the amount domain/naming/holds.ts priced from the server's own list */
  namingFen?: number
}

export interface ValidOrder {
  amountFen: number
  materialNumber: number
  subItemsId: number | null
  togetherId: number | null
  isAnonymous: 0 | 1
  donorName: string
  payType: number
  campusCard?: { stuWorkNo: string; password: string }
  /** the donation_submission row minus what the order service fills in (ids, channel, client IP) */
  submission: Omit<DonationSubmissionTable, 'donation_id' | 'school_id' | 'pay_channel' | 'client_ip'>
}

const AMOUNT_RE = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '')
const on = (v: unknown) => v === 1 || v === true

/** "12.30" -> 1230; null when not a positive-or-zero amount with at most two decimals. */
/** 'YYYY-MM-DD': the Beijing (Asia/Shanghai, no daylight saving) calendar day of an instant. */
export const beijingDay = (d: Date): string => new Date(d.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10)

function parseAmount(v: unknown): number | null {
  if (typeof v !== 'string' || !AMOUNT_RE.test(v.trim())) return null
  return yuanToFen(v.trim())
}

function quantityOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 1 && v <= MAX_QUANTITY ? v : null
  if (typeof v === 'string' && /^[1-9]\d{0,7}$/.test(v.trim()) && Number(v.trim()) <= MAX_QUANTITY) return Number(v.trim())
  return null
}

function checkAmountLimits(fen: number, form: FormModel) {
  if (fen <= 0) throw fieldRefusal('amount', 'amountInvalid')
  if (fen > MAX_DONATION_FEN) throw fieldRefusal('amount', 'amountTooLarge', { max: MAX_DONATION_YUAN.toLocaleString('en-US') })
  if (form.integerOnly && fen % 100 !== 0) throw fieldRefusal('amount', 'amountNotInteger')
  if (form.minFen > 0 && fen < form.minFen) throw fieldRefusal('amount', 'amountBelowMin', { min: fenToYuan(form.minFen) })
}

function requirePostal(b: DonateBody) {
  if (!text(b.postalAddress, 500)) throw fieldRefusal('postalAddress', 'postalRequired', { title: '邮寄地址' })
  if (!text(b.postalContact, 64)) throw fieldRefusal('postalContact', 'postalRequired', { title: '联系人' })
  const mobile = text(b.postalMobile, 32)
  if (!mobile) throw fieldRefusal('postalMobile', 'postalRequired', { title: '联系电话' })
  if (!isValidMobile(mobile)) throw fieldRefusal('postalMobile', 'donateContactMobileInvalid')
}

export function validateSubmission(ctx: DonateContext, b: DonateBody): ValidOrder {
  const { project, form } = ctx
  const data: FormData = b.formDataMap ?? {}

  // Where the gift may go at all.
  if (ctx.onlineDisabled) throw bizError('onlineDonationDisabled', { contact: ctx.offlineContact || form.offlineContactInfo })
  if (!project.is_donate) throw bizError('projectClosed', { reason: project.no_reason ? `：${project.no_reason}` : '' })
  // The project's giving period (migration 022): Beijing calendar days, both ends included; '' is open-ended.
  const today = beijingDay(ctx.now ?? new Date())
  if (project.start_date && today < project.start_date) throw bizError('projectNotStarted', { date: project.start_date })
  if (project.end_date && today > project.end_date) throw bizError('projectEnded', { date: project.end_date })
  // A naming project takes naming orders only, and only once they were priced by the naming rules (namingFen).
  if (project.items_type === 2 && b.itemsType === 2 && ctx.namingFen === undefined) throw bizError('namingElsewhere')
  if (b.itemsType === 2 && project.items_type !== 2) throw bizError('namingNotOffered')
  if (project.items_type !== b.itemsType || (project.items_type !== 1 && project.items_type !== 2)) throw bizError('namingElsewhere')
  if (b.formId !== undefined && b.formId !== null && b.formId !== form.id) throw bizError('formChanged')
  if (b.currency !== undefined && b.currency !== null && b.currency !== 'CNY') throw bizError('currencyUnsupported')
  if (!form.payTypes.includes(b.payType)) throw bizError('payTypeUnavailable')

  // Sub-project and joint donation belong to this project.
  let subItemsId: number | null = null
  let subFixMoney: { title: string; fen: number }[] = []
  if (b.subItemsId !== undefined && b.subItemsId !== null) {
    const sub = ctx.subProjects.find((s) => s.id === b.subItemsId)
    if (!sub) throw bizError('subProjectInvalid')
    subItemsId = sub.id
    subFixMoney = parseFixMoney(sub.fix_money)
  }
  let togetherId: number | null = null
  if (b.donateTogetherId !== undefined && b.donateTogetherId !== null) {
    const tg = ctx.together
    if (!tg || tg.id !== b.donateTogetherId || tg.items_id !== project.id || tg.status !== 'active' || !project.is_donate_together) {
      throw bizError('togetherInvalid')
    }
    togetherId = tg.id
  } else if (on(b.isDonateTogether)) {
    throw bizError('togetherInvalid')
  }

  // The amount: recomputed here, never taken from the client.
  let amountFen: number
  let materialNumber = 0
  if (ctx.namingFen !== undefined && project.items_type === 2) {
    amountFen = ctx.namingFen
  } else if (project.crowd_type === 2) {
    const qty = quantityOf(b.donateMaterialNumber)
    if (qty === null) throw bizError('quantityInvalid')
    if (project.material_price_fen <= 0) throw bizError('projectClosed', { reason: '' })
    materialNumber = qty
    amountFen = qty * project.material_price_fen
    if (!Number.isSafeInteger(amountFen) || amountFen > MAX_DONATION_FEN) {
      throw bizError('amountTooLarge', { max: MAX_DONATION_YUAN.toLocaleString('en-US') })
    }
    const claimed = b.currencyMoney === undefined || b.currencyMoney === '' ? null : parseAmount(b.currencyMoney)
    if (b.currencyMoney !== undefined && b.currencyMoney !== '' && claimed !== amountFen) throw bizError('amountChanged')
  } else {
    const fen = parseAmount(b.currencyMoney)
    if (fen === null) throw bizError('amountInvalid')
    amountFen = fen
  }
  checkAmountLimits(amountFen, form)
  if (project.items_type === 1 && project.crowd_type !== 2 && project.is_fix_money && !project.is_hand_money) {
    const offered = subFixMoney.length ? subFixMoney : parseFixMoney(project.fix_money)
    if (!offered.some((o) => o.fen === amountFen)) throw bizError('amountNotOffered')
  }

  // Anonymity hides and skips the donor, certificate and receipt sections (docs/product §4).
  const isAnonymous: 0 | 1 = on(b.isAnonymous) ? 1 : 0
  if (isAnonymous && !form.showAnonymous) throw bizError('anonymousUnavailable')
  if (!isAnonymous) validateFields(form.fields, data, ctx.now)
  const donorName = (text(valueOf(data, 'name'), 64) || text(b.certificateDonorName, 64) || ctx.nickname || '爱心人士').slice(0, 64)

  // Paper certificate (the electronic one needs no request: it follows minMoneyCertificate).
  let isNeedPaper = 0
  let certificateWay: number | null = null
  const certificateDonorName = isAnonymous ? '' : text(b.certificateDonorName, 64)
  if (!isAnonymous && on(b.isNeedPaper)) {
    if (!form.openCertificate || !form.showCertificate || amountFen < form.minFenCertificate || !form.certificateWaysPaper.length) {
      throw bizError('certificateUnavailable')
    }
    if (!certificateDonorName) throw bizError('certificateNameRequired')
    if (b.certificateWay === undefined || b.certificateWay === null || !form.certificateWaysPaper.includes(b.certificateWay)) {
      throw bizError('donateCertificateWayInvalid')
    }
    isNeedPaper = 1
    certificateWay = b.certificateWay
    if (certificateWay === 2) requirePostal(b)
  }

  // Receipt.
  let isNeedReceipt = 0
  let receipt: Pick<
    ValidOrder['submission'],
    'receipt_donor_type' | 'receipt_donor_name' | 'credit_code' | 'receipt_type' | 'receipt_way'
  > = { receipt_donor_type: null, receipt_donor_name: '', credit_code: '', receipt_type: null, receipt_way: null }
  if (!isAnonymous && on(b.isNeedReceipt)) {
    if (!form.openReceipt || !form.showReceipt || amountFen < form.minFenReceipt || !form.receiptTypes.length)
      throw bizError('receiptUnavailable')
    const type = b.receiptType ?? null
    if (type === null || !form.receiptTypes.includes(type)) throw bizError('donateReceiptTypeInvalid')
    const ways = type === 1 ? form.receiptWaysPaper : form.receiptWaysElectronic
    const way = b.receiptWay ?? null
    if (way === null || !ways.includes(way)) throw bizError('donateReceiptWayInvalid')
    const donorType = b.receiptDonorType ?? null
    if (donorType !== 1 && donorType !== 2) throw bizError('receiptDonorTypeInvalid')
    const name = text(b.receiptDonorName, 100)
    if (!name) throw fieldRefusal('receiptDonorName', 'receiptNameRequired', { title: donorType === 2 ? '单位名称' : '姓名' })
    const code = text(b.creditCode, 32)
    const codeTitle = donorType === 2 ? '统一社会信用代码' : '身份证号'
    if (form.creditCodeRequired && !code) throw fieldRefusal('creditCode', 'receiptNameRequired', { title: codeTitle })
    if (code && charLength(code) !== 18) throw fieldRefusal('creditCode', 'fieldInvalid', { title: codeTitle })
    if (code && !(donorType === 2 ? isCreditCode(code) : isIdNumber(code)))
      throw fieldRefusal('creditCode', 'fieldInvalid', { title: codeTitle })
    if (way === 3 && !EMAIL_RE.test(text(b.postalEmail, 200))) throw fieldRefusal('postalEmail', 'donateEmailInvalid')
    if (way === 4 && !isValidMobile(text(b.postalMobileSms, 32))) throw fieldRefusal('postalMobileSms', 'donateMobileInvalid')
    if (way === 2) requirePostal(b)
    isNeedReceipt = 1
    receipt = {
      receipt_donor_type: donorType,
      receipt_donor_name: name,
      credit_code: code.toUpperCase(),
      receipt_type: type,
      receipt_way: way
    }
  }

  // Campus card: number and password required (the balance is the card service's answer).
  let campusCard: ValidOrder['campusCard']
  if (b.payType === 9) {
    const stuWorkNo = valueOf(data, 'stuWorkNo')
    const password = valueOf(data, 'passwork')
    if (!stuWorkNo || !password) throw bizError('campusCardRequired')
    campusCard = { stuWorkNo, password }
  }

  if (!on(b.isAgree)) throw bizError('agreementRequired')

  const keepPostal = isNeedPaper || isNeedReceipt
  return {
    amountFen,
    materialNumber,
    subItemsId,
    togetherId,
    isAnonymous,
    donorName,
    payType: b.payType,
    campusCard,
    submission: {
      form_id: form.id || null,
      currency: 'CNY',
      donate_from: b.donateFrom,
      is_no_data: on(b.isNoData) ? 1 : 0,
      is_need_paper: isNeedPaper,
      certificate_donor_name: certificateDonorName,
      certificate_way: certificateWay,
      is_need_receipt: isNeedReceipt,
      ...receipt,
      postal_email: isNeedReceipt ? text(b.postalEmail, 200) : '',
      postal_mobile_sms: isNeedReceipt ? text(b.postalMobileSms, 32) : '',
      postal_country: keepPostal ? text(b.postalCountry, 64) : '',
      postal_province: keepPostal ? text(b.postalProvince, 64) : '',
      postal_city: keepPostal ? text(b.postalCity, 64) : '',
      postal_district: keepPostal ? text(b.postalDistrict, 64) : '',
      postal_address: keepPostal ? text(b.postalAddress, 500) : '',
      postal_zip: keepPostal ? text(b.postalZip, 16) : '',
      postal_contact: keepPostal ? text(b.postalContact, 64) : '',
      postal_mobile: keepPostal ? text(b.postalMobile, 32) : '',
      form_data: JSON.stringify(storableFormData(form.fields, data))
    }
  }
}
