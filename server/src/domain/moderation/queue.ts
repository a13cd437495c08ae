/**
 * The console's moderation queue (docs/decisions/042-content-security.md): donor content held by the content check
 * (service.ts), approved or rejected by staff with the editor role, and the WeChat image verdicts that settle
 * 'checking' rows. A decision is one transaction: a conditional update of the row (only a row still held or
 * checking moves, so two members of staff racing end with one outcome), its effect on the content, and the audit row.
 *
 * Effects: a message becomes visible or hidden; a nickname or avatar replaces the public one (only while it is still
 * the author's pending one: a newer change supersedes it) or is dropped; a joint donation becomes visible or
 * rejected (then only its sponsor sees it, and nobody can give to it).
 */
import type { Kysely, Selectable, Transaction } from 'kysely'
import { PAGE_SIZE } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { recordAudit } from '../staff/audit'
import type { Suggest } from './checkers'
import type { ContentCheckTable, ContentKind, ContentState } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>
type Row = Selectable<ContentCheckTable>

// the lists the staff API's query accepts (docs/decisions/067-staff-requests-once.md)
export { MODERATION_KINDS, MODERATION_STATES } from '../../../../types/schema/staff-console'

export interface ModerationItem {
  id: number
  kind: ContentKind
  state: ContentState
  /** the text, or the avatar's /files/ path */
  content: string
  checker: string
  reason: string
  userId: number
  /** the author's public nickname */
  nickname: string
  /** what it belongs to: the message's or joint donation's project */
  itemsName: string
  createdAt: string
  decidedAt: string
}

const iso = (v: string | Date | null | undefined) => (v ? new Date(v).toISOString() : '')

export async function listModeration(
  db: Kysely<DB>,
  schoolId: number,
  f: { state?: ContentState; kind?: ContentKind; limit?: number | null; offset?: number | null }
): Promise<{ total: number; rows: ModerationItem[] }> {
  let q = db
    .selectFrom('content_check as c')
    .leftJoin('app_user as u', (j) => j.onRef('u.id', '=', 'c.user_id').on('u.school_id', '=', schoolId))
    .leftJoin('leave_message as m', (j) =>
      j.onRef('m.id', '=', 'c.target_id').on('m.school_id', '=', schoolId).on('c.kind', '=', 'message')
    )
    .leftJoin('together_donation as t', (j) =>
      j.onRef('t.id', '=', 'c.target_id').on('t.school_id', '=', schoolId).on('c.kind', '=', 'together')
    )
    .leftJoin('project as p', (j) => j.on((eb) => eb.or([eb('p.id', '=', eb.ref('m.items_id')), eb('p.id', '=', eb.ref('t.items_id'))])))
    .where('c.school_id', '=', schoolId)
  // the queue: what waits for staff (held), oldest first; 'checking' rows wait for WeChat and are listed on request
  const state = f.state ?? 'held'
  q = q.where('c.state', '=', state)
  if (f.kind) q = q.where('c.kind', '=', f.kind)
  const limit = Math.min(f.limit ?? 50, PAGE_SIZE.MAX)
  const offset = f.offset ?? 0
  const [rows, total] = await Promise.all([
    q
      .select(['c.id', 'c.kind', 'c.state', 'c.content', 'c.checker', 'c.reason', 'c.user_id', 'c.created_at', 'c.decided_at'])
      .select(['u.nickname', 'p.name as items_name'])
      .orderBy('c.id', state === 'held' || state === 'checking' ? 'asc' : 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  ])
  return {
    total: Number(total.n),
    rows: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      state: r.state,
      content: r.content,
      checker: r.checker,
      reason: r.reason,
      userId: Number(r.user_id),
      nickname: r.nickname ?? '',
      itemsName: r.items_name ?? '',
      createdAt: iso(r.created_at),
      decidedAt: iso(r.decided_at)
    }))
  }
}

async function rowOf(db: Db, schoolId: number, id: number): Promise<Row | undefined> {
  return db.selectFrom('content_check').selectAll().where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst()
}

