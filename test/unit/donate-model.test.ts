import { amountMessage, checkHandAmount, goodsTotal } from '@/features/donate/model/amount'
import { fieldError, firstFieldError, numberBlurError, prefillValues, visibleFields } from '@/features/donate/model/fields'
import { initialState, pickFixed, pickSubProject, setFieldValue, typeAmount } from '@/features/donate/model/form-state'
import { pickFulfilmentReceiptType } from '@/features/donate/model/fulfilment'
import { fixedAmounts, handEntryAllowed, onlineDisabled } from '@/features/donate/model/context'
import { initialReceipt, receiptLabels } from '@/features/donate/model/receipt'
import { buildSubmission, donateFromEnv } from '@/features/donate/model/submission'
import { errorText, formErrors, validateForm } from '@/features/donate/model/validate'
import { giftAmount, needsLargeRemind, visibility } from '@/features/donate/model/visibility'
import { translate, type MessageKey } from '@/lib/i18n'
import { FIELDS, ctxOf, field, formConfig, goodsProject, moneyProject, stateOf } from './donate-fixtures'

const zh = (key: MessageKey, params?: Record<string, string | number>) => translate('zh_CN', key, params)
const en = (key: MessageKey, params?: Record<string, string | number>) => translate('en', key, params)
const names = (values: Record<string, string>) => visibleFields(FIELDS, values).map((f) => f.fieldName)
const byName = (n: string) => FIELDS.find((f) => f.fieldName === n)!

/** A state that passes every check: donor fields filled, an amount, a pay type, the agreement. */
const filled = (ctx = ctxOf(), over: Parameters<typeof stateOf>[1] = {}) =>
  stateOf(ctx, {
    fixedMoney: '100.00',
    payType: 1,
    agreed: true,
    ...over,
    values: { name: '张赟喆', mobile: '13800138000', isAlumnus: '0', ...(over.values || {}) }
  })

describe('amount rules (docs/product §5)', () => {
  const form = { isIntegerMoney: 0 as const, minMoney: '5.00' }
  it('accepts positive amounts with at most two decimals', () => {
    expect(checkHandAmount('5', form)).toBe('ok')
    expect(checkHandAmount('1234.56', form)).toBe('ok')
    expect(checkHandAmount('10000000', form)).toBe('ok')
  })
  it('refuses other formats with the donate-money tip, more than 10,000,000 with the max message', () => {
    for (const bad of ['0', '0.00', '-5', '12.345', 'abc', '1e3', '.5']) expect(checkHandAmount(bad, form)).toBe('invalid')
    expect(checkHandAmount('10000000.01', form)).toBe('too-large')
    expect(amountMessage('invalid', form)).toEqual(expect.objectContaining({ key: 'donate.amount.tip', clear: false }))
    const max = amountMessage('too-large', form)!
    expect(zh(max.key, max.params)).toBe('捐赠金额不合法，单笔不能超过¥10,000,000')
  })
  it('below minMoney: the min toast for 2 s with the minimum', () => {
    expect(checkHandAmount('4.99', form)).toBe('below-min')
    const m = amountMessage('below-min', form)!
    expect(m.duration).toBe(2000)
    expect(zh(m.key, m.params)).toBe('捐赠金额不能低于¥5.00')
  })
  it('integer-only forms: decimal, negative or zero say "please enter an integer amount" and clear', () => {
    const int = { isIntegerMoney: 1 as const, minMoney: '0.00' }
    for (const bad of ['1.5', '-3', '0', '10.00']) expect(checkHandAmount(bad, int)).toBe('not-integer')
    expect(checkHandAmount('200', int)).toBe('ok')
    const m = amountMessage('not-integer', int)!
    expect(m.clear).toBe(true)
    expect(zh(m.key)).toBe('请输入整数金额')
    expect(en(m.key)).toBe('Please enter an integer amount')
  })
  it('goods total is quantity × unit price in exact decimals', () => {
    expect(goodsTotal('3', '1500.50')).toBe('4501.50')
    expect(goodsTotal('7', '0.29')).toBe('2.03')
    expect(goodsTotal('0', '30.00')).toBeNull()
    expect(goodsTotal('1.5', '30.00')).toBeNull()
  })
})

