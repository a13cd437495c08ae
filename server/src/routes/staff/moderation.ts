/**
 * The moderation queue (docs/decisions/042-content-security.md; editor):
 *   GET  /moderation?state=held|checking|approved|rejected&kind=message|nickname|avatar|together&limit&offset
 *   POST /moderation/:id/approve | /moderation/:id/reject {reason?}
 * Held donor content: visible to its author only until approved here. Each decision is audited.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { decideModeration, listModeration } from '../../domain/moderation/queue'
import { answers, ok } from '../../lib/envelope'
import * as W from '../../../../types/schema/staff-console'
import { StaffIdParams } from '../../../../types/schema/staff-common'
import { requireRole } from './access'
import { StaffApi } from '../../../../types/staff-api'

export const staffModerationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const editor = requireRole('editor')

  app.get(
    StaffApi.moderation,
    {
      ...editor,
      schema: {
        querystring: W.ModerationQuery,
        response: answers(W.ModerationPage)
      }
    },
    async (req) => ok(await listModeration(app.db, req.school.id, req.query))
  )

  for (const [action, path] of [
    ['approve', StaffApi.moderationApprove],
    ['reject', StaffApi.moderationReject]
  ] as const) {
    app.post(
      path,
      { ...editor, schema: { params: StaffIdParams, body: W.ModerationDecisionBody, response: answers(W.Done) } },
      async (req) => {
        await decideModeration(app.db, req.school.id, req.staff.id, req.params.id, action, req.body?.reason ?? '')
        // a public list may have been served from the read cache before the decision
        app.readCache?.clear()
        return ok({ done: true })
      }
    )
  }
}
