/** Monthly plans and charges (Kysely; docs/decisions/071-monthly-giving.md). School id first in every tenant query. */
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely'
import type { DB, MonthlyChargeStatus, MonthlyChargeTable, MonthlyPlanStatus, MonthlyPlanTable } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

export const insertPlan = async (db: Db, row: Insertable<MonthlyPlanTable>) =>
  Number((await db.insertInto('monthly_plan').values(row).returning('id').executeTakeFirstOrThrow()).id)

export const planById = (db: Db, schoolId: number, id: number) =>
  db.selectFrom('monthly_plan').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst()

export const planByNo = (db: Db, schoolId: number, planNo: string) =>
  db.selectFrom('monthly_plan').selectAll().where('school_id', '=', schoolId).where('plan_no', '=', planNo).executeTakeFirst()

/** Moves a plan from one of `from` to `to` if it is still there; true when this call made the change. */
export async function movePlan(
  db: Db,
  schoolId: number,
  id: number,
  from: readonly MonthlyPlanStatus[],
  to: MonthlyPlanStatus,
  set: Omit<Updateable<MonthlyPlanTable>, 'status' | 'id' | 'school_id'>
): Promise<boolean> {
  const r = await db
    .updateTable('monthly_plan')
    .set({ ...set, status: to })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export const updatePlan = (db: Db, schoolId: number, id: number, set: Updateable<MonthlyPlanTable>) =>
  db.updateTable('monthly_plan').set(set).where('school_id', '=', schoolId).where('id', '=', id).execute()

/**
 * Active plans whose next charge is due on or before `day` (Beijing YYYY-MM-DD), every school (or one: the console's
 * run for its own school, docs/decisions/078), oldest first; with `ahead`, also each listed provider's plans due on or
 * before its `by` (Alipay: attempts from D-2), with `unnoticed` only those whose pre-deduction notice for that charge
 * has not gone out (WeChat papay, docs/decisions/079-monthly-providers.md).
 */
export const duePlans = (
  db: Db,
  day: string,
  limit: number,
  afterId: number,
  ahead: ReadonlyArray<{ provider: string; by: string; unnoticed?: boolean }> = [],
  schoolId?: number
) =>
  db
    .selectFrom('monthly_plan')
    .selectAll()
    .$if(schoolId !== undefined, (q) => q.where('school_id', '=', schoolId!))
    .where('status', '=', 'active')
    .where('next_charge_on', '!=', '')
    .where((eb) =>
      eb.or([
        eb('next_charge_on', '<=', day),
        ...ahead.map((a) =>
          eb.and([
            eb('provider', '=', a.provider),
            eb('next_charge_on', '<=', a.by),
            ...(a.unnoticed ? [eb('notice_for', '!=', eb.ref('next_charge_on'))] : [])
          ])
        )
      ])
    )
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute()

/** Claims the sending of a plan's pre-deduction notice for `chargeOn`: true for the one run that moved notice_for. */
export async function claimNotice(db: Db, schoolId: number, planId: number, was: string, chargeOn: string, today: string, at: string) {
  const r = await db
    .updateTable('monthly_plan')
    .set({ notice_for: chargeOn, noticed_on: today, updated_at: at })
    .where('school_id', '=', schoolId)
    .where('id', '=', planId)
    .where('notice_for', '=', was)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** Gives a claimed notice back when the provider did not take it: the next run sends it again. */
export const releaseNotice = (db: Db, schoolId: number, planId: number, chargeOn: string, was: string) =>
  db
    .updateTable('monthly_plan')
    .set({ notice_for: was, noticed_on: '' })
    .where('school_id', '=', schoolId)
    .where('id', '=', planId)
    .where('notice_for', '=', chargeOn)
    .execute()

/** The charge whose attempt is this order (a charge notification names the order), with its plan. */
export const chargeByOrder = (db: Db, schoolId: number, donationId: number) =>
  db.selectFrom('monthly_charge').selectAll().where('school_id', '=', schoolId).where('donation_id', '=', donationId).executeTakeFirst()

/** A paused plan starts again: active, its failures forgotten, the next charge on `nextChargeOn`. */
export async function resumePlan(db: Db, schoolId: number, planId: number, nextChargeOn: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('monthly_plan')
    .set({ status: 'active', failure_count: 0, next_charge_on: nextChargeOn, updated_at: at })
    .where('school_id', '=', schoolId)
    .where('id', '=', planId)
    .where('status', '=', 'paused')
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** A donor's plans for the privacy export (decision 041): every plan with its months, oldest first. */
export const plansForExport = (db: Db, schoolId: number, userId: number) =>
  db
    .selectFrom('monthly_plan')
    .innerJoin('project', 'project.id', 'monthly_plan.items_id')
    .select([
      'monthly_plan.id',
      'monthly_plan.plan_no',
      'project.name as project_name',
      'monthly_plan.amount_fen',
      'monthly_plan.day_of_month',
      'monthly_plan.pay_type',
      'monthly_plan.provider',
      'monthly_plan.status',
      'monthly_plan.next_charge_on',
      'monthly_plan.stop_reason',
      'monthly_plan.created_at',
      'monthly_plan.signed_at',
      'monthly_plan.stopped_at'
    ])
    .where('monthly_plan.school_id', '=', schoolId)
    .where('monthly_plan.user_id', '=', userId)
    .orderBy('monthly_plan.id')
    .execute()

/** The plans of one donor, newest first. */
export const plansOfUser = (db: Db, schoolId: number, userId: number) =>
  db
    .selectFrom('monthly_plan')
    .innerJoin('project', 'project.id', 'monthly_plan.items_id')
    .selectAll('monthly_plan')
    .select(['project.name as project_name', 'project.texts as project_texts'])
    .where('monthly_plan.school_id', '=', schoolId)
    .where('monthly_plan.user_id', '=', userId)
    .orderBy('monthly_plan.id', 'desc')
    .execute()

/** The charges of some plans with the paid order's bill number, newest month first. */
export const chargesOfPlans = (db: Db, schoolId: number, planIds: number[]) =>
  planIds.length
    ? db
        .selectFrom('monthly_charge')
        .leftJoin('donation', 'donation.id', 'monthly_charge.donation_id')
        .selectAll('monthly_charge')
        .select(['donation.bill_no', 'donation.paid_at'])
        .where('monthly_charge.school_id', '=', schoolId)
        .where('monthly_charge.plan_id', 'in', planIds)
        .orderBy('monthly_charge.month', 'desc')
        .execute()
    : Promise.resolve([])

/** A school's plans for staff, by status ('all': every one), newest first, with the donor's and project's names. */
export async function staffPlans(
  db: Db,
  schoolId: number,
  f: { status: MonthlyPlanStatus | 'all'; itemsId?: number | null; failed?: boolean },
  offset: number,
  limit: number
) {
  let q = db
    .selectFrom('monthly_plan')
    .innerJoin('project', 'project.id', 'monthly_plan.items_id')
    .innerJoin('app_user', 'app_user.id', 'monthly_plan.user_id')
    .where('monthly_plan.school_id', '=', schoolId)
  if (f.status !== 'all') q = q.where('monthly_plan.status', '=', f.status)
  if (f.itemsId) q = q.where('monthly_plan.items_id', '=', f.itemsId)
  // plans with a charge waiting to retry or failed for good (the console's "failed charges" filter)
  if (f.failed)
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('monthly_charge')
          .select('monthly_charge.id')
          .whereRef('monthly_charge.plan_id', '=', 'monthly_plan.id')
          .where('monthly_charge.school_id', '=', schoolId)
          .where('monthly_charge.status', 'in', ['retry', 'failed'])
      )
    )
  const [rows, total] = await Promise.all([
    q
      .selectAll('monthly_plan')
      .select(['project.name as project_name', 'app_user.nickname as nickname'])
      .orderBy('monthly_plan.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  ])
  return { rows, total: Number(total.n) }
}

/** Failed attempts per plan (charges that are waiting to retry or failed for good). */
export const failedChargeCounts = async (db: Db, schoolId: number, planIds: number[]) => {
  if (!planIds.length) return new Map<number, number>()
  const rows = await db
    .selectFrom('monthly_charge')
    .select(['plan_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('school_id', '=', schoolId)
    .where('plan_id', 'in', planIds)
    .where('status', 'in', ['retry', 'failed'])
    .groupBy('plan_id')
    .execute()
  return new Map(rows.map((r) => [Number(r.plan_id), Number(r.n)]))
}

/** Claims (plan, month) for this run: true when the row was created here (insert-or-ignore on the unique key). */
export async function claimMonth(db: Db, row: Insertable<MonthlyChargeTable>): Promise<boolean> {
  const r = await db
    .insertInto('monthly_charge')
    .values(row)
    .onConflict((oc) => oc.columns(['plan_id', 'month']).doNothing())
    .executeTakeFirst()
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1
}

export const chargeOf = (db: Db, schoolId: number, planId: number, month: string) =>
  db
    .selectFrom('monthly_charge')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('plan_id', '=', planId)
    .where('month', '=', month)
    .executeTakeFirst()

/**
 * Takes a charge row over for another attempt: conditional on the state it was read in (status and attempts, and for
 * a stuck 'charging' row its claimed_at), so of two runs that read the same row exactly one wins.
 */
export async function takeCharge(
  db: Db,
  schoolId: number,
  seen: { id: number; status: MonthlyChargeStatus; attempts: number; claimed_at: string },
  set: Updateable<MonthlyChargeTable>
): Promise<boolean> {
  const r = await db
    .updateTable('monthly_charge')
    .set(set)
    .where('school_id', '=', schoolId)
    .where('id', '=', seen.id)
    .where('status', '=', seen.status)
    .where('attempts', '=', seen.attempts)
    .where('claimed_at', '=', seen.claimed_at)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** Ends an attempt: only a row still 'charging' moves (a second report of the same attempt changes nothing). */
export async function settleCharge(db: Db, schoolId: number, id: number, set: Updateable<MonthlyChargeTable>): Promise<boolean> {
  const r = await db
    .updateTable('monthly_charge')
    .set(set)
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .where('status', '=', 'charging')
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export const schoolCode = async (db: Db, schoolId: number) =>
  (await db.selectFrom('school').select('code').where('id', '=', schoolId).executeTakeFirstOrThrow()).code

/** The flags that decide whether a project offers "give monthly" (docs/decisions/078). */
export const projectFlags = (db: Db, schoolId: number, id: number) =>
  db
    .selectFrom('project')
    .select(['id', 'monthly_giving', 'is_donate', 'is_complete'])
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst()

export const sandboxEnabled = async (db: Db, schoolId: number) =>
  !!(await db.selectFrom('school_setting').select('sandbox_enabled').where('school_id', '=', schoolId).executeTakeFirst())?.sandbox_enabled

/** A stopped plan's retry waiting is cancelled (its order, if any, was closed with the failed attempt). */
export const cancelRetries = (db: Db, schoolId: number, planId: number, at: string) =>
  db
    .updateTable('monthly_charge')
    .set({ status: 'cancelled', next_attempt_on: '', updated_at: at })
    .where('school_id', '=', schoolId)
    .where('plan_id', '=', planId)
    .where('status', '=', 'retry')
    .execute()

/** Moves the plan's next charge from `from` to `to`; a second report of the same month moves nothing. */
export async function advancePlan(db: Db, schoolId: number, planId: number, from: string, to: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('monthly_plan')
    .set({ next_charge_on: to, failure_count: 0, updated_at: at })
    .where('school_id', '=', schoolId)
    .where('id', '=', planId)
    .where('next_charge_on', '=', from)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export const bumpFailures = (db: Db, schoolId: number, planId: number, at: string) =>
  db
    .updateTable('monthly_plan')
    .set((eb) => ({ failure_count: eb('failure_count', '+', 1), updated_at: at }))
    .where('school_id', '=', schoolId)
    .where('id', '=', planId)
    .execute()

/** Pauses an active plan after its last failed attempt: the month is over, the next charge date moves on. */
export async function pausePlan(db: Db, schoolId: number, planId: number, nextChargeOn: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('monthly_plan')
    .set((eb) => ({ status: 'paused' as const, failure_count: eb('failure_count', '+', 1), next_charge_on: nextChargeOn, updated_at: at }))
    .where('school_id', '=', schoolId)
    .where('id', '=', planId)
    .where('status', '=', 'active')
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

export const setChargeOrder = (db: Db, schoolId: number, chargeId: number, donationId: number) =>
  db.updateTable('monthly_charge').set({ donation_id: donationId }).where('school_id', '=', schoolId).where('id', '=', chargeId).execute()

/**
 * A deleted account's plans (domain/privacy/account.ts, decision 041): stopped in the deletion's transaction, so no
 * charge is claimed for them again, the donor name erased; a waiting retry is cancelled. Their months and orders stay
 * for the foundation's books like every gift.
 */
export async function stopPlansOfDeletedUser(trx: Transaction<DB>, schoolId: number, userId: number, at: string) {
  const plans = await trx
    .selectFrom('monthly_plan')
    .select(['id', 'status', 'agreement_no'])
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .execute()
  const ids = plans.map((r) => r.id)
  if (!ids.length) return []
  await trx
    .updateTable('monthly_plan')
    .set({ status: 'stopped', stop_reason: 'account_deleted', stopped_at: at, updated_at: at })
    .where('school_id', '=', schoolId)
    .where('id', 'in', ids)
    .where('status', '!=', 'stopped')
    .execute()
  await trx.updateTable('monthly_plan').set({ donor_name: '' }).where('school_id', '=', schoolId).where('id', 'in', ids).execute()
  await trx
    .updateTable('monthly_charge')
    .set({ status: 'cancelled', next_attempt_on: '', updated_at: at })
    .where('school_id', '=', schoolId)
    .where('plan_id', 'in', ids)
    .where('status', '=', 'retry')
    .execute()
  // the agreements still alive at a provider: the caller queues their end (domain/monthly/unsign.ts)
  return plans.filter((p) => p.status !== 'stopped' && p.agreement_no).map((p) => p.id)
}