/** Makes the content public (approved) or keeps it from everyone but its author (rejected). */
async function applyEffect(trx: Db, r: Row, approved: boolean) {
  const sid = r.school_id
  if (r.kind === 'message') {
    await trx
      .updateTable('leave_message')
      .set({ status: approved ? 'visible' : 'hidden' })
      .where('school_id', '=', sid)
      .where('id', '=', r.target_id)
      .where('status', '=', 'pending')
      .execute()
  } else if (r.kind === 'nickname' || r.kind === 'avatar') {
    const pending = r.kind === 'nickname' ? 'pending_nickname' : 'pending_avatar'
    const set = approved
      ? r.kind === 'nickname'
        ? { nickname: r.content, pending_nickname: '' }
        : { avatar: r.content, pending_avatar: '' }
      : r.kind === 'nickname'
        ? { pending_nickname: '' }
        : { pending_avatar: '' }
    await trx
      .updateTable('app_user')
      .set(set)
      .where('school_id', '=', sid)
      .where('id', '=', r.target_id)
      .where(pending, '=', r.content)
      .execute()
  } else {
    await trx
      .updateTable('together_donation')
      .set({ content_state: approved ? 'visible' : 'rejected' })
      .where('school_id', '=', sid)
      .where('id', '=', r.target_id)
      .where('content_state', '=', 'held')
      .execute()
  }
}

/** Moves a row still held or checking; false when it had already moved. */
async function settle(trx: Db, r: Row, state: 'approved' | 'rejected', by: number | null, reason: string, at: string) {
  const u = await trx
    .updateTable('content_check')
    .set({ state, decided_by: by, decided_at: at, updated_at: at, reason: reason.slice(0, 120) })
    .where('school_id', '=', r.school_id)
    .where('id', '=', r.id)
    .where('state', 'in', ['held', 'checking'])
    .executeTakeFirst()
  if (Number(u.numUpdatedRows) !== 1) return false
  await applyEffect(trx, r, state === 'approved')
  return true
}

/** Staff approve or reject one held item (editor role; routes/staff/moderation.ts). */
export async function decideModeration(
  db: Kysely<DB>,
  schoolId: number,
  by: number,
  id: number,
  action: 'approve' | 'reject',
  reason = '',
  now = new Date()
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const r = await rowOf(trx, schoolId, id)
    if (!r || (r.state !== 'held' && r.state !== 'checking')) throw bizError('moderationNotFound')
    const state = action === 'approve' ? 'approved' : 'rejected'
    const why = reason.trim() || r.reason
    if (!(await settle(trx, r, state, by, why, now.toISOString()))) throw bizError('moderationNotFound')
    await recordAudit(trx, {
      schoolId,
      staffId: by,
      action: `moderation.${action}`,
      entity: `moderation.${r.kind}`,
      entityId: id,
      before: { state: r.state, content: r.content, reason: r.reason },
      after: { state, reason: why }
    })
  })
}

/**
 * A message decided on the console's messages page (domain/message/staff.ts changeMessage) closes its queue rows too, so the
 * queue never lists a message staff already approved or hid there.
 */
export async function closeForMessage(trx: Db, schoolId: number, by: number, messageId: number, approved: boolean) {
  const at = new Date().toISOString()
  await trx
    .updateTable('content_check')
    .set({ state: approved ? 'approved' : 'rejected', decided_by: by, decided_at: at, updated_at: at })
    .where('school_id', '=', schoolId)
    .where('kind', '=', 'message')
    .where('target_id', '=', messageId)
    .where('state', 'in', ['held', 'checking'])
    .execute()
}

/**
 * WeChat's wxa_media_check verdict for a trace id (`{appid}|{trace_id}` as stored): pass makes the image public, risky
 * drops it, review hands it to staff. Answers how many rows it settled (0 for an unknown or already settled trace).
 */
export async function applyMediaVerdict(
  db: Kysely<DB>,
  schoolId: number,
  appId: string,
  traceId: string,
  v: { suggest: Suggest; label: string },
  now = new Date()
) {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('content_check')
      .selectAll()
      .where('school_id', '=', schoolId)
      .where('trace_id', '=', `${appId}|${traceId}`)
      .where('state', '=', 'checking')
      .execute()
    const at = now.toISOString()
    let n = 0
    for (const r of rows) {
      if (v.suggest === 'review') {
        const u = await trx
          .updateTable('content_check')
          .set({ state: 'held', reason: `review${v.label ? `:${v.label}` : ''}`.slice(0, 120), updated_at: at })
          .where('id', '=', r.id)
          .where('state', '=', 'checking')
          .executeTakeFirst()
        n += Number(u.numUpdatedRows)
      } else if (
        await settle(trx, r, v.suggest === 'pass' ? 'approved' : 'rejected', null, v.suggest === 'pass' ? 'pass' : `risky:${v.label}`, at)
      )
        n++
    }
    return n
  })
}
