/**
 * Yearly giving statements (docs/product §2 Personal centre; docs/decisions/050-yearly-statement.md).
 *
 * - The donor lists the years they gave in, downloads a year's PDF, has it e-mailed (through the notification service,
 *   kind 'statement', the PDF attached: domain/notify/send.ts), and turns "send me my statement each year" on or off
 *   (notify_preference kind 'statement' on e-mail, the same choice the notification preferences page shows).
 * - Staff send year Y's statements to every donor who asked and gave that year: a 'statement-batch' job writes one
 *   statement_send and one notification per donor; the batch's progress is the state of those notifications.
 * Totals are integer fen: paid less refunded, gift by gift (repository.ts).
 */
import type { Kysely, Transaction } from 'kysely'
import type { Lang, StatementYears } from '../../../../types'
import type { DB } from '../../db/schema'
import { renderStatementPdf, type StatementFacts } from '../../documents/statement'
import { bizError, fieldRefusal } from '../../errors'
import { t } from '../../i18n'
import { toWireDate } from '../../lib/dates'
import { fenToYuan } from '../../lib/money'
import type { JobRow } from '../../jobs/queue'
import { enqueue } from '../../jobs/queue'
import { enqueueNotice } from '../notify/enqueue'
import { allowed, contactOf, setPreference } from '../notify/preferences'
import { recordAudit } from '../staff/audit'
import * as repo from './repository'
import { donorsWhoAsked, giftsOfYear, yearsOf } from './repository'

type Db = Kysely<DB> | Transaction<DB>

export const STATEMENT_BATCH_JOB_KIND = 'statement-batch'
/** the first year a statement can be asked for; the last is the current Beijing year */
export const FIRST_YEAR = 2000

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function checkYear(year: unknown, now: Date): number {
  const y = Number(year)
  const thisYear = new Date(now.getTime() + 8 * 3600_000).getUTCFullYear()
  if (!Number.isInteger(y) || y < FIRST_YEAR || y > thisYear) throw bizError('statementYearInvalid')
  return y
}

export async function listYears(db: Db, schoolId: number, userId: number): Promise<StatementYears> {
  const [years, contact, yearly] = await Promise.all([
    yearsOf(db, schoolId, userId),
    contactOf(db, schoolId, userId),
    allowed(db, schoolId, userId, 'statement', 'email')
  ])
  return {
    years: years.map((y) => ({
      year: y.year,
      giftCount: y.giftCount,
      paidMoney: fenToYuan(y.paidFen),
      refundMoney: fenToYuan(y.refundedFen),
      totalMoney: fenToYuan(y.paidFen - y.refundedFen)
    })),
    email: contact?.email ?? '',
    yearly: yearly ? 1 : 0
  }
}

/** What the PDF says; null when the donor paid no gift that year. */
export async function statementFacts(
  db: Db,
  schoolId: number,
  userId: number,
  year: number,
  lang: Lang,
  now: Date
): Promise<StatementFacts | null> {
  const gifts = await giftsOfYear(db, schoolId, userId, year)
  if (!gifts.length) return null
  const [school, user] = await repo.foundationAndDonor(db, schoolId, userId)
  const nick = user?.nickname && user.nickname !== '微信用户' ? user.nickname : ''
  return {
    lang,
    foundation: school.name,
    donorName: user?.name || nick || t(lang, 'defaultNickname'),
    year,
    issuedOn: toWireDate(now.toISOString()).slice(0, 10),
    gifts: gifts.map((g) => ({
      date: toWireDate(g.paidAt).slice(0, 10),
      projectName: g.projectName,
      billNo: g.billNo,
      amountFen: g.amountFen,
      refundedFen: g.refundedFen
    })),
    totalFen: gifts.reduce((s, g) => s + g.amountFen - g.refundedFen, 0)
  }
}

export async function statementPdf(db: Db, schoolId: number, userId: number, year: number, lang: Lang, now: Date): Promise<Buffer> {
  const facts = await statementFacts(db, schoolId, userId, year, lang, now)
  if (!facts) throw bizError('statementNoGifts')
  return renderStatementPdf(facts)
}

/**
 * The donor asks for a year's statement by e-mail: to the address given (saved as their news address) or the saved
 * one. Written as a statement_send and its notification in one transaction; the notify job renders and sends it.
 */
export async function requestStatementEmail(
  db: Kysely<DB>,
  mailConfigured: boolean,
  schoolId: number,
  userId: number,
  body: { year: unknown; email?: string | null },
  now: Date,
  /** the language of the request: the e-mail's and the PDF's when the donor has not chosen one (notify_contact) */
  lang: Lang = 'zh_CN'
): Promise<{ notificationId: number; email: string }> {
  const year = checkYear(body.year, now)
  if (!mailConfigured) throw bizError('statementMailOff')
  const given = (body.email ?? '').trim().slice(0, 200)
  if (given && !EMAIL.test(given)) throw fieldRefusal('email', 'statementEmailInvalid')
  const email = given || (await contactOf(db, schoolId, userId))?.email || ''
  if (!email) throw fieldRefusal('email', 'statementEmailMissing')
  if (!(await giftsOfYear(db, schoolId, userId, year)).length) throw bizError('statementNoGifts')
  const stamp = now.toISOString()
  return db.transaction().execute(async (trx) => {
    if (given) {
      await repo.saveContactEmail(trx, { school_id: schoolId, user_id: userId, email, lang, updated_at: stamp })
    }
    const sendId = await repo.insertSend(trx, { school_id: schoolId, user_id: userId, year, batch_id: null, created_at: stamp })
    const id = await enqueueNotice(trx, { schoolId, userId, kind: 'statement', refId: sendId, now, requested: true })
    if (id === null) throw new Error('statement notification was not written')
    return { notificationId: id, email }
  })
}

