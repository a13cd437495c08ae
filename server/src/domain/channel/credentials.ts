/**
 * Credentials per school and channel (docs/decisions/018). The order's channel (types/donate.ts
 * PayChannelCode) decides which AppID and merchant serve it: the WeChat mini-program (weapp) and the official account
 * (wechat-h5) are different WeChat apps with their own openIds, the Alipay mini-program (alipay) and Alipay wap (h5)
 * different Alipay apps with their own keys. A row of school_channel_credential holds the channel's AppID, its secret
 * and the merchant keys that differ from payment_config; values written "env:NAME" come from the environment.
 */
import type { Kysely } from 'kysely'
import { PAY_CHANNELS, PAY_TYPES_BY_CHANNEL, type DonateFrom, type LoginPlatform, type PayChannelCode } from '../../../../types'
import type { DB } from '../../db/schema'
import { envRefName, readSecretEnv } from '../../lib/secret-env'
import type { PayChannel } from '../../providers/payment/types'

export class ChannelConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ChannelConfigError'
  }
}

/** "env:NAME" -> the variable (lib/secret-env.ts: only names set aside for secrets); a name that is not one, or a
 *  missing variable, is a configuration error. */
export function resolveEnvValue(v: unknown, env: NodeJS.ProcessEnv, what: string): unknown {
  const name = envRefName(v)
  if (name !== null) {
    const read = readSecretEnv(name, env)
    if (!read.ok) throw new ChannelConfigError(`${what}: ${read.reason}`)
    return read.value
  }
  if (Array.isArray(v)) return v.map((x) => resolveEnvValue(x, env, what))
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolveEnvValue(x, env, what)]))
  return v
}

function parseJson(text: string, what: string): Record<string, unknown> {
  if (!text) return {}
  try {
    const v = JSON.parse(text) as unknown
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>
  } catch {
    /* reported below */
  }
  throw new ChannelConfigError(`${what} is not a JSON object`)
}

export interface ChannelCredential {
  channel: PayChannelCode
  appId: string
  /** resolved secret; never answered, never logged */
  secret: string
  /** other sign-in keys, resolved */
  credentials: Record<string, string>
  /** merged over payment_config.credentials for orders from this channel, resolved */
  payCredentials: Record<string, unknown>
  /** the raw JSON of pay_credentials plus updated_at: part of a provider's cache key */
  version: string
  /** '' = the platform's real API */
  apiBase: string
}

/** The enabled credential row of a school's channel, resolved; null when the channel has none. Throws
 *  ChannelConfigError when it is there but broken (a missing variable, bad JSON). */
export async function channelCredential(
  db: Kysely<DB>,
  schoolId: number,
  channel: PayChannelCode,
  env: NodeJS.ProcessEnv = process.env
): Promise<ChannelCredential | null> {
  const r = await db
    .selectFrom('school_channel_credential')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('channel', '=', channel)
    .where('enabled', '=', 1)
    .executeTakeFirst()
  if (!r) return null
  const what = `channel ${channel} of school ${schoolId}`
  const credentials = resolveEnvValue(parseJson(r.credentials, `${what}: credentials`), env, what) as Record<string, unknown>
  return {
    channel,
    appId: r.app_id,
    secret: r.secret ? String(resolveEnvValue(r.secret, env, what)) : '',
    credentials: Object.fromEntries(Object.entries(credentials).map(([k, v]) => [k, typeof v === 'string' ? v : String(v ?? '')])),
    payCredentials: resolveEnvValue(parseJson(r.pay_credentials, `${what}: pay_credentials`), env, what) as Record<string, unknown>,
    version: `${r.id}:${r.updated_at}:${r.app_id}:${r.pay_credentials}`,
    apiBase: r.api_base.replace(/\/+$/, '')
  }
}

export const isPayChannel = (s: unknown): s is PayChannelCode => typeof s === 'string' && (PAY_CHANNELS as readonly string[]).includes(s)

/** The sign-in platform of getAuthToken and the channel whose AppID it uses (h5 sign-in is the official account's OAuth). */
export const LOGIN_CHANNEL: Record<LoginPlatform, PayChannelCode> = { weapp: 'weapp', h5: 'wechat-h5', alipay: 'alipay' }

const WECHAT_PAY_TYPES = new Set([1, 15])

/**
 * The order's channel: the client's payChannel, or for clients older than channels (decision 018) the one donateFrom and the pay type
 * imply (U6 cannot tell the two mini-programs apart: Alipay there can only be the Alipay mini-program). An Alipay order
 * from U5 stays 'h5', as before: that client sent the donor to the Alipay page outside WeChat.
 */
export function payChannelOf(donateFrom: DonateFrom | string, payType: number, payChannel?: PayChannelCode | null): PayChannelCode {
  if (payChannel) return payChannel
  if (donateFrom === 'U6') return payType === 2 ? 'alipay' : 'weapp'
  if (donateFrom === 'U5') return WECHAT_PAY_TYPES.has(payType) ? 'wechat-h5' : 'h5'
  return 'h5'
}

/** Whether a channel can complete a pay type (types/donate.ts PAY_TYPES_BY_CHANNEL). */
export const payTypeAllowedOn = (channel: PayChannelCode, payType: number): boolean =>
  (PAY_TYPES_BY_CHANNEL[channel] as readonly number[]).includes(payType)

/** How the provider must answer on a channel: JSAPI (weapp, h5-wechat), H5/wap (h5), trade.create (alipay-mini). */
export function providerChannelOf(channel: PayChannelCode): PayChannel {
  if (channel === 'weapp') return 'weapp'
  if (channel === 'alipay') return 'alipay-mini'
  if (channel === 'wechat-h5') return 'h5-wechat'
  return 'h5'
}

/** donation_submission.pay_channel: the channel since decision 018; before it, the provider channel. */
export function storedChannel(value: string | null | undefined): PayChannelCode | null {
  if (isPayChannel(value)) return value
  if (value === 'alipay-mini') return 'alipay'
  if (value === 'h5-wechat') return 'wechat-h5'
  return null
}

/** app_user.source of the identity a channel's JSAPI / trade.create payer id must come from (domain/identity/oauth.ts). */
export const PAYER_SOURCE: Partial<Record<PayChannelCode, string>> = { weapp: 'weapp', 'wechat-h5': 'wechat', alipay: 'alipay' }