describe('conditional fields (docs/product §4)', () => {
  it('shows a field only when its controller has one of the listed values', () => {
    const base = names({ isAlumnus: '0', wantNews: '0' })
    expect(base).not.toContain('college')
    expect(base).not.toContain('gradYear')
    expect(base).not.toContain('newsEmail')
    expect(names({ isAlumnus: '1' })).toEqual(expect.arrayContaining(['college', 'gradYear']))
    expect(names({ wantNews: '1' })).toContain('newsEmail')
  })
  it('comma-separated values: className shows for c1 and c2, not c3', () => {
    expect(names({ isAlumnus: '1', college: 'c1' })).toContain('className')
    expect(names({ isAlumnus: '1', college: 'c2' })).toContain('className')
    expect(names({ isAlumnus: '1', college: 'c3' })).not.toContain('className')
  })
  it('chained hiding: a hidden controller hides its dependants even with a matching value', () => {
    expect(names({ isAlumnus: '0', college: 'c1' })).not.toContain('className')
  })
  it('a select2 controller matches when any picked option is listed', () => {
    const fields = [
      field({
        fieldName: 'pick',
        fieldUiType: 'select2',
        optionList: [
          { id: 'a', title: 'A' },
          { id: 'b', title: 'B' }
        ]
      }),
      field({ fieldName: 'dep', fieldUiType: 'input', isShowConfig: 1, conditionFieldName: 'pick', conditionFieldValue: 'b' })
    ]
    expect(visibleFields(fields, { pick: 'a,b' }).map((f) => f.fieldName)).toEqual(['pick', 'dep'])
    expect(visibleFields(fields, { pick: 'a' }).map((f) => f.fieldName)).toEqual(['pick'])
  })
  it('hidden required fields are not validated', () => {
    const ctx = ctxOf()
    expect(validateForm(ctx, filled(ctx, { values: { isAlumnus: '0' } }))).toBeNull()
    const e = validateForm(ctx, filled(ctx, { values: { isAlumnus: '1' } }))!
    expect(e.target).toBe('college')
    expect(errorText(e, zh)).toBe('请选择毕业学院')
  })
})

