/**
 * The WeChat mini-program's message push URL for content security (docs/decisions/042-content-security.md):
 *   GET  /wechat-push/{school}?signature&timestamp&nonce&echostr   the URL check when it is configured: echostr back
 *   POST /wechat-push/{school}?signature&timestamp&nonce           events; only `wxa_media_check` is acted on
 * Configure it in the mini-program's console as plaintext mode with JSON data, with the token saved as `pushToken`
 * in the school's weapp channel credentials. signature = sha1 of the sorted token, timestamp and nonce, compared in
 * constant time; anything unsigned or wrongly signed is refused with 401 and logged. The encrypted ("safe") mode is
 * not supported. Outside the signed /api scope and the JSON envelope: WeChat wants the plain text `success`.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ChannelConfigError } from '../../domain/channel/credentials'
import { oauthConfig } from '../../domain/identity/oauth'
import { CheckerError, wechatVerdict } from '../../domain/moderation/checkers'
import { applyMediaVerdict } from '../../domain/moderation/queue'
import { findSchoolByCode } from '../../domain/school/repository'
import { sendNotFound } from '../../plugins/envelope'

export const PUSH_BODY_LIMIT = 64 * 1024

export function pushSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join(''), 'utf8').digest('hex')
}

type PushRequest = FastifyRequest<{ Params: { school: string }; Querystring: Record<string, string | undefined> }>

export async function wechatPushRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: PUSH_BODY_LIMIT }, (_req, body, done) => done(null, body))

  /** The school and its mini-program's AppID when the request is signed with its push token; null after replying. */
  async function verified(req: PushRequest, reply: FastifyReply): Promise<{ schoolId: number; appId: string } | null> {
    const school = await findSchoolByCode(app.db, req.params.school)
    if (!school) {
      sendNotFound(req, reply)
      return null
    }
    let cfg
    try {
      cfg = await oauthConfig(app.db, school.id, 'weapp', app.identity.env)
    } catch (err) {
      if (!(err instanceof ChannelConfigError)) throw err
      cfg = null
    }
    const token = cfg?.credentials.pushToken ?? ''
    const { signature = '', timestamp = '', nonce = '' } = req.query
    const want = token ? Buffer.from(pushSignature(token, timestamp, nonce)) : null
    const got = Buffer.from(signature)
    if (!cfg?.app_id || !want || want.length !== got.length || !timingSafeEqual(want, got)) {
      req.log.warn({ security: true, school: req.params.school }, 'WeChat push refused: no push token or a wrong signature')
      reply.status(401).type('text/plain').send('')
      return null
    }
    return { schoolId: school.id, appId: cfg.app_id }
  }

  app.get('/wechat-push/:school', async (req: PushRequest, reply) => {
    if (!(await verified(req, reply))) return reply
    return reply.type('text/plain').send(req.query.echostr ?? '')
  })

  app.post('/wechat-push/:school', async (req: PushRequest, reply) => {
    const who = await verified(req, reply)
    if (!who) return reply
    let event: Record<string, unknown>
    try {
      event = JSON.parse(String(req.body ?? '')) as Record<string, unknown>
    } catch {
      return reply.status(400).type('text/plain').send('')
    }
    if (event.Event === 'wxa_media_check' && typeof event.trace_id === 'string') {
      let verdict
      try {
        verdict = wechatVerdict(event.result, 'wxa_media_check')
      } catch (err) {
        if (!(err instanceof CheckerError)) throw err
        // an event without a usable verdict (an errcode): the image stays with staff, nothing is shown
        verdict = { suggest: 'review' as const, label: `errcode ${String(event.errcode ?? '')}` }
      }
      const n = await applyMediaVerdict(app.db, who.schoolId, who.appId, event.trace_id, verdict, app.identity.now())
      if (n) app.readCache?.clear()
      req.log.info({ school: req.params.school, suggest: verdict.suggest, settled: n }, 'WeChat image verdict')
    }
    return reply.type('text/plain').send('success')
  })
}
