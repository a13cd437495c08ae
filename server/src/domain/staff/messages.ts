/** Messages of the staff console's core (roles, accounts, settings, content, naming inventory); spread into i18n.ts. */
import type { Lang } from '../../../../types'

export const staffMessages = {
  staffRoleRequired: { zh_CN: '当前账号无权进行此操作（需要：{roles}）', en: 'Your account may not do this (needs: {roles})' },
  staffRecordNotFound: { zh_CN: '不存在', en: 'not found' },
  staffUsernameInvalid: {
    zh_CN: '用户名须为3到64位小写字母、数字或 _ . @ -',
    en: 'Username: 3 to 64 of a-z 0-9 _ . @ -'
  },
  staffUsernameTaken: { zh_CN: '用户名已存在', en: 'This username is taken' },
  staffPasswordShort: { zh_CN: '密码至少8位', en: 'Password: at least 8 characters' },
  staffRolesEmpty: { zh_CN: '请至少选择一个角色', en: 'Choose at least one role' },
  staffSelfAdmin: { zh_CN: '不能移除自己的管理员角色或停用自己', en: 'You cannot remove your own admin role or disable yourself' },
  staffLastAdmin: {
    zh_CN: '学校至少需要保留一位启用的管理员',
    en: 'The school must keep at least one enabled admin'
  },
  settingsThemeColor: { zh_CN: '主题色须为 #rrggbb 格式', en: 'Theme colour must be #rrggbb' },
  settingsLogoUrl: { zh_CN: '标志地址须为本站 /files/ 下的文件或 https 地址', en: 'Logo must be a /files/ address or an https URL' },
  settingsInvalid: { zh_CN: '设置 {field} 不正确', en: 'Invalid setting: {field}' },
  settingsSecretEnv: {
    zh_CN: '{field} 不能引用 env:{name}：只能引用以 UPLUS_SECRET_ 开头或列在 SECRET_ENV_ALLOW 中的环境变量',
    en: '{field} may not name env:{name}: only environment variables starting with UPLUS_SECRET_ or listed in SECRET_ENV_ALLOW'
  },
  settingsOutboundUrl: {
    zh_CN: '{field} 须为 https 地址，主机为平台自己的或列在 OUTBOUND_HOSTS 中，且不能是内网或本机地址',
    en: "{field} must be an https URL on the platform's own host or one listed in OUTBOUND_HOSTS, never a private or local address"
  },
  contentTextEmpty: { zh_CN: '内容不能为空', en: 'Text can not be empty' },
  namingMapConfigInvalid: { zh_CN: '地图配置不正确：{reason}', en: 'Invalid map config: {reason}' }
} as const satisfies Record<string, Record<Lang, string>>
