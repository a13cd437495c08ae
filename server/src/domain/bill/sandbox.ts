/**
 * The sandbox's bill (docs/decisions/038-bill-reconciliation.md): the sandbox keeps no books of its own, so its bill
 * for a day is made from what it reported here, the money-received records (payment_notification) and the refunds
 * it settled, written in WeChat Pay's trade-bill format and read back by that format's parser. A local run ("run
 * now" on a sandbox school) thereby goes through the same parser and matcher as a real provider's bill.
 */
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { parseWechatBill, renderWechatBill } from '../../providers/payment/bills/wechatpay-bill'
import type { BillRow } from '../../providers/payment/types'

const beijingTime = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')

export async function sandboxBill(db: Kysely<DB>, schoolId: number, range: { fromIso: string; toIso: string }): Promise<BillRow[]> {
  const [paid, refunds] = await Promise.all([
    db
      .selectFrom('payment_notification')
      .select(['bill_no', 'provider_trade_no', 'amount_fen', 'created_at'])
      .where('school_id', '=', schoolId)
      .where('provider', '=', 'sandbox')
      .where('created_at', '>=', range.fromIso)
      .where('created_at', '<', range.toIso)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('refund')
      .innerJoin('donation', 'donation.id', 'refund.donation_id')
      .select([
        'donation.bill_no',
        'donation.provider_trade_no',
        'refund.out_refund_no',
        'refund.provider_refund_no',
        'refund.amount_fen',
        'refund.settled_at'
      ])
      .where('refund.school_id', '=', schoolId)
      .where('refund.provider', '=', 'sandbox')
      .where('refund.state', '=', 'succeeded')
      .where('refund.settled_at', '>=', range.fromIso)
      .where('refund.settled_at', '<', range.toIso)
      .orderBy('refund.id')
      .execute()
  ])
  const rows: BillRow[] = [
    ...paid.map((p): BillRow => ({
      kind: 'payment',
      billNo: p.bill_no,
      providerTradeNo: p.provider_trade_no,
      amountFen: Number(p.amount_fen),
      at: beijingTime(String(p.created_at))
    })),
    ...refunds.map((r): BillRow => ({
      kind: 'refund',
      billNo: r.bill_no,
      providerTradeNo: r.provider_trade_no ?? '',
      amountFen: Number(r.amount_fen),
      outRefundNo: r.out_refund_no,
      providerRefundNo: r.provider_refund_no,
      refundOutcome: 'succeeded',
      at: beijingTime(String(r.settled_at))
    }))
  ]
  return parseWechatBill(renderWechatBill(rows, { appId: 'sandbox', mchId: 'sandbox' }))
}
