/**
 * School settings and channel credentials as the console's administrator edits them. The storage is the
 * one the donor API already reads: school (name, module name, theme colour, production flag), school_setting (display
 * switches), base_setting (logo), fulfilment_setting (domain/fulfilment/config.ts), login_setting
 * (domain/identity/settings.ts) and school_channel_credential (migration 017). Each save is one transaction with its
 * audit row; the school cache is dropped after it commits so the donor API shows the change at once.
 * Channel secrets are write-only: answers and audit rows carry them masked ('••••' + last 4), an empty value keeps
 * what is stored, and "env:NAME" references (not secrets themselves) are shown as they are.
 */
import type { Kysely, Transaction } from 'kysely'
import { DIRECTORY_ORDER_CYCLE, PAY_CHANNELS, SettingKey, type DirectoryOrder, type PayChannelCode } from '../../../../types'
import type { DB } from '../../db/types'
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
import { getFulfilmentConfig, saveFulfilmentConfig, type FulfilmentConfig } from '../fulfilment/config'
import { loginSettings, saveLoginSettings, type LoginSettings } from '../identity/settings'
import { invalidateSchoolCache } from './cache'
import '../channel/tables'
import { maskSecret, recordAudit } from '../staff/audit'

export interface DisplaySwitches {
  hideStatistics: boolean
  disableOnlineDonation: boolean
  offlineContactInfo: string
  maskDonorNames: boolean
  hideDirectorySearch: boolean
  hideProjectDirectory: boolean
  defaultDirectoryOrder: DirectoryOrder
  projectListVariant: 'tabs' | 'dropdown'
}

export interface StaffSchoolSettings {
  code: string
  name: string
  moduleName: string
  themeColor: string
  logoUrl: string
  /** 1: real donors (migration 017): the console SMS provider is never used */
  isProduction: boolean
  switches: DisplaySwitches
  fulfilment: FulfilmentConfig
  login: LoginSettings
}

export interface SettingsPatch {
  name?: string
  moduleName?: string
  themeColor?: string
  logoUrl?: string
  isProduction?: boolean
  switches?: Partial<DisplaySwitches>
  fulfilment?: Partial<FulfilmentConfig>
  login?: Partial<LoginSettings>
}

type Db = Kysely<DB> | Transaction<DB>

export const THEME_COLOR = /^#[0-9a-fA-F]{6}$/

