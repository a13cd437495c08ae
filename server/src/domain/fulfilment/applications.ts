/**
 * The foundation's fulfilment queue as staff see it: paper-certificate and receipt applications with the gift they
 * belong to, the statuses each may move to next (state.ts), and the receipt file staff attach. Called by the console's
 * routes (routes/staff/index.ts) and the CLI (cli/staff.ts).
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { PAGE_SIZE } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { toWireDate } from '../../lib/dates'
import { fenToYuan } from '../../lib/money'
import type { FileStorage } from '../../providers/storage/types'
import { FINAL, historyOf, nextStatuses, setReceiptFile, type FulfilmentKind } from './state'
import { MIME, sniffBinary } from '../upload/sniff'
import type { StaffApplication, StaffApplicationDetail } from '../../../../types/schema/staff-fulfilment'

export type { StaffApplication, StaffApplicationDetail }

type ListQuery = { status?: number | 'pending' | 'all'; limit?: number; offset?: number; id?: number }

function narrow<Q extends { where: (...a: any[]) => Q }>(q: Q, kind: FulfilmentKind, f: ListQuery): Q {
  const status = f.status ?? 'pending'
  let out = q
  if (f.id) out = out.where('r.id', '=', f.id)
  if (status === 'pending') out = out.where('r.status', 'not in', [...FINAL[kind]])
  else if (status !== 'all') out = out.where('r.status', '=', status)
  return out
}

const giftColumns = ['d.bill_no', 'd.amount_fen', 'd.paid_at', 'p.name as items_name'] as const

interface CommonRow {
  id: number
  status: number
  batch_no: string
  origin: string
  donation_id: number
  user_id: number
  donor_name: string
  postal_contact: string
  postal_mobile: string
  postal_address: string
  express_company: string
  express_no: string
  created_at: string
  updated_at: string
  bill_no: string
  amount_fen: number
  paid_at: string | null
  items_name: string
}

function common(kind: FulfilmentKind, r: CommonRow, way: number): StaffApplication {
  return {
    kind,
    id: r.id,
    status: r.status,
    way,
    next: nextStatuses(kind, r.status, way),
    batchNo: r.batch_no,
    origin: r.origin,
    donateId: r.donation_id,
    billNo: r.bill_no,
    itemsName: r.items_name,
    donateMoney: fenToYuan(r.amount_fen),
    donateTime: toWireDate(r.paid_at),
    userId: r.user_id,
    donorName: r.donor_name,
    postalContact: r.postal_contact,
    postalMobile: r.postal_mobile,
    postalAddress: r.postal_address,
    expressCompany: r.express_company,
    expressNo: r.express_no,
    createdAt: toWireDate(r.created_at),
    updatedAt: toWireDate(r.updated_at)
  }
}

/** The foundation's queue, oldest first. status 'pending' (default) = not final (certificate 4, 5; receipt 4, 5, 7). */
export async function listApplications(
  db: Kysely<DB>,
  schoolId: number,
  kind: FulfilmentKind,
  f: ListQuery
): Promise<{ total: number; rows: StaffApplication[] }> {
  const limit = Math.min(f.limit ?? 50, PAGE_SIZE.MAX)
  const offset = f.offset ?? 0
  if (kind === 'certificate') {
    const base = narrow(
      db
        .selectFrom('certificate_request as r')
        .innerJoin('donation as d', 'd.id', 'r.donation_id')
        .innerJoin('project as p', 'p.id', 'd.items_id')
        .where('r.school_id', '=', schoolId)
        .where('d.school_id', '=', schoolId),
      kind,
      f
    )
    const [rows, total] = await Promise.all([
      base
        .selectAll('r')
        .select([...giftColumns])
        .orderBy('r.created_at', 'asc')
        .orderBy('r.id', 'asc')
        .limit(limit)
        .offset(offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    ])
    return { total: Number(total.n), rows: rows.map((r) => common(kind, r, r.certificate_way)) }
  }
  const base = narrow(
    db
      .selectFrom('receipt_request as r')
      .innerJoin('donation as d', 'd.id', 'r.donation_id')
      .innerJoin('project as p', 'p.id', 'd.items_id')
      .where('r.school_id', '=', schoolId)
      .where('d.school_id', '=', schoolId),
    kind,
    f
  )
  const [rows, total] = await Promise.all([
    base
      .selectAll('r')
      .select([...giftColumns])
      .orderBy('r.created_at', 'asc')
      .orderBy('r.id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  ])
  return {
    total: Number(total.n),
    rows: rows.map((r) => ({
      ...common(kind, r, r.receipt_way),
      donorType: r.donor_type,
      creditCode: r.credit_code,
      receiptType: r.receipt_type,
      postalEmail: r.postal_email,
      postalMobileSms: r.postal_mobile_sms,
      fileUrl: r.file_url
    }))
  }
}

export async function applicationDetail(
  db: Kysely<DB>,
  schoolId: number,
  kind: FulfilmentKind,
  id: number
): Promise<StaffApplicationDetail> {
  const { rows } = await listApplications(db, schoolId, kind, { id, status: 'all' })
  if (!rows.length) throw bizError('applicationNotFound')
  const [history, notice] = await Promise.all([
    historyOf(db, schoolId, kind, id),
    kind === 'receipt' ? receiptNotice(db, schoolId, id) : null
  ])
  return {
    ...rows[0],
    // the e-mail of an electronic receipt (docs/decisions/044-notifications.md): retrying or failed sends show here
    notice,
    history: history.map((h) => ({
      action: h.action,
      from: h.from_status,
      to: h.to_status,
      staff: h.username,
      staffId: h.staff_id,
      detail: JSON.parse(h.detail) as Record<string, string>,
      at: toWireDate(h.created_at)
    }))
  }
}

/** Stores the receipt file (PDF, JPEG or PNG by content) and sets it on the application; a refused set removes the file. */
export async function attachReceiptFile(
  db: Kysely<DB>,
  storage: FileStorage,
  a: { schoolId: number; schoolCode: string; id: number; staffId: number; data: Buffer; now?: Date }
): Promise<string> {
  const type = sniffBinary(a.data)
  if (type !== 'pdf' && type !== 'jpg' && type !== 'png') throw bizError('receiptFileType')
  const exists = await db
    .selectFrom('receipt_request')
    .select('status')
    .where('school_id', '=', a.schoolId)
    .where('id', '=', a.id)
    .executeTakeFirst()
  if (!exists) throw bizError('applicationNotFound')
  if (exists.status === 7) throw bizError('receiptFileLocked')
  const key = `receipts/${a.schoolCode}/${randomBytes(16).toString('base64url')}.${type}`
  const url = await storage.put(key, a.data)
  try {
    await db
      .insertInto('uploaded_file')
      .values({
        school_id: a.schoolId,
        user_id: null,
        url,
        kind: 'receipt',
        mime: MIME[type],
        size_bytes: a.data.length,
        created_at: (a.now ?? new Date()).toISOString()
      })
      .execute()
    await setReceiptFile(db, { schoolId: a.schoolId, id: a.id, staffId: a.staffId, fileUrl: url, now: a.now })
  } catch (err) {
    await storage.remove(key)
    await db.deleteFrom('uploaded_file').where('url', '=', url).execute()
    throw err
  }
  return url
}

/** The latest notification of a receipt application: its state, where it went and the last error; null before any. */
async function receiptNotice(db: Kysely<DB>, schoolId: number, id: number) {
  const n = await db
    .selectFrom('notification')
    .select(['state', 'channel', 'recipient', 'attempts', 'last_error', 'updated_at'])
    .where('school_id', '=', schoolId)
    .where('kind', '=', 'receipt')
    .where('ref_id', '=', id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return n
    ? {
        state: n.state,
        channel: n.channel,
        recipient: n.recipient,
        attempts: n.attempts,
        error: n.last_error,
        at: toWireDate(n.updated_at)
      }
    : null
}
