/**
 * Offline gifts entered by finance (issue 15): bank transfers, cash, cheques. Each is a donation row with status
 * 'paid' and is_offline = 1, so the project's raised total and gift count (itemsDetail completeMoney/payCounts),
 * the school's total and the donor directory count it through the very queries that count paid online gifts; the
 * directory labels it offline. It has no app user, so no certificate job, award or paper request follows it.
 */
import type { Kysely } from 'kysely'
import type { DB } from '../../db/types'
import { bizError } from '../../errors'
import { beijingStamp } from '../../lib/dates'
import { yuanToFen } from '../../lib/money'
import { randomSerial } from '../../lib/random'
import { recordAudit } from './audit'
import { beijingDate, beijingDayStart, ledgerRow, type LedgerRow, OFFLINE_CHANNELS } from './ledger'
import './money-tables'

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
export const OFFLINE_NOTE_MAX = 500
const AMOUNT_RE = /^\d{1,13}(\.\d{1,2})?$/

/** "O" + Beijing time to the second + 10 random characters: 25 like online bill numbers, never the same prefix. */
export const offlineBillNo = (now: Date) => `O${beijingStamp(now)}${randomSerial(10)}`

export function checkOfflineGift(g: OfflineGiftInput, now: Date) {
  if (!AMOUNT_RE.test(g.amount)) throw bizError('moneyAmountInvalid')
  const amountFen = yuanToFen(g.amount)
  if (amountFen <= 0) throw bizError('moneyAmountInvalid')
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
  return { amountFen, name, note, paidAt }
}

export async function createOfflineGift(
  db: Kysely<DB>,
  a: { schoolId: number; staffId: number; now: Date },
  g: OfflineGiftInput
): Promise<LedgerRow> {
  const c = checkOfflineGift(g, a.now)
  const project = await db
    .selectFrom('project')
    .select(['id', 'name', 'crowd_type'])
    .where('school_id', '=', a.schoolId)
    .where('id', '=', g.projectId)
    .executeTakeFirst()
  if (!project) throw bizError('projectNotFound')
  // a goods project's totals are counted in goods units (crowd_type 2): a money gift would count nowhere sensible
  if (project.crowd_type === 2) throw bizError('offlineGoodsProject')
  const nowIso = a.now.toISOString()
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('donation')
      .values({
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
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('offline_gift')
      .values({
        donation_id: id,
        school_id: a.schoolId,
        channel: g.channel,
        donated_on: g.donatedOn,
        note: c.note,
        staff_id: a.staffId,
        created_at: nowIso
      })
      .execute()
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
    return Number(id)
  })
  return ledgerRow(db, a.schoolId, id)
}
