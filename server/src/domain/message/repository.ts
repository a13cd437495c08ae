import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

/** Visible (audited or never needing audit) messages of a project with their author, newest first. */
export async function visiblePage(db: Db, schoolId: number, itemsId: number, limit: number, offset: number) {
  const base = db
    .selectFrom('leave_message as m')
    .where('m.school_id', '=', schoolId)
    .where('m.items_id', '=', itemsId)
    .where('m.status', '=', 'visible')
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()
  const rows = await base
    .leftJoin('app_user as u', (j) => j.onRef('u.id', '=', 'm.user_id').on('u.school_id', '=', schoolId))
    .select(['m.id', 'm.content', 'm.reply_content', 'm.created_at', 'u.nickname', 'u.avatar', 'u.deleted_at'])
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
  return { total: Number(total), rows }
}

export async function insertMessage(
  db: Db,
  row: { school_id: number; items_id: number; user_id: number; content: string; status: 'pending' | 'visible'; created_at: string }
) {
  const { id } = await db
    .insertInto('leave_message')
    .values({ ...row, reply_content: '' })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/** The user's messages at the school since `sinceIso` (any project, any status): count and the oldest time. */
export async function recentByUser(db: Db, schoolId: number, userId: number, sinceIso: string) {
  const r = await db
    .selectFrom('leave_message')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('created_at', '>', sinceIso)
    .executeTakeFirstOrThrow()
  return { count: Number(r.n), oldest: r.oldest == null ? null : new Date(r.oldest as string | Date) }
}
