/**
 * getWechatShare (docs/product §7): the wx.config signature for a page of the H5 app opened in WeChat's browser,
 * with the jsapi_ticket of the school's official account (channel wechat-h5) or, where the school has none, the
 * sandbox ticket. Only our own pages are signed: the URL's origin must be PUBLIC_BASE_URL's or one the school listed in
 * the channel's credentials as shareOrigins (a school serving the H5 app on its own domain).
 */
import { randomBytes } from 'node:crypto'
import type { WechatShareSign } from '../../../../types'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { jsapiSignature, WechatApiError } from '../../providers/wechat/jsapi'
import type { IdentityRuntime } from '../identity/runtime'
import { ChannelConfigError, channelCredential } from './credentials'

/** The sandbox: ticket `sandbox-jsapi-ticket-{code}` and appId `wxsandbox{code}`, so a test can recompute the signature. */
export function sandboxShareSign(schoolCode: string, url: string, nonceStr: string, timestamp: number): WechatShareSign {
  return {
    appId: `wxsandbox${schoolCode}`,
    timestamp,
    nonceStr,
    signature: jsapiSignature(`sandbox-jsapi-ticket-${schoolCode}`, nonceStr, timestamp, url)
  }
}

/** 16 of [A-Za-z0-9] */
const nonce = () =>
  randomBytes(24)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 16)
    .padEnd(16, 'x')

function originOf(url: string): string | null {
  try {
    const u = new URL(url)
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null
    if (u.username || u.password) return null
    return u.origin
  } catch {
    return null
  }
}

/**
 * The school's own page origins, where getAuthUrl may send a donor back to (docs/decisions/037-secrets-and-outbound.md):
 * PUBLIC_BASE_URL's, those listed as shareOrigins in the school's official-account channel, and, where PUBLIC_BASE_URL is
 * unset (a local run), the origin the request itself came to (a browser cannot forge it for someone else).
 */
export async function ownOrigins(db: Kysely<DB>, schoolId: number, publicBaseUrl: string, requestOrigin: string): Promise<Set<string>> {
  const out = new Set<string>()
  const own = publicBaseUrl ? originOf(publicBaseUrl) : originOf(requestOrigin)
  if (own) out.add(own)
  const row = await db
    .selectFrom('school_channel_credential')
    .select('credentials')
    .where('school_id', '=', schoolId)
    .where('channel', '=', 'wechat-h5')
    .where('enabled', '=', 1)
    .executeTakeFirst()
  let listed: unknown = ''
  try {
    listed = (JSON.parse(row?.credentials || '{}') as Record<string, unknown>).shareOrigins
  } catch {
    listed = ''
  }
  for (const o of (typeof listed === 'string' ? listed : '').split(',')) {
    const x = o.trim() ? originOf(o.trim()) : null
    if (x) out.add(x)
  }
  return out
}

export async function wechatShare(
  rt: Pick<IdentityRuntime, 'db' | 'env' | 'log' | 'jsapi' | 'now'>,
  school: { id: number; code: string },
  url: string,
  publicBaseUrl: string
): Promise<WechatShareSign> {
  const origin = originOf(url)
  if (!origin) throw bizError('invalidUrl')
  let cred
  try {
    cred = await channelCredential(rt.db, school.id, 'wechat-h5', rt.env)
  } catch (err) {
    if (!(err instanceof ChannelConfigError)) throw err
    rt.log.error({ schoolId: school.id, reason: err.message }, 'official-account credentials are broken: no JS-SDK signature')
    throw bizError('shareUnavailable')
  }
  // an official account is configured once its AppID is: from then on never the sandbox, even when its secret is missing
  const real = !!cred?.appId
  if (real && !cred?.secret) {
    rt.log.error({ schoolId: school.id }, 'the official account has no AppSecret: no JS-SDK signature')
    throw bizError('shareUnavailable')
  }
  const allowed = new Set<string>()
  const own = publicBaseUrl ? originOf(publicBaseUrl) : null
  if (own) allowed.add(own)
  for (const o of (cred?.credentials.shareOrigins ?? '').split(',')) {
    const x = o.trim() ? originOf(o.trim()) : null
    if (x) allowed.add(x)
  }
  // the sandbox signs anything on a machine with no public origin (local runs); real tickets only our own pages
  if ((real || allowed.size) && !allowed.has(origin)) {
    rt.log.warn({ security: true, schoolId: school.id, origin }, 'JS-SDK signature refused for a foreign page')
    throw bizError('shareUrlRefused')
  }
  const timestamp = Math.floor(rt.now().getTime() / 1000)
  const nonceStr = nonce()
  if (!real || !cred) return sandboxShareSign(school.code, url, nonceStr, timestamp)
  let ticket: string
  try {
    ticket = await rt.jsapi.jsapiTicket({ appId: cred.appId, secret: cred.secret, apiBase: cred.apiBase })
  } catch (err) {
    if (!(err instanceof WechatApiError)) throw err
    rt.log.error({ schoolId: school.id, reason: err.message }, 'WeChat refused the access_token or jsapi_ticket')
    throw bizError('shareUnavailable')
  }
  return { appId: cred.appId, timestamp, nonceStr, signature: jsapiSignature(ticket, nonceStr, timestamp, url) }
}
