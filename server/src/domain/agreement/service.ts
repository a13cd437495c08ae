/**
 * Agreement rules (docs/product §4 Agreement signing, §5 Contract form, §7 Agreements; docs/decisions/017-agreements.md).
 *
 * Generation validates the donor's fields, renders the PDF and its page images synchronously (about 150 ms once the
 * font is parsed, so no job and no polling), stores them under an unguessable folder and records the row. It is
 * limited per donor and per address, stops below the disk floor and renders in a bounded number of slots per
 * process (limits.ts). Signing
 * validates the PNG (magic bytes, size, dimensions, ink), stamps it into the unsigned PDF as a new file, and records
 * it by a conditional update on the unsigned status, so two signatures of one agreement cannot both win.
 */
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import type { Kysely } from 'kysely'
import type { CpuAgreement, CpuAgreementProject, Lang } from '../../../../types'
import { AGREEMENT_LIMITS } from '../../../../types'
import type { DB } from '../../db/types'
import type { AgreementFacts } from '../../documents/agreement-text'
import { maskIdNo } from '../../documents/agreement-text'
import { layoutAgreement, renderAgreementImages, renderAgreementPdf, stampSignature } from '../../documents/agreement'
import { bizError } from '../../errors'
import { BEIJING_OFFSET_MS, beijingStamp, toWireDate } from '../../lib/dates'
import { fenToYuan, yuanToFen } from '../../lib/money'
import { codePointLength } from '../../lib/names'
import { randomSerial } from '../../lib/random'
import type { FileStorage } from '../../providers/storage/types'
import { filesPath } from './index'
import type { AgreementGate } from './limits'
import { findOwn, findOwnByUrl, listOwn, type AgreementRow } from './repository'
import { AGREEMENT_GENERATED, AGREEMENT_SIGNED, type AgreementKind } from './tables'

export interface AgreementDeps {
  db: Kysely<DB>
  storage: FileStorage
  /** ${DATA_DIR}/files: where the stored unsigned PDF is read back from to be signed */
  filesDir: string
  now: () => Date
  /** rate windows, disk floor and render slots of generation (limits.ts); absent: unlimited (scripts, seed) */
  gate?: AgreementGate
}

export interface Caller {
  schoolId: number
  schoolCode: string
  userId: number
  lang: Lang
  /** the client address, for the per-address window */
  ip?: string
}

/** 100 million yuan: above any gift a foundation signs online; keeps amounts far inside bigint and the capitals text */
const MAX_FEN = 10_000_000_000
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const ID_CHECK = '10X98765432'

/** GB 11643: 17 digits and a check character; the birth date must be a real date. */
export function validIdNo(idNo: string): boolean {
  if (!/^\d{17}[\dX]$/.test(idNo)) return false
  const sum = ID_WEIGHTS.reduce((s, w, i) => s + w * Number(idNo[i]), 0)
  if (ID_CHECK[sum % 11] !== idNo[17]) return false
  const y = Number(idNo.slice(6, 10))
  const m = Number(idNo.slice(10, 12))
  const d = Number(idNo.slice(12, 14))
  const date = new Date(Date.UTC(y, m - 1, d))
  return y >= 1900 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

function cleanName(name: string): string {
  const v = (name ?? '').replace(/\s+/g, ' ').trim()
  if (!v) throw bizError('agreementNameRequired')
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f<>]/.test(v)) throw bizError('agreementNameRequired')
  if (codePointLength(v) > AGREEMENT_LIMITS.NAME_MAX) throw bizError('agreementNameTooLong', { max: AGREEMENT_LIMITS.NAME_MAX })
  return v
}

function cleanMobile(mobile: string): string {
  const v = (mobile ?? '').trim()
  if (!/^1\d{10}$/.test(v)) throw bizError('agreementMobileInvalid')
  return v
}

function amountFen(amount: string): number {
  let fen: number
  try {
    fen = yuanToFen((amount ?? '').trim())
  } catch {
    throw bizError('agreementAmountInvalid')
  }
  if (fen <= 0) throw bizError('agreementAmountInvalid')
  if (fen > MAX_FEN) throw bizError('agreementAmountTooLarge', { max: fenToYuan(MAX_FEN).replace(/\.00$/, '') })
  return fen
}

const beijingDate = (d: Date) => new Date(d.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10)
const pagesOf = (json: string): string[] => {
  try {
    const v = JSON.parse(json)
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

/** The school's open projects a large gift can be signed for (docs/product §2 contract-cpu project select). */
export async function agreementProjects(db: Kysely<DB>, schoolId: number): Promise<CpuAgreementProject[]> {
  const rows = await db
    .selectFrom('project')
    .select(['id', 'name'])
    .where('school_id', '=', schoolId)
    .where('items_type', '=', 1)
    .where('is_complete', '=', 0)
    .orderBy('sort_no')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ id: Number(r.id), name: r.name }))
}

function projectOf(db: Kysely<DB>, schoolId: number, id: number) {
  return db
    .selectFrom('project')
    .select(['id', 'name', 'items_type', 'is_complete'])
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst()
}

