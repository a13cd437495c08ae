/**
 * Certificates of the caller (docs/product §2 mine-certificate, §3 Certificate record/config, §5 paper certificate, §7
 * Certificates): the electronic certificates the payment flow renders (table `certificate`, migration 005) and
 * paper applications (certificate_request, one row per donation, UNIQUE donation_id).
 */
import type { Kysely } from 'kysely'
import {
  ApplyFilter,
  PAGE_SIZE,
  type ApplyAnswer,
  type CertificateConfig,
  type CertificateInsertBody,
  type CertificateRecord,
  type Lang,
  type Page,
  type StayDonation
} from '../../../../types'
import type { DB } from '../../db/schema'
import { bizError, fieldRefusal } from '../../errors'
import { toWireDate } from '../../lib/dates'
import { fenToYuan } from '../../lib/money'
import { pageWindow } from '../../lib/sql'
import * as gifts from '../center/repository'
import * as repo from './repository'
import { localized, parseTexts } from '../form/texts'
import { toPersonalDonation } from '../center/service'
import { clean, isUniqueViolation, newBatchNo, requirePostal, uniqueIds } from '../fulfilment/common'
import { getFulfilmentConfig, toCertificateConfig } from '../fulfilment/config'

type PageQ = { limit?: number | null; offset?: number | null }

export async function certificateConfig(db: Kysely<DB>, schoolId: number): Promise<CertificateConfig> {
  return toCertificateConfig(await getFulfilmentConfig(db, schoolId))
}

const STATUS_GROUP: Record<number, number[] | null> = {
  [ApplyFilter.ALL]: null,
  [ApplyFilter.MAKING]: [1],
  [ApplyFilter.DONE]: [2, 3, 4, 5]
}

interface PaperRow {
  id: number
  donation_id: number
  status: number
  certificate_way: number
  donor_name: string
  postal_contact: string
  postal_mobile: string
  postal_address: string
  express_company: string
  express_no: string
  created_at: string
  items_id: number
  amount_fen: number
  paid_at: string | null
  items_name: string
  items_texts: string
  thumbnail_img: string
  file_url: string | null
}

const paperToWire = (r: PaperRow, lang: Lang): CertificateRecord => ({
  id: r.id,
  isNeedPaper: 1,
  itemsName: localized(r.items_name, parseTexts(r.items_texts), lang, 'name'),
  itemsId: r.items_id,
  thumbnailImg: r.thumbnail_img,
  donateMoney: fenToYuan(r.amount_fen),
  donateTime: toWireDate(r.paid_at),
  donateId: r.donation_id,
  donorName: r.donor_name,
  certificateImg: r.file_url ?? '',
  applyDate: toWireDate(r.created_at),
  status: r.status,
  certificateWay: r.certificate_way,
  postalContact: r.postal_contact,
  postalMobile: r.postal_mobile,
  postalAddress: r.postal_address,
  expressCompanyTitle: r.express_company,
  expressOrderNo: r.express_no
})

/** certificate/page: isNeedPaper 0 electronic certificates, 1 paper applications filtered by status group. */
export async function certificatePage(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  q: PageQ & { isNeedPaper?: number | null; status?: number | null },
  lang: Lang = 'zh_CN'
): Promise<Page<CertificateRecord>> {
  const { limit, offset } = pageWindow(q, PAGE_SIZE.LIST, PAGE_SIZE.MAX)
  if (!q.isNeedPaper) {
    const [rows, total] = await repo.electronicCertificatePage(db, schoolId, userId, limit, offset)
    return {
      total: Number(total.n),
      rows: rows.map((r) => ({
        id: r.id,
        isNeedPaper: 0,
        // the project in the donor's language where the school entered it; else the name the certificate carries
        itemsName: localized(r.items_name, parseTexts(r.items_texts), lang, 'name'),
        itemsId: r.items_id,
        thumbnailImg: r.thumbnail_img,
        donateMoney: fenToYuan(r.amount_fen),
        donateTime: toWireDate(r.paid_at),
        donateId: r.donation_id,
        donorName: r.donor_name,
        certificateImg: r.file_url,
        applyDate: '',
        status: 0,
        certificateWay: null,
        postalContact: '',
        postalMobile: '',
        postalAddress: '',
        expressCompanyTitle: '',
        expressOrderNo: ''
      }))
    }
  }
  const [rows, total] = await repo.paperPage(db, schoolId, userId, STATUS_GROUP[q.status ?? 0], limit, offset)
  return { total: Number(total.n), rows: rows.map((r) => paperToWire(r, lang)) }
}

