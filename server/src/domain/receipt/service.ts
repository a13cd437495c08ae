/**
 * Tax receipts of the caller (docs/product §2 mine-paper, §3 Receipt record/config, §5 receipt, §7 Receipts): one
 * application row per donation (receipt_request, UNIQUE donation_id). Invoice information (courier, file) is
 * shown only for statuses 2, 4, 6, 7.
 */
import type { Kysely } from 'kysely'
import {
  ApplyFilter,
  CREDIT_CODE_LENGTH,
  PAGE_SIZE,
  RECEIPT_INVOICE_STATUSES,
  type ApplyAnswer,
  type Lang,
  type Page,
  type ReceiptConfig,
  type ReceiptInsertBody,
  type ReceiptLastUserInfo,
  type ReceiptRecord,
  type StayDonation
} from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError, fieldRefusal } from '../../errors'
import { toWireDate } from '../../lib/dates'
import { fenToYuan } from '../../lib/money'
import { pageWindow } from '../../lib/sql'
import * as gifts from '../center/repository'
import * as repo from './repository'
import { localized, parseTexts } from '../form/texts'
import { toPersonalDonation } from '../center/service'
import { clean, isUniqueViolation, newBatchNo, requirePostal, uniqueIds } from '../fulfilment/common'
import { getFulfilmentConfig, toReceiptConfig, validFrom, type FulfilmentConfig } from '../fulfilment/config'
import { parseAreaMobile } from '../identity/phone'

type PageQ = { limit?: number | null; offset?: number | null }

export async function receiptConfig(db: Kysely<DB>, schoolId: number): Promise<ReceiptConfig> {
  return toReceiptConfig(await getFulfilmentConfig(db, schoolId))
}

const STATUS_GROUP: Record<number, number[] | null> = {
  [ApplyFilter.ALL]: null,
  [ApplyFilter.MAKING]: [1],
  [ApplyFilter.DONE]: [2, 3, 4, 5, 6, 7]
}

interface ReceiptRow {
  id: number
  status: number
  created_at: string
  donation_id: number
  receipt_type: number
  receipt_way: number
  donor_type: number
  donor_name: string
  credit_code: string
  postal_contact: string
  postal_mobile: string
  postal_address: string
  postal_email: string
  postal_mobile_sms: string
  express_company: string
  express_no: string
  file_url: string
  items_id: number
  amount_fen: number
  paid_at: string | null
  items_name: string
  items_texts: string
  thumbnail_img: string
}

function toWire(r: ReceiptRow, lang: Lang): ReceiptRecord {
  const invoice = RECEIPT_INVOICE_STATUSES.includes(r.status)
  return {
    id: r.id,
    status: r.status,
    createDate: toWireDate(r.created_at),
    donateId: r.donation_id,
    itemsId: r.items_id,
    // the project named in the donor's language where the school entered it (decision 073)
    itemsName: localized(r.items_name, parseTexts(r.items_texts), lang, 'name'),
    thumbnailImg: r.thumbnail_img,
    donateMoney: fenToYuan(r.amount_fen),
    donateTime: toWireDate(r.paid_at),
    receiptType: r.receipt_type,
    receiptWay: r.receipt_way,
    donorType: r.donor_type,
    donorName: r.donor_name,
    creditCode: r.credit_code,
    postalContact: r.postal_contact,
    postalMobile: r.postal_mobile,
    postalAddress: r.postal_address,
    postalEmail: r.postal_email,
    postalMobileSms: r.postal_mobile_sms,
    expressCompanyTitle: invoice ? r.express_company : '',
    expressOrderNo: invoice ? r.express_no : '',
    fileUrl: invoice ? r.file_url : ''
  }
}

export async function receiptPage(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  q: PageQ & { status?: number | null },
  lang: Lang = 'zh_CN'
): Promise<Page<ReceiptRecord>> {
  const { limit, offset } = pageWindow(q, PAGE_SIZE.LIST, PAGE_SIZE.MAX)
  const [rows, total] = await repo.receiptPage(db, schoolId, userId, STATUS_GROUP[q.status ?? 0], limit, offset)
  return { total: Number(total.n), rows: rows.map((r) => toWire(r, lang)) }
}

export async function receiptDetail(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  id: number,
  lang: Lang = 'zh_CN'
): Promise<ReceiptRecord> {
  const r = await repo.receiptOf(db, schoolId, userId, id)
  if (!r) throw bizError('receiptNotFound')
  return toWire(r, lang)
}

/** receipt/stay/page: the caller's paid gifts without a receipt application, within the school's validType. */
export async function receiptStayPage(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  q: PageQ,
  now: Date,
  lang: Lang = 'zh_CN'
): Promise<Page<StayDonation>> {
  const cfg = await getFulfilmentConfig(db, schoolId)
  if (cfg.validType === 0) return { total: 0, rows: [] }
  const { total, rows } = await gifts.listGifts(
    db,
    schoolId,
    userId,
    { notAppliedFor: 'receipt', paidFrom: validFrom(cfg, now) },
    pageWindow(q, PAGE_SIZE.PICKER, PAGE_SIZE.MAX)
  )
  return { total, rows: rows.map((r) => toPersonalDonation(r, lang)) }
}

