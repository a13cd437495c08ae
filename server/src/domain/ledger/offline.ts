/**
 * Offline gifts entered by finance: bank transfers, cash, cheques. Each is a donation row with status
 * 'paid' and is_offline = 1, so the project's raised total and gift count (itemsDetail completeMoney/payCounts),
 * the school's total and the donor directory count it through the very queries that count paid online gifts; the
 * directory labels it offline. It has no app user, so no certificate job, award or paper request follows it. A gift
 * dated on a giving day's dates for a project in it counts in that day and its challenges, never in a match, and
 * follows its corrections and void in the same transaction (docs/decisions/088-offline-gifts-in-giving-days.md).
 *
 * Bounds (docs/decisions/034-money-bounds.md): one offline gift is at most one online gift's limit (MAX_DONATION_YUAN,
 * docs/product §9), and a write never takes the project's or the school's total past MAX_TOTAL_FEN. Finance corrects
 * (amount, donor, date, channel, note, name shown) or voids a gift with a reason; each is one transaction with its
 * audit row. A voided gift stays in the ledger as 'cancelled' (close_reason 'voided') and leaves every total, which
 * are sums over paid rows, by exactly its amount. Writes of one school's offline gifts queue behind each other on the
 * school row, so two of them can never both pass the total check on PostgreSQL.
 */
import type { Kysely, Transaction } from 'kysely'
import { MAX_DONATION_YUAN } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { beijingStamp } from '../../lib/dates'
import { MAX_TOTAL_FEN, parseYuan, readFen } from '../../lib/money'
import { randomSerial } from '../../lib/random'
import { recordAudit } from '../staff/audit'
import { givingDaysOfGift, offlineGiftOnGivingDays, type OfflineGiftFacts } from '../giving-day/service'
import {
  beijingDate,
  beijingDayStart,
  insertOfflineGift,
  ledgerRow,
  lockSchoolOfflineGifts,
  offlineGiftProject,
  offlineTotalsOf,
  storedOfflineGift,
  type LedgerRow,
  OFFLINE_CHANNELS,
  updateOfflineGiftRow,
  updatePaidOfflineDonation
} from './repository'
import { OFFLINE_NOTE_MAX, OFFLINE_REASON_MAX } from '../../../../types/schema/staff-money'

export type OfflineChannel = (typeof OFFLINE_CHANNELS)[number]

export interface OfflineGiftInput {
  projectId: number
  /** yuan text, > 0, at most two decimals */
  amount: string
  donorName: string
  /** Beijing calendar date, 'YYYY-MM-DD', not after today */
  donatedOn: string
  channel: OfflineChannel
  note?: string
  /** false: listed as the anonymous donor (default true) */
  showName?: boolean
}

export const OFFLINE_NAME_MAX = 32
// the bounds the staff API's bodies are written with (docs/decisions/067-staff-requests-once.md)
export { OFFLINE_NOTE_MAX, OFFLINE_REASON_MAX } from '../../../../types/schema/staff-money'
/** One offline gift's ceiling: one online gift's (docs/product §9). A larger transfer is entered as several gifts. */
export const OFFLINE_MAX_FEN = MAX_DONATION_YUAN * 100

/** whole yuan of a limit with thousands separators ('10,000,000'), by integer arithmetic */
const yuanText = (fen: number) => (BigInt(fen) / 100n).toLocaleString('en-US')

function offlineAmountFen(amount: string): number {
  const r = parseYuan(amount, { maxFen: OFFLINE_MAX_FEN })
  if ('fen' in r) return r.fen
  if (r.problem === 'tooLarge') throw bizError('offlineAmountTooLarge', { max: yuanText(OFFLINE_MAX_FEN) })
  throw bizError('moneyAmountInvalid')
}

/** "O" + Beijing time to the second + 10 random characters: 25 like online bill numbers, never the same prefix. */
export const offlineBillNo = (now: Date) => `O${beijingStamp(now)}${randomSerial(10)}`

