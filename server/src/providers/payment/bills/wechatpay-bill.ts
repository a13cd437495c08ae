/**
 * WeChat Pay v3 trade bill, bill_type ALL (docs/decisions/038-bill-reconciliation.md): UTF-8 CSV, a header line, one
 * line per payment or refund whose every field is written `value (a backtick first, so spreadsheets keep long
 * numbers as text), then the summary: a header starting 总交易单数 and one line of totals. Columns, as WeChat Pay
 * documents them for ALL:
 *   交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,
 *   应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,
 *   手续费,费率,订单金额,申请退款金额,费率备注
 * Columns are found by name, so an older file (总金额 instead of 订单金额) or added columns still read. Amounts are
 * yuan with two decimals. 交易状态 SUCCESS is a payment (订单金额: what the donor was charged for the order, coupons
 * included, which is our amount_fen), REFUND a refund (申请退款金额: the refund we asked for; 退款状态 SUCCESS moved
 * the money), REVOKED a payment undone the same day (no money: skipped).
 */
import { yuanToFen } from '../../../lib/money'
import type { BillRow } from '../types'

export const WECHAT_BILL_COLUMNS = [
  '交易时间',
  '公众账号ID',
  '商户号',
  '特约商户号',
  '设备号',
  '微信订单号',
  '商户订单号',
  '用户标识',
  '交易类型',
  '交易状态',
  '付款银行',
  '货币种类',
  '应结订单金额',
  '代金券金额',
  '微信退款单号',
  '商户退款单号',
  '退款金额',
  '充值券退款金额',
  '退款类型',
  '退款状态',
  '商品名称',
  '商户数据包',
  '手续费',
  '费率',
  '订单金额',
  '申请退款金额',
  '费率备注'
] as const

export const WECHAT_SUMMARY_COLUMNS = [
  '总交易单数',
  '应结订单总金额',
  '退款总金额',
  '充值券退款总金额',
  '手续费总金额',
  '订单总金额',
  '申请退款总金额'
]

export class BillFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BillFormatError'
  }
}

/** `value,`value -> [value, value] (a comma inside a value is kept: only ",`" separates) */
const fieldsOf = (line: string): string[] => (line.startsWith('`') ? line.slice(1).split(',`') : line.split(',')).map((f) => f.trim())

export function fen(value: string, what: string): number {
  try {
    return yuanToFen(value.replace(/^¥/, ''))
  } catch {
    throw new BillFormatError(`${what}: ${JSON.stringify(value)} is not a yuan amount`)
  }
}

const REFUND_OUTCOMES: Record<string, BillRow['refundOutcome']> = { SUCCESS: 'succeeded', PROCESSING: 'processing' }

export function parseWechatBill(text: string): BillRow[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
  if (!lines.length) return []
  const header = fieldsOf(lines[0])
  const col = (name: string, fallback?: string) => {
    let i = header.indexOf(name)
    if (i < 0 && fallback) i = header.indexOf(fallback)
    if (i < 0) throw new BillFormatError(`wechatpay bill: column ${name} missing`)
    return i
  }
  const c = {
    at: col('交易时间'),
    tradeNo: col('微信订单号'),
    billNo: col('商户订单号'),
    state: col('交易状态'),
    total: col('订单金额', '总金额'),
    refundId: col('微信退款单号'),
    outRefundNo: col('商户退款单号'),
    refund: col('申请退款金额', '退款金额'),
    refundState: col('退款状态')
  }
  const rows: BillRow[] = []
  let summary = false
  for (const [n, line] of lines.slice(1).entries()) {
    if (line.startsWith('总交易单数')) {
      summary = true
      break
    }
    const f = fieldsOf(line)
    if (f.length < header.length) throw new BillFormatError(`wechatpay bill line ${n + 2}: ${f.length} fields, ${header.length} expected`)
    const state = f[c.state]
    if (state === 'SUCCESS') {
      rows.push({
        kind: 'payment',
        billNo: f[c.billNo],
        providerTradeNo: f[c.tradeNo],
        amountFen: fen(f[c.total], 'order amount'),
        at: f[c.at]
      })
    } else if (state === 'REFUND') {
      rows.push({
        kind: 'refund',
        billNo: f[c.billNo],
        providerTradeNo: f[c.tradeNo],
        amountFen: fen(f[c.refund], 'refund amount'),
        outRefundNo: f[c.outRefundNo],
        providerRefundNo: f[c.refundId],
        refundOutcome: REFUND_OUTCOMES[f[c.refundState]] ?? 'failed',
        at: f[c.at]
      })
    }
  }
  // a file cut short loses its summary: never take it for a complete day
  if (!summary) throw new BillFormatError('wechatpay bill: summary (总交易单数) missing')
  return rows
}

/**
 * A bill in this format from rows (the sandbox's bill, domain/bill/sandbox.ts): the same parser then reads it, so
 * local runs exercise the reconciliation end to end.
 */
export function renderWechatBill(rows: BillRow[], who: { appId: string; mchId: string }): string {
  const y = (f: number) => (f / 100).toFixed(2)
  const line = (values: string[]) => values.map((v) => `\`${v}`).join(',')
  const out = [WECHAT_BILL_COLUMNS.join(',')]
  let paid = 0
  let refunded = 0
  for (const r of rows) {
    const refund = r.kind === 'refund'
    if (refund) refunded += r.amountFen
    else paid += r.amountFen
    const v: Record<string, string> = {
      交易时间: r.at,
      公众账号ID: who.appId,
      商户号: who.mchId,
      特约商户号: '0',
      微信订单号: r.providerTradeNo,
      商户订单号: r.billNo,
      交易类型: 'JSAPI',
      交易状态: refund ? 'REFUND' : 'SUCCESS',
      货币种类: 'CNY',
      应结订单金额: refund ? '0.00' : y(r.amountFen),
      代金券金额: '0.00',
      微信退款单号: r.providerRefundNo ?? '',
      商户退款单号: r.outRefundNo ?? '',
      退款金额: refund ? y(r.amountFen) : '0.00',
      充值券退款金额: '0.00',
      退款类型: refund ? 'ORIGINAL' : '',
      退款状态: refund ? (r.refundOutcome === 'succeeded' ? 'SUCCESS' : 'PROCESSING') : '',
      手续费: '0.00000',
      费率: '0.60%',
      订单金额: refund ? '0.00' : y(r.amountFen),
      申请退款金额: refund ? y(r.amountFen) : '0.00'
    }
    out.push(line(WECHAT_BILL_COLUMNS.map((k) => v[k] ?? '')))
  }
  out.push(WECHAT_SUMMARY_COLUMNS.join(','))
  out.push(line([String(rows.length), y(paid), y(refunded), '0.00', '0.00000', y(paid), y(refunded)]))
  return out.join('\r\n') + '\r\n'
}
