/** Receipt rows and detail, wire -> view. Invoice information (courier, file) only for statuses 2, 4, 6, 7. */
import type { ReceiptRecord } from '@contract'
import { cutMinute } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { displayMobile } from '@/lib/mobile'
import { receiptStatusKey, showsInvoice } from './status'
import { messageKey, type MessageKey } from '@/lib/i18n'

export interface ReceiptView {
  id: number
  name: string
  thumb: string
  amount: string
  donateTime: string
  createDate: string
  status: number
  statusKey: MessageKey | ''
  typeKey: MessageKey | ''
  wayKey: MessageKey | ''
  donorTypeKey: MessageKey | ''
  donorName: string
  /** 'receipt.creditCode' (enterprise) or 'receipt.idNumber' (personal) */
  codeLabelKey: MessageKey
  creditCode: string
  contact: string
  mobile: string
  address: string
  email: string
  sms: string
  invoice: null | { courierCompany: string; courierNo: string; file: string; fileName: string; fileKind: 'pdf' | 'image' | 'file' }
}

function fileKind(url: string): 'pdf' | 'image' | 'file' {
  const path = url.split('?')[0].toLowerCase()
  if (path.endsWith('.pdf')) return 'pdf'
  if (/\.(jpe?g|png|gif|webp)$/.test(path)) return 'image'
  return 'file'
}

export function toReceiptView(r: ReceiptRecord, assetUrl: (u: string) => string): ReceiptView {
  const enterprise = r.donorType === 2
  const file = r.fileUrl ? assetUrl(r.fileUrl) : ''
  return {
    id: r.id,
    name: r.itemsName || '',
    thumb: r.thumbnailImg ? assetUrl(r.thumbnailImg) : '',
    amount: `¥${formatMoney(r.donateMoney)}`,
    donateTime: cutMinute(r.donateTime),
    createDate: cutMinute(r.createDate),
    status: r.status,
    statusKey: receiptStatusKey(r.status),
    typeKey: r.receiptType === 1 || r.receiptType === 2 ? `receipt.type.${r.receiptType}` : '',
    wayKey: (r.receiptWay >= 1 && r.receiptWay <= 4 && messageKey(`receipt.way.${r.receiptWay}`)) || '',
    donorTypeKey: r.donorType === 1 || r.donorType === 2 ? `receipt.donorType.${r.donorType}` : '',
    donorName: r.donorName || '',
    codeLabelKey: enterprise ? 'receipt.creditCode' : 'receipt.idNumber',
    creditCode: r.creditCode || '',
    contact: r.postalContact || '',
    mobile: displayMobile(r.postalMobile),
    address: r.postalAddress || '',
    email: r.postalEmail || '',
    sms: displayMobile(r.postalMobileSms),
    invoice: showsInvoice(r.status)
      ? {
          courierCompany: r.expressCompanyTitle || '',
          courierNo: r.expressOrderNo || '',
          file,
          fileName: file ? decodeURIComponent(file.split('?')[0].split('/').pop() || '') : '',
          fileKind: fileKind(file)
        }
      : null
  }
}
