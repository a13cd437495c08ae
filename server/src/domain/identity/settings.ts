/** The school's login switches (login_setting; an absent row means the defaults). */
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

export interface LoginSettings {
  isOpenLogin: boolean
  loginNotes: string
  sandboxLogin: boolean
}

export const DEFAULT_LOGIN_SETTINGS: LoginSettings = { isOpenLogin: true, loginNotes: '', sandboxLogin: true }

export async function loginSettings(db: Db, schoolId: number): Promise<LoginSettings> {
  const r = await db.selectFrom('login_setting').selectAll().where('school_id', '=', schoolId).executeTakeFirst()
  if (!r) return DEFAULT_LOGIN_SETTINGS
  return { isOpenLogin: !!r.is_open_login, loginNotes: r.login_notes, sandboxLogin: !!r.sandbox_login }
}

export async function saveLoginSettings(db: Db, schoolId: number, s: Partial<LoginSettings>, now = new Date()): Promise<void> {
  const next = { ...(await loginSettings(db, schoolId)), ...s }
  const row = {
    is_open_login: next.isOpenLogin ? 1 : 0,
    login_notes: next.loginNotes,
    sandbox_login: next.sandboxLogin ? 1 : 0,
    updated_at: now.toISOString()
  }
  await db
    .insertInto('login_setting')
    .values({ school_id: schoolId, ...row })
    .onConflict((oc) => oc.column('school_id').doUpdateSet(row))
    .execute()
}