/** receipt/lastUserInfo: what the caller entered last time (prefill), or null. */
export async function lastUserInfo(db: Kysely<DB>, schoolId: number, userId: number): Promise<ReceiptLastUserInfo> {
  const r = await repo.lastReceiptRequest(db, schoolId, userId)
  if (!r) return null
  return {
    donorType: r.donor_type,
    donorName: r.donor_name,
    creditCode: r.credit_code,
    receiptType: r.receipt_type,
    receiptWay: r.receipt_way,
    postalContact: r.postal_contact,
    postalMobile: r.postal_mobile,
    postalAddress: r.postal_address,
    postalEmail: r.postal_email,
    postalMobileSms: r.postal_mobile_sms
  }
}

const ENTERPRISE_CODE = new RegExp(`^[0-9A-Z]{${CREDIT_CODE_LENGTH}}$`)
const ID_NUMBER = /^\d{17}[\dX]$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

type ReceiptText = 'donorName' | 'creditCode' | 'postalContact' | 'postalMobile' | 'postalAddress' | 'postalEmail' | 'postalMobileSms'
/** The insert body as the route's schema admits it (routes/receipt): any text field may also be null or absent. */
export type ReceiptInsertInput = Omit<ReceiptInsertBody, ReceiptText> & { [K in ReceiptText]?: string | null }

/** The docs/product §5 receipt rules in the app's order; answers the normalised fields to store. */
export function validateReceipt(cfg: FulfilmentConfig, b: ReceiptInsertInput) {
  if (!cfg.isOpenReceipt || cfg.validType === 0) throw bizError('receiptClosed')
  const ids = uniqueIds(b.donateRecordIds ?? [])
  if (!ids.length) throw bizError('selectDonations')
  if (b.donorType !== 1 && b.donorType !== 2) throw bizError('donorTypeInvalid')
  const enterprise = b.donorType === 2
  const donorName = clean(b.donorName, 100)
  if (!donorName) throw fieldRefusal('donorName', enterprise ? 'enterCompanyName' : 'enterPersonName')
  const creditCode = clean(b.creditCode, 32).toUpperCase()
  if (cfg.isCreditCode || creditCode) {
    if (!(enterprise ? ENTERPRISE_CODE : ID_NUMBER).test(creditCode))
      throw fieldRefusal('creditCode', enterprise ? 'creditCodeInvalid' : 'idNoInvalid')
  }
  if (!cfg.receiptTypes.includes(b.receiptType)) throw fieldRefusal('receiptType', 'receiptTypeInvalid')
  const ways = b.receiptType === 1 ? cfg.receiptWaysPaper : cfg.receiptWaysElectronic
  if (!ways.includes(b.receiptWay)) throw fieldRefusal('receiptWay', 'receiptWayInvalid')
  const out = {
    ids,
    donorType: b.donorType,
    donorName,
    creditCode,
    receiptType: b.receiptType,
    receiptWay: b.receiptWay,
    contact: '',
    mobile: '',
    address: '',
    email: '',
    sms: ''
  }
  if (b.receiptWay === 3) {
    const email = clean(b.postalEmail, 200)
    if (!email) throw fieldRefusal('postalEmail', 'enterEmail')
    if (!EMAIL.test(email)) throw fieldRefusal('postalEmail', 'emailInvalid')
    out.email = email
  } else if (b.receiptWay === 4) {
    const raw = clean(b.postalMobileSms, 32)
    if (!raw) throw fieldRefusal('postalMobileSms', 'enterSmsMobile')
    const m = parseAreaMobile(raw)
    if (!m) throw fieldRefusal('postalMobileSms', 'contactMobileInvalid')
    out.sms = m.key
  } else if (b.receiptWay === 2) {
    const p = requirePostal(b)
    Object.assign(out, { contact: p.contact, mobile: p.mobile, address: p.address })
  }
  return out
}

export async function insertReceipt(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  body: ReceiptInsertInput,
  now: Date
): Promise<ApplyAnswer> {
  const cfg = await getFulfilmentConfig(db, schoolId)
  const v = validateReceipt(cfg, body)
  const { rows } = await gifts.listGifts(db, schoolId, userId, { ids: v.ids, paidFrom: validFrom(cfg, now) })
  if (rows.length !== v.ids.length) throw bizError('donationNotApplicable')
  if (await repo.anyReceiptRequested(db, schoolId, v.ids)) throw bizError('alreadyApplied')

  const batch = newBatchNo('R', now)
  const stamp = now.toISOString()
  try {
    const ids = await db.transaction().execute(async (trx) => {
      const out: number[] = []
      // in the order the donor picked them
      for (const g of v.ids.map((id) => rows.find((r) => r.id === id)!)) {
        const id = await repo.insertReceiptRequest(trx, {
          school_id: schoolId,
          user_id: userId,
          donation_id: g.id,
          batch_no: batch,
          status: 1,
          donor_type: v.donorType,
          donor_name: v.donorName,
          credit_code: v.creditCode,
          receipt_type: v.receiptType,
          receipt_way: v.receiptWay,
          postal_contact: v.contact,
          postal_mobile: v.mobile,
          postal_address: v.address,
          postal_email: v.email,
          postal_mobile_sms: v.sms,
          express_company: '',
          express_no: '',
          file_url: '',
          created_at: stamp,
          updated_at: stamp
        })
        out.push(id)
      }
      return out
    })
    return { ids }
  } catch (err) {
    if (isUniqueViolation(err)) throw bizError('alreadyApplied')
    throw err
  }
}
