/**
 * Resolves /api/{school}/... to the tenant row. Every repository call takes req.school.id, so a query cannot be
 * written without the tenant (docs/decisions/004-tenancy.md). The row is cached per school for a few seconds
 * (domain/school/cache.ts, docs/decisions/022-performance.md); an unknown code always asks the database.
 */
import type { FastifyInstance } from 'fastify'
import { schoolByCode } from '../domain/school/cache'
import { AppError } from '../errors'
import { ResultCode } from '../../../types'

export function installTenant(api: FastifyInstance) {
  api.decorateRequest('school', null as never)
  api.addHook('onRequest', async (req) => {
    const code = (req.params as { school?: string }).school ?? ''
    const school = await schoolByCode(api.db, code)
    if (!school) throw new AppError('schoolNotFound', ResultCode.ERROR, 404)
    req.school = school
  })
}
