/**
 * Campaign settings in the console (docs/decisions/047-agreements-for-staff.md, part two; docs/decisions/016 for what
 * the maps store): which project runs each campaign (school_setting.campaign_items), the campaign homes' background
 * music (base setting naming_music), alumni-only per project (project.alumni_only), the alumni mini-program hand-off
 * (base setting alumni_auth_skip), the bank account of the cpu account page (base setting agreement_bank_account) and
 * each map's external panorama link (naming_map config vrUrl). Map images and points stay in the map config editor
 * (domain/naming/inventory.ts updateMapConfig), which checks every reference.
 *
 * Everything is checked before anything is written, then written in one transaction with one audit row; the school
 * cache is dropped after the commit so the donor API shows the change at once.
 */
import type { Kysely, Transaction } from 'kysely'
import { AGREEMENT_BANK_SETTING, CampaignKey, NAMING_MUSIC_SETTING, SettingKey, type AgreementBankAccount } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { invalidateSchoolCache } from '../school/cache'
import { recordAudit } from '../staff/audit'
import { validLogoUrl } from '../school/settings'
import { parseTexts } from '../form/texts'
import '../naming/tables'

export const CAMPAIGN_KEYS = Object.values(CampaignKey)
export type CampaignKeyValue = (typeof CAMPAIGN_KEYS)[number]

export interface AlumniHandoff {
  appid: string
  path: string
  originalId: string
}

export interface CampaignSettings {
  campaigns: Array<{ key: string; itemId: number | null }>
  /** nameEn: the project's English name ('' = none: English readers see the campaign in Chinese, decision 086) */
  projects: Array<{ id: number; name: string; nameEn: string; itemsType: number; alumniOnly: boolean }>
  /** item id -> audio URL */
  music: Record<string, string>
  alumniHandoff: AlumniHandoff | null
  bank: AgreementBankAccount | null
  maps: Array<{ id: number; mapKey: string; itemId: number; vrUrl: string }>
}

export interface CampaignPatch {
  /** campaign key -> project id, or null to unset */
  campaignItems?: Record<string, number | null>
  /** project id -> audio URL ('' removes) */
  music?: Record<string, string>
  /** project id -> alumni only */
  alumniOnly?: Record<string, boolean>
  alumniHandoff?: AlumniHandoff | null
  bank?: AgreementBankAccount | null
  /** map row id -> panorama link ('' removes) */
  vrUrls?: Record<string, string>
}

const parse = <T>(raw: string | undefined, fallback: T): T => {
  try {
    const v = raw ? JSON.parse(raw) : fallback
    return v && typeof v === 'object' ? (v as T) : fallback
  } catch {
    return fallback
  }
}

async function baseSetting(db: Kysely<DB> | Transaction<DB>, schoolId: number, key: string) {
  const r = await db
    .selectFrom('base_setting')
    .select('setting_value')
    .where('school_id', '=', schoolId)
    .where('setting_key', '=', key)
    .executeTakeFirst()
  return r?.setting_value
}

async function putBaseSetting(trx: Transaction<DB>, schoolId: number, key: string, value: string | null) {
  await trx.deleteFrom('base_setting').where('school_id', '=', schoolId).where('setting_key', '=', key).execute()
  if (value !== null) await trx.insertInto('base_setting').values({ school_id: schoolId, setting_key: key, setting_value: value }).execute()
}

