import { buildCertInsert, initialCertApply, switchWay, validateCertApply, type CertApplyState } from '@/features/certificate/model/apply'
import { displayMobile, isValidContactMobile, splitAreaMobile, toAreaMobile } from '@/lib/mobile'
import { resolveTab, showTabBar } from '@/features/certificate/model/tab'
import { certificateStatusKey } from '@/features/certificate/model/status'
import { statusTone } from '@/components/status-chip/tone'
import { createThrottle } from '@/components/apply-flow/throttle'
import { toCertificateView } from '@/features/certificate/model/record'
import { certConfig, paperCertificate } from './certificate-fixtures'

describe('certificate tabs', () => {
  it('shows the tab bar only when isOpenPaper is 1', () => {
    expect(showTabBar(certConfig({ isOpenPaper: 1 }))).toBe(true)
    expect(showTabBar(certConfig({ isOpenPaper: 0 }))).toBe(false)
    expect(showTabBar(null)).toBe(false)
  })

  it('uses the stored tab only while the tab bar is shown', () => {
    expect(resolveTab('paper', certConfig())).toBe('paper')
    expect(resolveTab('electronic', certConfig())).toBe('electronic')
    expect(resolveTab(undefined, certConfig())).toBe('electronic')
    expect(resolveTab('garbage', certConfig())).toBe('electronic')
    expect(resolveTab('paper', certConfig({ isOpenPaper: 0 }))).toBe('electronic')
  })
})

describe('status chips', () => {
  it('colours status 1 green and every other status yellow', () => {
    expect(statusTone(1)).toBe('green')
    for (const s of [2, 3, 4, 5, 6, 7]) expect(statusTone(s)).toBe('yellow')
  })
  it('names paper statuses 1..5 only', () => {
    expect(certificateStatusKey(4)).toBe('certificate.status.4')
    expect(certificateStatusKey(0)).toBe('')
    expect(certificateStatusKey(6)).toBe('')
  })
})

describe('contact mobile rule (docs/product §5)', () => {
  it('needs 11 digits when the area code is empty or 86', () => {
    expect(isValidContactMobile('86', '13900139000')).toBe(true)
    expect(isValidContactMobile('+86', '13900139000')).toBe(true)
    expect(isValidContactMobile('', '13900139000')).toBe(true)
    expect(isValidContactMobile('86', '1390013900')).toBe(false)
    expect(isValidContactMobile('', '139001390001')).toBe(false)
  })
  it('accepts other lengths for other area codes, digits only', () => {
    expect(isValidContactMobile('852', '91234567')).toBe(true)
    expect(isValidContactMobile('852', '9123-4567')).toBe(false)
  })
  it('travels as area-number', () => {
    expect(toAreaMobile('+852', ' 91234567 ')).toBe('852-91234567')
    expect(toAreaMobile('', '13900139000')).toBe('86-13900139000')
    expect(splitAreaMobile('852-91234567')).toEqual({ area: '852', mobile: '91234567' })
    expect(splitAreaMobile('13900139000')).toEqual({ area: '86', mobile: '13900139000' })
    expect(displayMobile('86-13900139000')).toBe('+86 13900139000')
    expect(displayMobile('86-025-83786666')).toBe('+86 025-83786666')
    expect(displayMobile('025-83592000')).toBe('025-83592000')
  })
})

