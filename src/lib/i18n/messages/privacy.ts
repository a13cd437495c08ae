// Strings of the privacy policy page, the consent prompt, the data download and account deletion (decision 041).
// zh_CN and en have the same keys (defineMessages: tsc checks).
import { defineMessages } from '../define'

export default defineMessages({
  zh_CN: {
    'route.privacy': '隐私政策',
    'privacy.link': '《隐私政策》',
    'privacy.version': '版本 {version}',
    'privacy.updated': '更新于 {date}',
    'privacy.loadFailed': '隐私政策加载失败',
    'privacy.consent.title': '隐私政策',
    'privacy.consent.body':
      '为办理证书、票据、冠名和协议，我们需要收集您填写的姓名、手机号、证件号码和地址。请阅读并同意《隐私政策》后继续（可在“我的 → 隐私政策”查看全文）。',
    'privacy.consent.agree': '同意',
    'privacy.consent.decline': '不同意',
    'privacy.consent.declined': '未同意隐私政策，无法提交个人信息',
    'privacy.formNote': '您填写的个人信息仅用于办理本次捐赠的证书和票据，详见',
    'privacy.menu.policy': '隐私政策',
    'privacy.menu.export': '下载我的数据',
    'privacy.menu.delete': '注销账号',
    'privacy.export.saved': '已下载我的数据',
    'privacy.export.shared': '已发送文件',
    'privacy.export.copied': '数据已复制到剪贴板',
    'privacy.delete.title': '注销账号',
    'privacy.delete.body':
      '注销后，您的姓名、手机号、证件号码、头像和地址将被删除，留言显示为匿名，无法恢复。捐赠金额仍计入项目总额。确定注销吗？',
    'privacy.delete.confirm': '确定注销',
    'privacy.delete.cancel': '再想想',
    'privacy.delete.done': '账号已注销'
  },
  en: {
    'route.privacy': 'Privacy policy',
    'privacy.link': 'Privacy policy',
    'privacy.version': 'Version {version}',
    'privacy.updated': 'Updated {date}',
    'privacy.loadFailed': 'The privacy policy could not be loaded',
    'privacy.consent.title': 'Privacy policy',
    'privacy.consent.body':
      'For certificates, receipts, naming and agreements we need the name, mobile, ID number and address you give. Please read and agree to the privacy policy to go on (the full text is under Mine → Privacy policy).',
    'privacy.consent.agree': 'Agree',
    'privacy.consent.decline': 'Decline',
    'privacy.consent.declined': 'Without agreeing to the privacy policy, personal information cannot be sent',
    'privacy.formNote': 'What you give here is used only for this gift’s certificate and receipt; see the',
    'privacy.menu.policy': 'Privacy policy',
    'privacy.menu.export': 'Download my data',
    'privacy.menu.delete': 'Delete account',
    'privacy.export.saved': 'Your data has been downloaded',
    'privacy.export.shared': 'The file has been sent',
    'privacy.export.copied': 'Your data has been copied to the clipboard',
    'privacy.delete.title': 'Delete account',
    'privacy.delete.body':
      'Your name, mobile, ID numbers, avatar and addresses will be erased and your messages shown as anonymous. This cannot be undone. Your gifts still count in the project totals. Delete the account?',
    'privacy.delete.confirm': 'Delete',
    'privacy.delete.cancel': 'Keep it',
    'privacy.delete.done': 'Your account has been deleted'
  }
})
