/**
 * A donor who asked for a paper certificate or a receipt on the donation form (docs/product §3 Donation submission:
 * isNeedPaper/certificateWay, isNeedReceipt/receipt*) gets the application opened when the order is paid, so it
 * appears in the certificate and receipt centres and in the staff queue without a second form.
 *
 * Call inside the transaction that moves the order pending -> paid (after the transition, with that transaction):
 *   await openRequestsForPaidOrder(trx, { schoolId, donationId: order.id, now })
 * Idempotent (UNIQUE donation_id + ON CONFLICT DO NOTHING); anonymous gifts and gifts without a user are skipped
 * (the form hides those sections for anonymous gifts); what the form left incomplete is not opened.
 */
import type { Kysely, Transaction } from 'kysely'
import { prepared } from '../../db/prepared'
import type { DB } from '../../db/schema'
import { parseAreaMobile } from '../identity/phone'
import { newBatchNo } from './common'

type Db = Kysely<DB> | Transaction<DB>

/** the paid order and what its form asked for: every paid order reads it (compiled once, db/prepared.ts) */
const paidOrderForms = prepared((db, $) =>
  db
    .selectFrom('donation')
    .innerJoin('donation_submission as s', 's.donation_id', 'donation.id')
    .select([
      'donation.id',
      'donation.user_id',
      'donation.is_anonymous',
      'donation.donor_name',
      's.is_need_paper',
      's.certificate_way',
      's.certificate_donor_name',
      's.is_need_receipt',
      's.receipt_donor_type',
      's.receipt_donor_name',
      's.credit_code',
      's.receipt_type',
      's.receipt_way',
      's.postal_email',
      's.postal_mobile_sms',
      's.postal_address',
      's.postal_contact',
      's.postal_mobile'
    ])
    .where('donation.school_id', '=', $(0))
    .where('donation.id', '=', $(1))
)

export async function openRequestsForPaidOrder(
  db: Db,
  p: { schoolId: number; donationId: number; now?: Date }
): Promise<{ certificate: boolean; receipt: boolean }> {
  const now = p.now ?? new Date()
  const stamp = now.toISOString()
  const row = await paidOrderForms.first(db, [p.schoolId, p.donationId])
  const done = { certificate: false, receipt: false }
  if (!row || !row.user_id || row.is_anonymous) return done
  const mobile = (s: string) => (s ? (parseAreaMobile(s)?.key ?? s) : '')

  if (row.is_need_paper && (row.certificate_way === 1 || row.certificate_way === 2)) {
    const mail = row.certificate_way === 2
    const r = await db
      .insertInto('certificate_request')
      .values({
        school_id: p.schoolId,
        user_id: row.user_id,
        donation_id: row.id,
        batch_no: newBatchNo('C', now),
        status: 1,
        certificate_way: row.certificate_way,
        donor_name: (row.certificate_donor_name || row.donor_name).slice(0, 100),
        postal_contact: mail ? row.postal_contact : '',
        postal_mobile: mail ? mobile(row.postal_mobile) : '',
        postal_address: mail ? row.postal_address : '',
        express_company: '',
        express_no: '',
        origin: 'donate',
        created_at: stamp,
        updated_at: stamp
      })
      .onConflict((oc) => oc.column('donation_id').doNothing())
      .executeTakeFirst()
    done.certificate = Number(r.numInsertedOrUpdatedRows ?? 0) === 1
  }
  const type = row.receipt_type
  const way = row.receipt_way
  if (
    row.is_need_receipt &&
    (row.receipt_donor_type === 1 || row.receipt_donor_type === 2) &&
    (type === 1 || type === 2) &&
    way !== null &&
    (type === 1 ? [1, 2] : [3, 4]).includes(way)
  ) {
    const r = await db
      .insertInto('receipt_request')
      .values({
        school_id: p.schoolId,
        user_id: row.user_id,
        donation_id: row.id,
        batch_no: newBatchNo('R', now),
        status: 1,
        donor_type: row.receipt_donor_type,
        donor_name: (row.receipt_donor_name || row.donor_name).slice(0, 100),
        credit_code: row.credit_code,
        receipt_type: type,
        receipt_way: way,
        postal_contact: way === 2 ? row.postal_contact : '',
        postal_mobile: way === 2 ? mobile(row.postal_mobile) : '',
        postal_address: way === 2 ? row.postal_address : '',
        postal_email: way === 3 ? row.postal_email : '',
        postal_mobile_sms: way === 4 ? mobile(row.postal_mobile_sms) : '',
        express_company: '',
        express_no: '',
        file_url: '',
        origin: 'donate',
        created_at: stamp,
        updated_at: stamp
      })
      .onConflict((oc) => oc.column('donation_id').doNothing())
      .executeTakeFirst()
    done.receipt = Number(r.numInsertedOrUpdatedRows ?? 0) === 1
  }
  return done
}
