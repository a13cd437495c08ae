/**
 * Wire data of the certificate and receipt screens (types/center.ts), as the server sends it: factories with
 * overrides. Shared by test/unit/certificate-*.test.tsx and receipt-*.test.tsx.
 */
import type { CertificateConfig, CertificateRecord, ReceiptConfig, ReceiptRecord, StayDonation } from '@contract'

export function certConfig(over: Partial<CertificateConfig> = {}): CertificateConfig {
  return {
    isOpenPaper: 1,
    certificateWayPaperList: [1, 2],
    pickUpAddress: '鼓楼校区行政楼 201 室',
    pickUpName: '王老师',
    pickUpMobile: '025-83592000',
    ...over
  }
}

export function certificate(over: Partial<CertificateRecord> = {}): CertificateRecord {
  return {
    id: 11,
    isNeedPaper: 0,
    itemsName: '图书馆修缮基金',
    itemsId: 1,
    thumbnailImg: '/files/projects/library.jpg',
    donateMoney: '1000.00',
    donateTime: '2025-05-01 10:20:30',
    donateId: 301,
    donorName: '张赟喆',
    certificateImg: '/files/certificates/c-301.jpg',
    applyDate: '',
    status: 0,
    certificateWay: null,
    postalContact: '',
    postalMobile: '',
    postalAddress: '',
    expressCompanyTitle: '',
    expressOrderNo: '',
    ...over
  }
}

export function paperCertificate(over: Partial<CertificateRecord> = {}): CertificateRecord {
  return certificate({
    id: 21,
    isNeedPaper: 1,
    certificateImg: '',
    applyDate: '2025-05-03 09:15:00',
    status: 1,
    certificateWay: 2,
    postalContact: '张赟喆',
    postalMobile: '86-13900139000',
    postalAddress: '江苏省南京市玄武区北京东路 41 号',
    ...over
  })
}

export function stay(over: Partial<StayDonation> = {}): StayDonation {
  return {
    id: 301,
    itemsId: 1,
    itemsName: '图书馆修缮基金',
    thumbnailImg: '/files/projects/library.jpg',
    subItemsName: '',
    donateMoney: '1000.00',
    donateMaterialNumber: 0,
    materialUnit: '',
    crowdType: 1,
    donateTime: '2025-05-01 10:20:30',
    donatePlatOrder: 'D202505010001',
    isAnonymous: 0,
    refundMoney: '0.00',
    refundState: 0,
    certificateVoidReason: '',
    ...over
  }
}

export function receiptConfig(over: Partial<ReceiptConfig> = {}): ReceiptConfig {
  return {
    isOpenReceipt: 1,
    validType: 1,
    isCreditCode: 1,
    receiptTypeList: [1, 2],
    receiptWayPaperList: [1, 2],
    receiptWayElectronicList: [3, 4],
    pickUpAddress: '鼓楼校区财务处 105 室',
    pickUpName: '李老师',
    pickUpMobile: '025-83593000',
    ...over
  }
}

export function receipt(over: Partial<ReceiptRecord> = {}): ReceiptRecord {
  return {
    id: 41,
    status: 1,
    createDate: '2025-05-04 14:00:00',
    donateId: 301,
    itemsId: 1,
    itemsName: '图书馆修缮基金',
    thumbnailImg: '/files/projects/library.jpg',
    donateMoney: '1000.00',
    donateTime: '2025-05-01 10:20:30',
    receiptType: 2,
    receiptWay: 3,
    donorType: 2,
    donorName: '南京赟喆科技有限公司',
    creditCode: '91320102MA1XXXXX0Y',
    postalContact: '',
    postalMobile: '',
    postalAddress: '',
    postalEmail: 'finance@example.com',
    postalMobileSms: '',
    expressCompanyTitle: '',
    expressOrderNo: '',
    fileUrl: '',
    ...over
  }
}
