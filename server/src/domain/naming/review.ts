/**
 * Nameplate review by foundation staff (no anchor does this online). A paid naming's nameplate text waits
 * (1 pending) until staff approve it (2, then it may be engraved and is shown publicly) or return it with a reason
 * (3, the donor corrects it in mine-gm and it is pending again). Moves are conditional on the record still being
 * pending, so two staff members (or staff and the donor) racing end with exactly one outcome. The staff API and the
 * CLI (cli/staff.ts nameplate) call these functions; every move is kept in nameplate_history.
 */
import { recordAudit } from '../staff/audit'
import type { Kysely } from 'kysely'
import { NAMING_LIMITS, NameplateStatus, PAGE_SIZE, type Page, type StaffNameplate } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { toWireDate } from '../../lib/dates'
import { codePointLength } from '../../lib/names'
import { pageWindow } from '../../lib/sql'
import { nameplateListOf, nameplateOf, nameplateStatusOf } from './mapper'
import * as repo from './repository'
import { enqueueNotice } from '../notify/enqueue'

export type ReviewFilter = 'pending' | 'all' | 1 | 2 | 3

export async function listNameplates(
  db: Kysely<DB>,
  schoolId: number,
  q: { status?: ReviewFilter; limit?: number | null; offset?: number | null }
): Promise<Page<StaffNameplate>> {
  const { limit, offset } = pageWindow(q, PAGE_SIZE.LIST, PAGE_SIZE.MAX)
  const st = q.status ?? 'pending'
  let base = db
    .selectFrom('naming_record as r')
    .innerJoin('donation as d', 'd.id', 'r.donation_id')
    .innerJoin('project as p', 'p.id', 'r.items_id')
    .where('r.school_id', '=', schoolId)
    .where('r.status', '=', 'named')
    .where('d.status', '=', 'paid')
  if (st !== 'all') base = base.where('r.nameplate_status', '=', st === 'pending' ? NameplateStatus.PENDING : st)
  const [rows, total] = await Promise.all([
    base
      .selectAll('r')
      .select(['d.bill_no', 'd.paid_at', 'p.name as items_name'])
      // the queue is worked oldest first: a correction goes to the back, like a new submission
      .orderBy('r.updated_at', 'asc')
      .orderBy('r.id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  ])
  return {
    total: Number(total.n),
    rows: rows.map((r) => ({
      namingId: r.id,
      namingType: r.kind === 'book' ? 2 : 1,
      quantity: r.quantity,
      nameplate: nameplateOf(r),
      nameplateStatus: nameplateStatusOf(r.nameplate_status),
      reviewReason: r.review_reason,
      itemsId: r.items_id,
      itemsName: r.items_name,
      objectName: r.kind === 'book' ? `《${r.label}》` : r.label,
      billNo: r.bill_no,
      paidAt: toWireDate(r.paid_at),
      updatedAt: toWireDate(r.updated_at),
      nameplateList: nameplateListOf(r)
    }))
  }
}

export async function nameplateDetail(db: Kysely<DB>, schoolId: number, id: number) {
  const r = await repo.recordWithOrder(db, schoolId, id)
  if (!r || r.status !== 'named' || r.order_status !== 'paid') throw bizError('namingRecordNotFound')
  const history = await repo.historyOf(db, schoolId, id)
  return {
    namingId: r.id,
    namingType: r.kind === 'book' ? 2 : 1,
    quantity: r.quantity,
    nameplate: nameplateOf(r),
    nameplateList: nameplateListOf(r),
    nameplateStatus: nameplateStatusOf(r.nameplate_status),
    reviewReason: r.review_reason,
    itemsId: r.items_id,
    itemsName: r.items_name,
    objectName: r.kind === 'book' ? `《${r.label}》` : r.label,
    billNo: r.bill_no,
    paidAt: toWireDate(r.paid_at),
    updatedAt: toWireDate(r.updated_at),
    history: history.map((h) => ({
      action: h.action,
      staffId: h.staff_id,
      userId: h.user_id,
      reason: h.reason,
      text: h.text,
      at: toWireDate(h.created_at)
    }))
  }
}

export async function reviewNameplate(
  db: Kysely<DB>,
  o: { schoolId: number; id: number; staffId: number; action: 'approve' | 'return'; reason?: string; now?: Date }
): Promise<{ from: number; to: number }> {
  const reason = (o.reason ?? '').trim()
  if (o.action === 'return' && !reason) throw bizError('nameplateReasonRequired')
  if (codePointLength(reason) > NAMING_LIMITS.RETURN_REASON_MAX)
    throw bizError('nameplateReasonTooLong', { max: NAMING_LIMITS.RETURN_REASON_MAX })
  const r = await repo.recordWithOrder(db, o.schoolId, o.id)
  if (!r || r.status !== 'named' || r.order_status !== 'paid') throw bizError('namingRecordNotFound')
  const to = o.action === 'approve' ? NameplateStatus.APPROVED : NameplateStatus.RETURNED
  const at = (o.now ?? new Date()).toISOString()
  const done = await db.transaction().execute(async (trx) => {
    const u = await trx
      .updateTable('naming_record')
      .set({
        nameplate_status: to,
        review_reason: o.action === 'return' ? reason : '',
        reviewed_by: o.staffId,
        reviewed_at: at,
        updated_at: at
      })
      .where('id', '=', o.id)
      .where('school_id', '=', o.schoolId)
      .where('nameplate_status', '=', NameplateStatus.PENDING)
      .executeTakeFirst()
    if (Number(u.numUpdatedRows) !== 1) return false
    await repo.addHistory(trx, {
      school_id: o.schoolId,
      record_id: o.id,
      action: o.action,
      staff_id: o.staffId,
      user_id: null,
      reason: o.action === 'return' ? reason : '',
      text: r.kind === 'book' ? JSON.stringify(nameplateListOf(r)) : JSON.stringify(nameplateOf(r)),
      created_at: at
    })
    // the staff audit log: the API and the CLI alike, in the review's own transaction
    await recordAudit(trx, {
      schoolId: o.schoolId,
      staffId: o.staffId,
      action: `nameplate.${o.action}`,
      entity: 'nameplate',
      entityId: o.id,
      before: { nameplateStatus: NameplateStatus.PENDING },
      after: { nameplateStatus: to, reason: o.action === 'return' ? reason : '' }
    })
    // the donor hears of the review if they asked to (docs/decisions/044-notifications.md)
    const owner = await trx
      .selectFrom('donation')
      .select('user_id')
      .where('id', '=', r.donation_id)
      .where('school_id', '=', o.schoolId)
      .executeTakeFirst()
    if (owner?.user_id)
      await enqueueNotice(trx, { schoolId: o.schoolId, userId: owner.user_id, kind: 'nameplate', refId: o.id, now: o.now })
    return true
  })
  if (!done) throw bizError('nameplateNotPending')
  return { from: NameplateStatus.PENDING, to }
}
