/**
 * The console's core staff routes, registered inside routes/staff's signed-in scope (tenant, CORS policy,
 * staff session: `req.staff`, no token = -997). Each route names its role with requireRole (access.ts); /me and
 * /logout are for any member of staff.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { staffAccountRoutes } from './accounts'
import { staffAuditRoutes } from './audit'
import { staffContentRoutes } from './content'
import { staffModerationRoutes } from './moderation'
import { staffInventoryRoutes } from './inventory'
import { staffNoticeTemplateRoutes } from './notice-templates'
import { staffSettingsRoutes } from './settings'

export const staffConsoleCoreRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(staffAccountRoutes)
  await app.register(staffAuditRoutes)
  await app.register(staffSettingsRoutes)
  await app.register(staffNoticeTemplateRoutes)
  await app.register(staffContentRoutes)
  await app.register(staffModerationRoutes)
  await app.register(staffInventoryRoutes)
}
