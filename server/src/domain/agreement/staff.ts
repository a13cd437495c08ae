/**
 * Agreements handled by the foundation's staff (docs/decisions/047-agreements-for-staff.md; docs/product §7
 * Agreements, contract-cpu/myList): the list with filters, one agreement with its history, the countersignature
 * (the school's seal stamped into a NEW file made from the donor-signed one, which is kept) and the receipt image.
 * Every change writes its audit row in the transaction of the change (domain/staff/audit.ts), and is recorded by a
 * conditional update, so two members of staff countersigning at once end with one file.
 */
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { loadImage } from '@napi-rs/canvas'
import { sql, type Kysely, type Selectable } from 'kysely'
import { PAGE_SIZE } from '../../../../types'
import type { DB } from '../../db/schema'
import { stampSeal, stampSealOnImage } from '../../documents/agreement'
import { bizError } from '../../errors'
import { toWireDate } from '../../lib/dates'
import { fenToYuan } from '../../lib/money'
import type { FileStorage } from '../../providers/storage/types'
import { listAudit, recordAudit } from '../staff/audit'
import { sniffBinary } from '../upload/sniff'
import { filesPath } from './index'
import type { AgreementKind, AgreementTable } from '../../db/schema'
import { AGREEMENT_GENERATED, AGREEMENT_SIGNED } from './tables'
import { AGREEMENT_STATES } from '../../../../types/schema/staff-agreement'

/** The seal: a PNG (transparent, as seals are scanned) or a JPEG, 2 MB at most, 100 to 2000 px a side. */
export const SEAL_MAX_BYTES = 2 * 1024 * 1024
const SEAL_MIN_SIDE = 100
const SEAL_MAX_SIDE = 2000
/** The receipt: an image every target shows inline (neither mini-program shows a PDF; no PDF renderer at run time). */
export const AGREEMENT_RECEIPT_MAX_BYTES = 10 * 1024 * 1024
const RECEIPT_MAX_SIDE = 8000

// the list the staff API's query accepts (docs/decisions/067-staff-requests-once.md)
export { AGREEMENT_STATES } from '../../../../types/schema/staff-agreement'
export type AgreementStateFilter = (typeof AGREEMENT_STATES)[number]

export interface StaffAgreementFilter {
  kind?: AgreementKind
  state?: AgreementStateFilter
  /** Beijing dates YYYY-MM-DD, inclusive, on the day the agreement was made */
  from?: string
  to?: string
  /** part of the donor's name or mobile */
  donor?: string
  limit?: number | null
  offset?: number | null
}

export interface StaffAgreement {
  id: number
  kind: AgreementKind
  agreementNo: string
  name: string
  mobile: string
  idNoMasked: string
  projectTitle: string
  amount: string
  createdAt: string
  signedAt: string
  /** unsigned | signed | countersigned: how far the agreement has got */
  state: 'unsigned' | 'signed' | 'countersigned'
  unsignedUrl: string
  signedUrl: string
  mutualUrl: string
  receiptUrl: string
  countersignedAt: string
  receiptAt: string
}

type Row = Selectable<AgreementTable>

function view(r: Row): StaffAgreement {
  const signed = Number(r.status) === AGREEMENT_SIGNED
  return {
    id: Number(r.id),
    kind: r.kind,
    agreementNo: r.agreement_no,
    name: r.name,
    mobile: r.mobile,
    idNoMasked: r.id_no_masked,
    projectTitle: r.items_title,
    amount: fenToYuan(Number(r.amount_fen)),
    createdAt: toWireDate(r.created_at),
    signedAt: toWireDate(r.signed_at),
    state: r.mutual_url ? 'countersigned' : signed ? 'signed' : 'unsigned',
    unsignedUrl: r.render_state === 'ready' ? r.unsigned_url : '',
    signedUrl: signed ? r.signed_url : '',
    mutualUrl: r.mutual_url,
    receiptUrl: r.receipt_url,
    countersignedAt: toWireDate(r.countersigned_at),
    receiptAt: toWireDate(r.receipt_at)
  }
}

/** A Beijing calendar day's start as a UTC instant (ISO): rows are compared in UTC on both databases. */
const beijingDayStart = (day: string, plusDays = 0) => new Date(Date.parse(`${day}T00:00:00+08:00`) + plusDays * 86_400_000).toISOString()

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export async function listStaffAgreements(
  db: Kysely<DB>,
  schoolId: number,
  f: StaffAgreementFilter
): Promise<{ total: number; rows: StaffAgreement[] }> {
  let q = db.selectFrom('agreement').where('school_id', '=', schoolId)
  if (f.kind) q = q.where('kind', '=', f.kind)
  if (f.state === 'unsigned') q = q.where('status', '=', AGREEMENT_GENERATED)
  if (f.state === 'signed') q = q.where('status', '=', AGREEMENT_SIGNED).where('mutual_url', '=', '')
  if (f.state === 'countersigned') q = q.where('mutual_url', '<>', '')
  if (f.state === 'noReceipt') q = q.where('status', '=', AGREEMENT_SIGNED).where('receipt_url', '=', '')
  if (f.state === 'receipted') q = q.where('receipt_url', '<>', '')
  if (f.from) q = q.where('created_at', '>=', beijingDayStart(f.from))
  if (f.to) q = q.where('created_at', '<', beijingDayStart(f.to, 1))
  const donor = f.donor?.trim()
  if (donor) {
    const p = likeOf(donor)
    q = q.where((eb) =>
      eb.or([sql<boolean>`${eb.ref('name')} like ${p} escape '\\'`, sql<boolean>`${eb.ref('mobile')} like ${p} escape '\\'`])
    )
  }
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(Math.min(f.limit ?? 20, PAGE_SIZE.MAX))
      .offset(f.offset ?? 0)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  ])
  return { total: Number(total.n), rows: rows.map(view) }
}