interface Generation {
  kind: AgreementKind
  name: string
  mobile: string
  idNo?: string
  donationAmount: string
  itemsId?: number
}

/** A fresh random folder per file set: 128 bits, so a link cannot be guessed from another (docs/decisions/017). */
const folder = (schoolCode: string) => `agreements/${schoolCode}/${randomBytes(16).toString('hex')}`

async function putFiles(storage: FileStorage, dir: string, pdfName: string, pdf: Buffer, images: Buffer[]) {
  const written: string[] = []
  try {
    const pages: string[] = []
    for (const [i, img] of images.entries()) {
      const key = `${dir}/page-${i + 1}.jpg`
      pages.push(await storage.put(key, img))
      written.push(key)
    }
    const key = `${dir}/${pdfName}`
    const url = await storage.put(key, pdf)
    written.push(key)
    return { url, pages, written }
  } catch (err) {
    await Promise.all(written.map((k) => storage.remove(k).catch(() => undefined)))
    throw err
  }
}

function factsOf(row: AgreementRow, foundation: string): AgreementFacts {
  return {
    kind: row.kind,
    lang: row.lang === 'en' ? 'en' : 'zh_CN',
    agreementNo: row.agreement_no,
    foundation,
    donorName: row.name,
    mobile: row.mobile,
    idNoMasked: row.id_no_masked,
    amountFen: Number(row.amount_fen),
    projectTitle: row.items_title,
    date: beijingDate(new Date(row.created_at))
  }
}

async function schoolName(db: Kysely<DB>, schoolId: number): Promise<string> {
  const s = await db.selectFrom('school').select('name').where('id', '=', schoolId).executeTakeFirstOrThrow()
  return s.name
}

/** Validates, renders and records an agreement; answers its id and the unsigned PDF's link. */
export async function generateAgreement(deps: AgreementDeps, caller: Caller, g: Generation): Promise<{ id: number; url: string }> {
  const name = cleanName(g.name)
  const mobile = cleanMobile(g.mobile)
  let idNoMasked = ''
  if (g.kind === 'cpu') {
    const idNo = (g.idNo ?? '').trim().toUpperCase()
    if (!validIdNo(idNo)) throw bizError('agreementIdNoInvalid')
    idNoMasked = maskIdNo(idNo)
  }
  const fen = amountFen(g.donationAmount)
  let itemsId: number | null = null
  let itemsTitle = ''
  if (g.kind === 'cpu' || g.itemsId !== undefined) {
    const p = g.itemsId ? await projectOf(deps.db, caller.schoolId, g.itemsId) : undefined
    // a cpu gift is signed for an open normal project; the hhu tree campaign is a naming project
    if (!p || (g.kind === 'cpu' && (p.items_type !== 1 || p.is_complete !== 0))) throw bizError('agreementProjectInvalid')
    itemsId = Number(p.id)
    itemsTitle = p.name
  }
  const now = deps.now()
  const foundation = await schoolName(deps.db, caller.schoolId)
  const agreementNo = `${g.kind.toUpperCase()}${beijingStamp(now).slice(0, 8)}${randomSerial(8)}`
  const facts: AgreementFacts = {
    kind: g.kind,
    lang: caller.lang,
    agreementNo,
    foundation,
    donorName: name,
    mobile,
    idNoMasked,
    amountFen: fen,
    projectTitle: itemsTitle || (caller.lang === 'en' ? 'Alumni memorial trees' : '校友纪念林'),
    date: beijingDate(now)
  }
  // counted only once the fields are valid: a typo fixed and sent again is not held against the donor
  if (deps.gate) await deps.gate.admit({ schoolId: caller.schoolId, userId: caller.userId, ip: caller.ip ?? '', now }, deps.storage)
  const render = async () => {
    const layout = layoutAgreement(facts)
    return { pdf: await renderAgreementPdf(facts, layout), images: await renderAgreementImages(facts, undefined, layout) }
  }
  const { pdf, images } = deps.gate ? await deps.gate.render(render) : await render()
  const files = await putFiles(deps.storage, folder(caller.schoolCode), `agreement-${agreementNo}.pdf`, pdf, images)
  try {
    const row = await deps.db
      .insertInto('agreement')
      .values({
        school_id: caller.schoolId,
        user_id: caller.userId,
        kind: g.kind,
        items_id: itemsId,
        items_title: facts.projectTitle,
        name,
        mobile,
        id_no_masked: idNoMasked,
        amount_fen: fen,
        lang: caller.lang,
        agreement_no: agreementNo,
        unsigned_url: files.url,
        unsigned_pages: JSON.stringify(files.pages),
        status: AGREEMENT_GENERATED,
        created_at: now.toISOString()
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { id: Number(row.id), url: files.url }
  } catch (err) {
    await Promise.all(files.written.map((k) => deps.storage.remove(k).catch(() => undefined)))
    throw err
  }
}

/** Reads width and height from the IHDR chunk of a PNG (the bytes were sniffed as PNG already). */
function pngSize(buf: Buffer): { width: number; height: number } | null {
  if (buf.length < 24 || buf.toString('latin1', 12, 16) !== 'IHDR') return null
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) }
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const MAX_SIDE = 2000
/** at least this many dark pixels: a dot or a stray tap is not a signature */
const MIN_INK = 40

/** docs/product §5: "signature non-empty"; a real PNG of sane size with ink on it, or a -1 in the donor's language. */
export async function checkSignaturePng(png: Buffer): Promise<void> {
  if (!png.length) throw bizError('agreementSignatureMissing')
  if (png.length > AGREEMENT_LIMITS.SIGNATURE_MAX_BYTES)
    throw bizError('agreementSignatureTooLarge', { max: Math.round(AGREEMENT_LIMITS.SIGNATURE_MAX_BYTES / 1024) })
  if (!png.subarray(0, 8).equals(PNG_MAGIC)) throw bizError('agreementSignatureNotPng')
  const size = pngSize(png)
  if (!size || !size.width || !size.height || size.width > MAX_SIDE || size.height > MAX_SIDE) throw bizError('agreementSignatureNotPng')
  let img
  try {
    img = await loadImage(png)
  } catch {
    throw bizError('agreementSignatureNotPng')
  }
  const canvas = createCanvas(img.width, img.height)
  const ctx = canvas.getContext('2d')
  ctx.drawImage(img, 0, 0)
  const data = ctx.getImageData(0, 0, img.width, img.height).data
  let ink = 0
  for (let i = 0; i < data.length && ink < MIN_INK; i += 4) {
    const lum = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2]
    if (data[i + 3] > 64 && lum < 160) ink++
  }
  if (ink < MIN_INK) throw bizError('agreementSignatureBlank')
}

