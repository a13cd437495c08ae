/**
 * Donor messages as the console's editors look after them: approve, hide, reply. A reply is rich text sanitised on
 * save with the project content's allow-list (domain/project/html.ts); approving or hiding also closes the message's
 * moderation entry (domain/moderation/queue.ts). Every change is one transaction with its audit row; every query is
 * filtered by the school, so another school's id is "not found".
 */
import type { Kysely, Transaction } from 'kysely'
import { PAGE_SIZE } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { closeForMessage } from '../moderation/queue'
import { sanitizeProjectHtml } from '../project/html'
import { recordAudit } from '../staff/audit'
import { MESSAGE_STATUSES } from '../../../../types/schema/staff-console'

type Db = Kysely<DB> | Transaction<DB>
const page = (f: { limit?: number | null; offset?: number | null }) => ({
  limit: Math.min(f.limit ?? 50, PAGE_SIZE.MAX),
  offset: f.offset ?? 0
})
const iso = (v: string | null | undefined) => (v ? new Date(v).toISOString() : '')

export type MessageStatus = 'pending' | 'visible' | 'hidden'
// the list the staff API's query accepts (docs/decisions/067-staff-requests-once.md)
export { MESSAGE_STATUSES } from '../../../../types/schema/staff-console'

export interface StaffMessage {
  id: number
  itemsId: number
  itemsName: string
  userId: number
  nickname: string
  content: string
  status: MessageStatus
  replyContent: string
  createdAt: string
}

function messageQuery(db: Db, schoolId: number) {
  return db
    .selectFrom('leave_message as m')
    .innerJoin('project as p', (j) => j.onRef('p.id', '=', 'm.items_id').on('p.school_id', '=', schoolId))
    .leftJoin('app_user as u', (j) => j.onRef('u.id', '=', 'm.user_id').on('u.school_id', '=', schoolId))
    .where('m.school_id', '=', schoolId)
}

type MessageRow = {
  id: number
  items_id: number
  items_name: string
  user_id: number
  nickname: string | null
  content: string
  status: string
  reply_content: string
  created_at: string
}
const MESSAGE_COLUMNS = [
  'm.id',
  'm.items_id',
  'p.name as items_name',
  'm.user_id',
  'u.nickname',
  'm.content',
  'm.status',
  'm.reply_content',
  'm.created_at'
] as const

const toMessage = (r: MessageRow): StaffMessage => ({
  id: Number(r.id),
  itemsId: Number(r.items_id),
  itemsName: r.items_name,
  userId: Number(r.user_id),
  nickname: r.nickname ?? '',
  content: r.content,
  status: (MESSAGE_STATUSES as readonly string[]).includes(r.status) ? (r.status as MessageStatus) : 'pending',
  replyContent: r.reply_content,
  createdAt: iso(r.created_at)
})

/** Messages of the school, newest first; `status` narrows (pending = the review queue). */
export async function listStaffMessages(
  db: Kysely<DB>,
  schoolId: number,
  f: { status?: MessageStatus; itemsId?: number | null; limit?: number | null; offset?: number | null }
): Promise<{ total: number; rows: StaffMessage[] }> {
  let q = messageQuery(db, schoolId)
  if (f.status) q = q.where('m.status', '=', f.status)
  if (f.itemsId) q = q.where('m.items_id', '=', f.itemsId)
  const { limit, offset } = page(f)
  const [rows, total] = await Promise.all([
    q.select(MESSAGE_COLUMNS).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  ])
  return { total: Number(total.n), rows: rows.map(toMessage) }
}

async function messageOf(db: Db, schoolId: number, id: number): Promise<StaffMessage> {
  const r = await messageQuery(db, schoolId).select(MESSAGE_COLUMNS).where('m.id', '=', id).executeTakeFirst()
  if (!r) throw bizError('staffRecordNotFound')
  return toMessage(r)
}

/** approve: visible to donors; hide: taken off (the donor's text is kept); reply: the foundation's answer, sanitised. */
export async function changeMessage(
  db: Kysely<DB>,
  schoolId: number,
  by: number,
  id: number,
  change: { action: 'approve' } | { action: 'hide' } | { action: 'reply'; text: string }
): Promise<StaffMessage> {
  const reply = change.action === 'reply' ? sanitizeProjectHtml(change.text.trim()) : ''
  if (change.action === 'reply' && !reply.trim()) throw bizError('contentTextEmpty')
  return db.transaction().execute(async (trx) => {
    const before = await messageOf(trx, schoolId, id)
    const set = change.action === 'reply' ? { reply_content: reply } : { status: change.action === 'approve' ? 'visible' : 'hidden' }
    await trx.updateTable('leave_message').set(set).where('school_id', '=', schoolId).where('id', '=', id).execute()
    // a message the content check held is decided here as well as in the moderation queue (docs/decisions/042)
    if (change.action !== 'reply') await closeForMessage(trx, schoolId, by, id, change.action === 'approve')
    const after = await messageOf(trx, schoolId, id)
    const pick = (m: StaffMessage) => ({ status: m.status, replyContent: m.replyContent })
    await recordAudit(trx, {
      schoolId,
      staffId: by,
      action: `message.${change.action}`,
      entity: 'message',
      entityId: id,
      before: pick(before),
      after: pick(after)
    })
    return after
  })
}
