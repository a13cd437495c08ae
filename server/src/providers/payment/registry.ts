/**
 * Which provider serves a school's pay type: a row of `payment_config` (school, pay type, provider name, JSON
 * credentials, enabled), else the sandbox. Credentials never live in code: the JSON holds plain values or
 * "env:NAME" references read from the environment when the provider is built (PEM keys, API keys), so a table dump
 * need not contain secrets. Providers are built once per config row version and cached; the row of a pay type is
 * read through the per-process cache of school/cache.ts (an operator's change is seen within SCHOOL_CACHE_TTL_MS).
 *
 * The sandbox default does not mean a school can be paid through the sandbox: the order service and the sandbox
 * notify route also require school_setting.sandbox_enabled (migration 005, on for the demo schools only).
 */
import path from 'node:path'
import type { Kysely } from 'kysely'
import type { PayChannelCode } from '../../../../types'
import type { DB } from '../../db/schema'
import { outboundPolicyFromEnv, type OutboundPolicy } from '../../lib/outbound'
import { envRefName, readSecretEnv } from '../../lib/secret-env'
import { schoolPaymentConfig } from '../../domain/school/cache'
import { ChannelConfigError, channelCredential, type ChannelCredential } from '../../domain/channel/credentials'
import { DEMO_CARD_FILE, createDemoCampusCardService } from '../campus-card/demo'
import { createHttpCampusCardService } from '../campus-card/http'
import { campusCardServiceFor, registerCampusCardService } from '../campus-card/service'
import { createAlipay, type AlipayConfig } from './alipay'
import { createCampusCardPay } from './campus-card'
import { createSandboxProvider } from './sandbox'
import { createThirdPartyPay, type ThirdPartyConfig } from './third-party'
import { ProviderError, type PaymentProvider, type ProviderName } from './types'
import { createWechatPay, type WechatPayConfig } from './wechatpay'

export interface ProviderContext {
  schoolId: number
  payType: number
  dataDir: string
  /** the row's credentials with "env:NAME" values resolved */
  credentials: Record<string, unknown>
  /** where the provider may send requests (lib/outbound.ts) */
  outbound: OutboundPolicy
}
export type ProviderFactory = (ctx: ProviderContext) => PaymentProvider

export const PROVIDER_NAMES: readonly ProviderName[] = ['sandbox', 'wechatpay', 'alipay', 'campus', 'thirdparty']
export const isProviderName = (s: string): s is ProviderName => (PROVIDER_NAMES as readonly string[]).includes(s)

/**
 * Providers that are handed our notify URL and a browser return URL. Those URLs must come from configuration
 * (PUBLIC_BASE_URL), never from the request: a forged Host header would otherwise send the provider's payment
 * notifications, and the donor's browser after paying, to the attacker. The sandbox builds app-relative URLs and the
 * campus card pays inside create() without any URL, so neither needs it.
 */
export const PROVIDERS_WITH_CALLBACKS: readonly ProviderName[] = ['wechatpay', 'alipay', 'thirdparty']
export const needsPublicBaseUrl = (name: string): boolean => (PROVIDERS_WITH_CALLBACKS as readonly string[]).includes(name)

/**
 * buildApp's start check: PUBLIC_BASE_URL, when set, must be an absolute http(s) origin (optionally with a path), and
 * https while any school has a provider with callbacks enabled: WeChat Pay v3 refuses a notify_url that is not https,
 * Alipay and a school's platform would post donors' payments over plain HTTP (docs/decisions/031). Plain http (e.g.
 * http://127.0.0.1:3000) stays allowed for the sandbox and the campus card, which need no callback. When unset, no
 * school may have a provider with callbacks enabled. Throws an Error naming PUBLIC_BASE_URL.
 */
