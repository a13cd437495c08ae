/** Messages of the privacy policy, consent, data download and account deletion (docs/decisions/041); spread into i18n.ts. */
import type { Lang } from '../../../../types'

export const privacyMessages = {
  privacyConsentRequired: {
    zh_CN: '请先阅读并同意《隐私政策》后再填写个人信息',
    en: 'Please read and agree to the privacy policy before giving personal information'
  },
  privacyVersionStale: {
    zh_CN: '隐私政策已更新，请重新阅读后同意',
    en: 'The privacy policy has changed: please read it again before agreeing'
  },
  privacyConsentOk: { zh_CN: '已同意隐私政策', en: 'You agreed to the privacy policy' },
  accountDeleteConfirm: { zh_CN: '请确认注销账号', en: 'Please confirm the account deletion' },
  accountDeleted: { zh_CN: '账号已注销', en: 'Your account has been deleted' },
  privacyPolicyEmpty: { zh_CN: '隐私政策标题和正文不能为空', en: 'The privacy policy needs a title and a text' }
} satisfies Record<string, Record<Lang, string>>
