/**
 * Electronic certificates (docs/product §2 Certificates, §3 Success data certificateImg), issued off the request path by
 * the 'certificate' job a paid order enqueues. A certificate is issued when the form has certificates open and
 * the amount reaches minMoneyCertificate. The record (with its unique number) is written first, then the JPEG is
 * rendered (documents/certificate.ts) to ${DATA_DIR}/files/certificates/{school}/{number}-{random}.jpg and the URL
 * set; a retry after a crash reuses the number. The random part keeps certificate URLs (donor names) unguessable.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { certificateMissingGlyphs, renderCertificate, type CertificateData } from '../../documents/certificate'
import { t } from '../../i18n'
import { beijingYear, toWireDate } from '../../lib/dates'
import { fenToYuan } from '../../lib/money'
import { certificateDue, resolveForm } from '../form/service'
import { getOrderById, getSubmission } from '../order/repository'
import * as repo from './repository'
import { matchedForGift } from '../giving-day/service'
import { enqueueNotice } from '../notify/enqueue'

export interface CertificateDeps {
  db: Kysely<DB>
  dataDir: string
  /** the job worker's logger: characters the font cannot draw are reported there */
  log?: { warn: (obj: object, msg: string) => void }
  /** draws the certificate (documents/certificate.ts by default; tests read what is drawn through it) */
  render?: (data: CertificateData) => Promise<Buffer>
}

export type IssueResult = 'issued' | 'exists' | 'not-eligible' | 'not-paid'

/** "DEMO" + Beijing year of payment + the order id (8 digits): unique because order ids are. */
export function certificateNumber(schoolCode: string, paidAtIso: string, donationId: number): string {
  return `${schoolCode.toUpperCase().replace(/[^A-Z0-9]/g, '')}${beijingYear(new Date(paidAtIso))}${String(donationId).padStart(8, '0')}`
}

const beijingDate = (iso: string) => toWireDate(iso).slice(0, 10)

export async function issueCertificate(deps: CertificateDeps, schoolId: number, donationId: number): Promise<IssueResult> {
  const { db } = deps
  const order = await getOrderById(db, schoolId, donationId)
  if (!order || order.status !== 'paid' || !order.paid_at) return 'not-paid'
  const existing = await repo.findCertificate(db, schoolId, donationId)
  if (existing?.file_url) return 'exists'
  // voided by a refund (domain/refund/settle.ts): never drawn again
  if (existing?.void_reason) return 'not-eligible'
  // a partial refund re-issues the certificate for what the gift still is (docs/decisions/032-refunds.md)
  const amountFen = order.amount_fen - Number(order.refunded_fen ?? 0)

  const [[school, project], submission] = await Promise.all([
    repo.certificateSchoolAndProject(db, schoolId, order.items_id),
    getSubmission(db, schoolId, donationId)
  ])
  const form = await resolveForm(db, schoolId, submission?.form_id ? { form_id: submission.form_id } : project)
  if (!certificateDue(form, amountFen)) return 'not-eligible'

  const certificateNo = existing?.certificate_no ?? certificateNumber(school.code, order.paid_at, order.id)
  // Certificates are Chinese documents: the anonymous label is the Chinese one.
  const donorName = order.is_anonymous ? t('zh_CN', 'anonymous') : submission?.certificate_donor_name || order.donor_name
  if (!existing) {
    await repo.insertCertificate(db, {
      school_id: schoolId,
      donation_id: donationId,
      certificate_no: certificateNo,
      donor_name: donorName.slice(0, 64),
      items_name: project.name.slice(0, 200),
      amount_fen: amountFen,
      file_url: '',
      created_at: new Date().toISOString()
    })
  }

  // a gift matched on a giving day prints the matched money and its sponsors (decision 075); a refund has already
  // given back what the remaining amount no longer earns
  const matched = await matchedForGift(db, schoolId, donationId)
  const data: CertificateData = {
    schoolName: school.name,
    donorName,
    projectName: project.name,
    amountYuan: fenToYuan(amountFen),
    date: beijingDate(order.paid_at),
    certificateNo,
    materialText:
      project.crowd_type === 2 && order.material_number > 0
        ? `${project.material_name} ${order.material_number} ${project.material_unit}`.trim()
        : undefined,
    matched: matched.fen > 0 ? { amountYuan: fenToYuan(matched.fen), sponsors: matched.sponsors } : undefined
  }
  // A donor's rare name character outside the font prints as a box: the certificate is still issued (it is the
  // donor's), and the foundation learns which one to fix by hand from the log.
  const missing = certificateMissingGlyphs(data)
  if (missing.length)
    deps.log?.warn({ schoolId, donationId, certificateNo, missing }, 'certificate text has characters the font cannot draw')
  const jpeg = await (deps.render ?? renderCertificate)(data)
  const dir = path.join(deps.dataDir, 'files', 'certificates', school.code)
  mkdirSync(dir, { recursive: true })
  const name = `${certificateNo}-${randomBytes(6).toString('hex')}.jpg`
  const tmp = path.join(dir, `.${name}.tmp`)
  writeFileSync(tmp, jpeg)
  renameSync(tmp, path.join(dir, name))
  const set = await repo.setCertificateFile(db, schoolId, donationId, `/files/certificates/${school.code}/${name}`)
  // the donor hears of it (docs/decisions/044-notifications.md): only the first issue, not a re-issue after a refund
  if (Number(set.numUpdatedRows) === 1 && !existing && order.user_id)
    await enqueueNotice(db, { schoolId, userId: order.user_id, kind: 'certificate', refId: donationId })
  return 'issued'
}
