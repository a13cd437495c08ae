/**
 * Alipay's trade bill (bill_type trade; docs/decisions/038-bill-reconciliation.md): a zip holding GBK-encoded CSV
 * files, `<pid>_<yyyymmdd>_业务明细.csv` (one line per payment or refund) and `…_业务明细(汇总).csv` (totals, not
 * read). The detail file opens and closes with `#` lines (查询条件, 业务明细列表 markers, 交易合计, 导出时间); between
 * them a header and the lines. Columns, as Alipay documents them:
 *   支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,
 *   商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,
 *   商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注
 * Columns are found by name; values are trimmed (Alipay pads them with tabs and spaces). 业务类型 交易 is a payment
 * (订单金额: the trade's total_amount, our amount_fen); 退款 a refund that went through, numbered by 退款批次号/请求号
 * (our out_request_no, or Alipay's own for a refund made in its merchant console), its amount the negative
 * 订单金额 when the line gives one, else what 商家实收 lost.
 */
import type { BillRow } from '../types'
import { BillFormatError, fen } from './wechatpay-bill'
import { readZip } from './zip'

export const ALIPAY_DETAIL_SUFFIX = '_业务明细.csv'
export const ALIPAY_DETAIL_COLUMNS = [
  '支付宝交易号',
  '商户订单号',
  '业务类型',
  '商品名称',
  '创建时间',
  '完成时间',
  '门店编号',
  '门店名称',
  '操作员',
  '终端号',
  '对方账户',
  '订单金额（元）',
  '商家实收（元）',
  '支付宝红包（元）',
  '集分宝（元）',
  '支付宝优惠（元）',
  '商家优惠（元）',
  '券核销金额（元）',
  '券名称',
  '商家红包消费金额（元）',
  '卡消费金额（元）',
  '退款批次号/请求号',
  '服务费（元）',
  '分润（元）',
  '备注'
] as const

/** The detail CSV's text (already decoded) -> rows. */
export function parseAlipayDetail(text: string): BillRow[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
  const start = lines.findIndex((l) => !l.startsWith('#'))
  if (start < 0) return []
  const header = lines[start].split(',').map((h) => h.trim())
  const col = (name: string) => {
    const i = header.indexOf(name)
    if (i < 0) throw new BillFormatError(`alipay bill: column ${name} missing`)
    return i
  }
  const c = {
    tradeNo: col('支付宝交易号'),
    billNo: col('商户订单号'),
    type: col('业务类型'),
    done: col('完成时间'),
    total: col('订单金额（元）'),
    received: col('商家实收（元）'),
    requestNo: col('退款批次号/请求号')
  }
  const rows: BillRow[] = []
  let closed = false
  for (const [n, line] of lines.slice(start + 1).entries()) {
    if (line.startsWith('#')) {
      closed = true
      break
    }
    const f = line.split(',').map((v) => v.trim())
    if (f.length < header.length) throw new BillFormatError(`alipay bill line ${n + 2}: ${f.length} fields, ${header.length} expected`)
    const type = f[c.type]
    if (type === '交易') {
      rows.push({
        kind: 'payment',
        billNo: f[c.billNo],
        providerTradeNo: f[c.tradeNo],
        amountFen: fen(f[c.total], '订单金额'),
        at: f[c.done]
      })
    } else if (type === '退款') {
      const total = fen(f[c.total], '订单金额')
      const amount = total < 0 ? -total : Math.abs(fen(f[c.received], '商家实收'))
      rows.push({
        kind: 'refund',
        billNo: f[c.billNo],
        providerTradeNo: f[c.tradeNo],
        amountFen: amount,
        outRefundNo: f[c.requestNo] || `ALI${f[c.tradeNo]}-${amount}`,
        providerRefundNo: f[c.tradeNo],
        refundOutcome: 'succeeded',
        at: f[c.done]
      })
    }
  }
  // the list ends with its `#` footer: a file cut short has none
  if (!closed) throw new BillFormatError('alipay bill: the closing # lines are missing')
  return rows
}

/** The downloaded archive -> the detail file's rows (GBK, decoded with the runtime's own TextDecoder). */
export function parseAlipayBillZip(zip: Buffer): BillRow[] {
  const entries = readZip(zip)
  const detail = entries.find((e) => e.name.endsWith(ALIPAY_DETAIL_SUFFIX))
  if (!detail)
    throw new BillFormatError(`alipay bill: no *${ALIPAY_DETAIL_SUFFIX} in the archive (${entries.map((e) => e.name).join(', ')})`)
  return parseAlipayDetail(new TextDecoder('gbk').decode(detail.data))
}