/** certificate/detail: one of the caller's paper applications; another user's id is "not found". */
export async function certificateDetail(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  id: number,
  lang: Lang = 'zh_CN'
): Promise<CertificateRecord> {
  const r = await repo.paperOf(db, schoolId, userId, id)
  if (!r) throw bizError('certificateNotFound')
  return paperToWire(r, lang)
}

/** certificate/stay/page: the caller's paid gifts without a paper application yet (picker, 99). */
export async function certificateStayPage(db: Kysely<DB>, schoolId: number, userId: number, q: PageQ): Promise<Page<StayDonation>> {
  const { total, rows } = await gifts.listGifts(
    db,
    schoolId,
    userId,
    { notAppliedFor: 'certificate' },
    pageWindow(q, PAGE_SIZE.PICKER, PAGE_SIZE.MAX)
  )
  return { total, rows: rows.map((r) => toPersonalDonation(r)) }
}

type CertificateText = 'postalAddress' | 'postalContact' | 'postalMobile' | 'area'
/** The insert body as the route's schema admits it (routes/certificate): any text field may also be null or absent. */
export type CertificateInsertInput = Omit<CertificateInsertBody, CertificateText> & { [K in CertificateText]?: string | null }

/**
 * certificate/insert (docs/product §5, in the app's order): paper open; at least one project; a way the school offers;
 * delivery needs address, contact and a valid mobile; every donation the caller's, paid and not applied for.
 * All rows in one transaction; a donation applied for meanwhile (a double tap, two devices) hits the UNIQUE
 * donation_id and the whole application is refused with nothing written.
 */
export async function insertCertificate(
  db: Kysely<DB>,
  schoolId: number,
  userId: number,
  body: CertificateInsertInput,
  now: Date
): Promise<ApplyAnswer> {
  const cfg = await getFulfilmentConfig(db, schoolId)
  if (!cfg.isOpenPaper) throw bizError('paperClosed')
  const ids = uniqueIds(body.donateIds ?? [])
  if (!ids.length) throw bizError('selectItems')
  const way = body.certificateWay
  if (!cfg.certificateWays.includes(way)) throw fieldRefusal('certificateWay', 'certificateWayInvalid')
  const postal = way === 2 ? requirePostal(body) : { address: '', contact: '', mobile: '' }

  const { rows } = await gifts.listGifts(db, schoolId, userId, { ids })
  if (rows.length !== ids.length) throw bizError('donationNotApplicable')
  const taken = await repo.anyPaperRequested(db, schoolId, ids)
  if (taken) throw bizError('alreadyApplied')
  const names = new Map((await repo.certificateNames(db, schoolId, ids)).map((s) => [s.donation_id, s.certificate_donor_name]))

  const batch = newBatchNo('C', now)
  const stamp = now.toISOString()
  try {
    const created = await db.transaction().execute(async (trx) => {
      const out: number[] = []
      // in the order the donor picked them
      for (const g of ids.map((id) => rows.find((r) => r.id === id)!)) {
        const id = await repo.insertPaperRequest(trx, {
          school_id: schoolId,
          user_id: userId,
          donation_id: g.id,
          batch_no: batch,
          status: 1,
          certificate_way: way,
          donor_name: clean(names.get(g.id) || g.donor_name, 100),
          postal_contact: postal.contact,
          postal_mobile: postal.mobile,
          postal_address: postal.address,
          express_company: '',
          express_no: '',
          created_at: stamp,
          updated_at: stamp
        })
        out.push(id)
      }
      return out
    })
    return { ids: created }
  } catch (err) {
    if (isUniqueViolation(err)) throw bizError('alreadyApplied')
    throw err
  }
}
