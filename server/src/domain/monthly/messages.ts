/** Messages of monthly giving (docs/decisions/071-monthly-giving.md); spread into i18n.ts. */
import type { Lang } from '../../../../types'

export const monthlyMessages = {
  monthlyNotOffered: { zh_CN: '该项目暂不支持月捐', en: 'This project does not offer monthly giving' },
  monthlyPayTypeUnavailable: {
    zh_CN: '学校尚未开通该支付方式的自动扣款，请选择其他支付方式',
    en: 'The school cannot collect monthly gifts with this payment method yet: please choose another'
  },
  monthlyDayInvalid: { zh_CN: '扣款日须为每月 1 至 28 日', en: 'The day of the month must be from 1 to 28' },
  monthlyAmountInvalid: { zh_CN: '请输入正确的月捐金额（最多两位小数）', en: 'Enter a valid monthly amount (at most two decimals)' },
  monthlyAmountTooLarge: { zh_CN: '月捐金额不能超过 {max} 元', en: 'A monthly gift can be at most ¥{max}' },
  monthlyAlreadyActive: {
    zh_CN: '您已有该项目的月捐，如需修改请先停止原月捐',
    en: 'You already give monthly to this project: stop that plan first to change it'
  },
  monthlyPlanNotFound: { zh_CN: '月捐不存在', en: 'Monthly gift not found' },
  monthlyAlreadyStopped: { zh_CN: '该月捐已停止', en: 'This monthly gift has already been stopped' },
  monthlySignFailed: { zh_CN: '签约失败，请稍后再试', en: 'The agreement could not be signed: please try again later' },
  monthlyCollectDayInvalid: {
    zh_CN: '请填写今天或之前的日期（YYYY-MM-DD，北京时间）',
    en: 'Enter today or an earlier day (YYYY-MM-DD, Beijing time)'
  },
  monthlyNotPaused: { zh_CN: '只有已暂停的月捐可以恢复', en: 'Only a paused monthly gift can be resumed' },
  noticeKindMonthly: { zh_CN: '月捐扣款失败', en: 'Monthly gift could not be collected' }
} satisfies Record<string, Record<Lang, string>>
