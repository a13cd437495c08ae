/**
 * The donor's own data: download (everything stored about the caller, nothing about anyone else) and account
 * deletion (docs/decisions/041-privacy-and-account-deletion.md). Every query filters by school and the caller's id,
 * taken from the session.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { ExportRow, PrivacyExport } from '../../../../types'
import type { DB } from '../../db/schema'
import { tokenInvalid } from '../../errors'
import { t } from '../../i18n'
import { nowIso } from '../../lib/dates'
import type { FileStorage } from '../../providers/storage/types'
import { plansForExport, stopPlansOfDeletedUser } from '../monthly/repository'
import { enqueueUnsign } from '../monthly/service'

type Db = Kysely<DB> | Transaction<DB>

const rows = (list: Record<string, unknown>[]): ExportRow[] => list.map(row)
function row(r: Record<string, unknown>): ExportRow {
  const out: ExportRow = {}
  for (const [k, v] of Object.entries(r)) {
    out[k] = v === null || v === undefined ? null : typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : String(v)
  }
  return out
}

export async function exportData(db: Db, school: { id: number; code: string; name: string }, userId: number): Promise<PrivacyExport> {
  const s = school.id
  const user = await db
    .selectFrom('app_user')
    .select(['id', 'source', 'open_id', 'nickname', 'avatar', 'name', 'mobile', 'id_no', 'created_at'])
    .where('school_id', '=', s)
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  if (!user) throw tokenInvalid()
  const mine = db.selectFrom('donation').select('id').where('school_id', '=', s).where('user_id', '=', userId)
  const [
    logins,
    consents,
    gifts,
    giftDetails,
    certificates,
    certificateRequests,
    receipts,
    namings,
    agreements,
    messages,
    togethers,
    awards,
    uploads,
    monthlyPlans
  ] = await Promise.all([
    // the sign-in keys, never their secrets
    db
      .selectFrom('user_login')
      .select(['kind', 'login_key', 'created_at'])
      .where('school_id', '=', s)
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('privacy_consent')
      .select(['version', 'source', 'created_at'])
      .where('school_id', '=', s)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('donation as d')
      .leftJoin('project as p', (j) => j.onRef('p.id', '=', 'd.items_id').on('p.school_id', '=', s))
      .select([
        'd.bill_no',
        'd.items_id',
        'p.name as items_name',
        'd.donor_name',
        'd.is_anonymous',
        'd.amount_fen',
        'd.refunded_fen',
        'd.material_number',
        'd.pay_type',
        'd.status',
        'd.created_at',
        'd.paid_at'
      ])
      .where('d.school_id', '=', s)
      .where('d.user_id', '=', userId)
      .orderBy('d.id')
      .execute(),
    db
      .selectFrom('donation_submission as x')
      .innerJoin('donation as d', 'd.id', 'x.donation_id')
      .select([
        'd.bill_no',
        'x.certificate_donor_name',
        'x.receipt_donor_type',
        'x.receipt_donor_name',
        'x.credit_code',
        'x.postal_email',
        'x.postal_mobile_sms',
        'x.postal_country',
        'x.postal_province',
        'x.postal_city',
        'x.postal_district',
        'x.postal_address',
        'x.postal_zip',
        'x.postal_contact',
        'x.postal_mobile',
        'x.form_data',
        'x.client_ip'
      ])
      .where('x.school_id', '=', s)
      .where('d.school_id', '=', s)
      .where('d.user_id', '=', userId)
      .orderBy('d.id')
      .execute(),
    db
      .selectFrom('certificate')
      .select(['certificate_no', 'donor_name', 'items_name', 'amount_fen', 'file_url', 'created_at', 'void_reason'])
      .where('school_id', '=', s)
      .where('donation_id', 'in', mine)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('certificate_request')
      .select([
        'batch_no',
        'status',
        'certificate_way',
        'donor_name',
        'postal_contact',
        'postal_mobile',
        'postal_address',
        'express_company',
        'express_no',
        'created_at'
      ])
      .where('school_id', '=', s)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('receipt_request')
      .select([
        'batch_no',
        'status',
        'donor_type',
        'donor_name',
        'credit_code',
        'receipt_type',
        'receipt_way',
        'postal_contact',
        'postal_mobile',
        'postal_address',
        'postal_email',
        'postal_mobile_sms',
        'express_company',
        'express_no',
        'file_url',
        'created_at'
      ])
      .where('school_id', '=', s)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('naming_record')
      .select([
        'kind',
        'label',
        'quantity',
        'term_year',
        'amount_fen',
        'donor_name',
        'donor_identity',
        'donation_message',
        'nameplate_list',
        'status',
        'created_at'
      ])
      .where('school_id', '=', s)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('agreement')
      .select([
        'kind',
        'agreement_no',
        'items_title',
        'name',
        'mobile',
        'id_no_masked',
        'amount_fen',
        'status',
        'unsigned_url',
        'signed_url',
        'created_at',
        'signed_at'
      ])
      .where('school_id', '=', s)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('leave_message')
      .select(['items_id', 'content', 'status', 'reply_content', 'created_at'])
      .where('school_id', '=', s)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('together_donation')
      .select(['id', 'items_id', 'sponsor', 'avatar', 'slogan', 'target_fen', 'status', 'created_at'])
      .where('school_id', '=', s)
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('award_record as r')
      .innerJoin('award as a', 'a.id', 'r.award_id')
      .select(['a.name', 'r.earned_at'])
      .where('r.school_id', '=', s)
      .where('r.user_id', '=', userId)
      .execute(),
    db.selectFrom('uploaded_file').select(['url', 'kind', 'created_at']).where('school_id', '=', s).where('user_id', '=', userId).execute(),
    plansForExport(db, s, userId)
  ])
  return {
    exportedAt: nowIso(),
    school: { code: school.code, name: school.name },
    profile: row(user),
    logins: rows(logins),
    consents: rows(consents),
    gifts: rows(gifts),
    giftDetails: rows(giftDetails),
    certificates: rows(certificates),
    certificateRequests: rows(certificateRequests),
    receipts: rows(receipts),
    namings: rows(namings),
    agreements: rows(agreements),
    messages: rows(messages),
    togethers: rows(togethers),
    awards: rows(awards),
    uploads: rows(uploads),
    monthlyPlans: rows(monthlyPlans)
  }
}

/**
 * Deletes the caller's account: personal data erased or anonymised, sessions and sign-in keys removed, the sign-in
 * identity renamed so the same WeChat/Alipay openid or mobile makes a new, empty account. Gifts, orders, refunds,
 * certificates' amounts and the totals stay untouched for the foundation's books; they keep pointing at the emptied
 * row. Issued receipt files and signed agreement files stay in storage as accounting and legal records (decision 041).
 */