describe('field validation per ui type (docs/product §5)', () => {
  const err = (name: string, value: string, code = '86') => fieldError(byName(name), value, code, new Date('2025-06-01'))
  it('required: the first missing field shows its placeholder; without one, "请输入{title}"', () => {
    const e = firstFieldError(FIELDS, { name: '', mobile: '' }, {})!
    expect(e.fieldName).toBe('name')
    expect(errorText(e, zh)).toBe('请输入您的姓名')
    const noTip = fieldError(field({ fieldName: 'x', fieldShowName: '单位', fieldUiType: 'input', isRequire: 1 }), '')!
    expect(errorText(noTip, zh)).toBe('请输入单位')
    expect(errorText(noTip, en)).toBe('Please enter 单位')
    // list order: the mobile is reported once the name is there
    expect(firstFieldError(FIELDS, { name: '张三', mobile: '' }, {})!.fieldName).toBe('mobile')
  })
  it('input: length limits in characters ("{title}长度不得小于{min}" / "大于{max}")', () => {
    expect(errorText(err('name', '张')!, zh)).toBe('姓名长度不得小于2')
    expect(errorText(err('name', '张'.repeat(21))!, zh)).toBe('姓名长度不得大于20')
    expect(errorText(err('name', '张'.repeat(21))!, en)).toBe('姓名 must be at most 20 characters')
    // a rare character counts once
    expect(err('name', '䶮喆')).toBeNull()
  })
  it('textarea: 200 characters by default', () => {
    expect(err('message', 'x'.repeat(200))).toBeNull()
    expect(errorText(err('message', 'x'.repeat(201))!, zh)).toBe('捐赠寄语长度不得大于200')
  })
  it('number: a positive integer; on blur anything else toasts for 1 s and clears', () => {
    expect(err('children', '3')).toBeNull()
    for (const bad of ['0', '-1', '1.5', 'abc']) expect(err('children', bad)!.key).toBe('donate.field.positiveInt')
    const blur = numberBlurError(byName('children'), '2.5')!
    expect(blur.duration).toBe(1000)
    expect(errorText(blur, zh)).toBe('同行人数必须为正整数')
    expect(numberBlurError(byName('children'), '')).toBeNull()
  })
  it('mobile: code 86 needs 11 digits; other codes 5 to 15', () => {
    expect(err('mobile', '13800138000')).toBeNull()
    expect(errorText(err('mobile', '1380013800')!, zh)).toBe('请输入合法的手机号')
    expect(err('mobile', '23800138000')).not.toBeNull()
    expect(err('mobile', '91234567', '852')).toBeNull()
    expect(err('mobile', '1234', '852')).not.toBeNull()
    expect(err('mobile', '91234567', '+852')).toBeNull()
  })
  it('select, radio and select2 accept listed options only; switch off is an answer', () => {
    expect(err('college', 'c2')).toBeNull()
    expect(err('college', 'zz')!.key).toBe('donate.field.invalid')
    expect(err('isAlumnus', '2')).not.toBeNull()
    expect(err('interests', 'a,c')).toBeNull()
    expect(err('interests', 'a,z')).not.toBeNull()
    expect(err('wantNews', '0')).toBeNull()
    expect(fieldError(field({ fieldName: 's', fieldUiType: 'switch', isRequire: 1 }), '0')).toBeNull()
  })
  it('date 1900–2030; year from 100 years ago to 10 ahead', () => {
    expect(err('birthday', '1900-01-01')).toBeNull()
    expect(err('birthday', '2030-12-31')).toBeNull()
    expect(err('birthday', '1899-12-31')).not.toBeNull()
    expect(err('birthday', '2031-01-01')).not.toBeNull()
    expect(err('gradYear', '1925')).toBeNull()
    expect(err('gradYear', '1924')).not.toBeNull()
    expect(err('gradYear', '2035')).toBeNull()
    expect(err('gradYear', '2036')).not.toBeNull()
  })
  it('ID and credit-code fields need 18 characters ("请输入合法的{title}")', () => {
    const id = field({ fieldName: 'idNo', fieldShowName: '身份证号', fieldUiType: 'input' })
    expect(errorText(fieldError(id, '32010219900101123')!, zh)).toBe('请输入合法的身份证号')
    expect(fieldError(id, '32010219900101123X')).toBeNull()
  })
  it('prefills previous answers, splitting mobiles and never restoring passwords', () => {
    const { values, codes } = prefillValues(FIELDS, JSON.stringify({ name: '李四', mobile: '852-91234567', secret: 'x', wantNews: true }))
    expect(values.name).toBe('李四')
    expect(values.mobile).toBe('91234567')
    expect(codes.mobile).toBe('852')
    expect(values.secret).toBe('')
    expect(values.wantNews).toBe('1')
    expect(prefillValues(FIELDS, 'not json').values.wantNews).toBe('0')
  })
})

