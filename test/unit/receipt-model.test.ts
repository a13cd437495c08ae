import type { ReceiptLastUserInfo } from '@contract'
import {
  buildReceiptInsert,
  initialReceiptApply,
  setReceiptType,
  validateReceiptApply,
  type ReceiptApplyState
} from '@/features/receipt/model/apply'
import { showsInvoice } from '@/features/receipt/model/status'
import { toReceiptView } from '@/features/receipt/model/record'
import { receipt, receiptConfig } from './certificate-fixtures'

const ids = [301]
const base: ReceiptApplyState = {
  donorType: 2,
  donorName: '南京赟喆科技有限公司',
  creditCode: '91320102MA1XXXXX0Y',
  receiptType: 2,
  receiptWay: 3,
  address: '',
  contact: '',
  mobile: '',
  mobileArea: '86',
  email: 'finance@example.com',
  sms: '',
  smsArea: '86'
}
const check = (s: Partial<ReceiptApplyState>, cfg = receiptConfig(), d = ids) =>
  validateReceiptApply({ ...base, ...s }, cfg, d)?.key ?? null

describe('receipt application validation (docs/product §5)', () => {
  it('needs at least one donation', () => {
    expect(check({}, receiptConfig(), [])).toBe('receipt.pick.none')
    expect(check({})).toBeNull()
  })

  it('enterprise: company name, and a credit code of 18 when isCreditCode is 1', () => {
    expect(check({ donorName: ' ' })).toBe('receipt.need.unitName')
    expect(check({ creditCode: '' })).toBe('receipt.need.creditCode')
    expect(check({ creditCode: '91320102MA1XXXXX0' })).toBe('receipt.invalid.creditCode')
    // not required without isCreditCode, but a filled one must still be 18
    expect(check({ creditCode: '' }, receiptConfig({ isCreditCode: 0 }))).toBeNull()
    expect(check({ creditCode: '123' }, receiptConfig({ isCreditCode: 0 }))).toBe('receipt.invalid.creditCode')
  })

  it('personal: name, and an ID number of 18 when isCreditCode is 1', () => {
    const p = { donorType: 1, donorName: '张赟喆', creditCode: '32010219900101123X' }
    expect(check(p)).toBeNull()
    expect(check({ ...p, donorName: '' })).toBe('receipt.need.personName')
    expect(check({ ...p, creditCode: '' })).toBe('receipt.need.idNumber')
    expect(check({ ...p, creditCode: '3201021990010112' })).toBe('receipt.invalid.idNumber')
    expect(check({ ...p, creditCode: '' }, receiptConfig({ isCreditCode: 0 }))).toBeNull()
  })

  it('e-mail way needs a valid e-mail', () => {
    expect(check({ email: '' })).toBe('receipt.need.email')
    expect(check({ email: 'finance@' })).toBe('receipt.invalid.email')
  })

  it('SMS way needs a valid mobile', () => {
    expect(check({ receiptWay: 4, sms: '' })).toBe('receipt.need.sms')
    expect(check({ receiptWay: 4, sms: '1390013900' })).toBe('receipt.invalid.mobile')
    expect(check({ receiptWay: 4, sms: '13900139000' })).toBeNull()
  })

  it('paper express needs address, contact and a valid mobile; self pickup needs nothing more', () => {
    const exp = { receiptType: 1, receiptWay: 2 }
    expect(check(exp)).toBe('receipt.need.address')
    expect(check({ ...exp, address: '北京东路 41 号' })).toBe('receipt.need.contact')
    expect(check({ ...exp, address: '北京东路 41 号', contact: '张三' })).toBe('receipt.need.mobile')
    expect(check({ ...exp, address: '北京东路 41 号', contact: '张三', mobile: '139' })).toBe('receipt.invalid.mobile')
    expect(check({ ...exp, address: '北京东路 41 号', contact: '张三', mobile: '13900139000' })).toBeNull()
    expect(check({ receiptType: 1, receiptWay: 1 })).toBeNull()
  })

  it('refuses a way of the other type or one the school does not offer', () => {
    expect(check({ receiptType: 1, receiptWay: 3 })).toBe('receipt.wayRequired')
    expect(check({}, receiptConfig({ receiptWayElectronicList: [4] }))).toBe('receipt.wayRequired')
    expect(check({ receiptType: null })).toBe('receipt.typeRequired')
  })
})

describe('receipt form state', () => {
  it('defaults to a person, electronic, its first way; a single type is preselected', () => {
    const s = initialReceiptApply(receiptConfig(), null)
    expect([s.donorType, s.receiptType, s.receiptWay]).toEqual([1, 2, 3])
    const e = initialReceiptApply(receiptConfig({ receiptTypeList: [2], receiptWayElectronicList: [4, 3] }), null)
    expect([e.receiptType, e.receiptWay]).toEqual([2, 4])
  })

  it('prefills from lastUserInfo', () => {
    const last: ReceiptLastUserInfo = {
      donorType: 1,
      donorName: '张赟喆',
      creditCode: '32010219900101123X',
      receiptType: 2,
      receiptWay: 4,
      postalMobileSms: '852-91234567',
      postalMobile: '86-13900139000',
      postalAddress: '北京东路 41 号',
      postalContact: '张赟喆'
    }
    const s = initialReceiptApply(receiptConfig(), last)
    expect(s).toMatchObject({
      donorType: 1,
      donorName: '张赟喆',
      receiptType: 2,
      receiptWay: 4,
      sms: '91234567',
      smsArea: '852',
      mobile: '13900139000',
      address: '北京东路 41 号'
    })
  })

  it('changing the receipt type selects the first way of the other list', () => {
    const cfg = receiptConfig()
    const s = setReceiptType(initialReceiptApply(cfg, null), 2, cfg)
    expect([s.receiptType, s.receiptWay]).toEqual([2, 3])
    expect(setReceiptType(s, 1, cfg).receiptWay).toBe(1)
  })

  it('sends only the fields of the chosen way', () => {
    expect(buildReceiptInsert({ ...base, creditCode: '91320102ma1xxxxx0y' }, ids)).toEqual({
      donorType: 2,
      donorName: '南京赟喆科技有限公司',
      creditCode: '91320102MA1XXXXX0Y',
      receiptType: 2,
      receiptWay: 3,
      postalEmail: 'finance@example.com',
      donateRecordIds: [301]
    })
    const sms = buildReceiptInsert({ ...base, receiptWay: 4, sms: '13900139000', creditCode: '' }, ids)
    expect(sms).toEqual({
      donorType: 2,
      donorName: '南京赟喆科技有限公司',
      receiptType: 2,
      receiptWay: 4,
      postalMobileSms: '86-13900139000',
      donateRecordIds: [301]
    })
  })
})

describe('invoice information', () => {
  it('belongs to statuses 2, 4, 6 and 7 only', () => {
    expect([1, 2, 3, 4, 5, 6, 7].filter(showsInvoice)).toEqual([2, 4, 6, 7])
  })
  it('the view carries the file and courier only for those statuses', () => {
    const row = receipt({ fileUrl: '/files/receipts/r-41.pdf', expressCompanyTitle: '顺丰速运', expressOrderNo: 'SF1' })
    expect(toReceiptView({ ...row, status: 7 }, (u) => u).invoice).toEqual({
      courierCompany: '顺丰速运',
      courierNo: 'SF1',
      file: '/files/receipts/r-41.pdf',
      fileName: 'r-41.pdf',
      fileKind: 'pdf'
    })
    for (const status of [1, 3, 5]) expect(toReceiptView({ ...row, status }, (u) => u).invoice).toBeNull()
  })
})
