/** Certificate rows and detail, wire -> view (SPEC §2: amount with separators, times cut to 16 characters). */
import type { CertificateRecord, StayDonation } from '@contract'
import { cutMinute } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { displayMobile } from './mobile'
import { certificateStatusKey, statusTone, type StatusTone } from './status'

export interface CertificateView {
  id: number
  name: string
  thumb: string
  amount: string
  donateTime: string
  applyDate: string
  status: number
  statusKey: string
  tone: StatusTone
  /** full URL of the electronic certificate image, '' while it is being generated */
  image: string
  donorName: string
  wayKey: string
  contact: string
  mobile: string
  address: string
  courierCompany: string
  courierNo: string
}

export function toCertificateView(r: CertificateRecord, assetUrl: (u: string) => string): CertificateView {
  return {
    id: r.id,
    name: r.itemsName || '',
    thumb: r.thumbnailImg ? assetUrl(r.thumbnailImg) : '',
    amount: `¥${formatMoney(r.donateMoney)}`,
    donateTime: cutMinute(r.donateTime),
    applyDate: cutMinute(r.applyDate),
    status: r.status,
    statusKey: certificateStatusKey(r.status),
    tone: statusTone(r.status),
    image: r.certificateImg ? assetUrl(r.certificateImg) : '',
    donorName: r.donorName || '',
    wayKey: r.certificateWay === 1 || r.certificateWay === 2 ? `certificate.way.${r.certificateWay}` : '',
    contact: r.postalContact || '',
    mobile: displayMobile(r.postalMobile),
    address: r.postalAddress || '',
    courierCompany: r.expressCompanyTitle || '',
    courierNo: r.expressOrderNo || ''
  }
}

/** A gift in the apply pickers (certificate and receipt). */
export interface StayView {
  id: number
  name: string
  sub: string
  thumb: string
  /** '¥1,000.00', or the quantity for a goods gift */
  amount: string
  time: string
}

export function toStayView(d: StayDonation, assetUrl: (u: string) => string): StayView {
  return {
    id: d.id,
    name: d.itemsName || '',
    sub: d.subItemsName || '',
    thumb: d.thumbnailImg ? assetUrl(d.thumbnailImg) : '',
    amount: d.crowdType === 2 ? `${d.donateMaterialNumber} ${d.materialUnit}`.trim() : `¥${formatMoney(d.donateMoney)}`,
    time: cutMinute(d.donateTime)
  }
}
