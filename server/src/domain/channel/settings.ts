/**
 * Channel credentials as the console's administrator edits them (school_channel_credential, migration 017). Secrets
 * are write-only: answers and audit rows carry them masked ('••••' + last 4), an empty value keeps what is stored,
 * and "env:NAME" references (not secrets themselves) are shown as they are. Each save is one transaction with its
 * audit row; the school cache is dropped after it commits so the donor API shows the change at once.
 */
import type { Kysely, Transaction } from 'kysely'
import { PAY_CHANNELS, type PayChannelCode } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import {
  ALIPAY_HOSTS,
  checkOutboundUrl,
  OutboundError,
  outboundHostList,
  WECHAT_API_HOSTS,
  WECHATPAY_HOSTS,
  type OutboundPolicy
} from '../../lib/outbound'
import { refusedEnvRefs } from '../../lib/secret-env'
import { invalidateSchoolCache } from '../school/cache'
import { maskSecret, recordAudit } from '../staff/audit'

type Db = Kysely<DB> | Transaction<DB>

/** Keys of credentials / payCredentials whose values are identifiers, shown in full; every other value is masked. */
const PUBLIC_KEY =
  /^(app_?id|mch_?id|sub_?mch_?id|sub_?app_?id|serial_?no|serial_?number|merchant_?serial_?number|sign_?type|sys_?id|notify_?url|gateway(_?url)?)$/i
const ENV_REF = /^env:[A-Z_][A-Z0-9_]*$/

const shown = (key: string, v: unknown): string => {
  const s = typeof v === 'string' ? v : JSON.stringify(v ?? '')
  return PUBLIC_KEY.test(key) || ENV_REF.test(s) ? s : maskSecret(s)
}

