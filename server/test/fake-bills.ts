/**
 * Bill files as the providers serve them, for the fakes (not a test file itself), written from the providers'
 * documentation independently of the server's parsers (docs/decisions/038-bill-reconciliation.md):
 * - WeChat Pay's trade bill, bill_type ALL: a UTF-8 CSV whose every field is written `value, the summary section at
 *   the end, gzip-compressed with node:zlib; the SHA1 WeChat announces is that of the bill before compression;
 * - Alipay's bill archive: a real zip (deflate, CRC-32, central directory) holding the GBK-encoded 业务明细 CSV with
 *   its `#` header and footer lines, and the 业务明细(汇总) file beside it. GBK is encoded with a table built from
 *   the runtime's GBK decoder (every two-byte code decoded once), so no encoding library is needed.
 */
import { createHash } from 'node:crypto'
import { crc32, deflateRawSync, gzipSync } from 'node:zlib'

export interface FakeBillLine {
  kind: 'payment' | 'refund'
  billNo: string
  tradeNo: string
  /** payment: the order amount; refund: the refund amount (fen) */
  fen: number
  /** refunds */
  outRefundNo?: string
  refundId?: string
  /** refunds: the amount of the payment refunded (the order's total), shown beside the refund */
  orderFen?: number
  at?: string
}

const yuan = (fen: number) => (fen / 100).toFixed(2)

// ------------------------------------------------------------------ WeChat Pay

export function wechatTradeBill(lines: FakeBillLine[], who: { appId: string; mchId: string }): string {
  const header =
    '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,' +
    '微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注'
  const out = [header]
  let paid = 0
  let refunded = 0
  for (const l of lines) {
    const refund = l.kind === 'refund'
    if (refund) refunded += l.fen
    else paid += l.fen
    const order = refund ? (l.orderFen ?? 0) : l.fen
    const fields = [
      l.at ?? '2026-11-22 10:00:05',
      who.appId,
      who.mchId,
      '0',
      '',
      l.tradeNo,
      l.billNo,
      'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      'JSAPI',
      refund ? 'REFUND' : 'SUCCESS',
      'OTHERS',
      'CNY',
      yuan(order),
      '0.00',
      refund ? (l.refundId ?? '') : '0',
      refund ? (l.outRefundNo ?? '') : '0',
      refund ? yuan(l.fen) : '0.00',
      '0.00',
      refund ? 'ORIGINAL' : '',
      refund ? 'SUCCESS' : '',
      '捐赠, 校园林荫大道改造',
      '',
      '0.00000',
      '0.60%',
      yuan(order),
      refund ? yuan(l.fen) : '0.00',
      ''
    ]
    out.push(fields.map((f) => `\`${f}`).join(','))
  }
  out.push('总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额')
  out.push([String(lines.length), yuan(paid), yuan(refunded), '0.00', '0.00000', yuan(paid), yuan(refunded)].map((f) => `\`${f}`).join(','))
  return out.join('\r\n') + '\r\n'
}

/** The gzip WeChat serves and the SHA1 its tradebill answer announces (of the bill before compression). */
export function wechatBillFile(text: string): { gzip: Buffer; sha1: string } {
  const plain = Buffer.from(text, 'utf8')
  return { gzip: gzipSync(plain), sha1: createHash('sha1').update(plain).digest('hex') }
}

// ------------------------------------------------------------------ GBK

let gbkTable: Map<string, Buffer> | null = null

export function encodeGbk(text: string): Buffer {
  if (!gbkTable) {
    gbkTable = new Map()
    const d = new TextDecoder('gbk', { fatal: true })
    for (let a = 0x81; a <= 0xfe; a++)
      for (let b = 0x40; b <= 0xfe; b++) {
        if (b === 0x7f) continue
        let ch: string
        try {
          ch = d.decode(Uint8Array.of(a, b))
        } catch {
          continue
        }
        if (ch.length === 1 && !gbkTable.has(ch)) gbkTable.set(ch, Buffer.from([a, b]))
      }
  }
  const parts: Buffer[] = []
  for (const ch of text) {
    const c = ch.codePointAt(0)!
    if (c < 0x80) parts.push(Buffer.from([c]))
    else {
      const bytes = gbkTable.get(ch)
      if (!bytes) throw new Error(`no GBK code for ${ch}`)
      parts.push(bytes)
    }
  }
  return Buffer.concat(parts)
}

// ------------------------------------------------------------------ zip

/** A zip archive (deflate) of the given members; names GBK-encoded without the UTF-8 flag, as Alipay's are. */
export function zipOf(members: Array<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const m of members) {
    const name = encodeGbk(m.name)
    const packed = deflateRawSync(m.data)
    const crc = crc32(m.data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0, 6)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(m.data.length, 22)
    local.writeUInt16LE(name.length, 26)
    locals.push(local, name, packed)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0, 8)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(packed.length, 20)
    central.writeUInt32LE(m.data.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, name)
    offset += 30 + name.length + packed.length
  }
  const cd = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(members.length, 8)
  end.writeUInt16LE(members.length, 10)
  end.writeUInt32LE(cd.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, cd, end])
}

// ------------------------------------------------------------------ Alipay

/** The archive alipay.data.dataservice.bill.downloadurl.query links to, for one day (date YYYY-MM-DD). */
export function alipayBillZip(lines: FakeBillLine[], pid: string, date: string): Buffer {
  const day = date.replace(/-/g, '')
  const header =
    '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,' +
    '支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,' +
    '退款批次号/请求号,服务费（元）,分润（元）,备注'
  const pad = (v: string) => `${v}\t`
  const rows = lines.map((l) => {
    const refund = l.kind === 'refund'
    const at = l.at ?? `${date} 10:00:05`
    return [
      l.tradeNo,
      l.billNo,
      refund ? '退款' : '交易',
      '捐赠 校园林荫大道改造',
      at,
      at,
      '',
      '',
      '',
      '',
      'don***@example.com',
      refund ? `-${yuan(l.fen)}` : yuan(l.fen),
      refund ? `-${yuan(l.fen)}` : yuan(l.fen),
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '',
      '0.00',
      '0.00',
      refund ? (l.outRefundNo ?? '') : '',
      refund ? '0.00' : '-0.01',
      '0.00',
      ''
    ]
      .map(pad)
      .join(',')
  })
  const trades = lines.filter((l) => l.kind === 'payment').length
  const detail = [
    '#支付宝业务明细查询',
    `#账号：[${pid}0156]`,
    `#起始日期：[${date} 00:00:00]   终止日期：[${date} 23:59:59]`,
    '#-----------------------------------------业务明细列表----------------------------------------',
    header,
    ...rows,
    '#-----------------------------------------业务明细列表结束------------------------------------',
    `#交易合计：${trades}笔，退款合计：${lines.length - trades}笔`,
    `#导出时间：[${date} 09:00:00]`
  ].join('\r\n')
  const summary = [
    '#支付宝业务汇总查询',
    '门店编号,门店名称,交易订单总笔数,退款订单总笔数',
    `,,${trades},${lines.length - trades}`,
    '#结束'
  ].join('\r\n')
  return zipOf([
    { name: `${pid}0156_${day}_业务明细.csv`, data: encodeGbk(detail) },
    { name: `${pid}0156_${day}_业务明细(汇总).csv`, data: encodeGbk(summary) }
  ])
}
