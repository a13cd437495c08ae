/** Project messages (SPEC §4, §5): max 140 characters, not empty; audited projects hold messages for review. */
import type { Kysely } from 'kysely'
import { MESSAGE_MAX, PAGE_SIZE, type LeaveMessage, type LeaveMessageResult, type Page } from '../../../../types'
import type { DB } from '../../db/types'
import { bizError } from '../../errors'
import type { MessageKey } from '../../i18n'
import { toWireDate } from '../../lib/dates'
import { codePointLength } from '../../lib/names'
import { pageWindow } from '../../lib/sql'
import { requireProject } from '../project/service'
import * as repo from './repository'

export async function listMessages(db: Kysely<DB>, schoolId: number,
  q: { itemsId: number; limit?: number | null; offset?: number | null }): Promise<Page<LeaveMessage>> {
  await requireProject(db, schoolId, q.itemsId)
  const { limit, offset } = pageWindow(q, PAGE_SIZE.LIST, PAGE_SIZE.MAX)
  const { total, rows } = await repo.visiblePage(db, schoolId, q.itemsId, limit, offset)
  return {
    total,
    rows: rows.map((r) => ({
      id: r.id, avatar: r.avatar ?? '', nickname: r.nickname ?? '', createDate: toWireDate(r.created_at), content: r.content, replyContent: r.reply_content
    }))
  }
}

export async function postMessage(db: Kysely<DB>, schoolId: number, userId: number, itemsId: number, rawContent: string)
  : Promise<{ result: LeaveMessageResult; messageKey: MessageKey }> {
  const content = rawContent.trim()
  if (!content) throw bizError('messageEmpty')
  // Code points, not UTF-16 units: 䶮 or an emoji is one character to the donor.
  if (codePointLength(content) > MESSAGE_MAX) throw bizError('messageTooLong', { max: MESSAGE_MAX })
  const p = await requireProject(db, schoolId, itemsId)
  if (!p.is_leave_message) throw bizError('messageClosed')
  const audited = !p.is_audit_message
  const id = await repo.insertMessage(db, { school_id: schoolId, items_id: itemsId, user_id: userId, content, status: audited ? 'visible' : 'pending' })
  return { result: { id, audited }, messageKey: audited ? 'messageOk' : 'messagePending' }
}