export function checkOfflineGift(g: OfflineGiftInput, now: Date) {
  return { amountFen: offlineAmountFen(g.amount), ...checkGiftDetails(g, now) }
}

/** Everything of a gift but its amount: donor name, date (not after today), note; the money's time from the date. */
function checkGiftDetails(g: Omit<OfflineGiftInput, 'amount'>, now: Date) {
  const name = g.donorName.trim()
  if (!name || [...name].length > OFFLINE_NAME_MAX) throw bizError('offlineNameInvalid')
  const day = beijingDayStart(g.donatedOn)
  if (!day) throw bizError('moneyDateInvalid')
  const today = beijingDate(now)
  if (g.donatedOn > today) throw bizError('offlineDateFuture')
  const note = (g.note ?? '').trim()
  if ([...note].length > OFFLINE_NOTE_MAX) throw bizError('offlineNoteTooLong')
  // the money's time: now for a gift that arrived today, else the start of its Beijing day
  const paidAt = g.donatedOn === today ? now.toISOString() : day.toISOString()
  return { name, note, paidAt }
}

export async function createOfflineGift(
  db: Kysely<DB>,
  a: { schoolId: number; staffId: number; now: Date },
  g: OfflineGiftInput
): Promise<LedgerRow> {
  const c = checkOfflineGift(g, a.now)
  const project = await offlineGiftProject(db, a.schoolId, g.projectId)
  if (!project) throw bizError('projectNotFound')
  // a goods project's totals are counted in goods units (crowd_type 2): a money gift would count nowhere sensible
  if (project.crowd_type === 2) throw bizError('offlineGoodsProject')
  const nowIso = a.now.toISOString()
  const id = await db.transaction().execute(async (trx) => {
    await lockSchoolOfflineGifts(trx, a.schoolId)
    await checkTotals(trx, a.schoolId, project.id, c.amountFen)
    const id = await insertOfflineGift(
      trx,
      {
        bill_no: offlineBillNo(a.now),
        school_id: a.schoolId,
        items_id: project.id,
        sub_items_id: null,
        user_id: null,
        together_id: null,
        donor_name: c.name,
        is_anonymous: g.showName === false ? 1 : 0,
        amount_fen: c.amountFen,
        material_number: 0,
        pay_type: 0,
        status: 'paid',
        created_at: nowIso,
        paid_at: c.paidAt,
        provider: 'offline',
        is_offline: 1
      },
      { school_id: a.schoolId, channel: g.channel, donated_on: g.donatedOn, note: c.note, staff_id: a.staffId, created_at: nowIso }
    )
    const facts = { donationId: id, projectId: project.id, amountFen: c.amountFen, donorName: c.name, donatedOn: g.donatedOn }
    await offlineGiftOnGivingDays(trx, a.schoolId, null, { ...facts, paidAt: c.paidAt })
    await recordAudit(trx, {
      schoolId: a.schoolId,
      staffId: a.staffId,
      action: 'ledger.offline.create',
      entity: 'donation',
      entityId: id,
      before: null,
      after: {
        projectId: project.id,
        projectName: project.name,
        amountFen: c.amountFen,
        donorName: c.name,
        showName: g.showName !== false,
        donatedOn: g.donatedOn,
        channel: g.channel,
        note: c.note
      }
    })
    return id
  })
  return withGivingDays(db, a.schoolId, id)
}

/** The ledger row with the giving days the gift now counts in (docs/decisions/088-offline-gifts-in-giving-days.md). */
async function withGivingDays(db: Kysely<DB>, schoolId: number, id: number): Promise<LedgerRow> {
  return { ...(await ledgerRow(db, schoolId, id)), givingDays: await givingDaysOfGift(db, schoolId, id) }
}

// Every write of the school's offline gifts first takes lockSchoolOfflineGifts (repository.ts): without it two gifts
// entered at once could each see the total below the bound and together pass it.

