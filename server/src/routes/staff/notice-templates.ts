/**
 * The school's message templates (docs/decisions/049-subscribe-messages.md), on the console's settings screen:
 *   GET  /notice-templates   every template: channel (wechat | alipay), kind of news, template id, field -> fact
 *   POST /notice-templates   {templates: [...]}: replaces the list (validated in domain/notify/templates.ts)
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { StaffApi } from '../../../../types/staff-api'
import { listTemplates, saveTemplates } from '../../domain/notify/templates'
import { answers, ok } from '../../lib/envelope'
import { NoticeTemplateSettings } from '../wire/notice'
import { NoticeTemplatesBody } from '../../../../types/schema/staff-notices'
import { requireRole } from './access'

export const staffNoticeTemplateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(StaffApi.noticeTemplates, { ...requireRole('admin'), schema: { response: answers(NoticeTemplateSettings) } }, async (req) =>
    ok(await listTemplates(app.db, req.school.id))
  )
  app.post(
    StaffApi.noticeTemplates,
    {
      ...requireRole('admin'),
      schema: { body: NoticeTemplatesBody, response: answers(NoticeTemplateSettings) }
    },
    async (req) => ok(await saveTemplates(app.db, req.school.id, req.staff.id, req.body.templates, app.identity.now()))
  )
}
