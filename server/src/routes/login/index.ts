/**
 * docs/product §7 Login: getSmsCode, mobileLogin, passLogin under S = /uplus-system (tenant and signature checked by the
 * enclosing /api/{school} scope). Bodies are strict (no coercion): rule violations are -1 with a localised message.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import type { TSchema } from 'typebox'
import { recordConsent } from '../../domain/privacy/service'
import { authenticate } from '../../domain/user/service'
import { Api } from '../../../../types'
import { getSmsCode, mobileLogin, passLogin } from '../../domain/identity/service'
import { answers, ok } from '../../lib/envelope'
import { body, optInt, optString, reqString } from '../../lib/schemas'
import { maybeSignedIn } from '../../plugins/auth'
import { MobileLoginAnswer, PassLoginAnswer, SmsCodeAnswer } from '../../../../types/schema/identity'

/** Every sign-in body may carry the caller's token (mobileLogin binds the mobile to that user) and the privacy policy
 *  version the login page's checkbox agreed to (recorded for the signed-in user: decision 041). */
const signInBody = <P extends Record<string, TSchema>>(properties: P) =>
  body({ ...properties, token: optString(200), privacyVersion: optInt(1, 1_000_000) })

/** Records the login page's consent for the user a sign-in answered a token for. */
async function consentAtLogin(app: FastifyInstance, schoolId: number, answer: { token?: string }, version: number | null | undefined) {
  if (!version || !answer.token) return
  const session = await authenticate(app.db, schoolId, answer.token)
  if (session) await recordConsent(app.db, schoolId, session.user_id, version, 'login')
}

export const loginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(Api.getSmsCode, { schema: { body: signInBody({ mobile: reqString(32) }), response: answers(SmsCodeAnswer) } }, async (req) =>
    ok(await getSmsCode(app.identity, req.school, req.body.mobile, req.ip))
  )

  // An optional session: a valid token binds the mobile to its user; a missing or stale one simply signs in.
  app.post(
    Api.mobileLogin,
    {
      config: maybeSignedIn,
      schema: { body: signInBody({ mobile: reqString(32), code: reqString(16) }), response: answers(MobileLoginAnswer) }
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

  app.post(
    Api.passLogin,
    { schema: { body: signInBody({ username: reqString(64, 1), password: reqString(128) }), response: answers(PassLoginAnswer) } },
    async (req) => {
      const answer = await passLogin(app.identity, req.school, req.body, { ip: req.ip })
      await consentAtLogin(app, req.school.id, 'token' in answer ? answer : {}, req.body.privacyVersion)
      return ok(answer)
    }
  )
}
