/**
 * docs/product §7 Login: getSmsCode, mobileLogin, passLogin under S = /uplus-system (tenant and signature checked by the
 * enclosing /api/{school} scope). Bodies are strict (no coercion): rule violations are -1 with a localised message.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { recordConsent } from '../../domain/privacy/service'
import { authenticate } from '../../domain/user/service'
import { Api } from '../../../../types'
import { getSmsCode, mobileLogin, passLogin } from '../../domain/identity/service'
import { answers, ok } from '../../lib/envelope'
import { maybeSignedIn } from '../../plugins/auth'
import {
  MobileLoginAnswer,
  MobileLoginBody,
  PassLoginAnswer,
  PassLoginBody,
  SmsCodeAnswer,
  SmsCodeBody
} from '../../../../types/schema/identity'

/** Records the login page's consent for the user a sign-in answered a token for. */
async function consentAtLogin(app: FastifyInstance, schoolId: number, answer: { token?: string }, version: number | null | undefined) {
  if (!version || !answer.token) return
  const session = await authenticate(app.db, schoolId, answer.token)
  if (session) await recordConsent(app.db, schoolId, session.user_id, version, 'login')
}

export const loginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(Api.getSmsCode, { schema: { body: SmsCodeBody, response: answers(SmsCodeAnswer) } }, async (req) =>
    ok(await getSmsCode(app.identity, req.school, req.body.mobile, req.ip))
  )

  // An optional session: a valid token binds the mobile to its user; a missing or stale one simply signs in.
  app.post(
    Api.mobileLogin,
    {
      config: maybeSignedIn,
      schema: { body: MobileLoginBody, response: answers(MobileLoginAnswer) }
    },
    async (req) => {
      const answer = await mobileLogin(app.identity, req.school, req.body, {
        ip: req.ip,
        sessionUserId: req.optionalSession?.user_id ?? null
      })
      await consentAtLogin(app, req.school.id, answer, req.body.privacyVersion)
      return ok(answer)
    }
  )

  app.post(Api.passLogin, { schema: { body: PassLoginBody, response: answers(PassLoginAnswer) } }, async (req) => {
    const answer = await passLogin(app.identity, req.school, req.body, { ip: req.ip })
    await consentAtLogin(app, req.school.id, 'token' in answer ? answer : {}, req.body.privacyVersion)
    return ok(answer)
  })
}
