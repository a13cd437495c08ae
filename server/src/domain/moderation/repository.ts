/** Content checks (content_check, migration 031) and what a check plan reads. Every query filters by school. */
import type { Insertable, Kysely, Transaction } from 'kysely'
import type { ContentCheckTable, ContentKind, DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

/** How the author signed in: a WeChat mini-program donor is checked by WeChat with their openid. */
export const authorSource = (db: Db, schoolId: number, userId: number) =>
  db.selectFrom('app_user').select(['source', 'open_id']).where('school_id', '=', schoolId).where('id', '=', userId).executeTakeFirst()

export const sandboxSwitch = (db: Db, schoolId: number) =>
  db.selectFrom('school_setting').select('sandbox_enabled').where('school_id', '=', schoolId).executeTakeFirst()

export async function insertContentCheck(db: Db, row: Insertable<ContentCheckTable>): Promise<void> {
  await db.insertInto('content_check').values(row).execute()
}

/** Earlier rows still waiting for the same nickname or avatar are closed: only the newest one can be approved. */
export async function supersedeChecks(db: Db, schoolId: number, kind: ContentKind, targetId: number, at: string): Promise<void> {
  await db
    .updateTable('content_check')
    .set({ state: 'rejected', reason: 'superseded', decided_at: at, updated_at: at })
    .where('school_id', '=', schoolId)
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .where('state', 'in', ['held', 'checking'])
    .execute()
}
