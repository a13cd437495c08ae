/** Messages of the staff console's own rules (roles, accounts, records of the console); spread into i18n.ts. */
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
  }
} as const satisfies Record<string, Record<Lang, string>>