/** Stamps the caller's signature into their unsigned agreement; answers the signed PDF's link. */
export async function signAgreement(deps: AgreementDeps, caller: Caller, row: AgreementRow | undefined, png: Buffer): Promise<string> {
  if (!row) throw bizError('agreementNotFound')
  if (row.status !== AGREEMENT_GENERATED) throw bizError('agreementAlreadySigned')
  await checkSignaturePng(png)
  const key = filesPath(row.unsigned_url)?.slice('/files/'.length)
  if (!key) throw bizError('agreementNotFound')
  const unsigned = await readFile(path.join(deps.filesDir, key))
  const now = deps.now()
  const facts = factsOf(row, await schoolName(deps.db, caller.schoolId))
  const signDate = beijingDate(now)
  const pdf = await stampSignature(unsigned, png, facts, signDate)
  const images = await renderAgreementImages(facts, { png, date: signDate })
  const files = await putFiles(deps.storage, folder(caller.schoolCode), `agreement-${row.agreement_no}-signed.pdf`, pdf, images)
  const done = await deps.db
    .updateTable('agreement')
    .set({ status: AGREEMENT_SIGNED, signed_url: files.url, signed_pages: JSON.stringify(files.pages), signed_at: now.toISOString() })
    .where('school_id', '=', caller.schoolId)
    .where('user_id', '=', caller.userId)
    .where('id', '=', row.id)
    .where('status', '=', AGREEMENT_GENERATED)
    .executeTakeFirst()
  if (Number(done.numUpdatedRows) !== 1) {
    await Promise.all(files.written.map((k) => deps.storage.remove(k).catch(() => undefined)))
    throw bizError('agreementAlreadySigned')
  }
  return files.url
}

export async function signHhu(deps: AgreementDeps, caller: Caller, pdfUrl: string, png: Buffer): Promise<string> {
  const p = filesPath(pdfUrl)
  const row = p ? await findOwnByUrl(deps.db, caller.schoolId, caller.userId, p, 'hhu') : undefined
  return signAgreement(deps, caller, row, png)
}

export async function signCpu(deps: AgreementDeps, caller: Caller, id: number, png: Buffer): Promise<string> {
  const row = await findOwn(deps.db, caller.schoolId, caller.userId, id)
  return signAgreement(deps, caller, row?.kind === 'cpu' ? row : undefined, png)
}

/** The caller's signed cpu agreements, newest first (docs/product §2 contract-cpu/myList). */
export async function mySignedCpu(db: Kysely<DB>, schoolId: number, userId: number): Promise<CpuAgreement[]> {
  const rows = await listOwn(db, schoolId, userId, 'cpu')
  return rows
    .filter((r) => r.status === AGREEMENT_SIGNED)
    .map((r) => ({
      id: Number(r.id),
      name: r.name,
      donateItemTitle: r.items_title,
      donationAmount: fenToYuan(Number(r.amount_fen)),
      signTime: toWireDate(r.signed_at),
      unilateralAgreementUrl: r.signed_url,
      mutualAgreementUrl: r.mutual_url,
      donationReceiptsUrl: r.receipt_url
    }))
}

/** Page images of one of the caller's agreement files (unsigned or signed), or a refusal. */
export async function agreementPages(db: Kysely<DB>, schoolId: number, userId: number, url: string): Promise<string[]> {
  const p = filesPath(url)
  const row = p ? await findOwnByUrl(db, schoolId, userId, p) : undefined
  if (!row) throw bizError('agreementNotFound')
  return pagesOf(row.signed_url && row.signed_url === p ? row.signed_pages : row.unsigned_pages)
}