export async function getCampaignSettings(db: Kysely<DB> | Transaction<DB>, schoolId: number): Promise<CampaignSettings> {
  const st = await db.selectFrom('school_setting').select('campaign_items').where('school_id', '=', schoolId).executeTakeFirst()
  const items = parse<Record<string, unknown>>(st?.campaign_items, {})
  const projects = await db
    .selectFrom('project')
    .select(['id', 'name', 'items_type', 'alumni_only', 'texts'])
    .where('school_id', '=', schoolId)
    .orderBy('sort_no')
    .orderBy('id')
    .execute()
  const maps = await db
    .selectFrom('naming_map')
    .select(['id', 'map_key', 'items_id', 'config'])
    .where('school_id', '=', schoolId)
    .orderBy('items_id')
    .orderBy('map_key')
    .execute()
  const music = parse<Record<string, unknown>>(await baseSetting(db, schoolId, NAMING_MUSIC_SETTING), {})
  const handoff = parse<Partial<AlumniHandoff> | null>(await baseSetting(db, schoolId, SettingKey.ALUMNI_AUTH_SKIP), null)
  const bank = parse<Partial<AgreementBankAccount> | null>(await baseSetting(db, schoolId, AGREEMENT_BANK_SETTING), null)
  return {
    campaigns: CAMPAIGN_KEYS.map((key) => ({ key, itemId: Number.isSafeInteger(items[key]) ? Number(items[key]) : null })),
    projects: projects.map((p) => ({
      id: Number(p.id),
      name: p.name,
      nameEn: parseTexts(p.texts).en?.name ?? '',
      itemsType: Number(p.items_type),
      alumniOnly: Number(p.alumni_only) === 1
    })),
    music: Object.fromEntries(Object.entries(music).filter(([, v]) => typeof v === 'string')) as Record<string, string>,
    alumniHandoff:
      handoff && typeof handoff.appid === 'string' && handoff.appid
        ? { appid: handoff.appid, path: String(handoff.path ?? ''), originalId: String(handoff.originalId ?? '') }
        : null,
    bank:
      bank && typeof bank.accountNo === 'string' && bank.accountNo
        ? { bankName: String(bank.bankName ?? ''), accountName: String(bank.accountName ?? ''), accountNo: bank.accountNo }
        : null,
    maps: maps.map((m) => ({
      id: Number(m.id),
      mapKey: m.map_key,
      itemId: Number(m.items_id),
      vrUrl: String(parse<{ vrUrl?: unknown }>(m.config, {}).vrUrl ?? '')
    }))
  }
}

/** -1 naming the field, in the request's language (settingsInvalid: "设置 {field} 不正确"). */
const invalid = (field: string) => bizError('settingsInvalid', { field })

const idOf = (k: string, field: string) => {
  const n = Number(k)
  if (!/^[1-9]\d{0,15}$/.test(k) || !Number.isSafeInteger(n)) throw invalid(field)
  return n
}

