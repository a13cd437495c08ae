/**
 * The school's certificate and receipt settings (docs/product §3 Certificate config, Receipt config), table
 * fulfilment_setting. A school without a row follows its default donation form, else the defaults below (paper
 * certificates and receipts open, every way offered, credit code / ID number required). The foundation changes
 * them with `staff.ts config`, which writes the row.
 */
import type { Kysely, Transaction } from 'kysely'
import type { CertificateConfig, ReceiptConfig } from '../../../../types'
import type { DB } from '../../db/schema'
import { BEIJING_OFFSET_MS, beijingYear } from '../../lib/dates'

type Db = Kysely<DB> | Transaction<DB>

export interface FulfilmentConfig {
  isOpenPaper: boolean
  certificateWays: number[]
  certificatePickup: { address: string; name: string; mobile: string }
  isOpenReceipt: boolean
  /** 0 no applications, 1 any paid gift, 2 gifts paid in the current calendar year (Beijing) */
  validType: 0 | 1 | 2
  isCreditCode: boolean
  receiptTypes: number[]
  receiptWaysPaper: number[]
  receiptWaysElectronic: number[]
  receiptPickup: { address: string; name: string; mobile: string }
}

export const DEFAULT_FULFILMENT: FulfilmentConfig = {
  isOpenPaper: true,
  certificateWays: [1, 2],
  certificatePickup: { address: '', name: '', mobile: '' },
  isOpenReceipt: true,
  validType: 1,
  isCreditCode: true,
  receiptTypes: [1, 2],
  receiptWaysPaper: [1, 2],
  receiptWaysElectronic: [3, 4],
  receiptPickup: { address: '', name: '', mobile: '' }
}

function numbers(json: string, allowed: number[]): number[] {
  try {
    const v = JSON.parse(json) as unknown
    return Array.isArray(v)
      ? [...new Set(v.filter((x): x is number => Number.isInteger(x) && allowed.includes(x as number)))].sort((a, b) => a - b)
      : []
  } catch {
    return []
  }
}

/**
 * Without its own row a school's centre follows its default donation form (migration 005), where the foundation
 * already set ways, pickup addresses and the credit-code rule for donate-time requests; without that, the defaults.
 */
async function fromDefaultForm(db: Db, schoolId: number): Promise<FulfilmentConfig> {
  const f = await db
    .selectFrom('donation_form')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('is_default', '=', 1)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  if (!f) return DEFAULT_FULFILMENT
  const certificateWays = numbers(f.certificate_way_paper_list, [1, 2])
  const receiptTypes = numbers(f.receipt_type_list, [1, 2])
  return {
    isOpenPaper: !!f.is_open_certificate && certificateWays.length > 0,
    certificateWays,
    certificatePickup: { address: f.certificate_pickup_address, name: f.certificate_pickup_name, mobile: f.certificate_pickup_mobile },
    isOpenReceipt: !!f.is_open_receipt && receiptTypes.length > 0,
    validType: 1,
    isCreditCode: !!f.is_credit_code,
    receiptTypes,
    receiptWaysPaper: numbers(f.receipt_way_paper_list, [1, 2]),
    receiptWaysElectronic: numbers(f.receipt_way_electronic_list, [3, 4]),
    receiptPickup: { address: f.receipt_pickup_address, name: f.receipt_pickup_name, mobile: f.receipt_pickup_mobile }
  }
}

export async function getFulfilmentConfig(db: Db, schoolId: number): Promise<FulfilmentConfig> {
  const r = await db.selectFrom('fulfilment_setting').selectAll().where('school_id', '=', schoolId).executeTakeFirst()
  if (!r) return fromDefaultForm(db, schoolId)
  return {
    isOpenPaper: !!r.is_open_paper,
    certificateWays: numbers(r.certificate_way_paper_list, [1, 2]),
    certificatePickup: { address: r.certificate_pickup_address, name: r.certificate_pickup_name, mobile: r.certificate_pickup_mobile },
    isOpenReceipt: !!r.is_open_receipt,
    validType: r.valid_type === 0 || r.valid_type === 2 ? r.valid_type : 1,
    isCreditCode: !!r.is_credit_code,
    receiptTypes: numbers(r.receipt_type_list, [1, 2]),
    receiptWaysPaper: numbers(r.receipt_way_paper_list, [1, 2]),
    receiptWaysElectronic: numbers(r.receipt_way_electronic_list, [3, 4]),
    receiptPickup: { address: r.receipt_pickup_address, name: r.receipt_pickup_name, mobile: r.receipt_pickup_mobile }
  }
}

export async function saveFulfilmentConfig(
  db: Db,
  schoolId: number,
  patch: Partial<FulfilmentConfig>,
  now = new Date()
): Promise<FulfilmentConfig> {
  const c = { ...(await getFulfilmentConfig(db, schoolId)), ...patch }
  const row = {
    is_open_paper: c.isOpenPaper ? 1 : 0,
    certificate_way_paper_list: JSON.stringify(c.certificateWays),
    certificate_pickup_address: c.certificatePickup.address,
    certificate_pickup_name: c.certificatePickup.name,
    certificate_pickup_mobile: c.certificatePickup.mobile,
    is_open_receipt: c.isOpenReceipt ? 1 : 0,
    valid_type: c.validType,
    is_credit_code: c.isCreditCode ? 1 : 0,
    receipt_type_list: JSON.stringify(c.receiptTypes),
    receipt_way_paper_list: JSON.stringify(c.receiptWaysPaper),
    receipt_way_electronic_list: JSON.stringify(c.receiptWaysElectronic),
    receipt_pickup_address: c.receiptPickup.address,
    receipt_pickup_name: c.receiptPickup.name,
    receipt_pickup_mobile: c.receiptPickup.mobile,
    updated_at: now.toISOString()
  }
  await db
    .insertInto('fulfilment_setting')
    .values({ school_id: schoolId, ...row })
    .onConflict((oc) => oc.column('school_id').doUpdateSet(row))
    .execute()
  return getFulfilmentConfig(db, schoolId)
}

export const toCertificateConfig = (c: FulfilmentConfig): CertificateConfig => ({
  isOpenPaper: c.isOpenPaper ? 1 : 0,
  certificateWayPaperList: c.certificateWays,
  pickUpAddress: c.certificatePickup.address,
  pickUpName: c.certificatePickup.name,
  pickUpMobile: c.certificatePickup.mobile
})

export const toReceiptConfig = (c: FulfilmentConfig): ReceiptConfig => ({
  isOpenReceipt: c.isOpenReceipt ? 1 : 0,
  validType: c.validType,
  isCreditCode: c.isCreditCode ? 1 : 0,
  receiptTypeList: c.receiptTypes,
  receiptWayPaperList: c.receiptWaysPaper,
  receiptWayElectronicList: c.receiptWaysElectronic,
  pickUpAddress: c.receiptPickup.address,
  pickUpName: c.receiptPickup.name,
  pickUpMobile: c.receiptPickup.mobile
})

/** validType 2: the first instant of the current Beijing calendar year, as ISO UTC. */
export function validFrom(c: FulfilmentConfig, now: Date): string | undefined {
  if (c.validType !== 2) return undefined
  return new Date(Date.UTC(beijingYear(now), 0, 1) - BEIJING_OFFSET_MS).toISOString()
}