async function rowOf(db: Kysely<DB>, schoolId: number, id: number) {
  const r = await db.selectFrom('agreement').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst()
  if (!r) throw bizError('staffAgreementNotFound')
  return r
}

export interface StaffAgreementDetail extends StaffAgreement {
  /** what staff did to it, oldest first (the audit log) */
  history: { at: string; staffName: string; action: string }[]
}

export async function staffAgreementDetail(db: Kysely<DB>, schoolId: number, id: number): Promise<StaffAgreementDetail> {
  const r = await rowOf(db, schoolId, id)
  const log = await listAudit(db, schoolId, { entity: 'agreement', entityId: String(id), limit: PAGE_SIZE.MAX })
  return {
    ...view(r),
    history: log.rows.reverse().map((a) => ({ at: toWireDate(a.at), staffName: a.staffName, action: a.action }))
  }
}

// ---------- the seal ----------

type SealMime = 'image/png' | 'image/jpeg'

async function imageSize(data: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const img = await loadImage(data)
    return { width: img.width, height: img.height }
  } catch {
    return null
  }
}

export interface SealView {
  /** data: URL of the image for the console's preview; '' when none is uploaded */
  image: string
  width: number
  height: number
  updatedAt: string
}

export async function getSeal(db: Kysely<DB>, schoolId: number): Promise<SealView> {
  const s = await db.selectFrom('agreement_seal').selectAll().where('school_id', '=', schoolId).executeTakeFirst()
  if (!s) return { image: '', width: 0, height: 0, updatedAt: '' }
  return { image: `data:${s.mime};base64,${s.image_b64}`, width: s.width, height: s.height, updatedAt: toWireDate(s.updated_at) }
}

/** Checks and stores the school's seal (replacing the old one); audited. */
export async function saveSeal(db: Kysely<DB>, a: { schoolId: number; staffId: number; data: Buffer; now: Date }): Promise<SealView> {
  const type = sniffBinary(a.data)
  if (type !== 'png' && type !== 'jpg') throw bizError('sealFileType')
  if (a.data.length > SEAL_MAX_BYTES) throw bizError('sealTooLarge', { max: SEAL_MAX_BYTES / 1024 / 1024 })
  const size = await imageSize(a.data)
  if (!size) throw bizError('sealFileType')
  if (Math.min(size.width, size.height) < SEAL_MIN_SIDE || Math.max(size.width, size.height) > SEAL_MAX_SIDE)
    throw bizError('sealSize', { min: SEAL_MIN_SIDE, max: SEAL_MAX_SIDE })
  const mime: SealMime = type === 'png' ? 'image/png' : 'image/jpeg'
  const values = {
    mime,
    image_b64: a.data.toString('base64'),
    width: size.width,
    height: size.height,
    updated_by: a.staffId,
    updated_at: a.now.toISOString()
  }
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('agreement_seal')
      .select(['width', 'height', 'updated_at'])
      .where('school_id', '=', a.schoolId)
      .executeTakeFirst()
    if (before) await trx.updateTable('agreement_seal').set(values).where('school_id', '=', a.schoolId).execute()
    else
      await trx
        .insertInto('agreement_seal')
        .values({ school_id: a.schoolId, ...values })
        .execute()
    await recordAudit(trx, {
      schoolId: a.schoolId,
      staffId: a.staffId,
      action: 'agreement.seal.update',
      entity: 'agreement_seal',
      entityId: a.schoolId,
      before: before ?? null,
      after: { mime, width: size.width, height: size.height, bytes: a.data.length }
    })
  })
  return getSeal(db, a.schoolId)
}

// ---------- countersign and receipt ----------

export interface StaffAgreementDeps {
  db: Kysely<DB>
  storage: FileStorage
  /** ${DATA_DIR}/files: where the donor-signed PDF and its pages are read back from */
  filesDir: string
}

interface StaffAct {
  schoolId: number
  schoolCode: string
  id: number
  staffId: number
  now: Date
}

