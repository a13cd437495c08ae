/**
 * The staff console's own reads and writes (Kysely): accounts, sessions, the audit log and the dashboard's figures.
 * The rules stay in admin.ts, service.ts, audit.ts and dashboard.ts (docs/decisions/068-sql-in-repositories.md);
 * every function takes a Kysely or a Transaction, so a rule passes its transaction through, and the school id comes
 * first in every tenant query.
 */
import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely'
import { PAGE_SIZE } from '../../../../types'
import type { AuditLogTable, DB, RefundState, StaffSessionTable, StaffTable } from '../../db/schema'
import { countedNetFen } from '../../lib/sql'
import { beijingDaySql } from '../ledger/repository'

type Db = Kysely<DB> | Transaction<DB>

// ---------------------------------------------------------------- accounts

const ACCOUNT_COLUMNS = ['id', 'username', 'display_name', 'enabled', 'roles', 'created_at'] as const

/** The school's staff, in id order: the console's account list and the CLI's list-staff. */
export const listStaff = (db: Db, schoolId: number) =>
  db.selectFrom('staff').select(ACCOUNT_COLUMNS).where('school_id', '=', schoolId).orderBy('id').execute()

export const staffAccountRow = (db: Db, schoolId: number, id: number) =>
  db.selectFrom('staff').select(ACCOUNT_COLUMNS).where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst()

/** A member of staff by (lower-cased) name, as the CLI looks one up. */
export const findStaff = (db: Db, schoolId: number, username: string) =>
  db
    .selectFrom('staff')
    .select(['id', 'username', 'display_name', 'enabled', 'roles'])
    .where('school_id', '=', schoolId)
    .where('username', '=', username.trim().toLowerCase())
    .executeTakeFirst()

export const staffIdByUsername = (db: Db, schoolId: number, username: string) =>
  db.selectFrom('staff').select('id').where('school_id', '=', schoolId).where('username', '=', username).executeTakeFirst()

/** What sign-in checks: the password record and whether the account is enabled. */
export const staffLoginRecord = (db: Db, schoolId: number, username: string) =>
  db
    .selectFrom('staff')
    .select(['id', 'password_hash', 'enabled'])
    .where('school_id', '=', schoolId)
    .where('username', '=', username)
    .executeTakeFirst()

/** The roles of the school's enabled staff (admin.ts counts the admins among them). */
export const enabledStaffRoles = (db: Db, schoolId: number) =>
  db.selectFrom('staff').select('roles').where('school_id', '=', schoolId).where('enabled', '=', 1).execute()

export async function insertStaff(db: Db, row: Insertable<StaffTable>): Promise<number> {
  const { id } = await db.insertInto('staff').values(row).returning('id').executeTakeFirstOrThrow()
  return Number(id)
}

export const updateStaff = (db: Db, schoolId: number, id: number, set: Updateable<StaffTable>) =>
  db.updateTable('staff').set(set).where('school_id', '=', schoolId).where('id', '=', id).execute()

// ---------------------------------------------------------------- sessions

export const insertStaffSession = (db: Db, row: Insertable<StaffSessionTable>) => db.insertInto('staff_session').values(row).execute()

/** Every school's expired sessions (sign-in sweeps them; they no longer admit anyone). */
export const deleteExpiredStaffSessions = (db: Db, nowIso: string) =>
  db.deleteFrom('staff_session').where('expires_at', '<=', nowIso).execute()

/** All sessions of one account (disabled, or its password changed). */
export const deleteStaffSessions = (db: Db, schoolId: number, staffId: number) =>
  db.deleteFrom('staff_session').where('school_id', '=', schoolId).where('staff_id', '=', staffId).execute()

/** One session of one account (its own logout). */
export const deleteStaffSession = (db: Db, schoolId: number, staffId: number, sessionId: number) =>
  db.deleteFrom('staff_session').where('school_id', '=', schoolId).where('staff_id', '=', staffId).where('id', '=', sessionId).execute()

/** The enabled member of staff a live session token of this school belongs to. */
export const staffOfSession = (db: Db, schoolId: number, tokenHash: string, nowIso: string) =>
  db
    .selectFrom('staff_session')
    .innerJoin('staff', 'staff.id', 'staff_session.staff_id')
    .select(['staff.id', 'staff.username', 'staff.display_name', 'staff.roles', 'staff_session.id as session_id'])
    .where('staff_session.school_id', '=', schoolId)
    .where('staff.school_id', '=', schoolId)
    .where('staff_session.token_hash', '=', tokenHash)
    .where('staff_session.expires_at', '>', nowIso)
    .where('staff.enabled', '=', 1)
    .executeTakeFirst()

