/**
 * Ledger exports: POST /exports records a ledger_export row (the filter, the rows it matches now and the
 * highest id among them) and enqueues a 'ledger-export' job on the durable job queue (jobs/queue.ts) in the same
 * transaction, with its audit row. The job writes the file in batches of EXPORT_BATCH rows under
 * DATA_DIR/exports (never served statically), updating done/total after each batch, so the console can show
 * progress; GET /exports/:id/file hands it to staff of the same school only.
 *
 * CSV is UTF-8 with a byte-order mark (Excel opens Chinese correctly only with it); a cell that starts with = + - @
 * is prefixed with ' so a donor's name can never run as a spreadsheet formula. XLSX is written with exceljs's
 * streaming writer; amounts are numbers (fen / 100, one division per cell, never a float sum) formatted as money.
 */
import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { once } from 'node:events'
import type { Kysely } from 'kysely'
import type { Lang } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { enqueue, type JobRow } from '../../jobs/queue'
import { beijingStamp } from '../../lib/dates'
import { newToken } from '../../lib/random'
import { recordAudit } from '../staff/audit'
import { ledgerBatch, ledgerFilter, ledgerSnapshot, ledgerTime, type LedgerQuery, type LedgerRow } from './repository'
import { EXPORT_FORMATS, type ExportFormat, type ExportStatus } from '../../../../types/schema/staff-money'

export const EXPORT_BATCH = 500
export const EXPORT_JOB_KIND = 'ledger-export'
export { EXPORT_FORMATS, type ExportFormat, type ExportStatus }

export const EXPORT_MIME: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
}

const HEADERS: Record<Lang, string[]> = {
  zh_CN: ['订单号', '时间', '项目', '捐赠人', '金额（元）', '渠道', '支付方式', '状态', '线下', '已退款（元）', '配捐（元）'],
  en: [
    'Bill number',
    'Time',
    'Project',
    'Donor',
    'Amount (yuan)',
    'Channel',
    'Pay type',
    'Status',
    'Offline',
    'Refunded (yuan)',
    'Matched (yuan)'
  ]
}
const STATUS_LABELS: Record<Lang, Record<string, string>> = {
  zh_CN: { pending: '待支付', paid: '已支付', cancelled: '已取消', expired: '已过期', reconciling: '待确认', refunded: '已退款' },
  en: { pending: 'pending', paid: 'paid', cancelled: 'cancelled', expired: 'expired', reconciling: 'confirming', refunded: 'refunded' }
}
const PAY_TYPE_LABELS: Record<Lang, Record<number, string>> = {
  zh_CN: { 0: '线下', 1: '微信支付', 2: '支付宝', 9: '校园卡', 14: '第三方收银台', 15: '微信（其他）', 99: '银行App' },
  en: { 0: 'offline', 1: 'WeChat Pay', 2: 'Alipay', 9: 'campus card', 14: 'third-party cashier', 15: 'WeChat (other)', 99: 'bank app' }
}
const YES_NO: Record<Lang, [string, string]> = { zh_CN: ['否', '是'], en: ['no', 'yes'] }

/**
 * Export files hold donors' names and amounts: they are kept EXPORT_RETENTION_HOURS (default 24) after they were
 * asked for, then the file is deleted and the row marked 'expired' (its audit row stays). Pruned whenever the school
 * exports again, so no separate timer is needed and nothing outlives the next export by more than that.
 */
const exportRetentionMs = () => {
  const h = Number(process.env.EXPORT_RETENTION_HOURS)
  return (Number.isFinite(h) && h > 0 ? h : 24) * 3_600_000
}

/** Deletes this school's export files older than the retention and marks their rows expired; returns how many. */
async function pruneExports(db: Kysely<DB>, schoolId: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - exportRetentionMs()).toISOString()
  const old = await db
    .selectFrom('ledger_export')
    .select(['id', 'file_path'])
    .where('school_id', '=', schoolId)
    .where('status', '=', 'done')
    .where('created_at', '<', cutoff)
    .execute()
  for (const r of old) {
    if (r.file_path) await rm(r.file_path, { force: true })
    await db
      .updateTable('ledger_export')
      .set({ status: 'expired', file_path: '', updated_at: now.toISOString() })
      .where('id', '=', r.id)
      .where('school_id', '=', schoolId)
      .execute()
  }
  return old.length
}