describe('paper certificate application', () => {
  const cfg = certConfig()
  const ids = [301, 302]

  it('preselects a single way; with two ways nothing is chosen', () => {
    expect(initialCertApply(certConfig({ certificateWayPaperList: [2] })).way).toBe(2)
    const pickupOnly = initialCertApply(certConfig({ certificateWayPaperList: [1] }))
    expect(pickupOnly).toEqual({ way: 1, address: '鼓楼校区行政楼 201 室', contact: '王老师', mobile: '025-83592000', area: '86' })
    expect(initialCertApply(cfg).way).toBeNull()
  })

  it("pick-up shows the school's fields; delivery clears them; back to pick-up restores them", () => {
    let s = switchWay(initialCertApply(cfg), 1, cfg)
    expect([s.address, s.contact, s.mobile]).toEqual(['鼓楼校区行政楼 201 室', '王老师', '025-83592000'])
    s = switchWay(s, 2, cfg)
    expect([s.address, s.contact, s.mobile]).toEqual(['', '', ''])
    s = { ...s, address: '北京东路 41 号', contact: '张赟喆', mobile: '13900139000' }
    s = switchWay(s, 1, cfg)
    expect([s.address, s.contact, s.mobile]).toEqual(['鼓楼校区行政楼 201 室', '王老师', '025-83592000'])
  })

  it('asks for items first, then the way', () => {
    expect(validateCertApply(switchWay(initialCertApply(cfg), 1, cfg), [])).toEqual({ key: 'certificate.pick.none' })
    expect(validateCertApply(initialCertApply(cfg), ids)).toEqual({ key: 'certificate.wayRequired', field: 'certificateWay' })
    expect(validateCertApply(switchWay(initialCertApply(cfg), 1, cfg), ids)).toBeNull()
  })

  it('delivery needs address, contact and a valid mobile, in that order', () => {
    const mail: CertApplyState = { way: 2, address: '', contact: '', mobile: '', area: '86' }
    expect(validateCertApply(mail, ids)).toEqual({ key: 'certificate.need.address', field: 'postalAddress' })
    expect(validateCertApply({ ...mail, address: '  ' }, ids)).toEqual({ key: 'certificate.need.address', field: 'postalAddress' })
    expect(validateCertApply({ ...mail, address: 'a' }, ids)).toEqual({ key: 'certificate.need.contact', field: 'postalContact' })
    expect(validateCertApply({ ...mail, address: 'a', contact: 'b' }, ids)).toEqual({
      key: 'certificate.need.mobile',
      field: 'postalMobile'
    })
    expect(validateCertApply({ ...mail, address: 'a', contact: 'b', mobile: '139001390' }, ids)).toEqual({
      key: 'certificate.mobileInvalid',
      field: 'postalMobile'
    })
    expect(validateCertApply({ ...mail, address: 'a', contact: 'b', mobile: '139001390', area: '' }, ids)).toEqual({
      key: 'certificate.mobileInvalid',
      field: 'postalMobile'
    })
    expect(validateCertApply({ ...mail, address: 'a', contact: 'b', mobile: '91234567', area: '852' }, ids)).toBeNull()
    expect(validateCertApply({ ...mail, address: 'a', contact: 'b', mobile: '13900139000' }, ids)).toBeNull()
  })

  it('builds the insert body: pick-up sends way and gifts only, mail adds the postal fields', () => {
    expect(buildCertInsert(switchWay(initialCertApply(cfg), 1, cfg), ids)).toEqual({ certificateWay: 1, donateIds: [301, 302] })
    expect(buildCertInsert({ way: 2, address: ' 北京东路 41 号 ', contact: '张赟喆', mobile: '13900139000', area: '86' }, [301])).toEqual({
      certificateWay: 2,
      donateIds: [301],
      postalAddress: '北京东路 41 号',
      postalContact: '张赟喆',
      postalMobile: '86-13900139000',
      area: '86'
    })
  })
})

describe('throttle', () => {
  it('lets one call through per 1.5 s', () => {
    let now = 10_000
    const gate = createThrottle(1500, () => now)
    expect(gate()).toBe(true)
    now += 200
    expect(gate()).toBe(false)
    now += 1299
    expect(gate()).toBe(false)
    now += 1
    expect(gate()).toBe(true)
    expect(gate()).toBe(false)
  })
})

describe('certificate view', () => {
  it('formats money, cuts times to 16 characters and resolves asset URLs', () => {
    const v = toCertificateView(
      paperCertificate({ donateMoney: '1234567.5', expressCompanyTitle: '顺丰速运', expressOrderNo: 'SF1234567890' }),
      (u) => `https://x.test${u}`
    )
    expect(v.amount).toBe('¥1,234,567.50')
    expect(v.donateTime).toBe('2025-05-01 10:20')
    expect(v.applyDate).toBe('2025-05-03 09:15')
    expect(v.thumb).toBe('https://x.test/files/projects/library.jpg')
    expect(v.mobile).toBe('+86 13900139000')
    expect(v.wayKey).toBe('certificate.way.2')
    expect([v.courierCompany, v.courierNo]).toEqual(['顺丰速运', 'SF1234567890'])
  })
})