// ---------------------------------------------------------------- audit log

export const staffUsername = (db: Db, schoolId: number, staffId: number) =>
  db.selectFrom('staff').select('username').where('id', '=', staffId).where('school_id', '=', schoolId).executeTakeFirst()

export const insertAuditRow = (db: Db, row: Insertable<AuditLogTable>) => db.insertInto('audit_log').values(row).execute()

export interface AuditFilter {
  entity?: string
  entityId?: string
  staffId?: number
  action?: string
  limit?: number
  offset?: number
}

/** One page of the school's audit log, newest first, and how many rows the filter matches. */
export async function pageAudit(db: Db, schoolId: number, f: AuditFilter) {
  let q = db.selectFrom('audit_log').where('school_id', '=', schoolId)
  if (f.entity) q = q.where('entity', '=', f.entity)
  if (f.entityId) q = q.where('entity_id', '=', f.entityId)
  if (f.staffId) q = q.where('staff_id', '=', f.staffId)
  if (f.action) q = q.where('action', '=', f.action)
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(Math.min(f.limit ?? 50, PAGE_SIZE.MAX))
      .offset(f.offset ?? 0)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  ])
  return { total: Number(total.n), rows }
}

// ---------------------------------------------------------------- dashboard figures

const net = countedNetFen('d.amount_fen', 'd.refunded_fen')

const paid = (db: Db, schoolId: number, sinceIso: string) =>
  db.selectFrom('donation as d').where('d.school_id', '=', schoolId).where('d.status', '=', 'paid').where('d.paid_at', '>=', sinceIso)

// a donor is the app user, or the name for gifts without one (offline gifts)
const donorKey = sql`case when d.user_id is not null then 'u' || cast(d.user_id as text) else 'n' || d.donor_name end`

/** Paid gifts since an instant: money after refunds (fen, raw sum), count and distinct donors. */
export const paidFigure = (db: Db, schoolId: number, sinceIso: string) =>
  paid(db, schoolId, sinceIso)
    .select((eb) => [
      eb.fn.sum<number>(net).as('fen'),
      eb.fn.countAll<number>().as('n'),
      sql<number>`count(distinct ${donorKey})`.as('donors')
    ])
    .executeTakeFirstOrThrow()

/** The projects that raised most since an instant (ties by id). */
export const topPaidProjects = (db: Db, schoolId: number, sinceIso: string, limit: number) =>
  paid(db, schoolId, sinceIso)
    .innerJoin('project as p', (j) => j.onRef('p.id', '=', 'd.items_id').on('p.school_id', '=', schoolId))
    .select((eb) => ['p.id', 'p.name', eb.fn.sum<number>(net).as('fen'), eb.fn.countAll<number>().as('n')])
    .groupBy(['p.id', 'p.name'])
    .orderBy('fen', 'desc')
    .orderBy('p.id', 'asc')
    .limit(limit)
    .execute()

/** Paid money and count per Beijing calendar day since an instant (days without gifts are absent). */
export function paidByBeijingDay(db: Db, schoolId: number, sinceIso: string) {
  const day = beijingDaySql(db, 'd.paid_at')
  return paid(db, schoolId, sinceIso)
    .select((eb) => [day.as('day'), eb.fn.sum<number>(net).as('fen'), eb.fn.countAll<number>().as('n')])
    .groupBy(day)
    .execute()
}

/** Refunds that succeeded since an instant: amount (raw sum) and count. */
export const refundsSettledSince = (db: Db, schoolId: number, sinceIso: string) =>
  db
    .selectFrom('refund')
    .select((eb) => [eb.fn.sum<number>('amount_fen').as('fen'), eb.fn.countAll<number>().as('n')])
    .where('school_id', '=', schoolId)
    .where('state', '=', 'succeeded')
    .where('settled_at', '>=', sinceIso)
    .executeTakeFirstOrThrow()

/** How many refunds wait in each of the given states. */
export const refundsInStates = (db: Db, schoolId: number, states: readonly RefundState[]) =>
  db
    .selectFrom('refund')
    .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
    .where('school_id', '=', schoolId)
    .where('state', 'in', states)
    .groupBy('state')
    .execute()