export async function deleteAccount(db: Kysely<DB>, storage: FileStorage, schoolId: number, userId: number): Promise<void> {
  const anonymous = t('zh_CN', 'anonymous')
  const files = await db.transaction().execute(async (trx) => {
    const s = schoolId
    const user = await trx
      .selectFrom('app_user')
      .select(['id'])
      .where('school_id', '=', s)
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
    if (!user) throw tokenInvalid()
    const stamp = nowIso()
    const mobiles = await trx
      .selectFrom('user_login')
      .select('login_key')
      .where('school_id', '=', s)
      .where('user_id', '=', userId)
      .where('kind', '=', 'mobile')
      .execute()

    await trx
      .updateTable('app_user')
      .set({
        source: 'deleted',
        open_id: `deleted:${userId}:${randomBytes(8).toString('hex')}`,
        nickname: '',
        avatar: '',
        name: '',
        mobile: '',
        id_no: '',
        deleted_at: stamp
      })
      .where('school_id', '=', s)
      .where('id', '=', userId)
      .execute()
    await trx.deleteFrom('session').where('school_id', '=', s).where('user_id', '=', userId).execute()
    await trx.deleteFrom('user_login').where('school_id', '=', s).where('user_id', '=', userId).execute()
    await trx.deleteFrom('campus_card_binding').where('school_id', '=', s).where('user_id', '=', userId).execute()
    await trx.deleteFrom('award_record').where('school_id', '=', s).where('user_id', '=', userId).execute()
    // monthly plans stop with the account: nobody is charged for a deleted account (docs/decisions/071-monthly-giving.md)
    // and their agreements end at the provider by a queued job (docs/decisions/079-monthly-providers.md)
    for (const planId of await stopPlansOfDeletedUser(trx, s, userId, stamp)) await enqueueUnsign(trx, s, planId)
    if (mobiles.length) {
      await trx
        .deleteFrom('sms_code')
        .where('school_id', '=', s)
        .where(
          'mobile',
          'in',
          mobiles.map((m) => m.login_key)
        )
        .execute()
    }

    const mine = trx.selectFrom('donation').select('id').where('school_id', '=', s).where('user_id', '=', userId)
    const certificateFiles = await trx
      .selectFrom('certificate')
      .select('file_url')
      .where('school_id', '=', s)
      .where('donation_id', 'in', mine)
      .where('file_url', '<>', '')
      .execute()
    // the gift stays (amount, project, time, status); who gave it does not
    await trx
      .updateTable('donation')
      .set({ donor_name: '', is_anonymous: 1 })
      .where('school_id', '=', s)
      .where('user_id', '=', userId)
      .execute()
    await trx
      .updateTable('donation_submission')
      .set({
        certificate_donor_name: '',
        receipt_donor_name: '',
        credit_code: '',
        postal_email: '',
        postal_mobile_sms: '',
        postal_country: '',
        postal_province: '',
        postal_city: '',
        postal_district: '',
        postal_address: '',
        postal_zip: '',
        postal_contact: '',
        postal_mobile: '',
        form_data: '{}',
        client_ip: ''
      })
      .where('school_id', '=', s)
      .where('donation_id', 'in', mine)
      .execute()
    // the certificate's image carries the name: unlinked here, removed from storage after the commit
    await trx
      .updateTable('certificate')
      .set({ donor_name: anonymous, file_url: '' })
      .where('school_id', '=', s)
      .where('donation_id', 'in', mine)
      .execute()
    await trx
      .updateTable('certificate_request')
      .set({ donor_name: anonymous, postal_contact: '', postal_mobile: '', postal_address: '' })
      .where('school_id', '=', s)
      .where('user_id', '=', userId)
      .execute()
    await trx
      .updateTable('receipt_request')
      .set({
        donor_name: anonymous,
        credit_code: '',
        postal_contact: '',
        postal_mobile: '',
        postal_address: '',
        postal_email: '',
        postal_mobile_sms: ''
      })
      .where('school_id', '=', s)
      .where('user_id', '=', userId)
      .execute()
    const records = trx.selectFrom('naming_record').select('id').where('school_id', '=', s).where('user_id', '=', userId)
    await trx.updateTable('nameplate_history').set({ text: '' }).where('school_id', '=', s).where('record_id', 'in', records).execute()
    await trx
      .updateTable('naming_record')
      .set({ donor_name: anonymous, donor_identity: '', donation_message: '', nameplate_list: '' })
      .where('school_id', '=', s)
      .where('user_id', '=', userId)
      .execute()
    await trx
      .updateTable('agreement')
      .set({ name: anonymous, mobile: '', id_no_masked: '' })
      .where('school_id', '=', s)
      .where('user_id', '=', userId)
      .execute()
    await trx
      .updateTable('together_donation')
      .set({ sponsor: anonymous, avatar: '' })
      .where('school_id', '=', s)
      .where('user_id', '=', userId)
      .execute()
    // messages stay on the project's wall; their author is shown as anonymous (message/service.ts reads deleted_at)
    const uploads = await trx
      .selectFrom('uploaded_file')
      .select('url')
      .where('school_id', '=', s)
      .where('user_id', '=', userId)
      .where('kind', '=', 'avatar')
      .execute()
    await trx.deleteFrom('uploaded_file').where('school_id', '=', s).where('user_id', '=', userId).where('kind', '=', 'avatar').execute()
    return [...certificateFiles.map((c) => c.file_url), ...uploads.map((u) => u.url)]
  })
  const prefix = storage.urlOf('')
  for (const url of files) {
    if (url.startsWith(prefix) && url.length > prefix.length) await storage.remove(url.slice(prefix.length)).catch(() => undefined)
  }
}