function parseObject(json: string): Record<string, unknown> {
  try {
    const v = JSON.parse(json) as unknown
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

export interface ChannelView {
  channel: PayChannelCode
  /** a row exists for this channel */
  configured: boolean
  appId: string
  /** masked: '••••' + last 4, '' when none, "env:NAME" as it is */
  secret: string
  credentials: Record<string, string>
  payCredentials: Record<string, string>
  apiBase: string
  enabled: boolean
  updatedAt: string
}

export interface ChannelPatch {
  appId?: string
  /** '' = keep the stored secret */
  secret?: string
  /** per key: '' = keep, null = remove, anything else = set */
  credentials?: Record<string, string | null>
  payCredentials?: Record<string, string | null>
  apiBase?: string
  enabled?: boolean
}

type ChannelRow = {
  channel: PayChannelCode
  app_id: string
  secret: string
  credentials: string
  pay_credentials: string
  api_base: string
  enabled: number
  updated_at: string
}

function viewOf(channel: PayChannelCode, r: ChannelRow | undefined): ChannelView {
  const obj = (json: string) => Object.fromEntries(Object.entries(parseObject(json)).map(([k, v]) => [k, shown(k, v)]))
  return {
    channel,
    configured: !!r,
    appId: r?.app_id ?? '',
    secret: r ? shown('secret', r.secret) : '',
    credentials: r ? obj(r.credentials) : {},
    payCredentials: r ? obj(r.pay_credentials) : {},
    apiBase: r?.api_base ?? '',
    enabled: r ? !!r.enabled : false,
    updatedAt: r ? new Date(r.updated_at).toISOString() : ''
  }
}

const channelRow = (db: Db, schoolId: number, channel: PayChannelCode) =>
  db
    .selectFrom('school_channel_credential')
    .select(['channel', 'app_id', 'secret', 'credentials', 'pay_credentials', 'api_base', 'enabled', 'updated_at'])
    .where('school_id', '=', schoolId)
    .where('channel', '=', channel)
    .executeTakeFirst() as Promise<ChannelRow | undefined>

export async function listChannels(db: Kysely<DB>, schoolId: number): Promise<{ isProduction: boolean; rows: ChannelView[] }> {
  const school = await db.selectFrom('school').select('is_production').where('id', '=', schoolId).executeTakeFirstOrThrow()
  const rows: ChannelView[] = []
  for (const c of PAY_CHANNELS) rows.push(viewOf(c, await channelRow(db, schoolId, c)))
  return { isProduction: !!school.is_production, rows }
}

function merged(stored: string, patch: Record<string, string | null> | undefined): string {
  const out = parseObject(stored)
  for (const [k, v] of Object.entries(patch ?? {})) {
    if (v === null) delete out[k]
    else if (v !== '') out[k] = v
  }
  return JSON.stringify(out)
}

/** The hosts a channel's apiBase may name without OUTBOUND_HOSTS: its platform's API (domain/identity/oauth.ts, jsapi). */
function apiHostsOf(channel: PayChannelCode, env: NodeJS.ProcessEnv): string[] {
  if (channel === 'weapp' || channel === 'wechat-h5')
    return [...WECHAT_API_HOSTS, ...outboundHostList(env.WECHAT_API_BASE ? [env.WECHAT_API_BASE] : [])]
  if (channel === 'alipay') return ALIPAY_HOSTS
  return []
}

/** payCredentials keys that hold a URL the providers call or send the donor to (WeChat Pay baseUrl, Alipay gateway). */
const URL_KEY = /^(base_?url|gateway(_?url)?|endpoint|api_?base|pay_?url)$/i

/**
 * What an administrator may store (docs/decisions/037-secrets-and-outbound.md): "env:NAME" only for names set aside for
 * secrets, and URLs the server calls only https to the platform's own hosts or OUTBOUND_HOSTS, never a private or
 * local address. The same rules hold again when a row is used, for rows written before them or past this check.
 */
function checkChannelPatch(channel: PayChannelCode, p: ChannelPatch, rt: ChannelSaveRuntime) {
  const refused = (field: string, v: unknown) => {
    const [name] = refusedEnvRefs(v, rt.env)
    if (name !== undefined) throw bizError('settingsSecretEnv', { field, name })
  }
  refused('secret', p.secret)
  for (const [k, v] of Object.entries(p.credentials ?? {})) refused(`credentials.${k}`, v)
  for (const [k, v] of Object.entries(p.payCredentials ?? {})) refused(`payCredentials.${k}`, v)
  const url = (field: string, v: string, hosts: readonly string[]) => {
    try {
      checkOutboundUrl(rt.outbound, v.trim(), hosts)
    } catch (err) {
      if (err instanceof OutboundError) throw bizError('settingsOutboundUrl', { field })
      throw err
    }
  }
  if (p.apiBase !== undefined && p.apiBase.trim() !== '') url('apiBase', p.apiBase, apiHostsOf(channel, rt.env))
  for (const [k, v] of Object.entries(p.payCredentials ?? {})) {
    if (URL_KEY.test(k) && typeof v === 'string' && v !== '') url(`payCredentials.${k}`, v, [...WECHATPAY_HOSTS, ...ALIPAY_HOSTS])
  }
  for (const [k, v] of Object.entries(p.credentials ?? {})) {
    if (URL_KEY.test(k) && typeof v === 'string' && v !== '') url(`credentials.${k}`, v, apiHostsOf(channel, rt.env))
  }
}

/** The environment "env:NAME" references are judged against and where the server may send requests. */
export interface ChannelSaveRuntime {
  env: NodeJS.ProcessEnv
  outbound: OutboundPolicy
}

export async function saveChannel(
  db: Kysely<DB>,
  schoolId: number,
  by: number,
  channel: PayChannelCode,
  p: ChannelPatch,
  rt: ChannelSaveRuntime,
  now = new Date()
): Promise<ChannelView> {
  if (p.apiBase !== undefined && p.apiBase !== '') {
    let ok = false
    try {
      const u = new URL(p.apiBase)
      ok = (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password
    } catch {
      ok = false
    }
    if (!ok) throw bizError('settingsInvalid', { field: 'apiBase' })
  }
  checkChannelPatch(channel, p, rt)
  const view = await db.transaction().execute(async (trx) => {
    const old = await channelRow(trx, schoolId, channel)
    const row = {
      app_id: p.appId !== undefined ? p.appId.trim() : (old?.app_id ?? ''),
      secret: p.secret !== undefined && p.secret !== '' ? p.secret : (old?.secret ?? ''),
      credentials: merged(old?.credentials ?? '{}', p.credentials),
      pay_credentials: merged(old?.pay_credentials ?? '{}', p.payCredentials),
      api_base: p.apiBase !== undefined ? p.apiBase.trim() : (old?.api_base ?? ''),
      enabled: p.enabled !== undefined ? (p.enabled ? 1 : 0) : (old?.enabled ?? 1),
      updated_at: now.toISOString()
    }
    await trx
      .insertInto('school_channel_credential')
      .values({ school_id: schoolId, channel, ...row })
      .onConflict((oc) => oc.columns(['school_id', 'channel']).doUpdateSet(row))
      .execute()
    const next = viewOf(channel, await channelRow(trx, schoolId, channel))
    // the audit row holds the masked views only: a secret never reaches it
    await recordAudit(trx, {
      schoolId,
      staffId: by,
      action: 'channel.update',
      entity: 'channel',
      entityId: channel,
      before: viewOf(channel, old),
      after: next
    })
    return next
  })
  invalidateSchoolCache()
  return view
}
