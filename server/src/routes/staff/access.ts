/**
 * The role guard of the staff API (docs/decisions/021). Spread into a route's options:
 *   app.get(StaffApi.ledger, { ...requireRole('finance'), schema: {...} }, handler)
 * It runs as a route preHandler, after the staff session hook of the scope (plugins/auth.ts installStaffSession:
 * scope hooks run before route hooks), so `req.staff` is known: no token is -997 before this guard is reached.
 * A caller holding none of the roles (admin passes every check) gets code -1 naming the roles it would need, in the
 * request's language.
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import { bizError } from '../../errors'
import { hasRole, roleList, type StaffRole } from '../../domain/staff/roles'

export function requireRole(...roles: StaffRole[]): { preHandler: preHandlerAsyncHookHandler } {
  if (!roles.length) throw new Error('requireRole: name at least one role')
  async function requireStaffRole(req: FastifyRequest) {
    if (!hasRole(req.staff.roles, roles)) throw bizError('staffRoleRequired', { roles: roleList(roles, req.lang) })
  }
  return { preHandler: requireStaffRole as preHandlerAsyncHookHandler }
}
