/**
 * Agreement rules (docs/product §4 Agreement signing, §5 Contract form, §7 Agreements; docs/decisions/017-agreements.md).
 *
 * Generation validates the donor's fields, renders the PDF and its page images (about 150 ms once the font is parsed),
 * stores them under an unguessable folder and records the row. It is limited per donor and per address, stops below
 * the disk floor and renders in a bounded number of slots per process (limits.ts). When every slot is taken and the
 * client can poll, the row is recorded as `rendering` with an `agreement-render` job in the same commit, and the job
 * worker renders it (runAgreementRender; docs/decisions/039-agreement-rendering-jobs.md). Signing
 * validates the PNG (magic bytes, size, dimensions, ink), stamps it into the unsigned PDF as a new file, and records
 * it by a conditional update on the unsigned status, so two signatures of one agreement cannot both win.
 */
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import type { Insertable, Kysely } from 'kysely'
import type { AgreementDetail, CpuAgreement, CpuAgreementProject, Lang } from '../../../../types'
import { AGREEMENT_LIMITS } from '../../../../types'
import type { DB } from '../../db/schema'
import type { AgreementFacts } from '../../documents/agreement-text'
import { maskIdNo } from '../../documents/agreement-text'
import { layoutAgreement, renderAgreementImages, renderAgreementPdf, stampSignature } from '../../documents/agreement'
import { bizError, fieldRefusal } from '../../errors'
import { t, type MessageKey } from '../../i18n'
import { enqueue, type JobRow } from '../../jobs/queue'
import { BEIJING_OFFSET_MS, beijingStamp, toWireDate } from '../../lib/dates'
import { fenToYuan, yuanToFen } from '../../lib/money'
import { codePointLength } from '../../lib/names'
import { randomSerial } from '../../lib/random'
import type { FileStorage } from '../../providers/storage/types'
import { filesPath } from './index'
import type { AgreementGate } from './limits'
import * as repo from './repository'
import { findOwn, findOwnByUrl, listOwn, type AgreementRow } from './repository'
import type { AgreementKind, AgreementTable } from '../../db/schema'
import { AGREEMENT_GENERATED, AGREEMENT_SIGNED } from './tables'

export const RENDER_JOB_KIND = 'agreement-render'
/** 5 s and 10 s of backoff between them (jobs/queue.ts): a donor polling learns of a failure within a minute */
export const RENDER_ATTEMPTS = 3

export interface AgreementDeps {
  db: Kysely<DB>
  storage: FileStorage
  /** ${DATA_DIR}/files: where the stored unsigned PDF is read back from to be signed */
  filesDir: string
  now: () => Date
  /** rate windows, disk floor and render slots of generation (limits.ts); absent: unlimited (scripts, seed) */
  gate?: AgreementGate
  /** wakes the job worker after a render was handed to it (app.jobs.kick) */
  kick?: () => void
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
  if (!v) throw fieldRefusal('name', 'agreementNameRequired')
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f<>]/.test(v)) throw fieldRefusal('name', 'agreementNameRequired')
  if (codePointLength(v) > AGREEMENT_LIMITS.NAME_MAX) throw fieldRefusal('name', 'agreementNameTooLong', { max: AGREEMENT_LIMITS.NAME_MAX })
  return v
}

function cleanMobile(mobile: string): string {
  const v = (mobile ?? '').trim()
  if (!/^1\d{10}$/.test(v)) throw fieldRefusal('mobile', 'agreementMobileInvalid')
  return v
}

function amountFen(amount: string): number {
  let fen: number
  try {
    fen = yuanToFen((amount ?? '').trim())
  } catch {
    throw fieldRefusal('donationAmount', 'agreementAmountInvalid')
  }
  if (fen <= 0) throw fieldRefusal('donationAmount', 'agreementAmountInvalid')
  if (fen > MAX_FEN) throw fieldRefusal('donationAmount', 'agreementAmountTooLarge', { max: fenToYuan(MAX_FEN).replace(/\.00$/, '') })
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
  const rows = await repo.openDonationProjects(db, schoolId)
  return rows.map((r) => ({ id: Number(r.id), name: r.name }))
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
  return (await repo.schoolNameAndCode(db, schoolId)).name
}

async function renderFiles(facts: AgreementFacts): Promise<{ pdf: Buffer; images: Buffer[] }> {
  const layout = layoutAgreement(facts)
  return { pdf: await renderAgreementPdf(facts, layout), images: await renderAgreementImages(facts, undefined, layout) }
}

