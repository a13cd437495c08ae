/**
 * The school's message templates (docs/decisions/049-subscribe-messages.md), on the console's settings screen:
 *   GET  /notice-templates   every template: channel (wechat | alipay), kind of news, template id, field -> fact
 *   POST /notice-templates   {templates: [...]}: replaces the list (validated in domain/notify/templates.ts)
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { NOTICE_FACTS, NOTICE_KINDS, PLATFORM_NOTICE_CHANNELS } from '../../../../types'
import { StaffApi } from '../../../../types/staff-api'
import { listTemplates, saveTemplates } from '../../domain/notify/templates'
import { answers, ok } from '../../lib/envelope'
import { body, strEnum } from '../../lib/schemas'
import { NoticeTemplateSettings } from '../wire/notice'
import { requireRole } from './access'

const Template = Type.Object({
  channel: strEnum(PLATFORM_NOTICE_CHANNELS),
  kind: strEnum(NOTICE_KINDS),
  templateId: Type.String({ minLength: 1, maxLength: 128 }),
  fields: Type.Record(Type.String({ maxLength: 32 }), strEnum(NOTICE_FACTS), { maxProperties: 10 })
})

export const staffNoticeTemplateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(StaffApi.noticeTemplates, { ...requireRole('admin'), schema: { response: answers(NoticeTemplateSettings) } }, async (req) =>
    ok(await listTemplates(app.db, req.school.id))
  )
  app.post(
    StaffApi.noticeTemplates,
    {
      ...requireRole('admin'),
      schema: { body: body({ templates: Type.Array(Template, { maxItems: 24 }) }), response: answers(NoticeTemplateSettings) }
    },
    async (req) => ok(await saveTemplates(app.db, req.school.id, req.staff.id, req.body.templates, app.identity.now()))
  )
}
