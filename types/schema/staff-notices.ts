/**
 * The staff API's notice requests and answers (routes/staff/notices.ts, notice-templates.ts;
 * docs/decisions/049-subscribe-messages.md, 050-yearly-statement.md, 067-staff-requests-once.md): yearly statement
 * batches, failed sends and the school's message templates. The one source of these shapes: the server validates and
 * serialises with them, the domain (domain/statement/service.ts, domain/notify/failed.ts, domain/notify/templates.ts)
 * returns types the route's type provider checks against them, the console reads their `Static` types.
 */
import { Type, type Static } from 'typebox'
import { NOTICE_FACTS, NOTICE_KINDS, PLATFORM_NOTICE_CHANNELS } from '../notice-kinds'
import { Num, Str, strEnum } from './common'
import { body, reqInt } from './wire-int'

/** One batch of yearly statements and its progress; status queued | running | enqueued | failed (the domain's). */
export const StaffStatementBatch = Type.Object({
  id: Num,
  year: Num,
  status: Str,
  total: Num,
  done: Num,
  sent: Num,
  failed: Num,
  skipped: Num,
  createdAt: Str
})
export type StaffStatementBatch = Static<typeof StaffStatementBatch>
/** GET /statements: newest first */
export const StaffStatementBatches = Type.Array(StaffStatementBatch)
export type StaffStatementBatches = Static<typeof StaffStatementBatches>
/** POST /statements: send year's statements to every donor who asked for them */
export const StatementStartBody = body({ year: reqInt(1) })
export type StatementStartBody = Static<typeof StatementStartBody>

/** A notification that failed for good or waits to be tried again. */
export const StaffFailedSend = Type.Object({
  id: Num,
  kind: Str,
  channel: Str,
  recipient: Str,
  state: strEnum(['failed', 'retrying']),
  attempts: Num,
  error: Str,
  userId: Num,
  donorName: Str,
  updatedAt: Str
})
export type StaffFailedSend = Static<typeof StaffFailedSend>
/** GET /notifications/failed */
export const StaffFailedSendPage = Type.Object({ total: Num, rows: Type.Array(StaffFailedSend) })
export type StaffFailedSendPage = Static<typeof StaffFailedSendPage>
/** POST /notifications/:id/retry: handed to the job worker; the answer's data is null */
export const StaffRetried = Type.Null()
export type StaffRetried = Static<typeof StaffRetried>

/** One template as the console sends it: the platform's template id and field key -> fact (checked in
 *  domain/notify/templates.ts). The answer is types/schema/notice.ts NoticeTemplateSettings. */
export const NoticeTemplateBody = Type.Object({
  channel: strEnum(PLATFORM_NOTICE_CHANNELS),
  kind: strEnum(NOTICE_KINDS),
  templateId: Type.String({ minLength: 1, maxLength: 128 }),
  fields: Type.Record(Type.String({ maxLength: 32 }), strEnum(NOTICE_FACTS), { maxProperties: 10 })
})
export type NoticeTemplateBody = Static<typeof NoticeTemplateBody>
/** POST /notice-templates: replaces the school's list */
export const NoticeTemplatesBody = body({ templates: Type.Array(NoticeTemplateBody, { maxItems: 24 }) })
export type NoticeTemplatesBody = Static<typeof NoticeTemplatesBody>