describe('section visibility (docs/product §4 Form visibility)', () => {
  it('certificate at or above minMoneyCertificate; paper needs isOpenCertificate; way once paper is chosen', () => {
    const ctx = ctxOf()
    expect(visibility(ctx, stateOf(ctx, { fixedMoney: null, handMoney: '99.99' })).certificate).toBe(false)
    const at = visibility(ctx, stateOf(ctx, { handMoney: '100' }))
    expect(at.certificate).toBe(true)
    expect(at.paperOption).toBe(true)
    expect(at.certificateWay).toBe(false)
    expect(visibility(ctx, stateOf(ctx, { handMoney: '100', isNeedPaper: true })).certificateWay).toBe(true)
    const closed = ctxOf({ form: formConfig({ isOpenCertificate: 0 }) })
    expect(visibility(closed, stateOf(closed, { handMoney: '100' })).paperOption).toBe(false)
    const hidden = ctxOf({ form: formConfig({ isShowCertificate: 0 }) })
    expect(visibility(hidden, stateOf(hidden, { handMoney: '100000' })).certificate).toBe(false)
  })
  it('receipt at or above minMoneyReceipt when shown and open; fields once needed', () => {
    const ctx = ctxOf()
    expect(visibility(ctx, stateOf(ctx, { fixedMoney: '100.00' })).receipt).toBe(false)
    expect(visibility(ctx, stateOf(ctx, { fixedMoney: '500.00' })).receipt).toBe(true)
    expect(visibility(ctx, stateOf(ctx, { fixedMoney: '500.00' })).receiptFields).toBe(false)
    expect(visibility(ctx, stateOf(ctx, { fixedMoney: '500.00', isNeedReceipt: true })).receiptFields).toBe(true)
    for (const over of [{ isOpenReceipt: 0 as const }, { isShowReceipt: 0 as const }]) {
      const c = ctxOf({ form: formConfig(over) })
      expect(visibility(c, stateOf(c, { fixedMoney: '1000.00' })).receipt).toBe(false)
    }
  })
  it('goods gifts measure quantity × price against the thresholds', () => {
    const ctx = ctxOf({ project: goodsProject({ materialPrice: '30.00' }), subPrices: [] })
    expect(visibility(ctx, stateOf(ctx, { quantity: '3' })).certificate).toBe(false)
    expect(visibility(ctx, stateOf(ctx, { quantity: '4' })).certificate).toBe(true)
    expect(visibility(ctx, stateOf(ctx, { quantity: '17' })).receipt).toBe(true)
  })
  it('anonymous hides donor, certificate and receipt sections and skips their validation', () => {
    const ctx = ctxOf()
    const s = stateOf(ctx, { fixedMoney: '1000.00', isAnonymous: true, isNeedPaper: true, isNeedReceipt: true, payType: 1, agreed: true })
    const v = visibility(ctx, s)
    expect([v.donor, v.certificate, v.receipt, v.receiptFields, v.postal]).toEqual([false, false, false, false, false])
    // nothing filled in, yet valid
    expect(validateForm(ctx, s)).toBeNull()
    expect(validateForm(ctx, { ...s, isAnonymous: false })!.target).toBe('name')
    // a form without the anonymity option ignores a stale flag
    const noAnon = ctxOf({ form: formConfig({ isShowAnonymous: 0 }) })
    expect(visibility(noAnon, { ...s }).donor).toBe(true)
  })
  it('receipt way 3 asks for an e-mail, 4 for an SMS mobile, 2 (express) for the postal address; 1 shows the pickup', () => {
    const ctx = ctxOf()
    const base = { fixedMoney: '1000.00', isNeedReceipt: true }
    const at = (receiptType: number, receiptWay: number) => visibility(ctx, stateOf(ctx, { ...base, receiptType, receiptWay }))
    expect(at(1, 1)).toEqual(expect.objectContaining({ receiptPickup: true, receiptEmail: false, receiptSms: false, postal: false }))
    expect(at(1, 2)).toEqual(expect.objectContaining({ receiptPickup: false, postal: true }))
    expect(at(2, 3)).toEqual(expect.objectContaining({ receiptEmail: true, receiptSms: false, postal: false }))
    expect(at(2, 4)).toEqual(expect.objectContaining({ receiptEmail: false, receiptSms: true }))
  })
  it('a paper certificate by post also needs the postal address', () => {
    const ctx = ctxOf()
    expect(visibility(ctx, stateOf(ctx, { fixedMoney: '100.00', isNeedPaper: true, certificateWay: 2 })).postal).toBe(true)
    expect(visibility(ctx, stateOf(ctx, { fixedMoney: '100.00', isNeedPaper: true, certificateWay: 1 })).certificatePickup).toBe(true)
  })
  it('large-amount reminder at or above largeAmount when enabled', () => {
    const ctx = ctxOf()
    expect(needsLargeRemind(ctx, '49999.99')).toBe(false)
    expect(needsLargeRemind(ctx, '50000.00')).toBe(true)
    expect(needsLargeRemind(ctxOf({ form: formConfig({ isLargeRemind: 0 }) }), '90000.00')).toBe(false)
  })
  it('online donation off by the school settings or the form flag', () => {
    expect(onlineDisabled(formConfig(), { disableOnlineDonation: false })).toBe(false)
    expect(onlineDisabled(formConfig(), { disableOnlineDonation: true })).toBe(true)
    expect(onlineDisabled(formConfig({ isOnlineDisabled: 1 }), { disableOnlineDonation: false })).toBe(true)
  })
})

