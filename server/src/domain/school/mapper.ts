import type { BaseConfig, DirectoryOrder, Flag, Lang, SchoolSettings } from '../../../../types'
import { localized, parseTexts } from '../form/texts'
import { DIRECTORY_ORDER_CYCLE } from '../../../../types'
import type { Selectable } from 'kysely'
import type { SchoolSettingTable } from '../../db/schema'

const flag = (n: number): Flag => (n ? 1 : 0)

function parseCampaignItems(json: string): Record<string, number> {
  try {
    const v = JSON.parse(json) as unknown
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {}
    return Object.fromEntries(Object.entries(v).filter(([, id]) => Number.isInteger(id))) as Record<string, number>
  } catch {
    return {}
  }
}

export function toSchoolSettings(row: Selectable<SchoolSettingTable>): SchoolSettings {
  const order = row.default_directory_order as DirectoryOrder
  return {
    hideStatistics: !!row.hide_statistics,
    disableOnlineDonation: !!row.disable_online_donation,
    offlineContactInfo: row.offline_contact_info,
    maskDonorNames: !!row.mask_donor_names,
    hideDirectorySearch: !!row.hide_directory_search,
    hideProjectDirectory: !!row.hide_project_directory,
    defaultDirectoryOrder: DIRECTORY_ORDER_CYCLE.includes(order) ? order : '',
    projectListVariant: row.project_list_variant === 'dropdown' ? 'dropdown' : 'tabs',
    campaignItems: parseCampaignItems(row.campaign_items)
  }
}

/** The foundation's title, the awards' explanation (decision 073), the agreement's title and text in `lang` where the school entered them (domain/form/texts.ts), else Chinese. */
export function toBaseConfig(row: Selectable<SchoolSettingTable>, lang: Lang = 'zh_CN'): BaseConfig {
  const texts = parseTexts(row.texts)
  return {
    title: localized(row.title, texts, lang, 'title'),
    isShowTechnicalSupport: flag(row.is_show_technical_support),
    awardExplain: localized(row.award_explain, texts, lang, 'award_explain'),
    agreeTitle: localized(row.agree_title, texts, lang, 'agree_title'),
    agreeContent: localized(row.agree_content, texts, lang, 'agree_content'),
    shareTitle: row.share_title,
    shareDesc: row.share_desc,
    shareImg: row.share_img,
    loginBg: row.login_bg,
    // the offline-giving notice the detail page and the form show, in `lang` where the school entered it (decision 073)
    settings: { ...toSchoolSettings(row), offlineContactInfo: localized(row.offline_contact_info, texts, lang, 'offline_contact_info') }
  }
}
