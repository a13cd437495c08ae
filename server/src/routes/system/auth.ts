/**
 * Identity bootstrap (S/app/v1/user/*, S/api/v1/token/refresh). getAuthUrl and getAuthToken use the school's real
 * WeChat/Alipay credentials when configured (oauth_config, domain/identity/oauth.ts), else the sandbox: there a
 * `code` IS the user's openId, so the same code always signs in the same user and getAuthUrl's fresh random code
 * makes a fresh user. SMS and password sign-in live in routes/login.
 */
import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { Api, LOGIN_PLATFORMS, type LoginPlatform, type MiddleAuthBody, type WechatShareSign } from '../../../../types'
import { authUrlFor, signInWithCode } from '../../domain/identity/oauth'
import { middleSignIn } from '../../domain/identity/middle'
import { baseInfo, refresh } from '../../domain/user/service'
import { bizError, tokenInvalid } from '../../errors'
import { ok } from '../../lib/envelope'
import { randomAlnum } from '../../lib/random'
import { optString, query } from '../../lib/schemas'
import { requireSession } from '../../plugins/auth'

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

/**
 * WeChat JS-SDK signature (sha1 over jsapi_ticket, noncestr, timestamp, url without #fragment, keys in ASCII
 * order). The sandbox ticket is derived from the school code: `sandbox-jsapi-ticket-{code}`, so a test can
 * recompute the signature; the real ticket comes from WeChat with the official-account credentials.
 */
export function wechatShareSign(schoolCode: string, url: string, nonceStr: string, timestamp: number): WechatShareSign {
  const ticket = `sandbox-jsapi-ticket-${schoolCode}`
  const plain = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url.split('#')[0]}`
  return { appId: `wxsandbox${schoolCode}`, timestamp, nonceStr, signature: createHash('sha1').update(plain).digest('hex') }
}

export async function authRoutes(app: FastifyInstance) {
  // Real WeChat/Alipay code exchange when the school has credentials, the sandbox otherwise (domain/identity/oauth.ts).
  app.get<{ Querystring: { code: string; platform?: LoginPlatform | '' } }>(Api.getAuthToken,
    { schema: { querystring: query({ code: { type: 'string', minLength: 1, maxLength: 128 }, billType: optString(8), platform: { type: 'string', enum: [...LOGIN_PLATFORMS, ''] } }, ['code']) } },
    async (req) => ok(await signInWithCode(app.identity, req.school.id, req.query.platform || 'h5', req.query.code)))

  app.get<{ Querystring: { url: string } }>(Api.getAuthUrl,
    { schema: { querystring: query({ url: { type: 'string', minLength: 1, maxLength: 2000 }, billType: optString(8) }, ['url']) } },
    async (req) => {
      if (!parseRedirect(req.query.url)) throw bizError('invalidUrl')
      return ok(await authUrlFor(app.db, req.school.id, req.query.url, () => appendCode(req.query.url, randomAlnum(24)), app.identity.env))
    })

  // The middle-school hand-off must be signed by the school's issuing system, or is a sandbox sign-in where the
  // school allows the sandbox (domain/identity/middle.ts).
  app.post<{ Body: MiddleAuthBody }>(Api.middleAuth,
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            openId: { type: 'string', minLength: 1, maxLength: 128 },
            timestamp: { type: 'integer', minimum: 0, maximum: 99_999_999_999 },
            signature: { type: 'string', maxLength: 128 }
          },
          required: ['openId']
        }
      }
    },
    async (req) => ok(await middleSignIn(app.identity, req.school.id, req.body)))

  app.get(Api.tokenRefresh, async (req) => ok(await refresh(app.db, req.school.id, await requireSession(req))))

  app.get(Api.baseInfo, async (req) => {
    const session = await requireSession(req)
    const info = await baseInfo(app.db, req.school.id, session.user_id)
    if (!info) throw tokenInvalid()
    return ok(info)
  })

  app.get<{ Querystring: { url: string } }>(Api.getWechatShare,
    { schema: { querystring: query({ url: { type: 'string', minLength: 1, maxLength: 2000 }, billType: optString(8) }, ['url']) } },
    async (req) => ok(wechatShareSign(req.school.code, req.query.url, randomAlnum(16), Math.floor(Date.now() / 1000))))
}