describe('receipt defaults and switching', () => {
  it('defaults that fit an individual donor: a person, electronic where offered, its first way', () => {
    expect(initialReceipt(formConfig())).toEqual({ receiptDonorType: 1, receiptType: 2, receiptWay: 3 })
    expect(initialReceipt(formConfig({ receiptWayElectronicList: [4, 3] }))).toEqual({ receiptDonorType: 1, receiptType: 2, receiptWay: 4 })
  })
  it('a single type is preselected with its first way', () => {
    expect(initialReceipt(formConfig({ receiptTypeList: [2] }))).toEqual({ receiptDonorType: 1, receiptType: 2, receiptWay: 3 })
    expect(initialReceipt(formConfig({ receiptTypeList: [1], receiptWayPaperList: [2] }))).toEqual({
      receiptDonorType: 1,
      receiptType: 1,
      receiptWay: 2
    })
    expect(initialReceipt(formConfig({ receiptTypeList: [] })).receiptType).toBeNull()
  })
  it('changing the type selects the first way of the other list', () => {
    const ctx = ctxOf({ form: formConfig({ receiptWayElectronicList: [4, 3] }) })
    const s = pickFulfilmentReceiptType(ctx.form, initialState(ctx), 2)
    expect([s.receiptType, s.receiptWay]).toEqual([2, 4])
    const back = pickFulfilmentReceiptType(ctx.form, { ...s, receiptWay: 3 }, 1)
    expect([back.receiptType, back.receiptWay]).toEqual([1, 1])
  })
  it('labels: personal name and ID number; enterprise unit name and credit code', () => {
    expect(receiptLabels(1)).toEqual({ name: 'donate.receipt.personName', code: 'donate.receipt.idNumber' })
    expect(receiptLabels(2)).toEqual({ name: 'donate.receipt.unitName', code: 'donate.receipt.creditCode' })
  })
  it('receipt checks: name, 18-character code (required with isCreditCode), e-mail, SMS mobile, express address', () => {
    const ctx = ctxOf()
    const s = filled(ctx, {
      fixedMoney: '1000.00',
      isNeedReceipt: true,
      receiptDonorName: '',
      receiptDonorType: 2,
      receiptType: 1,
      receiptWay: 1
    })
    expect(errorText(validateForm(ctx, s)!, zh)).toBe('请输入单位名称')
    expect(errorText(validateForm(ctx, { ...s, receiptDonorType: 1 })!, zh)).toBe('请输入姓名')
    const named = { ...s, receiptDonorName: '某某科技有限公司' }
    expect(errorText(validateForm(ctx, named)!, zh)).toBe('请输入统一社会信用代码')
    expect(errorText(validateForm(ctx, { ...named, creditCode: '91320000MA1XXXXX' })!, zh)).toBe('请输入合法的统一社会信用代码')
    const coded = { ...named, creditCode: '91320100MA1MXXXX0Y' }
    expect(validateForm(ctx, coded)).toBeNull()
    expect(validateForm(ctxOf({ form: formConfig({ isCreditCode: 0 }) }), { ...named })).toBeNull()
    expect(validateForm(ctx, { ...coded, receiptType: 2, receiptWay: 3 })!.key).toBe('donate.receipt.emailInvalid')
    expect(validateForm(ctx, { ...coded, receiptType: 2, receiptWay: 3, postalEmail: 'donor@example.com' })).toBeNull()
    expect(validateForm(ctx, { ...coded, receiptType: 2, receiptWay: 4, postalMobileSms: '1380013' })!.key).toBe(
      'donate.field.mobileInvalid'
    )
    expect(validateForm(ctx, { ...coded, receiptWay: 2 })!.key).toBe('donate.postal.regionRequired')
  })
})