export interface Generated {
  id: number
  /** the unsigned PDF's link; '' while rendering */
  url: string
  status: 'ready' | 'rendering'
}

/**
 * Validates, renders and records an agreement; answers its id and the unsigned PDF's link. With `canPoll` (a client
 * that polls the detail) and every render slot taken, records it as rendering and hands the render to the job worker
 * instead: the answer's status says which.
 */
export async function generateAgreement(
  deps: AgreementDeps,
  caller: Caller,
  g: Generation,
  opts: { canPoll?: boolean } = {}
): Promise<Generated> {
  const name = cleanName(g.name)
  const mobile = cleanMobile(g.mobile)
  let idNoMasked = ''
  if (g.kind === 'cpu') {
    const idNo = (g.idNo ?? '').trim().toUpperCase()
    if (!validIdNo(idNo)) throw fieldRefusal('idNo', 'agreementIdNoInvalid')
    idNoMasked = maskIdNo(idNo)
  }
  const fen = amountFen(g.donationAmount)
  let itemsId: number | null = null
  let itemsTitle = ''
  if (g.kind === 'cpu' || g.itemsId !== undefined) {
    const p = g.itemsId ? await repo.projectOf(deps.db, caller.schoolId, g.itemsId) : undefined
    // a cpu gift is signed for an open normal project; the hhu tree campaign is a naming project
    if (!p || (g.kind === 'cpu' && (p.items_type !== 1 || p.is_complete !== 0)))
      throw g.kind === 'cpu' ? fieldRefusal('donateItemId', 'agreementProjectInvalid') : bizError('agreementProjectInvalid')
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
  // the worker renders from these columns alone (factsOf): the same facts as here, the date from created_at
  const values = {
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
    status: AGREEMENT_GENERATED,
    created_at: now.toISOString()
  }
  const render = () => renderFiles(facts)
  let rendered: { pdf: Buffer; images: Buffer[] }
  if (deps.gate && opts.canPoll) {
    const at = await deps.gate.renderNow(render)
    if (!at) return handToWorker(deps, values, now)
    rendered = at.value
  } else rendered = deps.gate ? await deps.gate.render(render) : await render()
  const files = await putFiles(deps.storage, folder(caller.schoolCode), `agreement-${agreementNo}.pdf`, rendered.pdf, rendered.images)
  try {
    const id = await repo.insertAgreement(deps.db, { ...values, unsigned_url: files.url, unsigned_pages: JSON.stringify(files.pages) })
    return { id, url: files.url, status: 'ready' }
  } catch (err) {
    await Promise.all(files.written.map((k) => deps.storage.remove(k).catch(() => undefined)))
    throw err
  }
}

/** The row as rendering and its job in one commit: a crash loses neither, and the worker finds every such row's job. */
async function handToWorker(deps: AgreementDeps, values: Omit<Insertable<AgreementTable>, 'unsigned_url'>, now: Date): Promise<Generated> {
  const id = await deps.db.transaction().execute(async (trx) => {
    const id = await repo.insertAgreement(trx, { ...values, unsigned_url: '', render_state: 'rendering' })
    await enqueue(trx, values.school_id, RENDER_JOB_KIND, { agreementId: id }, { now, maxAttempts: RENDER_ATTEMPTS })
    return id
  })
  deps.kick?.()
  return { id, url: '', status: 'rendering' }
}

export interface RenderJobDeps {
  db: Kysely<DB>
  storage: FileStorage
  /** the render slots of this process (the worker's render counts in them like a request's) */
  gate?: AgreementGate
}

/**
 * The `agreement-render` job: renders a rendering agreement from its row, stores the files and marks it ready by a
 * conditional update. Throws on failure so the worker retries with backoff; the last attempt marks the agreement
 * failed with the reason the donor is shown. A row no longer rendering (done by an earlier run) is left alone.
 */
export async function runAgreementRender(
  deps: RenderJobDeps,
  job: Pick<JobRow, 'school_id' | 'attempts' | 'max_attempts'>,
  payload: Record<string, unknown>
): Promise<'ready' | 'gone'> {
  const id = Number(payload.agreementId)
  if (!Number.isSafeInteger(id)) throw new Error('agreement-render job without agreementId')
  const row = await repo.findAgreement(deps.db, job.school_id, id)
  if (!row || row.render_state !== 'rendering') return 'gone'
  try {
    const school = await repo.schoolNameAndCode(deps.db, job.school_id)
    const facts = factsOf(row, school.name)
    const render = () => renderFiles(facts)
    const { pdf, images } = deps.gate ? await deps.gate.renderInLine(render) : await render()
    const files = await putFiles(deps.storage, folder(school.code), `agreement-${row.agreement_no}.pdf`, pdf, images)
    const done = await repo.finishRendering(deps.db, job.school_id, id, {
      unsigned_url: files.url,
      unsigned_pages: JSON.stringify(files.pages),
      render_state: 'ready',
      render_error: ''
    })
    if (Number(done.numUpdatedRows) !== 1) {
      await Promise.all(files.written.map((k) => deps.storage.remove(k).catch(() => undefined)))
      return 'gone'
    }
    return 'ready'
  } catch (err) {
    if (job.attempts >= job.max_attempts) {
      const reason: MessageKey = 'agreementRenderFailed'
      await repo.finishRendering(deps.db, job.school_id, id, { render_state: 'failed', render_error: reason })
    }
    throw err
  }
}

function detailOf(row: AgreementRow, lang: Lang): AgreementDetail {
  const ready = row.render_state === 'ready'
  const reasonKey = (row.render_error || 'agreementRenderFailed') as MessageKey
  return {
    id: Number(row.id),
    kind: row.kind,
    status: row.status === AGREEMENT_SIGNED ? 'signed' : row.render_state,
    url: ready ? row.unsigned_url : '',
    pages: ready ? pagesOf(row.unsigned_pages) : [],
    signedUrl: row.status === AGREEMENT_SIGNED ? row.signed_url : '',
    reason: row.render_state === 'failed' ? t(lang, reasonKey) : ''
  }
}

/** One of the caller's agreements, however far it has got (the app polls it while rendering). */
export async function agreementDetail(
  db: Kysely<DB>,
  caller: Pick<Caller, 'schoolId' | 'userId' | 'lang'>,
  id: number
): Promise<AgreementDetail> {
  const row = await findOwn(db, caller.schoolId, caller.userId, id)
  if (!row) throw bizError('agreementNotFound')
  return detailOf(row, caller.lang)
}

/**
 * Renders a failed agreement again through the job worker. Counted in the donor's windows and refused below the disk
 * floor like a generation (it renders again); an agreement not failed is answered as it is.
 */
export async function retryAgreement(deps: AgreementDeps, caller: Caller, id: number): Promise<AgreementDetail> {
  const row = await findOwn(deps.db, caller.schoolId, caller.userId, id)
  if (!row) throw bizError('agreementNotFound')
  if (row.render_state !== 'failed') return detailOf(row, caller.lang)
  const now = deps.now()
  if (deps.gate) await deps.gate.admit({ schoolId: caller.schoolId, userId: caller.userId, ip: caller.ip ?? '', now }, deps.storage)
  const queued = await deps.db.transaction().execute(async (trx) => {
    const r = await repo.renderAgain(trx, caller.schoolId, caller.userId, id)
    if (Number(r.numUpdatedRows) !== 1) return false
    await enqueue(trx, caller.schoolId, RENDER_JOB_KIND, { agreementId: id }, { now, maxAttempts: RENDER_ATTEMPTS })
    return true
  })
  if (queued) deps.kick?.()
  return agreementDetail(deps.db, caller, id)
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
  // decision 039: nothing to sign until the job worker has rendered it
  if (row.render_state === 'rendering') throw bizError('agreementRendering')
  if (row.render_state === 'failed') throw bizError('agreementRenderFailed')
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
  const done = await repo.markSigned(deps.db, caller.schoolId, caller.userId, row.id, {
    signed_url: files.url,
    signed_pages: JSON.stringify(files.pages),
    signed_at: now.toISOString()
  })
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

/** Page images of one of the caller's agreement files (unsigned, signed or countersigned), or a refusal. */
export async function agreementPages(db: Kysely<DB>, schoolId: number, userId: number, url: string): Promise<string[]> {
  const p = filesPath(url)
  const row = p ? await findOwnByUrl(db, schoolId, userId, p) : undefined
  if (!row) throw bizError('agreementNotFound')
  if (row.mutual_url && row.mutual_url === p) return pagesOf(row.mutual_pages)
  return pagesOf(row.signed_url && row.signed_url === p ? row.signed_pages : row.unsigned_pages)
}
