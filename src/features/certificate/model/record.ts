/** Certificate rows and detail, wire -> view (docs/product §2: amount with separators, times cut to 16 characters). */
import type { CertificateRecord } from '@contract'
import { cutMinute } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { displayMobile } from '@/lib/mobile'
import { certificateStatusKey } from './status'
import type { MessageKey } from '@/lib/i18n'

export interface CertificateView {
  id: number
  name: string
  thumb: string
  amount: string
  donateTime: string
  applyDate: string
  status: number
  statusKey: MessageKey | ''
  /** full URL of the electronic certificate image, '' while it is being generated */
  image: string
  donorName: string
  wayKey: MessageKey | ''
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
