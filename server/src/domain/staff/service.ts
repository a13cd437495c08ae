/**
 * Staff accounts and their sign-in for the console. Staff are not app users: their own table, scrypt
 * password records, and tokens in staff_session presented as `Authorization: Staff <token>` on /staff-api/{school}
 * only; a donor token is never looked up there and a staff token never in `session`. The HTTP API and the CLI
 * (cli/staff.ts) call these same functions; the fulfilment queue they work is domain/fulfilment/applications.ts.
 */
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { toWireDate } from '../../lib/dates'
import { newToken } from '../../lib/random'
import type { GuessGuard } from '../identity/guesses'
import { dummyRecord, hashSecret, verifySecret } from '../identity/password'
import { hashToken } from '../user/service'
import * as staffRepo from './repository'
import { DEFAULT_STAFF_ROLES, formatRoles, parseRoles, type StaffRole } from './roles'

// the CLI's look-ups (cli/staff.ts) are plain reads: they live in the repository
export { findStaff, listStaff } from './repository'

export const STAFF_SESSION_TTL_MS = 8 * 3600_000
export const STAFF_AUTH_SCHEME = 'Staff'

/**
 * Creates a member of staff, or (same name) resets the password and name, sets the roles when given and enables the
 * account: the CLI's create-staff. `roles` omitted = DEFAULT_STAFF_ROLES for a new account (fulfilment, what staff
 * did before the console), unchanged for an existing one.
 */
export async function createStaff(
  db: Kysely<DB>,
  schoolId: number,
  s: { username: string; password: string; displayName?: string; roles?: readonly string[] }
) {
  const username = s.username.trim().toLowerCase()
  if (!/^[a-z0-9_.@-]{3,64}$/.test(username)) throw new Error('username: 3 to 64 of a-z 0-9 _ . @ -')
  if (s.password.length < 8) throw new Error('password: at least 8 characters')
  const given = s.roles === undefined ? undefined : formatRoles(s.roles)
  const password_hash = await hashSecret(s.password)
  const existing = await staffRepo.staffIdByUsername(db, schoolId, username)
  if (existing) {
    await staffRepo.updateStaff(db, schoolId, existing.id, {
      password_hash,
      display_name: s.displayName ?? username,
      enabled: 1,
      ...(given ? { roles: given } : {})
    })
    return { id: existing.id, created: false }
  }
  const id = await staffRepo.insertStaff(db, {
    school_id: schoolId,
    username,
    display_name: s.displayName ?? username,
    password_hash,
    enabled: 1,
    roles: given ?? formatRoles(DEFAULT_STAFF_ROLES),
    created_at: new Date().toISOString()
  })
  return { id, created: true }
}

/**
 * Wrong name or password: the same -1 after the same scrypt work. Guesses are limited per (name, client IP) and
 * per client IP with back-off (identity/guesses.ts), unknown names included so the limit tells nothing either;
 * never per name alone, so nobody can lock a member of staff out by guessing wrong on purpose.
 */
export async function staffLogin(
  db: Kysely<DB>,
  schoolId: number,
  username: string,
  password: string,
  limit: { guard: GuessGuard; ip: string },
  now = new Date()
) {
  const name = username.trim().toLowerCase()
  const attempt = await limit.guard.attempt(String(schoolId), name, limit.ip, now.getTime())
  const row = await staffRepo.staffLoginRecord(db, schoolId, name)
  const ok = await verifySecret(row?.password_hash ?? (await dummyRecord()), password)
  if (!row || !row.enabled || !ok) throw bizError('passwordWrong')
  await attempt.succeeded()
  const token = newToken()
  const expires = new Date(now.getTime() + STAFF_SESSION_TTL_MS).toISOString()
  await staffRepo.deleteExpiredStaffSessions(db, now.toISOString())
  await staffRepo.insertStaffSession(db, {
    school_id: schoolId,
    staff_id: row.id,
    token_hash: hashToken(token),
    expires_at: expires,
    created_at: now.toISOString()
  })
  return { token, expiresAt: toWireDate(expires) }
}

export interface StaffSessionInfo {
  id: number
  username: string
  displayName: string
  /** what this member of staff may do (domain/staff/roles.ts; admin passes every check) */
  roles: StaffRole[]
  /** the staff_session row of this token (POST /logout deletes it) */
  sessionId: number
}

export async function authenticateStaff(
  db: Kysely<DB>,
  schoolId: number,
  token: string,
  now = new Date()
): Promise<StaffSessionInfo | null> {
  if (!token) return null
  const row = await staffRepo.staffOfSession(db, schoolId, hashToken(token), now.toISOString())
  if (!row) return null
  return {
    id: Number(row.id),
    username: row.username,
    displayName: row.display_name,
    roles: parseRoles(row.roles),
    sessionId: Number(row.session_id)
  }
}
