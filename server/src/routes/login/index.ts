/**
 * SPEC §7 Login: getSmsCode, mobileLogin, passLogin under S = /uplus-system (tenant and signature checked by the
 * enclosing /api/{school} scope). Bodies are strict (no coercion): rule violations are -1 with a localised message.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Api, type MobileLoginBody, type PassLoginBody, type SmsCodeBody } from '../../../../types'
import { getSmsCode, mobileLogin, passLogin } from '../../domain/identity/service'
import { authenticate } from '../../domain/user/service'
import { ok } from '../../lib/envelope'
import { tokenFrom } from '../../plugins/auth'

const body = (properties: Record<string, object>, required: string[]) =>
  ({ type: 'object', properties: { ...properties, token: { type: 'string', maxLength: 200 } }, required }) as const

/** An optional session: a valid token binds the mobile to its user; a missing or stale one simply signs in. */
async function optionalUserId(req: FastifyRequest): Promise<number | null> {
  const s = await authenticate(req.server.db, req.school.id, tokenFrom(req))
  return s?.user_id ?? null
}

export async function loginRoutes(app: FastifyInstance) {
  app.post<{ Body: SmsCodeBody }>(Api.getSmsCode,
    { schema: { body: body({ mobile: { type: 'string', maxLength: 32 } }, ['mobile']) } },
    async (req) => ok(await getSmsCode(app.identity, req.school, req.body.mobile, req.ip)))

  app.post<{ Body: MobileLoginBody }>(Api.mobileLogin,
    { schema: { body: body({ mobile: { type: 'string', maxLength: 32 }, code: { type: 'string', maxLength: 16 } }, ['mobile', 'code']) } },
    async (req) => ok(await mobileLogin(app.identity, req.school, req.body, { ip: req.ip, sessionUserId: await optionalUserId(req) })))

  app.post<{ Body: PassLoginBody }>(Api.passLogin,
    { schema: { body: body({ username: { type: 'string', minLength: 1, maxLength: 64 }, password: { type: 'string', maxLength: 128 } }, ['username', 'password']) } },
    async (req) => ok(await passLogin(app.identity, req.school, req.body, { ip: req.ip })))
}
