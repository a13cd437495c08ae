/**
 * Creating a school: one row in school, one in school_setting, the base settings. Used by the seed and by
 * cli/add-school.ts, so a new tenant is rows, not code (docs/decisions/004-tenancy.md).
 */
import type { Kysely, Transaction } from 'kysely'
import { SettingKey, type SchoolSettings } from '../../../../types'
import type { DB, SchoolSettingTable } from '../../db/schema'
import { nowIso } from '../../lib/dates'
import { randomAlnum } from '../../lib/random'
import { saveLoginSettings } from '../identity/settings'
import { invalidateSchoolCache } from './cache'
import * as repo from './repository'

export interface NewSchool {
  code: string
  name: string
  moduleName?: string
  theme?: string
  themeColor?: string
  isDefault?: boolean
  logo?: string
  settings?: Partial<SchoolSettings>
  base?: Partial<
    Pick<
      SchoolSettingTable,
      'title' | 'award_explain' | 'agree_title' | 'agree_content' | 'share_title' | 'share_desc' | 'share_img' | 'login_bg'
    >
  >
  alumniAuthSkip?: { appid: string; path: string; originalId: string }
  /**
   * The sandbox identity (login_setting.sandbox_login: getAuthToken codes and unsigned middle-school hand-offs are
   * taken as openIds) and the sandbox cashier (school_setting.sandbox_enabled). Given, both are written; absent,
   * nothing is written (sign-in sandbox on by the absent row's default, payments off by the column's): the seed
   * leaves it out and switches payments on itself, cli/add-school.ts passes false unless told `--sandbox`.
   */
  sandbox?: boolean
}

export const SCHOOL_CODE_PATTERN = /^[a-z][a-z0-9-]{1,31}$/

export async function createSchool(db: Kysely<DB> | Transaction<DB>, s: NewSchool): Promise<{ id: number; signKey: string }> {
  if (!SCHOOL_CODE_PATTERN.test(s.code)) throw new Error(`invalid school code ${JSON.stringify(s.code)}: use a-z, 0-9, -`)
  // The key ships in the public school config: it proves freshness, not identity (decision 006).
  const signKey = randomAlnum(16)
  if (s.isDefault) await repo.clearDefaultSchool(db)
  const id = await repo.insertSchool(db, {
    code: s.code,
    name: s.name,
    module_name: s.moduleName ?? '校友基金会',
    theme: s.theme ?? 'red',
    theme_color: s.themeColor ?? '#c8102e',
    sign_key: signKey,
    is_default: s.isDefault ? 1 : 0,
    created_at: nowIso()
  })
  const st = s.settings ?? {}
  await repo.insertSchoolSetting(db, {
    school_id: id,
    hide_statistics: st.hideStatistics ? 1 : 0,
    disable_online_donation: st.disableOnlineDonation ? 1 : 0,
    offline_contact_info: st.offlineContactInfo ?? '',
    mask_donor_names: st.maskDonorNames ? 1 : 0,
    hide_directory_search: st.hideDirectorySearch ? 1 : 0,
    hide_project_directory: st.hideProjectDirectory ? 1 : 0,
    default_directory_order: st.defaultDirectoryOrder ?? '',
    project_list_variant: st.projectListVariant ?? 'tabs',
    campaign_items: JSON.stringify(st.campaignItems ?? {}),
    title: s.base?.title ?? s.name,
    is_show_technical_support: 1,
    award_explain: s.base?.award_explain ?? '',
    agree_title: s.base?.agree_title ?? '捐赠协议',
    agree_content: s.base?.agree_content ?? '',
    share_title: s.base?.share_title ?? s.name,
    share_desc: s.base?.share_desc ?? '',
    share_img: s.base?.share_img ?? '',
    login_bg: s.base?.login_bg ?? ''
  })
  const alumni = s.alumniAuthSkip ?? { appid: '', path: '', originalId: '' }
  await repo.insertBaseSettings(db, [
    { school_id: id, setting_key: SettingKey.SCHOOL_LOGO, setting_value: s.logo ?? '' },
    { school_id: id, setting_key: SettingKey.ALUMNI_AUTH_SKIP, setting_value: JSON.stringify(alumni) }
  ])
  if (s.sandbox !== undefined) {
    // a school without the sandbox takes real donors (never the console SMS provider, docs/decisions/018)
    await repo.setSandbox(db, id, s.sandbox)
    await saveLoginSettings(db, id, { sandboxLogin: s.sandbox })
  }
  // is_default moved to this school; the next requests read the rows again
  invalidateSchoolCache()
  return { id, signKey }
}

/** Merges campaign ids after the school's projects exist (ids are only known once inserted). */
export async function setCampaignItems(db: Kysely<DB> | Transaction<DB>, schoolId: number, items: Record<string, number>) {
  await repo.setCampaignItems(db, schoolId, JSON.stringify(items))
  invalidateSchoolCache()
}