/** The paid total of the project and of the school (paid rows plus the projects' offline_fen columns), in fen. */
async function totalsOf(trx: Transaction<DB>, schoolId: number, projectId: number) {
  const { paid, columns } = await offlineTotalsOf(trx, schoolId, projectId)
  return {
    project: readFen(paid.project, 'offline.project') + readFen(columns.project, 'offline.project'),
    school: readFen(paid.school, 'offline.school') + readFen(columns.school, 'offline.school')
  }
}

/** Refuses a write that would take the project's or the school's total past MAX_TOTAL_FEN (`addFen` may be < 0). */
async function checkTotals(trx: Transaction<DB>, schoolId: number, projectId: number, addFen: number) {
  if (addFen <= 0) return
  const t = await totalsOf(trx, schoolId, projectId)
  if (t.project + addFen > MAX_TOTAL_FEN) throw bizError('offlineProjectTotalTooLarge', { max: yuanText(MAX_TOTAL_FEN) })
  if (t.school + addFen > MAX_TOTAL_FEN) throw bizError('offlineSchoolTotalTooLarge', { max: yuanText(MAX_TOTAL_FEN) })
}

function checkReason(reason: string): string {
  const r = (reason ?? '').trim()
  if (!r) throw bizError('offlineReasonEmpty')
  if ([...r].length > OFFLINE_REASON_MAX) throw bizError('offlineReasonTooLong')
  return r
}

/** The stored offline gift (paid, not voided) of this school, inside the write's transaction, or -1 "not found". */
async function storedGift(trx: Transaction<DB>, schoolId: number, id: number) {
  const g = await storedOfflineGift(trx, schoolId, id)
  if (!g) throw bizError('offlineNotFound')
  return {
    id: Number(g.id),
    projectId: Number(g.items_id),
    projectName: g.project_name,
    amountFen: readFen(g.amount_fen, 'offline.gift'),
    donorName: g.donor_name,
    showName: !g.is_anonymous,
    donatedOn: g.donated_on,
    channel: g.channel as OfflineChannel,
    note: g.note,
    paidAt: g.paid_at
  }
}
type StoredGift = Awaited<ReturnType<typeof storedGift>>

/** What a giving day reads of a stored gift (docs/decisions/088-offline-gifts-in-giving-days.md). */
const dayFacts = (g: StoredGift): OfflineGiftFacts => ({
  donationId: g.id,
  projectId: g.projectId,
  amountFen: g.amountFen,
  donorName: g.donorName,
  donatedOn: g.donatedOn,
  // always set on a paid offline gift; its date at 00:00 Beijing otherwise
  paidAt: new Date(g.paidAt ?? `${g.donatedOn}T00:00:00+08:00`).toISOString()
})

const auditView = (
  g: Pick<StoredGift, 'projectId' | 'projectName' | 'amountFen' | 'donorName' | 'showName' | 'donatedOn' | 'channel' | 'note'>
) => ({
  projectId: g.projectId,
  projectName: g.projectName,
  amountFen: g.amountFen,
  donorName: g.donorName,
  showName: g.showName,
  donatedOn: g.donatedOn,
  channel: g.channel,
  note: g.note
})

export interface OfflineCorrection {
  amount?: string
  donorName?: string
  donatedOn?: string
  channel?: OfflineChannel
  note?: string
  showName?: boolean
  /** why (required): kept in the audit row */
  reason: string
}

/**
 * Corrects an offline gift as entered: amount, donor name, the name shown or not, date, channel, note (the project
 * stays: a gift entered for the wrong project is voided and entered again). The same rules as a new gift; the totals
 * follow the new amount exactly, within MAX_TOTAL_FEN. -1 when nothing would change.
 */
