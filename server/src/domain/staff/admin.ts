/**
 * Staff accounts as the console's administrator manages them, plus the caller's own /me and /logout.
 * Every change is audited in its own transaction; passwords never reach an answer or an audit row (the audit row
 * says only that the password changed). An administrator cannot take away their own admin role or disable their own
 * account, so a school can never lock itself out of its console by one click; and no change may leave the school
 * without an enabled admin, under concurrency too: a change that touches roles or the enabled flag takes the
 * school's staff lock (lib/lock.ts, docs/decisions/030) before reading, and counts the enabled admins left after
 * its own update, in the same transaction. Two admins demoting each other at once: the second finds itself the
 * last one and is refused.
 */
import type { Kysely, Selectable, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { lockFor } from '../../lib/lock'
import { hashSecret } from '../identity/password'
import type { StaffTable } from '../../db/schema'
import { recordAudit } from './audit'
import * as staffRepo from './repository'
import { formatRoles, parseRoles, type StaffRole } from './roles'

export const USERNAME_PATTERN = /^[a-z0-9_.@-]{3,64}$/
export const PASSWORD_MIN = 8

export interface StaffAccount {
  id: number
  username: string
  displayName: string
  roles: StaffRole[]
  enabled: boolean
  createdAt: string
}

type StaffRow = Pick<Selectable<StaffTable>, 'id' | 'username' | 'display_name' | 'roles' | 'enabled' | 'created_at'>

const toAccount = (r: StaffRow): StaffAccount => ({
  id: Number(r.id),
  username: r.username,
  displayName: r.display_name,
  roles: parseRoles(r.roles),
  enabled: !!r.enabled,
  createdAt: new Date(r.created_at).toISOString()
})
/** What the audit log keeps of an account: never the password hash. */
const audited = (a: StaffAccount) => ({ username: a.username, displayName: a.displayName, roles: a.roles, enabled: a.enabled })

function rolesOrRefuse(roles: readonly string[]): string {
  try {
    return formatRoles(roles)
  } catch {
    throw bizError('staffRolesEmpty')
  }
}

/** Enabled staff holding the admin role at the school (roles parsed as everywhere else: roles.ts). */
async function enabledAdmins(trx: Transaction<DB>, schoolId: number): Promise<number> {
  const rows = await staffRepo.enabledStaffRoles(trx, schoolId)
  return rows.filter((r) => parseRoles(r.roles).includes('admin')).length
}

export async function listAccounts(db: Kysely<DB>, schoolId: number): Promise<{ total: number; rows: StaffAccount[] }> {
  const rows = await staffRepo.listStaff(db, schoolId)
  return { total: rows.length, rows: rows.map(toAccount) }
}

export async function accountOf(db: Kysely<DB>, schoolId: number, id: number): Promise<StaffAccount> {
  const r = await staffRepo.staffAccountRow(db, schoolId, id)
  if (!r) throw bizError('staffRecordNotFound')
  return toAccount(r)
}

export async function createAccount(
  db: Kysely<DB>,
  schoolId: number,
  by: number,
  a: { username: string; password: string; displayName?: string; roles: readonly string[] },
  now = new Date()
): Promise<StaffAccount> {
  const username = a.username.trim().toLowerCase()
  if (!USERNAME_PATTERN.test(username)) throw bizError('staffUsernameInvalid')
  if (a.password.length < PASSWORD_MIN) throw bizError('staffPasswordShort')
  const roles = rolesOrRefuse(a.roles)
  const password_hash = await hashSecret(a.password)
  const id = await db.transaction().execute(async (trx) => {
    if (await staffRepo.staffIdByUsername(trx, schoolId, username)) throw bizError('staffUsernameTaken')
    const id = await staffRepo.insertStaff(trx, {
      school_id: schoolId,
      username,
      display_name: (a.displayName ?? '').trim() || username,
      password_hash,
      enabled: 1,
      roles,
      created_at: now.toISOString()
    })
    const created = await staffRepo.staffAccountRow(trx, schoolId, id)
    if (!created) throw new Error(`createAccount: staff ${id} not found after insert`)
    await recordAudit(trx, {
      schoolId,
      staffId: by,
      action: 'staff.create',
      entity: 'staff',
      entityId: id,
      before: null,
      after: audited(toAccount(created))
    })
    return id
  })
  return accountOf(db, schoolId, id)
}

export async function updateAccount(
  db: Kysely<DB>,
  schoolId: number,
  by: number,
  id: number,
  p: { displayName?: string; roles?: readonly string[]; enabled?: boolean; password?: string }
): Promise<StaffAccount> {
  const roles = p.roles === undefined ? undefined : rolesOrRefuse(p.roles)
  if (p.password !== undefined && p.password.length < PASSWORD_MIN) throw bizError('staffPasswordShort')
  const password_hash = p.password === undefined ? undefined : await hashSecret(p.password)
  const mayDropAdmin = roles !== undefined || p.enabled === false
  await db.transaction().execute(async (trx) => {
    if (mayDropAdmin) await lockFor(trx, `staff-admins:${schoolId}`)
    const r = await staffRepo.staffAccountRow(trx, schoolId, id)
    if (!r) throw bizError('staffRecordNotFound')
    const before = toAccount(r)
    if (id === by && ((roles !== undefined && !parseRoles(roles).includes('admin')) || p.enabled === false)) {
      throw bizError('staffSelfAdmin')
    }
    const set = {
      ...(p.displayName !== undefined ? { display_name: p.displayName.trim() || before.username } : {}),
      ...(roles !== undefined ? { roles } : {}),
      ...(p.enabled !== undefined ? { enabled: p.enabled ? 1 : 0 } : {}),
      ...(password_hash !== undefined ? { password_hash } : {})
    }
    if (!Object.keys(set).length) return
    await staffRepo.updateStaff(trx, schoolId, id, set)
    if (mayDropAdmin && (await enabledAdmins(trx, schoolId)) === 0) throw bizError('staffLastAdmin')
    // a disabled account or a new password ends the account's sessions: the old token must not outlive the change
    if (p.enabled === false || password_hash !== undefined) {
      await staffRepo.deleteStaffSessions(trx, schoolId, id)
    }
    const stored = await staffRepo.staffAccountRow(trx, schoolId, id)
    if (!stored) throw new Error(`updateAccount: staff ${id} not found after update`)
    const after = toAccount(stored)
    await recordAudit(trx, {
      schoolId,
      staffId: by,
      action: password_hash !== undefined ? 'staff.update.password' : 'staff.update',
      entity: 'staff',
      entityId: id,
      before: audited(before),
      after: { ...audited(after), ...(password_hash !== undefined ? { passwordChanged: true } : {}) }
    })
  })
  return accountOf(db, schoolId, id)
}

/** POST /logout: this token's session row goes (audited as 'staff.logout'); the account's other sessions stay. */
export async function endSession(db: Kysely<DB>, schoolId: number, staffId: number, sessionId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await staffRepo.deleteStaffSession(trx, schoolId, staffId, sessionId)
    await recordAudit(trx, {
      schoolId,
      staffId,
      action: 'staff.logout',
      entity: 'staff-session',
      entityId: sessionId,
      before: { session: 'active' },
      after: { session: 'ended' }
    })
  })
}