describe('form state', () => {
  it('the donor name is copied to certificate, receipt and postal contact until they are edited', () => {
    const ctx = ctxOf()
    let s = setFieldValue(initialState(ctx), 'name', '张')
    s = setFieldValue(s, 'name', '张赟喆')
    expect([s.certificateDonorName, s.receiptDonorName, s.postalContact]).toEqual(['张赟喆', '张赟喆', '张赟喆'])
    s = { ...s, postalContact: '李秘书' }
    s = setFieldValue(s, 'name', '张赟')
    expect([s.certificateDonorName, s.receiptDonorName, s.postalContact]).toEqual(['张赟', '张赟', '李秘书'])
  })
  it('prefills from donateRecord and preselects a single pay type, certificate way and the query sub-project', () => {
    const ctx = ctxOf({
      form: formConfig({
        payPlatformList: [9],
        certificateWayPaperList: [2],
        donateRecord: { certificateDonorName: '张氏家族', formData: JSON.stringify({ name: '张三' }) }
      })
    })
    const s = initialState(ctx, { subItemsId: '32' })
    expect(s.values.name).toBe('张三')
    expect(s.certificateDonorName).toBe('张氏家族')
    expect(s.receiptDonorName).toBe('张三')
    expect(s.payType).toBe(9)
    expect(s.certificateWay).toBe(2)
    expect(s.subItemsId).toBe(32)
    expect(initialState(ctx, { subItemsId: '999' }).subItemsId).toBeNull()
    // the first pay type this target can complete is preselected (the list arrives narrowed)
    expect(initialState(ctxOf()).payType).toBe(ctxOf().form.payPlatformList[0])
    expect(initialState(ctxOf({ form: formConfig({ payPlatformList: [] }) })).payType).toBeNull()
  })
  it('chips follow the sub-project; a chip and a typed amount exclude each other', () => {
    const ctx = ctxOf()
    expect(fixedAmounts(ctx, null).map((o) => o.money)).toEqual(['100.00', '500.00', '1000.00'])
    expect(fixedAmounts(ctx, 31).map((o) => o.money)).toEqual(['200.00'])
    let s = pickFixed(initialState(ctx), '1000.00')
    s = pickSubProject(ctx, s, 31)
    expect(s.fixedMoney).toBeNull()
    s = pickFixed(pickSubProject(ctx, s, 32), '500.00')
    expect(giftAmount(ctx, s)).toBe('500.00')
    s = typeAmount(s, '88.8')
    expect([s.fixedMoney, giftAmount(ctx, s)]).toEqual([null, '88.80'])
    expect(handEntryAllowed(ctxOf({ project: ctx.project, form: ctx.form }), null)).toBe(true)
  })
  it('validation order: amount, donor fields, pay type, agreement (2 s)', () => {
    const ctx = ctxOf()
    // the ¥100 default taken back
    const none = { ...stateOf(ctx), fixedMoney: null }
    expect(validateForm(ctx, none)!.key).toBe('donate.amount.required')
    expect(validateForm(ctx, { ...none, handMoney: '0.5' })!.key).toBe('donate.amount.min')
    const s = filled(ctx, { payType: null, agreed: false })
    expect(validateForm(ctx, s)!.key).toBe('donate.pay.required')
    const noAgree = validateForm(ctx, { ...s, payType: 2 })!
    expect([noAgree.key, noAgree.duration]).toEqual(['donate.agree.required', 2000])
    expect(validateForm(ctx, { ...s, payType: 9 })!.key).toBe('donate.card.noRequired')
  })
})

describe('first gift defaults (decision 061)', () => {
  it('the ¥100 chip starts chosen where the project or the linked sub-project offers one, else nothing', () => {
    expect(initialState(ctxOf({ project: moneyProject({ isSub: 0 }) })).fixedMoney).toBe('100.00')
    // sub-project 31 offers 200 only
    expect(initialState(ctxOf(), { subItemsId: 31 }).fixedMoney).toBeNull()
    expect(initialState(ctxOf(), { subItemsId: 32 }).fixedMoney).toBe('100.00')
    expect(initialState(ctxOf({ project: moneyProject({ isSub: 0, fixMoney: [{ title: '', money: '500.00' }] }) })).fixedMoney).toBeNull()
    expect(initialState(ctxOf({ project: goodsProject() })).fixedMoney).toBeNull()
  })

  it('formErrors lists a problem for every field at once, in the form order; empty exactly when validateForm is null', () => {
    const ctx = ctxOf({ project: moneyProject({ isSub: 0 }) })
    const s = { ...stateOf(ctx), fixedMoney: null, payType: null }
    const targets = formErrors(ctx, s).map((e) => e.target)
    expect(targets.slice(0, 3)).toEqual(['amount', 'name', 'mobile'])
    expect(targets).toContain('payType')
    expect(targets[targets.length - 1]).toBe('agreed')
    const done = filled(ctx, {})
    expect(validateForm(ctx, done)).toBeNull()
    expect(formErrors(ctx, done)).toEqual([])
  })
})

