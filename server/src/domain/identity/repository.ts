/** Sign-in accounts (user_login, migration 010): a donor's mobile and password logins. Every query filters by school. */
import type { Insertable, Kysely, Transaction } from 'kysely'
import type { DB, UserLoginTable } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>
type LoginKind = UserLoginTable['kind']

/** The account a mobile or password login belongs to, with its secret (password logins). */
export const loginOwner = (db: Db, schoolId: number, kind: LoginKind, loginKey: string) =>
  db
    .selectFrom('user_login')
    .select(['user_id', 'secret_hash'])
    .where('school_id', '=', schoolId)
    .where('kind', '=', kind)
    .where('login_key', '=', loginKey)
    .executeTakeFirst()

/** The donor's verified mobile, if any. */
export const mobileLoginOf = (db: Db, schoolId: number, userId: number) =>
  db
    .selectFrom('user_login')
    .select(['id', 'login_key'])
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('kind', '=', 'mobile')
    .executeTakeFirst()

export async function insertLogin(db: Db, row: Insertable<UserLoginTable>): Promise<void> {
  await db.insertInto('user_login').values(row).execute()
}

export async function setLoginSecret(db: Db, schoolId: number, kind: LoginKind, loginKey: string, secretHash: string, at: string) {
  await db
    .updateTable('user_login')
    .set({ secret_hash: secretHash, updated_at: at })
    .where('school_id', '=', schoolId)
    .where('kind', '=', kind)
    .where('login_key', '=', loginKey)
    .execute()
}

/** The mobile shown on the donor's profile, once verified by a code. */
export async function setProfileMobile(db: Db, schoolId: number, userId: number, mobile: string): Promise<void> {
  await db.updateTable('app_user').set({ mobile }).where('school_id', '=', schoolId).where('id', '=', userId).execute()
}
