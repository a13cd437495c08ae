/**
 * The caller's own account and the school's staff accounts:
 *   GET  /me                 {id, username, displayName, roles, school:{code, name}}   any signed-in staff
 *   POST /logout             ends this token's session                                 any signed-in staff
 *   GET  /staff              the school's staff                                        admin
 *   POST /staff              {username, password, displayName, roles}                  admin
 *   POST /staff/:id          {displayName?, roles?, enabled?, password?}               admin (not their own admin role)
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { accountOf, createAccount, endSession, listAccounts, updateAccount } from '../../domain/staff/admin'
import { answers, ok } from '../../lib/envelope'
import * as W from '../../../../types/schema/staff-console'
import { StaffIdParams } from '../../../../types/schema/staff-common'
import { requireRole } from './access'
import { StaffApi } from '../../../../types/staff-api'

export const staffAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(StaffApi.me, { schema: { response: answers(W.StaffMe) } }, async (req) => {
    const me = await accountOf(app.db, req.school.id, req.staff.id)
    return ok({
      id: me.id,
      username: me.username,
      displayName: me.displayName,
      roles: me.roles,
      school: { code: req.school.code, name: req.school.name }
    })
  })

  app.post(StaffApi.logout, { schema: { response: answers(W.Done) } }, async (req) => {
    await endSession(app.db, req.school.id, req.staff.id, req.staff.sessionId)
    return ok({ done: true })
  })

  app.get(StaffApi.staff, { ...requireRole('admin'), schema: { response: answers(W.StaffAccountPage) } }, async (req) =>
    ok(await listAccounts(app.db, req.school.id))
  )

  app.post(
    StaffApi.staff,
    {
      ...requireRole('admin'),
      schema: {
        body: W.StaffAccountBody,
        response: answers(W.StaffAccount)
      }
    },
    async (req) => ok(await createAccount(app.db, req.school.id, req.staff.id, req.body, app.identity.now()))
  )

  app.post(
    StaffApi.staffMember,
    {
      ...requireRole('admin'),
      schema: {
        params: StaffIdParams,
        body: W.StaffAccountUpdateBody,
        response: answers(W.StaffAccount)
      }
    },
    async (req) => ok(await updateAccount(app.db, req.school.id, req.staff.id, req.params.id, req.body))
  )
}
