/**
 * Real platform sign-in when the school has credentials (oauth_config), the sandbox otherwise (docs/product §7
 * getAuthToken / getAuthUrl; mini-program login, decision 008):
 * - weapp:  Taro.login code -> GET {api}/sns/jscode2session (appid, secret, js_code) -> openid
 * - h5:     the official-account OAuth redirect of getAuthUrl -> GET {api}/sns/oauth2/access_token -> openid
 * - alipay: my.getAuthCode code -> alipay.system.oauth.token (RSA2-signed request, answer signature verified
 *           with the Alipay public key) -> open_id (or the older user_id)
 * Each platform is its own identity source, so a sandbox code can never sign in as a real WeChat/Alipay user.
 * Credentials are JSON; "env:NAME" values come from the environment. WeChat unionid is not used to merge the
 * mini-program and official-account identities of one person (docs/decisions/008).
 */
import type { Kysely } from 'kysely'
import type { AuthToken, LoginPlatform } from '../../../../types'
import type { DB } from '../../db/schema'
import { ALIPAY_HOSTS, outboundFetch, WECHAT_API_HOSTS } from '../../lib/outbound'
import { envRefName, readSecretEnv } from '../../lib/secret-env'
import { bizError } from '../../errors'
import { alipaySignContent, rawJsonMember, rsa2Sign, rsa2Verify } from '../../providers/payment/alipay'
import { formEncode, loadPrivateKey, loadPublicKey, toAlipayTime } from '../../providers/payment/common/http'
import { findOrCreateUser } from '../user/repository'
import { DEFAULT_NICKNAME, issueToken } from '../user/service'
import { WECHAT_DEFAULT_NICKNAME } from '../../../../types'
import { defaultAvatar } from './service'
import type { FetchLike, IdentityRuntime } from './runtime'
import { loginSettings } from './settings'
import { ChannelConfigError, channelCredential, LOGIN_CHANNEL } from '../channel/credentials'

export const WECHAT_API = 'https://api.weixin.qq.com'
export const WECHAT_OPEN = 'https://open.weixin.qq.com'
export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do'
const TIMEOUT_MS = 8000

export class OAuthError extends Error {
  constructor(
    message: string,
    readonly platform: LoginPlatform
  ) {
    super(message)
    this.name = 'OAuthError'
  }
}

interface OauthRow {
  app_id: string
  credentials: Record<string, string>
  api_base: string
}

/** A value, or its "env:NAME" variable; '' for a name that is not set aside for secrets (lib/secret-env.ts) or unset,
 *  which then signs nobody in. */
function resolveEnv(v: unknown, env: NodeJS.ProcessEnv): string {
  if (typeof v !== 'string') return ''
  const name = envRefName(v)
  if (name === null) return v
  const read = readSecretEnv(name, env)
  return read.ok ? read.value : ''
}

/**
 * `middle`: the secret of the middle-school hand-off (middle.ts), stored like the platforms' credentials. A platform's
 * channel row (school_channel_credential: weapp, wechat-h5 for the official account, alipay) comes first, so
 * sign-in and payment use one AppID per channel; oauth_config rows from before it still work. Throws
 * ChannelConfigError when the channel row is broken (a missing environment variable).
 */
export async function oauthConfig(
  db: Kysely<DB>,
  schoolId: number,
  platform: LoginPlatform | 'middle',
  env = process.env
): Promise<OauthRow | null> {
  if (platform !== 'middle') {
    const ch = await channelCredential(db, schoolId, LOGIN_CHANNEL[platform], env)
    if (ch?.appId) return { app_id: ch.appId, credentials: { ...ch.credentials, secret: ch.secret }, api_base: ch.apiBase }
  }
  const r = await db
    .selectFrom('oauth_config')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('platform', '=', platform)
    .where('enabled', '=', 1)
    .executeTakeFirst()
  if (!r) return null
  let raw: Record<string, unknown> = {}
  try {
    raw = JSON.parse(r.credentials) as Record<string, unknown>
  } catch {
    raw = {}
  }
  const credentials = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, resolveEnv(v, env)]))
  return { app_id: r.app_id, credentials, api_base: r.api_base.replace(/\/+$/, '') }
}

