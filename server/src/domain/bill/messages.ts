/** Messages of bill reconciliation (docs/decisions/038-bill-reconciliation.md); spread into i18n.ts. */
import type { Lang } from '../../../../types'

export const billMessages = {
  billDateInvalid: { zh_CN: '对账日期须为今天之前的 YYYY-MM-DD', en: 'The bill date must be a day before today, as YYYY-MM-DD' },
  billProviderNotConfigured: {
    zh_CN: '本校未配置该支付渠道的对账单下载',
    en: 'This school has no such payment provider whose bills can be downloaded'
  },
  billFindingNotFound: { zh_CN: '对账差异不存在', en: 'Reconciliation finding not found' },
  billFindingSettled: { zh_CN: '该差异已处理', en: 'This finding has already been dealt with' },
  billFindingNotApplicable: {
    zh_CN: '该差异不能自动补记，请核实后填写说明并标记为已处理',
    en: 'This finding cannot be applied; check it and mark it resolved with a note'
  },
  billFindingRejected: {
    zh_CN: '补记被拒绝（{reason}），请核实后填写说明并标记为已处理',
    en: 'Applying it was refused ({reason}); check it and mark it resolved with a note'
  },
  billNoteEmpty: { zh_CN: '请填写处理说明（不超过200字）', en: 'Please write a note (at most 200 characters)' }
} as const satisfies Record<string, Record<Lang, string>>
