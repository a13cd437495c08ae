/**
 * Identity bootstrap (S/app/v1/user/*, S/api/v1/token/refresh). getAuthUrl and getAuthToken use the school's real
 * WeChat/Alipay credentials when configured (oauth_config, domain/identity/oauth.ts), else the sandbox: there a
 * `code` IS the user's openId, so the same code always signs in the same user and getAuthUrl's fresh random code
 * makes a fresh user. SMS and password sign-in live in routes/login.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Api } from '../../../../types'
import { authUrlFor, signInWithCode } from '../../domain/identity/oauth'
import { ownOrigins, sandboxShareSign, wechatShare } from '../../domain/channel/share'
import { middleSignIn } from '../../domain/identity/middle'
import { baseInfo, refresh } from '../../domain/user/service'
import { bizError, tokenInvalid } from '../../errors'
import { answers, ok } from '../../lib/envelope'
import { randomAlnum } from '../../lib/random'
import { signedIn } from '../../plugins/auth'
import { AuthToken, UserBaseInfo, WechatShareSign as WechatShareSignSchema } from '../../../../types/schema/entities'
import { Str } from '../../../../types/schema/common'
import { AuthTokenQuery, AuthUrlQuery, MiddleAuthBody } from '../../../../types/schema/identity'

/** Absolute http(s) URL or a same-origin path; anything else (javascript:, //evil) is refused. */
function parseRedirect(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:'
  } catch {
    return false
  }
}

export function appendCode(url: string, code: string): string {
  const [base, ...hash] = url.split('#')
  const sep = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?'
  return `${base}${sep}code=${encodeURIComponent(code)}${hash.length ? `#${hash.join('#')}` : ''}`
}

/** The sandbox JS-SDK signature (domain/channel/share.ts): sha1 over the sandbox ticket `sandbox-jsapi-ticket-{code}`. */
export const wechatShareSign = sandboxShareSign

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Real WeChat/Alipay code exchange when the school has credentials, the sandbox otherwise (domain/identity/oauth.ts).
  app.get(
    Api.getAuthToken,
    {
      schema: {
        querystring: AuthTokenQuery,
        response: answers(AuthToken)
      }
    },
    async (req) => ok(await signInWithCode(app.identity, req.school.id, req.query.platform || 'h5', req.query.code))
  )

  app.get(Api.getAuthUrl, { schema: { querystring: AuthUrlQuery, response: answers(Str) } }, async (req) => {
    if (!parseRedirect(req.query.url)) throw bizError('invalidUrl')
    // an absolute URL only to the school's own pages: never an open redirect with a fresh sign-in code attached
    if (!req.query.url.startsWith('/')) {
      const own = await ownOrigins(app.db, req.school.id, app.orders.publicBaseUrl, `${req.protocol}://${req.host}`)
      if (!own.has(new URL(req.query.url).origin)) throw bizError('authRedirectRefused')
    }
    return ok(await authUrlFor(app.identity, req.school.id, req.query.url, () => appendCode(req.query.url, randomAlnum(24))))
  })

  // The middle-school hand-off must be signed by the school's issuing system, or is a sandbox sign-in where the
  // school allows the sandbox (domain/identity/middle.ts).
  app.post(
    Api.middleAuth,
    {
      schema: {
        body: MiddleAuthBody,
        response: answers(AuthToken)
      }
    },
    async (req) => ok(await middleSignIn(app.identity, req.school.id, req.body))
  )

  app.get(Api.tokenRefresh, { config: signedIn, schema: { response: answers(AuthToken) } }, async (req) =>
    ok(await refresh(app.db, req.school.id, req.session))
  )

  app.get(Api.baseInfo, { config: signedIn, schema: { response: answers(UserBaseInfo) } }, async (req) => {
    const info = await baseInfo(app.db, req.school.id, req.session.user_id)
    if (!info) throw tokenInvalid()
    return ok(info)
  })

  app.get(
    Api.getWechatShare,
    { schema: { querystring: AuthUrlQuery, response: answers(WechatShareSignSchema) } },
    // the official account's real jsapi_ticket where configured, the sandbox ticket otherwise
    async (req) => ok(await wechatShare(app.identity, req.school, req.query.url, app.orders.publicBaseUrl))
  )
}
