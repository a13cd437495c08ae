import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import { prepared } from '../../db/prepared'
import type { AppUserTable, DB } from '../../db/schema'
import { nowIso } from '../../lib/dates'

type Db = Kysely<DB> | Transaction<DB>

export interface IdentityDefaults {
  nickname: string
  avatar: string
}

/** Insert-if-absent then read: two concurrent first logins of one identity end with one user (unique key). */
export async function findOrCreateUser(db: Db, schoolId: number, source: string, openId: string, d: IdentityDefaults) {
  await db
    .insertInto('app_user')
    .values({
      school_id: schoolId,
      source,
      open_id: openId,
      nickname: d.nickname,
      avatar: d.avatar,
      name: '',
      mobile: '',
      id_no: '',
      created_at: nowIso()
    })
    .onConflict((oc) => oc.columns(['school_id', 'source', 'open_id']).doNothing())
    .execute()
  return db
    .selectFrom('app_user')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('source', '=', source)
    .where('open_id', '=', openId)
    .executeTakeFirstOrThrow()
}

// every signed-in request reads its session, and every order its donor: compiled once (db/prepared.ts)
const userById = prepared((db, $) => db.selectFrom('app_user').selectAll().where('school_id', '=', $(0)).where('id', '=', $(1)))
const liveSession = prepared((db, $) =>
  db
    .selectFrom('session')
    .select(['id', 'user_id', 'expires_at'])
    .where('school_id', '=', $(0))
    .where('token_hash', '=', $(1))
    .where('expires_at', '>', $(2))
)

export const getUser = (db: Db, schoolId: number, userId: number) => userById.first(db, [schoolId, userId])

export type UserRow = Selectable<AppUserTable>

/**
 * The live session with its donor's app_user row (the row `getUser` reads: this school's, deleted or not; null when
 * there is none) and, with `consent`, the facts `consentNow` reads (privacy/repository.ts): the school's policy
 * version (null: the default, $(3), applies) and when the donor agreed to the current one. One statement for what
 * a signed-in donation read in three (docs/decisions/087-postgresql-peak-statements.md).
 */
const liveSessionWithUser = prepared((db, $, shape) => {
  const q = db
    .selectFrom('session as s')
    .leftJoin('app_user as u', (j) => j.onRef('u.id', '=', 's.user_id').onRef('u.school_id', '=', 's.school_id'))
    .selectAll('u')
    .select(['s.id as session_id', 's.user_id as session_user_id', 's.expires_at as session_expires_at'])
    .where('s.school_id', '=', $(0))
    .where('s.token_hash', '=', $(1))
    .where('s.expires_at', '>', $(2))
  if (shape !== 'consent') return q
  return q.select((eb) => [
    eb.selectFrom('privacy_policy').select('version').where('school_id', '=', $(0)).as('policy_version'),
    eb
      .selectFrom('privacy_consent as c')
      .select('c.created_at')
      .where('c.school_id', '=', $(0))
      .whereRef('c.user_id', '=', 's.user_id')
      .where('c.version', '=', sql<number>`coalesce((select version from privacy_policy where school_id = ${$(0)}), ${$(3)})`)
      .as('consented_at')
  ])
})

export interface SessionWithUser {
  session: { id: number; user_id: number; expires_at: string }
  user: UserRow | null
  /** with `consentDefault` only: the policy version row (null: the default) and the donor's consent to the current one */
  consent?: { version: number | null; consentedAt: string | null }
}

/** `consentDefault`: read the consent facts too, the default policy's version standing in when the school has none. */
export async function findLiveSessionWithUser(
  db: Db,
  schoolId: number,
  tokenHash: string,
  now: string,
  consentDefault?: number
): Promise<SessionWithUser | null> {
  const withConsent = consentDefault !== undefined
  const row = await liveSessionWithUser.first(db, [schoolId, tokenHash, now, consentDefault ?? null], withConsent ? 'consent' : 'user')
  if (!row) return null
  const { session_id, session_user_id, session_expires_at, ...rest } = row as typeof row & {
    policy_version?: number | string | null
    consented_at?: string | null
  }
  const { policy_version, consented_at, ...user } = rest
  return {
    session: { id: session_id, user_id: session_user_id, expires_at: session_expires_at },
    // a left join: no row, every column null
    user: user.id === null || user.id === undefined ? null : (user as UserRow),
    consent: withConsent
      ? {
          version: policy_version === null || policy_version === undefined ? null : Number(policy_version),
          consentedAt: consented_at ?? null
        }
      : undefined
  }
}

export async function insertSession(db: Db, row: { school_id: number; user_id: number; token_hash: string; expires_at: string }) {
  await db
    .insertInto('session')
    .values({ ...row, created_at: nowIso() })
    .execute()
}

export const findLiveSession = (db: Db, schoolId: number, tokenHash: string, now: string) =>
  liveSession.first(db, [schoolId, tokenHash, now])

export async function deleteSession(db: Db, schoolId: number, id: number) {
  await db.deleteFrom('session').where('school_id', '=', schoolId).where('id', '=', id).execute()
}

/** Expired sessions are useless; pruned opportunistically when new ones are issued. */
export async function deleteExpiredSessions(db: Db, now: string) {
  await db.deleteFrom('session').where('expires_at', '<=', now).execute()
}
