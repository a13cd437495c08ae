/**
 * School settings as the console's administrator edits them. The storage is the one the donor API already reads:
 * school (name, module name, theme colour, production flag), school_setting (display switches), base_setting (logo),
 * fulfilment_setting (domain/fulfilment/config.ts) and login_setting (domain/identity/settings.ts). Each save is one
 * transaction with its audit row; the school cache is dropped after it commits so the donor API shows the change at
 * once. Channel credentials, edited on the same console page, are domain/channel/settings.ts.
 */
import type { Kysely, Transaction } from 'kysely'
import { DIRECTORY_ORDER_CYCLE, SettingKey, type DirectoryOrder } from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import { getFulfilmentConfig, saveFulfilmentConfig, type FulfilmentConfig } from '../fulfilment/config'
import { loginSettings, saveLoginSettings, type LoginSettings } from '../identity/settings'
import { invalidateSchoolCache } from './cache'
import { recordAudit } from '../staff/audit'

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
