/**
 * The one way an event asks for news to go out (docs/decisions/044-notifications.md): a `notification` row and its
 * job, written with the caller's transaction (or right after a job's own write), never sent on the request path.
 * Which channel, and whether any, is decided when the job runs (send.ts), from what the donor gave and allowed then;
 * a kind the donor turned on for no channel makes no row at all.
 */
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { enqueue } from '../../jobs/queue'
import { NOTIFY_JOB_KIND, type NoticeKind } from './kinds'

type Db = Kysely<DB> | Transaction<DB>

/** sends are retried this many times (backoff 5 s, 10 s, … jobs/queue.ts) before the row shows failed */
export const NOTIFY_MAX_ATTEMPTS = 6

export async function enqueueNotice(
  db: Db,
  n: {
    schoolId: number
    userId: number
    kind: NoticeKind
    refId: number
    now?: Date
    /** the donor asked for this very message (a statement by e-mail, docs/decisions/050-yearly-statement.md) */
    requested?: boolean
  }
): Promise<number | null> {
  const stamp = (n.now ?? new Date()).toISOString()
  // most donors ask for no news: one indexed read, and no row nor job, on every paid order of theirs. Only the e-mail
  // receipt is on without a choice (preferences.ts onByDefault); whether it may still go is checked when sent.
  if (n.kind !== 'receipt' && !n.requested) {
    const wanted = await db
      .selectFrom('notify_preference')
      .select('channel')
      .where('school_id', '=', n.schoolId)
      .where('user_id', '=', n.userId)
      .where('kind', '=', n.kind)
      .where('enabled', '=', 1)
      .executeTakeFirst()
    if (!wanted) return null
  }
  // one waiting message per event: a receipt file replaced before the first send goes out once, with the new file
  const waiting = await db
    .selectFrom('notification')
    .select('id')
    .where('school_id', '=', n.schoolId)
    .where('kind', '=', n.kind)
    .where('ref_id', '=', n.refId)
    .where('user_id', '=', n.userId)
    .where('state', 'in', ['queued', 'retrying'])
    .executeTakeFirst()
  if (waiting) return null
  const { id } = await db
    .insertInto('notification')
    .values({
      school_id: n.schoolId,
      user_id: n.userId,
      kind: n.kind,
      ref_id: n.refId,
      created_at: stamp,
      updated_at: stamp,
      sent_at: null
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await enqueue(db, n.schoolId, NOTIFY_JOB_KIND, { notificationId: Number(id) }, { now: n.now, maxAttempts: NOTIFY_MAX_ATTEMPTS })
  return Number(id)
}