export const exportDir = (dataDir: string, schoolId: number) => path.join(dataDir, 'exports', String(schoolId))

/** One ledger row as the export's cells (amount as yuan text; the XLSX writer turns it into a number). */
export function exportCells(r: LedgerRow, lang: Lang): string[] {
  return [
    r.billNo,
    ledgerTime(r),
    r.projectName,
    r.donorName,
    r.amount,
    r.channel,
    PAY_TYPE_LABELS[lang][r.payType] ?? String(r.payType),
    STATUS_LABELS[lang][r.status] ?? r.status,
    YES_NO[lang][r.offline],
    // refunds (docs/decisions/032-refunds.md): what went back of the row's amount
    r.refunded,
    // giving days' matches (decision 075): the sponsors' money over this gift, apart from its amount
    r.matched
  ]
}

/** RFC 4180 quoting, and no formula injection: a leading = + - @ (or tab/CR) becomes text. */
export function csvCell(v: string): string {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}
const csvLine = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`

/** The XLSX amount cell: fen / 100 for a row's own amount (exact to the cent as a double; nothing is summed). */
export const xlsxAmount = (fen: number) => fen / 100
export const MONEY_FORMAT = '#,##0.00'

export async function startExport(
  db: Kysely<DB>,
  a: { schoolId: number; schoolCode: string; staffId: number; lang: Lang; now: Date },
  req: { kind: 'ledger'; format: ExportFormat; filters: LedgerQuery }
): Promise<{ id: number }> {
  const filter = ledgerFilter(req.filters) // -1 before anything is written
  await pruneExports(db, a.schoolId, a.now)
  const snap = await ledgerSnapshot(db, a.schoolId, filter)
  const nowIso = a.now.toISOString()
  const fileName = `ledger-${a.schoolCode}-${beijingStamp(a.now)}.${req.format}`
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('ledger_export')
      .values({
        school_id: a.schoolId,
        staff_id: a.staffId,
        kind: req.kind,
        format: req.format,
        filters: JSON.stringify(req.filters),
        status: 'running',
        done: 0,
        total: snap.total,
        max_id: snap.maxId,
        lang: a.lang,
        file_name: fileName,
        created_at: nowIso,
        updated_at: nowIso
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await enqueue(trx, a.schoolId, EXPORT_JOB_KIND, { exportId: Number(id) }, { now: a.now, maxAttempts: 3 })
    await recordAudit(trx, {
      schoolId: a.schoolId,
      staffId: a.staffId,
      action: 'ledger.export.create',
      entity: 'ledger_export',
      entityId: Number(id),
      before: null,
      after: { kind: req.kind, format: req.format, filters: req.filters, total: snap.total }
    })
    return { id: Number(id) }
  })
}

async function exportRow(db: Kysely<DB>, schoolId: number, id: number) {
  const r = await db.selectFrom('ledger_export').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst()
  if (!r) throw bizError('staffRecordNotFound')
  return r
}

export async function exportStatus(db: Kysely<DB>, schoolId: number, id: number): Promise<ExportStatus> {
  const r = await exportRow(db, schoolId, id)
  return {
    id: Number(r.id),
    // an expired export's file is gone: to the console it is over and cannot be downloaded (exportFile says why)
    status: r.status === 'done' || r.status === 'failed' ? r.status : r.status === 'expired' ? 'failed' : 'running',
    done: Number(r.done),
    total: Number(r.total),
    fileName: r.file_name
  }
}

/** The finished file of this school's export: path, name and type; -1 while it is still being written. */
export async function exportFile(db: Kysely<DB>, schoolId: number, id: number) {
  const r = await exportRow(db, schoolId, id)
  if (r.status === 'expired') throw bizError('exportExpired')
  if (r.status !== 'done' || !r.file_path) throw bizError('exportNotReady')
  const format = r.format as ExportFormat
  return { path: r.file_path, fileName: r.file_name, mime: EXPORT_MIME[format] }
}

/** Writes rows batch by batch through `write`, recording progress after each batch. */
async function eachBatch(
  db: Kysely<DB>,
  row: { id: number; school_id: number; filters: string; max_id: number },
  write: (rows: LedgerRow[]) => Promise<void>
) {
  const filter = ledgerFilter(JSON.parse(row.filters) as LedgerQuery)
  let after = 0
  let done = 0
  for (;;) {
    const rows = await ledgerBatch(db, row.school_id, filter, after, Number(row.max_id), EXPORT_BATCH)
    if (!rows.length) break
    await write(rows)
    done += rows.length
    after = rows[rows.length - 1].id
    await db
      .updateTable('ledger_export')
      .set({ done, updated_at: new Date().toISOString() })
      .where('id', '=', row.id)
      .where('school_id', '=', row.school_id)
      .execute()
  }
  return done
}

async function writeCsv(db: Kysely<DB>, row: Parameters<typeof eachBatch>[1], lang: Lang, file: string) {
  const out = createWriteStream(file, { encoding: 'utf8' })
  const put = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain')
  }
  try {
    await put(`\ufeff${csvLine(HEADERS[lang])}`)
    const done = await eachBatch(db, row, async (rows) => put(rows.map((r) => csvLine(exportCells(r, lang))).join('')))
    out.end()
    await once(out, 'finish')
    return done
  } catch (err) {
    out.destroy()
    throw err
  }
}

async function writeXlsx(db: Kysely<DB>, row: Parameters<typeof eachBatch>[1], lang: Lang, file: string) {
  // exceljs loads with the first spreadsheet, not with every process (half a second of its start: decision 022)
  const { default: ExcelJS } = await import('exceljs')
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false })
  const sheet = wb.addWorksheet(lang === 'en' ? 'Ledger' : '捐赠明细')
  const widths = [28, 20, 30, 20, 14, 12, 16, 10, 8, 14, 14]
  sheet.columns = HEADERS[lang].map((header, i) => ({ header, width: widths[i] }))
  sheet.getColumn(5).numFmt = MONEY_FORMAT
  sheet.getColumn(10).numFmt = MONEY_FORMAT
  sheet.getColumn(11).numFmt = MONEY_FORMAT
  const done = await eachBatch(db, row, async (rows) => {
    for (const r of rows) {
      const cells: (string | number)[] = exportCells(r, lang)
      cells[4] = xlsxAmount(r.amountFen)
      cells[9] = xlsxAmount(r.refundedFen)
      cells[10] = xlsxAmount(r.matchedFen)
      const added = sheet.addRow(cells)
      added.getCell(5).numFmt = MONEY_FORMAT
      added.getCell(10).numFmt = MONEY_FORMAT
      added.getCell(11).numFmt = MONEY_FORMAT
      added.commit()
    }
  })
  sheet.commit()
  await wb.commit()
  return done
}

/** The 'ledger-export' job: writes the file, then marks the export done; a last failed attempt marks it failed. */
export async function runExport(deps: { db: Kysely<DB>; dataDir: string }, job: JobRow, payload: Record<string, unknown>) {
  const id = Number(payload.exportId)
  if (!Number.isSafeInteger(id)) throw new Error('ledger-export job without exportId')
  const row = await exportRow(deps.db, job.school_id, id)
  if (row.status !== 'running') return
  const dir = exportDir(deps.dataDir, job.school_id)
  await mkdir(dir, { recursive: true })
  const format = row.format as ExportFormat
  const final = path.join(dir, `${id}-${newToken().slice(0, 16)}.${format}`)
  const partial = `${final}.part`
  const lang: Lang = row.lang === 'en' ? 'en' : 'zh_CN'
  try {
    const r = { id: Number(row.id), school_id: Number(row.school_id), filters: row.filters, max_id: Number(row.max_id) }
    const done = format === 'xlsx' ? await writeXlsx(deps.db, r, lang, partial) : await writeCsv(deps.db, r, lang, partial)
    await rename(partial, final)
    await deps.db
      .updateTable('ledger_export')
      .set({ status: 'done', done, total: done, file_path: final, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('school_id', '=', job.school_id)
      .execute()
  } catch (err) {
    await rm(partial, { force: true })
    if (job.attempts >= job.max_attempts) {
      await deps.db
        .updateTable('ledger_export')
        .set({
          status: 'failed',
          error: String(err instanceof Error ? err.message : err).slice(0, 500),
          updated_at: new Date().toISOString()
        })
        .where('id', '=', id)
        .where('school_id', '=', job.school_id)
        .execute()
    }
    throw err
  }
}
