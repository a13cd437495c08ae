import type { Kysely, Transaction } from 'kysely'
import { prepared } from '../../db/prepared'
import type { DB } from '../../db/schema'
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