export async function correctOfflineGift(
  db: Kysely<DB>,
  a: { schoolId: number; staffId: number; now: Date },
  id: number,
  input: OfflineCorrection
): Promise<LedgerRow> {
  const reason = checkReason(input.reason)
  await db.transaction().execute(async (trx) => {
    await lockSchoolOfflineGifts(trx, a.schoolId)
    const old = await storedGift(trx, a.schoolId, id)
    const merged = {
      projectId: old.projectId,
      donorName: input.donorName ?? old.donorName,
      donatedOn: input.donatedOn ?? old.donatedOn,
      channel: input.channel ?? old.channel,
      note: input.note ?? old.note,
      showName: input.showName ?? old.showName
    }
    const c = checkGiftDetails(merged, a.now)
    // a stored amount is not checked again when it is not being corrected (one entered before today's limit)
    const amountFen = input.amount === undefined ? old.amountFen : offlineAmountFen(input.amount)
    const next = {
      ...old,
      amountFen,
      donorName: c.name,
      showName: merged.showName !== false,
      donatedOn: merged.donatedOn,
      channel: merged.channel,
      note: c.note
    }
    const before = auditView(old)
    const after = auditView(next)
    if (JSON.stringify(before) === JSON.stringify(after)) throw bizError('offlineNothingChanged')
    await checkTotals(trx, a.schoolId, old.projectId, next.amountFen - old.amountFen)
    const moved = await updatePaidOfflineDonation(trx, a.schoolId, id, {
      amount_fen: next.amountFen,
      donor_name: next.donorName,
      is_anonymous: next.showName ? 0 : 1,
      // the money's time follows a corrected date; an unchanged date keeps the time it was entered with
      ...(next.donatedOn !== old.donatedOn ? { paid_at: c.paidAt } : {})
    })
    if (moved !== 1) throw bizError('offlineNotFound')
    await updateOfflineGiftRow(trx, a.schoolId, id, { channel: next.channel, donated_on: next.donatedOn, note: next.note })
    // the giving days follow the corrected amount, date and donor (their challenges as a refund leaves them)
    await offlineGiftOnGivingDays(trx, a.schoolId, dayFacts(old), {
      ...dayFacts(next),
      paidAt: next.donatedOn !== old.donatedOn ? c.paidAt : dayFacts(old).paidAt
    })
    await recordAudit(trx, {
      schoolId: a.schoolId,
      staffId: a.staffId,
      action: 'ledger.offline.correct',
      entity: 'donation',
      entityId: id,
      before,
      after: { ...after, reason }
    })
  })
  return withGivingDays(db, a.schoolId, id)
}

/**
 * Voids an offline gift entered by mistake: the row stays in the ledger as 'cancelled' (close_reason 'voided') and
 * leaves every total by exactly its amount; the reason is kept in the audit row. A second void is -1.
 */
export async function voidOfflineGift(
  db: Kysely<DB>,
  a: { schoolId: number; staffId: number; now: Date },
  id: number,
  input: { reason: string }
): Promise<LedgerRow> {
  const reason = checkReason(input.reason)
  await db.transaction().execute(async (trx) => {
    await lockSchoolOfflineGifts(trx, a.schoolId)
    const old = await storedGift(trx, a.schoolId, id)
    const moved = await updatePaidOfflineDonation(trx, a.schoolId, id, {
      status: 'cancelled',
      closed_at: a.now.toISOString(),
      close_reason: 'voided'
    })
    if (moved !== 1) throw bizError('offlineNotFound')
    // it leaves the giving days it counted in; their challenges keep their counters, as after a refund
    await offlineGiftOnGivingDays(trx, a.schoolId, dayFacts(old), null)
    await recordAudit(trx, {
      schoolId: a.schoolId,
      staffId: a.staffId,
      action: 'ledger.offline.void',
      entity: 'donation',
      entityId: id,
      before: { ...auditView(old), status: 'paid' },
      after: { status: 'cancelled', reason }
    })
  })
  return ledgerRow(db, a.schoolId, id)
}
