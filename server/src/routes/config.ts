/**
 * Runtime configuration read by the app before anything else (docs/product §1, §7 Bootstrap). Raw JSON, no envelope:
 * these replace static files that used to sit next to the app.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { templatesForApp } from '../domain/notify/templates'
import { findDefaultSchool, findSchoolByCode } from '../domain/school/repository'
import { sendNotFound, sendRefusal } from '../plugins/envelope'
import { RootConfig, SchoolConfig, SchoolParams } from '../../../types/schema/config'
import { API_PREFIX, ConfigApi, fillPath } from '../../../types/routes'

export const configRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(ConfigApi.root, { schema: { response: { 200: RootConfig } } }, async (req, reply) => {
    const school = await findDefaultSchool(app.db)
    // a deployment's first start: no school until staff add one (the demo is seeded only on the embedded default)
    if (!school) return sendRefusal(req, reply, 503, 'noSchoolYet')
    reply.header('cache-control', 'no-cache')
    return { school: school.code }
  })

  app.get(
    ConfigApi.school,
    {
      schema: { params: SchoolParams, response: { 200: SchoolConfig } }
    },
    async (req, reply) => {
      const school = await findSchoolByCode(app.db, req.params.school)
      if (!school) return sendNotFound(req, reply, 'schoolNotFound')
      reply.header('cache-control', 'no-cache')
      return {
        api: fillPath(API_PREFIX, { school: school.code }),
        moduleName: school.module_name,
        theme: school.theme,
        themeColor: school.theme_color,
        signKey: school.sign_key,
        noticeTemplates: await templatesForApp(app.db, school.id)
      }
    }
  )
}
