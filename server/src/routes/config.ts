/**
 * Runtime configuration read by the app before anything else (SPEC §1, §7 Bootstrap). Raw JSON, no envelope:
 * these replace static files that used to sit next to the app.
 */
import type { FastifyInstance } from 'fastify'
import type { RootConfig, SchoolConfig } from '../../../types'
import { findDefaultSchool, findSchoolByCode } from '../domain/school/repository'
import { sendNotFound } from '../plugins/envelope'

export async function configRoutes(app: FastifyInstance) {
  app.get('/config/index.json', async (req, reply) => {
    const school = await findDefaultSchool(app.db)
    if (!school) return sendNotFound(req, reply, 'schoolNotFound')
    reply.header('cache-control', 'no-cache')
    return { school: school.code } satisfies RootConfig
  })

  app.get<{ Params: { school: string } }>('/config/:school/index.json', async (req, reply) => {
    const school = await findSchoolByCode(app.db, req.params.school)
    if (!school) return sendNotFound(req, reply, 'schoolNotFound')
    reply.header('cache-control', 'no-cache')
    return {
      api: `/api/${school.code}`,
      moduleName: school.module_name,
      theme: school.theme,
      themeColor: school.theme_color,
      signKey: school.sign_key
    } satisfies SchoolConfig
  })
}
