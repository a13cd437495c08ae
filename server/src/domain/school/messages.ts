/** Messages of the school settings the console edits (settings.ts); spread into i18n.ts. */
import type { Lang } from '../../../../types'

export const schoolMessages = {
  settingsThemeColor: { zh_CN: '主题色须为 #rrggbb 格式', en: 'Theme colour must be #rrggbb' },
  settingsLogoUrl: { zh_CN: '标志地址须为本站 /files/ 下的文件或 https 地址', en: 'Logo must be a /files/ address or an https URL' },
  settingsInvalid: { zh_CN: '设置 {field} 不正确', en: 'Invalid setting: {field}' }
} as const satisfies Record<string, Record<Lang, string>>