async function getJson(fetchImpl: FetchLike, url: string, platform: LoginPlatform): Promise<Record<string, unknown>> {
  let res: Response
  try {
    res = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch (err) {
    throw new OAuthError(`request failed: ${(err as Error).message}`, platform)
  }
  const text = await res.text()
  try {
    return JSON.parse(text) as Record<string, unknown>
  } catch {
    throw new OAuthError(`answer is not JSON (HTTP ${res.status})`, platform)
  }
}

/** WeChat answers errors as {errcode, errmsg} with HTTP 200. */
async function wechatOpenId(fetchImpl: FetchLike, cfg: OauthRow, platform: 'weapp' | 'h5', code: string): Promise<string> {
  const base = cfg.api_base || WECHAT_API
  const secret = cfg.credentials.secret ?? ''
  if (!cfg.app_id || !secret) throw new OAuthError('appid or secret missing', platform)
  const q = new URLSearchParams(
    platform === 'weapp'
      ? { appid: cfg.app_id, secret, js_code: code, grant_type: 'authorization_code' }
      : { appid: cfg.app_id, secret, code, grant_type: 'authorization_code' }
  )
  const body = await getJson(
    fetchImpl,
    `${base}${platform === 'weapp' ? '/sns/jscode2session' : '/sns/oauth2/access_token'}?${q}`,
    platform
  )
  if (body.errcode && body.errcode !== 0) throw new OAuthError(`errcode ${String(body.errcode)}: ${String(body.errmsg ?? '')}`, platform)
  if (typeof body.openid !== 'string' || !body.openid) throw new OAuthError('no openid in the answer', platform)
  return body.openid
}

async function alipayOpenId(fetchImpl: FetchLike, cfg: OauthRow, code: string, now: Date): Promise<string> {
  const { privateKey, alipayPublicKey } = cfg.credentials
  if (!cfg.app_id || !privateKey || !alipayPublicKey) throw new OAuthError('app_id, privateKey or alipayPublicKey missing', 'alipay')
  let priv, pub
  try {
    priv = loadPrivateKey(privateKey, 'alipay')
    pub = loadPublicKey(alipayPublicKey, 'alipay')
  } catch (err) {
    throw new OAuthError((err as Error).message, 'alipay')
  }
  const params: Record<string, string> = {
    app_id: cfg.app_id,
    method: 'alipay.system.oauth.token',
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: toAlipayTime(now),
    version: '1.0',
    grant_type: 'authorization_code',
    code
  }
  params.sign = rsa2Sign(alipaySignContent(params), priv)
  let text: string
  try {
    const res = await fetchImpl(cfg.api_base || ALIPAY_GATEWAY, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: formEncode(params),
      signal: AbortSignal.timeout(TIMEOUT_MS)
    })
    text = await res.text()
  } catch (err) {
    throw new OAuthError(`request failed: ${(err as Error).message}`, 'alipay')
  }
  let doc: Record<string, unknown>
  try {
    doc = JSON.parse(text) as Record<string, unknown>
  } catch {
    throw new OAuthError('answer is not JSON', 'alipay')
  }
  const member = 'alipay_system_oauth_token_response'
  const raw = rawJsonMember(text, member) ?? rawJsonMember(text, 'error_response')
  const sign = typeof doc.sign === 'string' ? doc.sign : ''
  if (!raw || !sign || !rsa2Verify(raw, sign, pub)) throw new OAuthError('answer signature does not verify', 'alipay')
  const answer = (doc[member] ?? {}) as Record<string, unknown>
  const id = typeof answer.open_id === 'string' && answer.open_id ? answer.open_id : answer.user_id
  if (typeof id !== 'string' || !id) {
    const err = (doc.error_response ?? {}) as Record<string, unknown>
    throw new OAuthError(`refused: ${String(err.sub_code ?? err.code ?? 'no open_id')}`, 'alipay')
  }
  return id
}

const SOURCE: Record<LoginPlatform, string> = { weapp: 'weapp', h5: 'wechat', alipay: 'alipay' }

/**
 * getAuthToken: exchanges the platform's code for the user's identity and signs them in. A platform without
 * credentials uses the sandbox (the code is the openId) unless the school turned the sandbox off.
 */
export async function signInWithCode(rt: IdentityRuntime, schoolId: number, platform: LoginPlatform, code: string): Promise<AuthToken> {
  const cfg = await configOrRefuse(rt, schoolId, platform)
  if (!cfg) {
    if (!(await loginSettings(rt.db, schoolId)).sandboxLogin) throw bizError('loginUnavailable')
    const user = await findOrCreateUser(rt.db, schoolId, 'sandbox', code, { nickname: DEFAULT_NICKNAME, avatar: defaultAvatar(code) })
    return issueToken(rt.db, schoolId, user.id)
  }
  let openId: string
  try {
    // the base URL may come from a channel row an administrator edits: only the platform's own hosts or OUTBOUND_HOSTS,
    // public addresses only (lib/outbound.ts)
    openId =
      platform === 'alipay'
        ? await alipayOpenId(outboundFetch(rt.outbound, ALIPAY_HOSTS, rt.fetch), cfg, code, rt.now())
        : await wechatOpenId(outboundFetch(rt.outbound, WECHAT_API_HOSTS, rt.fetch), cfg, platform, code)
  } catch (err) {
    if (!(err instanceof OAuthError)) throw err
    rt.log.warn({ platform, schoolId, reason: err.message }, 'platform sign-in code exchange failed')
    throw bizError('loginFailed')
  }
  // WeChat no longer hands out nicknames: new WeChat users carry its placeholder, which the app shows as 爱心人士.
  const nickname = platform === 'alipay' ? DEFAULT_NICKNAME : WECHAT_DEFAULT_NICKNAME
  const user = await findOrCreateUser(rt.db, schoolId, SOURCE[platform], openId.slice(0, 128), { nickname, avatar: defaultAvatar(openId) })
  return issueToken(rt.db, schoolId, user.id)
}

/** The platform's credentials; a broken channel row is a configuration error in the log and a plain -1 for the donor. */
async function configOrRefuse(rt: Pick<IdentityRuntime, 'db' | 'env' | 'log'>, schoolId: number, platform: LoginPlatform) {
  try {
    return await oauthConfig(rt.db, schoolId, platform, rt.env)
  } catch (err) {
    if (!(err instanceof ChannelConfigError)) throw err
    rt.log.error({ platform, schoolId, reason: err.message }, 'sign-in credentials of the channel are broken')
    throw bizError('loginFailed')
  }
}

/** getAuthUrl: the official-account OAuth page when the school has h5 credentials, else the sandbox redirect. */
export async function authUrlFor(
  rt: Pick<IdentityRuntime, 'db' | 'env' | 'log'>,
  schoolId: number,
  redirect: string,
  sandbox: () => string
): Promise<string> {
  const cfg = await configOrRefuse(rt, schoolId, 'h5')
  if (!cfg) return sandbox()
  const q = new URLSearchParams({ appid: cfg.app_id, redirect_uri: redirect, response_type: 'code', scope: 'snsapi_base', state: 'uplus' })
  return `${WECHAT_OPEN}/connect/oauth2/authorize?${q}#wechat_redirect`
}