describe('submission builder', () => {
  it('a money gift with certificate, express receipt and conditional fields', () => {
    const ctx = ctxOf({ togetherId: 12 })
    const s = filled(ctx, {
      subItemsId: 32,
      fixedMoney: null,
      handMoney: '1234.56',
      payType: 2,
      isNeedPaper: true,
      certificateWay: 1,
      isNeedReceipt: true,
      receiptDonorType: 1,
      receiptDonorName: '张赟喆',
      creditCode: '32010219900101123x',
      receiptType: 1,
      receiptWay: 2,
      region: { province: '江苏省', city: '南京市', district: '玄武区' },
      postalAddress: '北京东路 41 号',
      postalMobile: '13900139000',
      certificateDonorName: '张赟喆',
      postalContact: '张赟喆',
      values: { isAlumnus: '1', college: 'c3', className: '不应发送', wantNews: '0', children: '2', secret: '' },
      codes: { mobile: '86' }
    })
    expect(validateForm(ctx, s)).toBeNull()
    expect(buildSubmission(ctx, s, 'U1')).toEqual({
      formId: 7,
      currency: 'CNY',
      payType: 2,
      currencyMoney: '1234.56',
      itemsId: 3,
      subItemsId: 32,
      isDonateTogether: 1,
      donateTogetherId: 12,
      itemsType: 1,
      isAnonymous: 0,
      donateFrom: 'U1',
      // className is hidden (college c3) and is not sent; the switch is
      formDataMap: { name: '张赟喆', mobile: '86-13800138000', isAlumnus: '1', college: 'c3', children: '2', wantNews: '0' },
      isAgree: 1,
      isNoData: 0,
      isNeedPaper: 1,
      certificateDonorName: '张赟喆',
      certificateWay: 1,
      isNeedReceipt: 1,
      receiptDonorType: 1,
      receiptDonorName: '张赟喆',
      creditCode: '32010219900101123X',
      receiptType: 1,
      receiptWay: 2,
      postalEmail: '',
      postalMobileSms: '',
      postalCountry: '',
      postalProvince: '江苏省',
      postalCity: '南京市',
      postalDistrict: '玄武区',
      postalAddress: '北京东路 41 号',
      postalZip: '',
      postalContact: '张赟喆',
      postalMobile: '86-13900139000'
    })
  })
  it('a goods gift: quantity, the computed total, campus card fields; anonymous sends no donor data', () => {
    const ctx = ctxOf({ project: goodsProject(), subPrices: [], form: formConfig({ payPlatformList: [9] }) })
    const s = stateOf(ctx, {
      quantity: '3',
      isAnonymous: true,
      agreed: true,
      stuWorkNo: ' 2019010203 ',
      passwork: '123451',
      isNoData: true,
      values: { name: '不应发送' }
    })
    expect(validateForm(ctx, s)).toBeNull()
    const body = buildSubmission(ctx, s, 'U6')
    expect(body).toEqual(
      expect.objectContaining({
        payType: 9,
        currencyMoney: '4501.50',
        donateMaterialNumber: 3,
        itemsId: 8,
        subItemsId: null,
        isDonateTogether: 0,
        donateTogetherId: null,
        isAnonymous: 1,
        isNoData: 1,
        donateFrom: 'U6',
        formDataMap: { stuWorkNo: '2019010203', passwork: '123451' },
        isNeedPaper: 0,
        isNeedReceipt: 0,
        certificateDonorName: ''
      })
    )
    expect(body).not.toHaveProperty('receiptDonorName')
    expect(body).not.toHaveProperty('postalAddress')
  })
  it('donateFrom: U6 in mini-programs (and their web-views), U5 in the WeChat browser, U1 elsewhere', () => {
    expect(donateFromEnv({ target: 'weapp', inMiniProgram: true, inWechatBrowser: false })).toBe('U6')
    expect(donateFromEnv({ target: 'alipay', inMiniProgram: true, inWechatBrowser: false })).toBe('U6')
    expect(donateFromEnv({ target: 'h5', inMiniProgram: true, inWechatBrowser: true })).toBe('U6')
    expect(donateFromEnv({ target: 'h5', inMiniProgram: false, inWechatBrowser: true })).toBe('U5')
    expect(donateFromEnv({ target: 'h5', inMiniProgram: false, inWechatBrowser: false })).toBe('U1')
  })
})