export async function assertPublicBaseUrl(db: Kysely<DB>, publicBaseUrl: string): Promise<void> {
  if (publicBaseUrl) {
    let u: URL | null = null
    try {
      u = new URL(publicBaseUrl)
    } catch {
      u = null
    }
    if (!u || (u.protocol !== 'https:' && u.protocol !== 'http:') || u.search || u.hash || u.username || u.password) {
      throw new Error(
        `PUBLIC_BASE_URL must be an absolute http(s) URL such as https://give.example.edu.cn, got ${JSON.stringify(publicBaseUrl)}`
      )
    }
    if (u.protocol === 'https:') return
    const list = await providersWithCallbacks(db)
    if (list) {
      throw new Error(
        `PUBLIC_BASE_URL is ${JSON.stringify(publicBaseUrl)}, but real payment providers are configured: ${list}. Their notify ` +
          'and return URLs must be https (WeChat Pay refuses any other notify_url): set PUBLIC_BASE_URL to the public https ' +
          'origin, e.g. PUBLIC_BASE_URL=https://give.example.edu.cn (plain http serves the sandbox only)'
      )
    }
    return
  }
  const list = await providersWithCallbacks(db)
  if (list) {
    throw new Error(
      `PUBLIC_BASE_URL is not set, but real payment providers are configured: ${list}. Their notify and return ` +
        "URLs must come from configuration, not from the request's Host header: set PUBLIC_BASE_URL to the public origin, " +
        'e.g. PUBLIC_BASE_URL=https://give.example.edu.cn'
    )
  }
}

/** "school (provider, pay type n), …" for every enabled provider with callbacks, or '' when there is none. */
async function providersWithCallbacks(db: Kysely<DB>): Promise<string> {
  const rows = await db
    .selectFrom('payment_config')
    .innerJoin('school', 'school.id', 'payment_config.school_id')
    .select(['school.code', 'payment_config.provider', 'payment_config.pay_type'])
    .where('payment_config.enabled', '=', 1)
    .where('payment_config.provider', 'in', [...PROVIDERS_WITH_CALLBACKS])
    .orderBy('school.code')
    .execute()
  return rows.map((r) => `${r.code} (${r.provider}, pay type ${r.pay_type})`).join(', ')
}

/** Whether notify and return URLs built on this base may be handed to a provider with callbacks: https only. */
export const isHttpsBase = (baseUrl: string): boolean => /^https:\/\//i.test(baseUrl)

/**
 * Campus card credentials: {"mode": "demo"} uses the demo card system (DATA_DIR/campus-card-demo.json);
 * {"mode": "http", "baseUrl", "secret": "env:NAME", "timeoutMs"?} a card system speaking the HTTP contract of
 * providers/campus-card/http.ts; a school's own client is plugged in with registerCampusCardService before the
 * server starts and {"mode": "registered"}.
 */
function campusFactory(ctx: ProviderContext): PaymentProvider {
  const mode = String(ctx.credentials.mode ?? 'demo')
  if (mode === 'demo') {
    const file =
      typeof ctx.credentials.file === 'string' && ctx.credentials.file ? ctx.credentials.file : path.join(ctx.dataDir, DEMO_CARD_FILE)
    const service = createDemoCampusCardService({ file })
    registerCampusCardService(ctx.schoolId, service)
    return createCampusCardPay({ service })
  }
  if (mode === 'http') {
    const service = createHttpCampusCardService({
      baseUrl: String(ctx.credentials.baseUrl ?? ''),
      secret: String(ctx.credentials.secret ?? ''),
      timeoutMs: typeof ctx.credentials.timeoutMs === 'number' ? ctx.credentials.timeoutMs : undefined,
      outbound: ctx.outbound
    })
    registerCampusCardService(ctx.schoolId, service)
    return createCampusCardPay({ service })
  }
  if (mode === 'registered') {
    // the service was registered by the deployment; getCardBalance and the provider share it
    const svc = () => campusCardServiceFor(ctx.schoolId)
    return createCampusCardPay({
      service: {
        balance: (stuWorkNo, password) => svc().balance(stuWorkNo, password),
        pay: (stuWorkNo, password, amountFen, billNo) => svc().pay(stuWorkNo, password, amountFen, billNo),
        findPayment: async (billNo) => {
          const s = svc()
          // no lookup is not "no debit": a lost debit answer then stays 'reconciling' for a person to settle
          if (!s.findPayment) throw new ProviderError('the registered card system offers no payment lookup', 'campus', 'config')
          return s.findPayment(billNo)
        }
      }
    })
  }
  throw new ProviderError(`campus config: unknown mode ${mode}`, 'campus', 'config')
}

/** The stored JSON as a provider config: keys that are code, not data (fetch, now, outbound) never come from a row, and
 *  the requests go where the app's outbound policy allows. */
const configOf = <T>(ctx: ProviderContext): T => ({ ...ctx.credentials, fetch: undefined, now: undefined, outbound: ctx.outbound }) as T

