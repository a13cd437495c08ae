/**
 * Failed sends in the staff console (docs/decisions/050-yearly-statement.md, building on 044): notifications of the
 * school in state failed or retrying, with kind, channel, recipient, last error and attempts; "retry now" hands the
 * message to the job worker at once. A retrying message's job runs now instead of after its backoff; a failed one
 * gets one more attempt (and shows failed again if that fails too). Both write an audit row in the same transaction.
 */
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { toWireDate } from '../../lib/dates'
import { recordAudit } from '../staff/audit'
import { NOTIFY_JOB_KIND } from './kinds'

export interface FailedSend {
  id: number
  kind: string
  channel: string
  recipient: string
  state: 'failed' | 'retrying'
  attempts: number
  error: string
  userId: number
  donorName: string
  updatedAt: string
}

export async function listFailedSends(
  db: Kysely<DB>,
  schoolId: number,
  page: { limit?: number | null; offset?: number | null }
): Promise<{ total: number; rows: FailedSend[] }> {
  const base = db.selectFrom('notification as n').where('n.school_id', '=', schoolId).where('n.state', 'in', ['failed', 'retrying'])
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .leftJoin('app_user as u', (j) => j.onRef('u.id', '=', 'n.user_id').onRef('u.school_id', '=', 'n.school_id'))
      .select(['n.id', 'n.kind', 'n.channel', 'n.recipient', 'n.state', 'n.attempts', 'n.last_error', 'n.user_id', 'n.updated_at'])
      .select(['u.name', 'u.nickname'])
      .orderBy('n.updated_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(Math.min(100, page.limit ?? 20))
      .offset(page.offset ?? 0)
      .execute()
  ])
  return {
    total: Number(total),
    rows: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      channel: r.channel,
      recipient: r.recipient,
      state: r.state as 'failed' | 'retrying',
      attempts: Number(r.attempts),
      error: r.last_error,
      userId: Number(r.user_id),
      donorName: r.name || r.nickname || '',
      updatedAt: toWireDate(String(r.updated_at))
    }))
  }
}

export async function retrySend(db: Kysely<DB>, schoolId: number, staffId: number, id: number, now: Date): Promise<void> {
  const stamp = now.toISOString()
  await db.transaction().execute(async (trx) => {
    const n = await trx
      .selectFrom('notification')
      .select(['id', 'state', 'attempts'])
      .where('school_id', '=', schoolId)
      .where('id', '=', id)
      .executeTakeFirst()
    if (!n || (n.state !== 'failed' && n.state !== 'retrying')) throw bizError('noticeNotRetryable')
    const job = await trx
      .selectFrom('job')
      .select(['id', 'status', 'attempts'])
      .where('school_id', '=', schoolId)
      .where('kind', '=', NOTIFY_JOB_KIND)
      .where('payload', '=', JSON.stringify({ notificationId: id }))
      .executeTakeFirst()
    if (!job || job.status === 'running' || job.status === 'done') throw bizError('noticeNotRetryable')
    await trx
      .updateTable('job')
      .set({
        status: 'pending',
        run_after: stamp,
        // a failed job gets one attempt more; a pending (retrying) one keeps what it has left
        ...(job.status === 'failed' ? { max_attempts: Number(job.attempts) + 1 } : {}),
        updated_at: stamp
      })
      .where('id', '=', job.id)
      .where('status', '=', job.status)
      .execute()
    await trx
      .updateTable('notification')
      .set({ state: 'retrying', updated_at: stamp })
      .where('id', '=', id)
      .where('school_id', '=', schoolId)
      .execute()
    await recordAudit(trx, {
      schoolId,
      staffId,
      action: 'notification.retry',
      entity: 'notification',
      entityId: id,
      before: { state: n.state, attempts: n.attempts },
      after: { state: 'retrying' }
    })
  })
}
