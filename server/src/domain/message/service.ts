/** Project messages (docs/product §4, §5): max 140 characters, not empty; audited projects hold messages for review. */
import type { Kysely, Transaction } from 'kysely'
import { DEFAULT_LANG, MESSAGE_MAX, PAGE_SIZE, type Lang, type LeaveMessage, type LeaveMessageResult, type Page } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError, fieldRefusal } from '../../errors'
import { t, type MessageKey } from '../../i18n'
import { toWireDate } from '../../lib/dates'
import { lockFor } from '../../lib/lock'
import { codePointLength } from '../../lib/names'
import { pageWindow } from '../../lib/sql'
import { requireProject } from '../project/service'
import { shownNickname } from '../user/service'
import { checkText, recordHold, type CheckOutcome, type ModerationRuntime } from '../moderation/service'
import * as repo from './repository'

export async function listMessages(
  db: Kysely<DB>,
  schoolId: number,
  q: { itemsId: number; limit?: number | null; offset?: number | null },
  lang: Lang = DEFAULT_LANG
): Promise<Page<LeaveMessage>> {
  await requireProject(db, schoolId, q.itemsId)
  const { limit, offset } = pageWindow(q, PAGE_SIZE.LIST, PAGE_SIZE.MAX)
  const { total, rows } = await repo.visiblePage(db, schoolId, q.itemsId, limit, offset)
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id,
      // a deleted account's messages stay, their author shown as anonymous (docs/decisions/041)
      avatar: r.deleted_at ? '' : (r.avatar ?? ''),
      nickname: r.deleted_at ? t(lang, 'anonymous') : shownNickname(lang, r.nickname),
      createDate: toWireDate(r.created_at),
      content: r.content,
      replyContent: r.reply_content
    }))
  }
}

/**
 * Messages per user and school (any project, pending ones included): a burst window and a daily one, counted from
 * the stored rows, so the limit holds across restarts and processes. Anyone with a sandbox or SMS sign-in could
 * otherwise flood a project's wall or the review queue. The count and the insert are one transaction holding the
 * donor's lock (lib/lock.ts, docs/decisions/030): counted outside it, 14 of 15 parallel posts were accepted.
 */
export const MESSAGE_RATE = { burst: 5, burstMs: 10 * 60_000, daily: 30, dayMs: 24 * 3600_000 } as const

async function checkMessageRate(db: Kysely<DB> | Transaction<DB>, schoolId: number, userId: number, now: Date) {
  const day = await repo.recentByUser(db, schoolId, userId, new Date(now.getTime() - MESSAGE_RATE.dayMs).toISOString())
  if (day.count >= MESSAGE_RATE.daily) throw bizError('messageDailyLimit')
  if (day.count < MESSAGE_RATE.burst) return
  const burst = await repo.recentByUser(db, schoolId, userId, new Date(now.getTime() - MESSAGE_RATE.burstMs).toISOString())
  if (burst.count >= MESSAGE_RATE.burst && burst.oldest) {
    // the window frees a place when its oldest message leaves it; never more than the window (a message that
    // committed while this request waited for the lock is stamped a little after `now`)
    const waitMs = Math.min(burst.oldest.getTime() + MESSAGE_RATE.burstMs - now.getTime(), MESSAGE_RATE.burstMs)
    throw bizError('messageTooFrequent', { minutes: Math.max(1, Math.ceil(waitMs / 60_000)) })
  }
}

export async function postMessage(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  itemsId: number,
  rawContent: string,
  now = new Date(),
  mod?: ModerationRuntime
): Promise<{ result: LeaveMessageResult; messageKey: MessageKey }> {
  const content = rawContent.trim()
  if (!content) throw fieldRefusal('content', 'messageEmpty')
  // Code points, not UTF-16 units: 䶮 or an emoji is one character to the donor.
  if (codePointLength(content) > MESSAGE_MAX) throw fieldRefusal('content', 'messageTooLong', { max: MESSAGE_MAX })
  const p = await requireProject(db, schoolId, itemsId)
  if (!p.is_leave_message) throw bizError('messageClosed')
  // the content check (docs/decisions/042) before anything is stored: risky is refused here, held waits for staff
  const checked: CheckOutcome = mod ? await checkText(mod, { schoolId, userId, what: 'message', text: content }) : { visible: true }
  const audited = !p.is_audit_message && checked.visible
  const id = await db.transaction().execute(async (trx) => {
    await lockFor(trx, `message:${schoolId}:${userId}`)
    await checkMessageRate(trx, schoolId, userId, now)
    const id = await repo.insertMessage(trx, {
      school_id: schoolId,
      items_id: itemsId,
      user_id: userId,
      content,
      status: audited ? 'visible' : 'pending',
      // stamped by the clock the rate check reads: a message stamped by another clock moved the burst window
      created_at: now.toISOString()
    })
    await recordHold(trx, { schoolId, userId, kind: 'message', targetId: id, content, now }, checked)
    return id
  })
  return { result: { id, audited }, messageKey: audited ? 'messageOk' : 'messagePending' }
}
