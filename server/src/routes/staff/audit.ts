/**
 * The audit log (admin): GET /audit?entity&entityId&staffId&action&limit&offset, newest first.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { listAudit } from '../../domain/staff/audit'
import { answers, ok } from '../../lib/envelope'
import * as W from '../../../../types/schema/staff-console'
import { requireRole } from './access'
import { StaffApi } from '../../../../types/staff-api'

export const staffAuditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    StaffApi.audit,
    {
      ...requireRole('admin'),
      schema: {
        querystring: W.AuditQuery,
        response: answers(W.AuditPage)
      }
    },
    async (req) =>
      ok(
        await listAudit(app.db, req.school.id, {
          entity: req.query.entity || undefined,
          entityId: req.query.entityId || undefined,
          action: req.query.action || undefined,
          staffId: req.query.staffId ?? undefined,
          limit: req.query.limit ?? undefined,
          offset: req.query.offset ?? undefined
        })
      )
  )
}
