/** Messages of yearly statements (docs/decisions/050-yearly-statement.md); spread into i18n.ts. */
import type { Lang } from '../../../../types'

export const statementMessages = {
  statementYearInvalid: { zh_CN: '年份不正确', en: 'Invalid year' },
  statementNoGifts: { zh_CN: '该年度没有已支付的捐赠', en: 'No paid gifts in that year' },
  statementEmailMissing: { zh_CN: '请填写接收对账单的电子邮箱', en: 'Please enter the e-mail address to send the statement to' },
  statementEmailInvalid: { zh_CN: '请输入合法的电子邮箱', en: 'Please enter a valid e-mail address' },
  statementMailOff: { zh_CN: '暂未开通邮件发送，请下载对账单', en: 'E-mail is not set up yet: please download the statement' },
  statementBatchNotFound: { zh_CN: '发送任务不存在', en: 'Send job not found' },
  noticeKindStatement: { zh_CN: '年度捐赠对账单', en: 'Yearly giving statement' }
} satisfies Record<string, Record<Lang, string>>