const pagesOf = (json: string): string[] => {
  try {
    const v = JSON.parse(json)
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

async function readStored(filesDir: string, url: string): Promise<Buffer> {
  const key = filesPath(url)?.slice('/files/'.length)
  if (!key) throw new Error(`not a stored agreement file: ${url}`)
  return readFile(path.join(filesDir, key))
}

const folder = (schoolCode: string) => `agreements/${schoolCode}/${randomBytes(16).toString('hex')}`

/**
 * Stamps the school's seal into the donor-signed agreement as a new PDF (and a new last page image; the other page
 * images are the signed ones, unchanged) and records it. Refused: not signed yet, countersigned already, no seal.
 */
export async function countersignAgreement(deps: StaffAgreementDeps, a: StaffAct): Promise<StaffAgreementDetail> {
  const r = await rowOf(deps.db, a.schoolId, a.id)
  if (r.status !== AGREEMENT_SIGNED) throw bizError('staffAgreementNotSigned')
  if (r.mutual_url) throw bizError('staffAgreementCountersigned')
  const seal = await deps.db.selectFrom('agreement_seal').selectAll().where('school_id', '=', a.schoolId).executeTakeFirst()
  if (!seal) throw bizError('sealMissing')
  const sealBytes = Buffer.from(seal.image_b64, 'base64')
  const signedPages = pagesOf(r.signed_pages)
  const pdf = await stampSeal(await readStored(deps.filesDir, r.signed_url), sealBytes, seal.mime as SealMime)
  const lastPage = signedPages.length
    ? await stampSealOnImage(await readStored(deps.filesDir, signedPages[signedPages.length - 1]), sealBytes)
    : null
  const dir = folder(a.schoolCode)
  const written: string[] = []
  try {
    const pages = signedPages.slice(0, -1)
    if (lastPage) {
      const key = `${dir}/page-${signedPages.length}.jpg`
      pages.push(await deps.storage.put(key, lastPage))
      written.push(key)
    }
    const key = `${dir}/agreement-${r.agreement_no}-countersigned.pdf`
    const url = await deps.storage.put(key, pdf)
    written.push(key)
    const won = await deps.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('agreement')
        .set({ mutual_url: url, mutual_pages: JSON.stringify(pages), countersigned_at: a.now.toISOString(), countersigned_by: a.staffId })
        .where('school_id', '=', a.schoolId)
        .where('id', '=', a.id)
        .where('status', '=', AGREEMENT_SIGNED)
        .where('mutual_url', '=', '')
        .executeTakeFirst()
      if (Number(done.numUpdatedRows) !== 1) return false
      await recordAudit(trx, {
        schoolId: a.schoolId,
        staffId: a.staffId,
        action: 'agreement.countersign',
        entity: 'agreement',
        entityId: a.id,
        before: { mutualUrl: '' },
        after: { mutualUrl: url }
      })
      return true
    })
    if (!won) throw bizError('staffAgreementCountersigned')
  } catch (err) {
    await Promise.all(written.map((k) => deps.storage.remove(k).catch(() => undefined)))
    throw err
  }
  return staffAgreementDetail(deps.db, a.schoolId, a.id)
}

/**
 * Attaches (or replaces) the receipt of a signed agreement: a JPEG or PNG by its bytes, at most 10 MB. The donor's
 * "view receipt" shows it (contract-cpu/myList). A replaced file stays on disk: a donor may have it open.
 */
export async function attachAgreementReceipt(deps: StaffAgreementDeps, a: StaffAct & { data: Buffer }): Promise<StaffAgreementDetail> {
  const type = sniffBinary(a.data)
  if (type !== 'png' && type !== 'jpg') throw bizError('agreementReceiptType')
  if (a.data.length > AGREEMENT_RECEIPT_MAX_BYTES) throw bizError('uploadTooLarge', { max: AGREEMENT_RECEIPT_MAX_BYTES / 1024 / 1024 })
  const size = await imageSize(a.data)
  if (!size || Math.max(size.width, size.height) > RECEIPT_MAX_SIDE) throw bizError('agreementReceiptType')
  const r = await rowOf(deps.db, a.schoolId, a.id)
  if (r.status !== AGREEMENT_SIGNED) throw bizError('staffAgreementNotSigned')
  const key = `${folder(a.schoolCode)}/receipt-${r.agreement_no}.${type}`
  const url = await deps.storage.put(key, a.data)
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('agreement')
        .set({ receipt_url: url, receipt_at: a.now.toISOString(), receipt_by: a.staffId })
        .where('school_id', '=', a.schoolId)
        .where('id', '=', a.id)
        .where('status', '=', AGREEMENT_SIGNED)
        .execute()
      await recordAudit(trx, {
        schoolId: a.schoolId,
        staffId: a.staffId,
        action: 'agreement.receipt',
        entity: 'agreement',
        entityId: a.id,
        before: { receiptUrl: r.receipt_url },
        after: { receiptUrl: url }
      })
    })
  } catch (err) {
    await deps.storage.remove(key).catch(() => undefined)
    throw err
  }
  return staffAgreementDetail(deps.db, a.schoolId, a.id)
}