export const DEFAULT_FACTORIES: Record<ProviderName, ProviderFactory> = {
  sandbox: () => createSandboxProvider(),
  wechatpay: (ctx) => createWechatPay(configOf<WechatPayConfig>(ctx)),
  alipay: (ctx) => createAlipay(configOf<AlipayConfig>(ctx)),
  campus: campusFactory,
  thirdparty: (ctx) => createThirdPartyPay(ctx.credentials as unknown as ThirdPartyConfig)
}

/** Replaces every "env:NAME" string (at any depth) with its variable (lib/secret-env.ts: only names set aside for
 *  secrets); a name that is not one, or a missing variable, is a config error. */
export function resolveCredentials(value: unknown, env: NodeJS.ProcessEnv, provider: ProviderName): unknown {
  const name = envRefName(value)
  if (name !== null) {
    const read = readSecretEnv(name, env)
    if (!read.ok) throw new ProviderError(`${provider} config: ${read.reason}`, provider, 'config')
    return read.value
  }
  if (Array.isArray(value)) return value.map((v) => resolveCredentials(v, env, provider))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveCredentials(v, env, provider)]))
  }
  return value
}

export interface ResolvedProvider {
  provider: PaymentProvider
  name: ProviderName
  /** false: nothing configured for this pay type, the sandbox stands in */
  configured: boolean
  /** set when the channel's own credentials (school_channel_credential) shaped the provider: its notify URL names the
   *  channel, so the notification is verified with the same AppID and merchant keys */
  channel?: PayChannelCode
}

/** Providers whose credentials name an app (WeChat Pay appId, Alipay appId): a channel's AppID and keys apply to them. */
const CHANNEL_BOUND: readonly ProviderName[] = ['wechatpay', 'alipay']

/**
 * payment_config credentials with the channel's on top (docs/decisions/018): its AppID (the mini-program's or
 * the official account's for WeChat Pay, the Alipay app's), for Alipay that app's own key pair from its sign-in keys,
 * then pay_credentials (its own merchant binding). null: the channel changes nothing.
 */
export function channelOverlay(provider: ProviderName, cred: ChannelCredential | null): Record<string, unknown> | null {
  if (!cred || !CHANNEL_BOUND.includes(provider)) return null
  const o: Record<string, unknown> = {}
  if (cred.appId) o.appId = cred.appId
  if (provider === 'alipay') {
    if (cred.credentials.privateKey) o.privateKeyPem = cred.credentials.privateKey
    if (cred.credentials.alipayPublicKey) o.alipayPublicKeyPem = cred.credentials.alipayPublicKey
  }
  Object.assign(o, cred.payCredentials)
  return Object.keys(o).length ? o : null
}

/**
 * A payment configuration error (ProviderError 'config'): the only failure of forPayType/byName that means "this pay
 * type is not set up". Anything else (a database error during an outage) must reach the error envelope's busy answer,
 * never be taken for a missing configuration.
 */
export const isConfigError = (err: unknown): boolean => err instanceof ProviderError && err.kind === 'config'

export class PaymentRegistry {
  private readonly factories: Record<ProviderName, ProviderFactory>
  private readonly cache = new Map<string, { version: string; provider: PaymentProvider }>()
  private readonly sandbox: PaymentProvider
  private readonly outbound: OutboundPolicy

  constructor(
    private readonly db: Kysely<DB>,
    private readonly opts: {
      dataDir: string
      factories?: Partial<Record<ProviderName, ProviderFactory>>
      env?: NodeJS.ProcessEnv
      /** default: the providers' fixed hosts and OUTBOUND_HOSTS */
      outbound?: OutboundPolicy
    }
  ) {
    this.factories = { ...DEFAULT_FACTORIES, ...opts.factories }
    this.outbound = opts.outbound ?? outboundPolicyFromEnv()
    this.sandbox = this.factories.sandbox({ schoolId: 0, payType: 0, dataDir: opts.dataDir, credentials: {}, outbound: this.outbound })
  }