/** A campaign's music: an uploaded /files/ path or an https link to an audio file. */
const validMusicUrl = (v: string) => v === '' || (validLogoUrl(v) && /\.(mp3|m4a|aac|wav|ogg)$/i.test(v.split(/[?#]/)[0]))
/** The external panorama is opened by the app's web-view: https only (decision 016). */
const validVrUrl = (v: string) => v === '' || (validLogoUrl(v) && v.startsWith('https://'))

function checkHandoff(h: AlumniHandoff): AlumniHandoff {
  const v = { appid: h.appid.trim(), path: h.path.trim(), originalId: h.originalId.trim() }
  // WeChat's own are wx + 16 hex and gh_ + 12 hex; the shape alone is checked so test and demo ids pass too
  if (!/^wx[0-9A-Za-z]{6,30}$/.test(v.appid)) throw invalid('alumniHandoff.appid')
  // a mini-program page path with its query: no spaces, no scheme
  if (v.path.length > 200 || /\s|:\/\//.test(v.path)) throw invalid('alumniHandoff.path')
  if (v.originalId && !/^gh_[0-9A-Za-z_]{4,40}$/.test(v.originalId)) throw invalid('alumniHandoff.originalId')
  return v
}

function checkBank(b: AgreementBankAccount): AgreementBankAccount {
  const v = { bankName: b.bankName.trim(), accountName: b.accountName.trim(), accountNo: b.accountNo.replace(/\s+/g, ' ').trim() }
  if (!v.bankName || v.bankName.length > 100) throw invalid('bank.bankName')
  if (!v.accountName || v.accountName.length > 100) throw invalid('bank.accountName')
  const digits = v.accountNo.replace(/ /g, '')
  if (!/^\d{8,32}$/.test(digits)) throw invalid('bank.accountNo')
  return v
}

export async function saveCampaignSettings(
  db: Kysely<DB>,
  schoolId: number,
  by: number,
  p: CampaignPatch,
  now = new Date()
): Promise<CampaignSettings> {
  // shape checks first: nothing is written when any part is wrong
  for (const k of Object.keys(p.campaignItems ?? {})) if (!(CAMPAIGN_KEYS as string[]).includes(k)) throw invalid(`campaignItems.${k}`)
  const music = Object.entries(p.music ?? {}).map(([k, url]) => {
    if (!validMusicUrl(url.trim())) throw invalid(`music.${k}`)
    return [idOf(k, `music.${k}`), url.trim()] as const
  })
  const alumni = Object.entries(p.alumniOnly ?? {}).map(([k, on]) => [idOf(k, `alumniOnly.${k}`), on] as const)
  const vr = Object.entries(p.vrUrls ?? {}).map(([k, url]) => {
    if (!validVrUrl(url.trim())) throw invalid(`vrUrls.${k}`)
    return [idOf(k, `vrUrls.${k}`), url.trim()] as const
  })
  const handoff = p.alumniHandoff === undefined ? undefined : p.alumniHandoff && checkHandoff(p.alumniHandoff)
  const bank = p.bank === undefined ? undefined : p.bank && checkBank(p.bank)

  const after = await db.transaction().execute(async (trx) => {
    const before = await getCampaignSettings(trx, schoolId)
    const own = new Set(before.projects.map((x) => x.id))
    const mapIds = new Set(before.maps.map((m) => m.id))
    for (const [k, id] of Object.entries(p.campaignItems ?? {})) if (id !== null && !own.has(id)) throw invalid(`campaignItems.${k}`)
    for (const [id] of music) if (!own.has(id)) throw invalid(`music.${id}`)
    for (const [id] of alumni) if (!own.has(id)) throw invalid(`alumniOnly.${id}`)
    for (const [id] of vr) if (!mapIds.has(id)) throw invalid(`vrUrls.${id}`)

    if (p.campaignItems) {
      const st = await trx.selectFrom('school_setting').select('campaign_items').where('school_id', '=', schoolId).executeTakeFirst()
      const items = parse<Record<string, unknown>>(st?.campaign_items, {})
      for (const [k, id] of Object.entries(p.campaignItems)) {
        if (id === null) delete items[k]
        else items[k] = id
      }
      await trx
        .updateTable('school_setting')
        .set({ campaign_items: JSON.stringify(items) })
        .where('school_id', '=', schoolId)
        .execute()
    }
    if (music.length) {
      const m = { ...before.music }
      for (const [id, url] of music) {
        if (url) m[String(id)] = url
        else delete m[String(id)]
      }
      await putBaseSetting(trx, schoolId, NAMING_MUSIC_SETTING, Object.keys(m).length ? JSON.stringify(m) : null)
    }
    for (const [id, on] of alumni)
      await trx
        .updateTable('project')
        .set({ alumni_only: on ? 1 : 0 })
        .where('school_id', '=', schoolId)
        .where('id', '=', id)
        .execute()
    if (handoff !== undefined) await putBaseSetting(trx, schoolId, SettingKey.ALUMNI_AUTH_SKIP, handoff ? JSON.stringify(handoff) : null)
    if (bank !== undefined) await putBaseSetting(trx, schoolId, AGREEMENT_BANK_SETTING, bank ? JSON.stringify(bank) : null)
    for (const [id, url] of vr) {
      const row = await trx
        .selectFrom('naming_map')
        .select('config')
        .where('school_id', '=', schoolId)
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      const config = { ...parse<Record<string, unknown>>(row.config, {}), vrUrl: url }
      await trx
        .updateTable('naming_map')
        .set({ config: JSON.stringify(config), updated_at: now.toISOString() })
        .where('school_id', '=', schoolId)
        .where('id', '=', id)
        .execute()
    }
    const after = await getCampaignSettings(trx, schoolId)
    await recordAudit(trx, {
      schoolId,
      staffId: by,
      action: 'campaigns.update',
      entity: 'campaign_settings',
      entityId: schoolId,
      before: { ...before, projects: undefined },
      after: { ...after, projects: undefined }
    })
    return after
  })
  invalidateSchoolCache()
  return after
}