/** A logo the app may load: a file this server serves (/files/…, no way out of it) or an https URL; '' = none. */
export function validLogoUrl(v: string): boolean {
  if (v === '') return true
  if (v.startsWith('/files/')) return !v.includes('..') && !v.includes('\\') && !/[\s?#]/.test(v)
  try {
    const u = new URL(v)
    return u.protocol === 'https:' && !!u.hostname && !u.username && !u.password
  } catch {
    return false
  }
}

async function readSettings(db: Db, schoolId: number): Promise<StaffSchoolSettings> {
  const school = await db
    .selectFrom('school')
    .select(['code', 'name', 'module_name', 'theme_color', 'is_production'])
    .where('id', '=', schoolId)
    .executeTakeFirstOrThrow()
  const s = await db.selectFrom('school_setting').selectAll().where('school_id', '=', schoolId).executeTakeFirst()
  const logo = await db
    .selectFrom('base_setting')
    .select('setting_value')
    .where('school_id', '=', schoolId)
    .where('setting_key', '=', SettingKey.SCHOOL_LOGO)
    .executeTakeFirst()
  const order = (s?.default_directory_order ?? '') as DirectoryOrder
  return {
    code: school.code,
    name: school.name,
    moduleName: school.module_name,
    themeColor: school.theme_color,
    logoUrl: logo?.setting_value ?? '',
    isProduction: !!school.is_production,
    switches: {
      hideStatistics: !!s?.hide_statistics,
      disableOnlineDonation: !!s?.disable_online_donation,
      offlineContactInfo: s?.offline_contact_info ?? '',
      maskDonorNames: !!s?.mask_donor_names,
      hideDirectorySearch: !!s?.hide_directory_search,
      hideProjectDirectory: !!s?.hide_project_directory,
      defaultDirectoryOrder: DIRECTORY_ORDER_CYCLE.includes(order) ? order : '',
      projectListVariant: s?.project_list_variant === 'dropdown' ? 'dropdown' : 'tabs'
    },
    fulfilment: await getFulfilmentConfig(db, schoolId),
    login: await loginSettings(db, schoolId)
  }
}

export const getSettings = (db: Kysely<DB>, schoolId: number) => readSettings(db, schoolId)

export async function saveSettings(db: Kysely<DB>, schoolId: number, by: number, p: SettingsPatch, now = new Date()) {
  if (p.themeColor !== undefined && !THEME_COLOR.test(p.themeColor)) throw bizError('settingsThemeColor')
  if (p.logoUrl !== undefined && !validLogoUrl(p.logoUrl)) throw bizError('settingsLogoUrl')
  if (p.name !== undefined && !p.name.trim()) throw bizError('settingsInvalid', { field: 'name' })
  if (p.moduleName !== undefined && !p.moduleName.trim()) throw bizError('settingsInvalid', { field: 'moduleName' })
  const sw = p.switches ?? {}
  if (sw.defaultDirectoryOrder !== undefined && !DIRECTORY_ORDER_CYCLE.includes(sw.defaultDirectoryOrder)) {
    throw bizError('settingsInvalid', { field: 'switches.defaultDirectoryOrder' })
  }
  const after = await db.transaction().execute(async (trx) => {
    const before = await readSettings(trx, schoolId)
    const school = {
      ...(p.name !== undefined ? { name: p.name.trim() } : {}),
      ...(p.moduleName !== undefined ? { module_name: p.moduleName.trim() } : {}),
      ...(p.themeColor !== undefined ? { theme_color: p.themeColor.toLowerCase() } : {}),
      ...(p.isProduction !== undefined ? { is_production: p.isProduction ? 1 : 0 } : {})
    }
    if (Object.keys(school).length) await trx.updateTable('school').set(school).where('id', '=', schoolId).execute()
    const flag = (b: boolean | undefined) => (b === undefined ? undefined : b ? 1 : 0)
    const setting = Object.fromEntries(
      Object.entries({
        hide_statistics: flag(sw.hideStatistics),
        disable_online_donation: flag(sw.disableOnlineDonation),
        offline_contact_info: sw.offlineContactInfo,
        mask_donor_names: flag(sw.maskDonorNames),
        hide_directory_search: flag(sw.hideDirectorySearch),
        hide_project_directory: flag(sw.hideProjectDirectory),
        default_directory_order: sw.defaultDirectoryOrder,
        project_list_variant: sw.projectListVariant
      }).filter(([, v]) => v !== undefined)
    )
    if (Object.keys(setting).length) {
      await trx
        .insertInto('school_setting')
        .values({ school_id: schoolId, ...setting } as never)
        .onConflict((oc) => oc.column('school_id').doUpdateSet(setting))
        .execute()
    }
    if (p.logoUrl !== undefined) {
      await trx
        .insertInto('base_setting')
        .values({ school_id: schoolId, setting_key: SettingKey.SCHOOL_LOGO, setting_value: p.logoUrl })
        .onConflict((oc) => oc.columns(['school_id', 'setting_key']).doUpdateSet({ setting_value: p.logoUrl }))
        .execute()
    }
    if (p.fulfilment && Object.keys(p.fulfilment).length) await saveFulfilmentConfig(trx, schoolId, p.fulfilment, now)
    if (p.login && Object.keys(p.login).length) await saveLoginSettings(trx, schoolId, p.login, now)
    const next = await readSettings(trx, schoolId)
    await recordAudit(trx, {
      schoolId,
      staffId: by,
      action: 'settings.update',
      entity: 'settings',
      entityId: schoolId,
      before,
      after: next
    })
    return next
  })
  invalidateSchoolCache()
  return after
}

// ---------------------------------------------------------------- channel credentials

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