  private build(
    row: {
      id: number
      school_id: number
      pay_type: number
      provider: string
      credentials: string
      updated_at: string
    },
    channel?: { code: PayChannelCode; overlay: Record<string, unknown>; version: string }
  ): PaymentProvider {
    if (!isProviderName(row.provider)) throw new ProviderError(`unknown provider ${row.provider}`, 'sandbox', 'config')
    if (row.provider === 'sandbox') return this.sandbox
    const key = `${row.school_id}:${row.pay_type}${channel ? `:${channel.code}` : ''}`
    const version = `${row.id}:${row.updated_at}:${row.provider}:${row.credentials}${channel ? `:${channel.version}` : ''}`
    const hit = this.cache.get(key)
    if (hit && hit.version === version) return hit.provider
    let raw: unknown
    try {
      raw = JSON.parse(row.credentials)
    } catch {
      throw new ProviderError(`${row.provider} config: credentials are not JSON`, row.provider, 'config')
    }
    const base = resolveCredentials(raw ?? {}, this.opts.env ?? process.env, row.provider) as Record<string, unknown>
    const credentials = channel ? { ...base, ...channel.overlay } : base
    let provider: PaymentProvider
    try {
      provider = this.factories[row.provider]({
        schoolId: row.school_id,
        payType: row.pay_type,
        dataDir: this.opts.dataDir,
        credentials,
        outbound: this.outbound
      })
    } catch (err) {
      // a factory refusing its credentials (a bad key, a missing field) is a configuration error like the others
      if (err instanceof ProviderError) throw err
      throw new ProviderError(`${row.provider} config: ${(err as Error)?.message ?? String(err)}`, row.provider, 'config')
    }
    this.cache.set(key, { version, provider })
    return provider
  }

  private rows(schoolId: number) {
    return this.db
      .selectFrom('payment_config')
      .select(['id', 'school_id', 'pay_type', 'provider', 'credentials', 'updated_at'])
      .where('school_id', '=', schoolId)
      .where('enabled', '=', 1)
  }

  /** The channel's overlay for a row, or undefined (no channel, no row for it, or a provider it does not shape). */
  private async channelFor(schoolId: number, provider: string, channel?: PayChannelCode) {
    if (!channel || !isProviderName(provider) || !CHANNEL_BOUND.includes(provider)) return undefined
    let cred: ChannelCredential | null
    try {
      cred = await channelCredential(this.db, schoolId, channel, this.opts.env ?? process.env)
    } catch (err) {
      if (err instanceof ChannelConfigError) throw new ProviderError(err.message, provider, 'config')
      throw err
    }
    const overlay = channelOverlay(provider, cred)
    return overlay && cred ? { code: channel, overlay, version: cred.version } : undefined
  }

  /** The provider of a school's pay type (the sandbox when none is configured), shaped by the order's channel when
   *  it has credentials of its own. Throws ProviderError 'config' for a broken configuration; database errors pass
   *  through as they are. */
  async forPayType(schoolId: number, payType: number, channel?: PayChannelCode): Promise<ResolvedProvider> {
    // cached per process like the school's settings (school/cache.ts): a change is seen within SCHOOL_CACHE_TTL_MS
    const row = await schoolPaymentConfig(this.db, schoolId, payType)
    if (!row) return { provider: this.sandbox, name: 'sandbox', configured: false }
    const ch = await this.channelFor(schoolId, row.provider, channel)
    const provider = this.build(row, ch)
    return { provider, name: provider.name, configured: true, ...(ch ? { channel: ch.code } : {}) }
  }

  /**
   * The provider named in a notify URL or on an order. With a pay type, that pay type's row must use this provider;
   * without one, the school's first row using it. null when the school has no such provider configured.
   */
  async byName(schoolId: number, name: string, payType?: number, channel?: PayChannelCode): Promise<PaymentProvider | null> {
    if (name === 'sandbox') return this.sandbox
    if (!isProviderName(name)) return null
    let q = this.rows(schoolId).where('provider', '=', name)
    if (payType !== undefined) q = q.where('pay_type', '=', payType)
    const row = await q.orderBy('pay_type').limit(1).executeTakeFirst()
    return row ? this.build(row, await this.channelFor(schoolId, row.provider, channel)) : null
  }

  /**
   * Every configuration of the school using this provider, by pay type: a notification at the bare
   * /notify/{school}/{provider} (orders created before notify URLs named the pay type) is tried with each, since a
   * WeChat notification can only be read with the APIv3 key of the merchant it belongs to. A broken row is skipped.
   */
  async allByName(schoolId: number, name: string): Promise<PaymentProvider[]> {
    if (name === 'sandbox') return [this.sandbox]
    if (!isProviderName(name)) return []
    const rows = await this.rows(schoolId).where('provider', '=', name).orderBy('pay_type').execute()
    const out: PaymentProvider[] = []
    for (const row of rows) {
      try {
        out.push(this.build(row))
      } catch (err) {
        if (!isConfigError(err)) throw err
      }
    }
    return out
  }
}