export async function setYearly(db: Kysely<DB>, schoolId: number, userId: number, enabled: boolean, now: Date) {
  await setPreference(db, schoolId, userId, 'statement', 'email', enabled, now)
  return listYears(db, schoolId, userId)
}

// ---------------------------------------------------------------- staff: a year's statements to every donor who asked

export interface StatementBatchView {
  id: number
  year: number
  status: string
  /** donors the batch covers */
  total: number
  /** their statements sent, skipped or failed for good */
  done: number
  sent: number
  failed: number
  skipped: number
  createdAt: string
}

export async function startBatch(db: Kysely<DB>, schoolId: number, staffId: number, year: unknown, now: Date): Promise<StatementBatchView> {
  const y = checkYear(year, now)
  const stamp = now.toISOString()
  const id = await db.transaction().execute(async (trx) => {
    const batchId = await repo.insertBatch(trx, { school_id: schoolId, year: y, staff_id: staffId, created_at: stamp, updated_at: stamp })
    await enqueue(trx, schoolId, STATEMENT_BATCH_JOB_KIND, { batchId }, { now })
    await recordAudit(trx, {
      schoolId,
      staffId,
      action: 'statement.batch.create',
      entity: 'statement_batch',
      entityId: batchId,
      before: null,
      after: { year: y }
    })
    return batchId
  })
  return (await batchView(db, schoolId, id))!
}

/** The batch job: one statement_send and notification per donor who asked (again after a crash: none twice). */
export async function runStatementBatch(db: Kysely<DB>, job: JobRow, payload: Record<string, unknown>, now: () => Date): Promise<string> {
  const batchId = Number(payload.batchId)
  if (!Number.isSafeInteger(batchId)) throw new Error('statement-batch job without batchId')
  const batch = await repo.findBatch(db, job.school_id, batchId)
  if (!batch) return 'gone'
  if (batch.status === 'enqueued') return 'enqueued'
  const schoolId = Number(batch.school_id)
  const donors = await donorsWhoAsked(db, schoolId, batch.year)
  await repo.updateBatch(db, schoolId, batchId, { status: 'running', total: donors.length, updated_at: now().toISOString() })
  for (const userId of donors) {
    await db.transaction().execute(async (trx) => {
      if (await repo.batchSentTo(trx, batchId, userId)) return
      const stamp = now()
      const sendId = await repo.insertSend(trx, {
        school_id: schoolId,
        user_id: userId,
        year: batch.year,
        batch_id: batchId,
        created_at: stamp.toISOString()
      })
      await enqueueNotice(trx, { schoolId, userId, kind: 'statement', refId: sendId, now: stamp })
    })
  }
  await repo.updateBatch(db, schoolId, batchId, { status: 'enqueued', updated_at: now().toISOString() })
  return `enqueued ${donors.length}`
}

export async function batchView(db: Db, schoolId: number, batchId: number): Promise<StatementBatchView | null> {
  const batch = await repo.findBatch(db, schoolId, batchId)
  if (!batch) return null
  const states = await repo.batchNotificationStates(db, schoolId, batchId)
  const of = (s: string) => Number(states.find((r) => r.state === s)?.n ?? 0)
  const sent = of('sent')
  const failed = of('failed')
  const skipped = of('skipped')
  return {
    id: Number(batch.id),
    year: batch.year,
    status: batch.status,
    total: Number(batch.total),
    done: sent + failed + skipped,
    sent,
    failed,
    skipped,
    createdAt: toWireDate(String(batch.created_at))
  }
}

export async function listBatches(db: Db, schoolId: number): Promise<StatementBatchView[]> {
  const rows = await repo.latestBatchIds(db, schoolId, 20)
  const out: StatementBatchView[] = []
  for (const r of rows) out.push((await batchView(db, schoolId, Number(r.id)))!)
  return out
}

// ---------------------------------------------------------------- the notify job's side (domain/notify/send.ts)

/** What a statement notification carries, read when it is sent: the PDF, in the donor's news language. */
export async function prepareStatement(db: Kysely<DB>, n: { school_id: number; user_id: number; ref_id: number }, now: Date) {
  const send = await repo.findSend(db, n.school_id, n.user_id, n.ref_id)
  if (!send) return null
  const lang: Lang = (await contactOf(db, n.school_id, n.user_id))?.lang === 'en' ? 'en' : 'zh_CN'
  const facts = await statementFacts(db, n.school_id, n.user_id, send.year, lang, now)
  if (!facts) return null
  return {
    facts: { schoolName: facts.foundation, projectName: '', amountYuan: fenToYuan(facts.totalFen), billNo: '', year: send.year },
    attachment: { filename: `statement-${send.year}.pdf`, content: await renderStatementPdf(facts), contentType: 'application/pdf' },
    /** asked for by the donor just now: sent whatever the yearly choice says */
    requested: send.batch_id === null
  }
}
