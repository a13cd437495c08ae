/**
 * docs/product §5 on POST donate, server side: every rule refused with code -1 and a message naming the problem, and
 * nothing written (orders, submissions, notifications, jobs counted before and after). Positive controls show the
 * same bodies pass once the one broken thing is fixed, so a refusal is for the stated reason.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Api, PermissionCode, ResultCode, type DonateSubmission } from '../../types'
import { beijingDay } from '../src/domain/order/validation'
import { invalidateSchoolCache } from '../src/domain/school/cache'
import { call, login, startApp, type TestContext } from './helpers'
import { demoBody, donate, projectIdOf, writeCounts } from './order-fixtures'

let ctx: TestContext
let token: string
const ids: Record<string, number> = {}

before(async () => {
  ctx = await startApp()
  token = await login(ctx.app, 'demo', 'validation-user')
  for (const [key, name] of Object.entries({
    scholarship: '示范大学励志奖学金',
    grant: '寒门学子助学金',
    gym: '体育馆设施更新',
    books: '书香校园·捐书计划',
    innovation: '大学生创新创业基金',
    gate: '百年校门修缮工程',
    seat: '大礼堂座椅冠名',
    study: '校友书房建设',
    avenue: '校园林荫大道改造'
  }))
    ids[key] = await projectIdOf(ctx.app, 'demo', name)
})
after(async () => {
  await ctx.close()
})

type Body = DonateSubmission & Record<string, unknown>

/** Donates and asserts a -1 whose message matches, with no row written anywhere. */
async function refused(body: unknown, message: RegExp, opts: { school?: string; token?: string; lang?: string } = {}) {
  const before = await writeCounts(ctx.app)
  const r = await call(ctx.app, opts.school ?? 'demo', Api.donate, {
    method: 'POST',
    body,
    token: opts.token ?? token,
    headers: opts.lang ? { lang: opts.lang } : {}
  })
  assert.equal(r.status, 200, JSON.stringify(r.body))
  assert.equal(r.body.code, ResultCode.ERROR, `expected -1 for ${message}: ${JSON.stringify(r.body)}`)
  assert.match(r.body.message, message)
  assert.deepEqual(await writeCounts(ctx.app), before, 'nothing written')
  return r.body
}

async function accepted(body: unknown, school = 'demo', tk = token) {
  const r = await donate(ctx.app, school, tk, body)
  assert.equal(r.body.code, 0, JSON.stringify(r.body))
  return r.body.data
}

const scholarship = (over: Partial<Body> = {}) => demoBody(ids.scholarship, over)
const withData = (data: Record<string, unknown>, over: Partial<Body> = {}) =>
  scholarship({ formDataMap: { name: '张三', mobile: '86-13800138000', isAlumni: '0', ...data } as Record<string, string>, ...over })

describe('amount (docs/product §5, §9)', () => {
  it('refuses zero, negative, non-numeric, more than two decimals, exponent and empty amounts', async () => {
    for (const m of ['0', '0.00', '-1', 'abc', '1.234', '1e3', '', ' ', '１００']) {
      await refused(scholarship({ currencyMoney: m }), /捐赠金额|请输入正确/)
    }
  })
  it('at most 10,000,000: 10000000.01 refused, 10000000.00 accepted', async () => {
    await refused(scholarship({ currencyMoney: '10000000.01' }), /不能超过10,000,000元/)
    await refused(scholarship({ currencyMoney: '99999999999' }), /不能超过/)
    await accepted(scholarship({ currencyMoney: '10000000.00' }))
  })
  it("below the form's minMoney (1.00) refused; 1.00 accepted", async () => {
    await refused(scholarship({ currencyMoney: '0.99' }), /不能低于1\.00元/)
    await accepted(scholarship({ currencyMoney: '1.00' }))
  })
  it('integer-only form: decimals refused, whole yuan accepted', async () => {
    await refused(demoBody(ids.gym, { currencyMoney: '100.50', formDataMap: { name: '张三', mobile: '13800138000' } }), /请输入整数金额/)
    await accepted(demoBody(ids.gym, { currencyMoney: '100', formDataMap: { name: '张三', mobile: '13800138000' } }))
  })
  it('fixed amounts only (isHandMoney 0): an amount not offered is refused', async () => {
    await refused(demoBody(ids.grant, { currencyMoney: '123.00' }), /请选择项目提供的捐赠金额/)
    await accepted(demoBody(ids.grant, { currencyMoney: '600.00' }))
  })
  it('English messages with lang en', async () => {
    const b = await refused(scholarship({ currencyMoney: '1.234' }), /greater than 0/, { lang: 'en' })
    assert.doesNotMatch(b.message, /[\u4e00-\u9fff]/)
  })
})

describe('goods (crowdType 2)', () => {
  const goods = (over: Partial<Body>) => demoBody(ids.books, { currencyMoney: undefined, ...over } as Partial<Body>)
  it('quantity must be a positive integer', async () => {
    for (const q of [0, -1, 1.5, 'abc', '', null, '2.0']) await refused(goods({ donateMaterialNumber: q as number }), /正整数/)
    await refused(goods({}), /正整数/)
  })
  it('the amount is quantity × unit price: a different client figure is refused', async () => {
    await refused(goods({ donateMaterialNumber: 3, currencyMoney: '100.00' }), /单价不符/)
    const ok = await accepted(goods({ donateMaterialNumber: 3, currencyMoney: '90.00' }))
    const row = await ctx.app.db
      .selectFrom('donation')
      .select(['amount_fen', 'material_number'])
      .where('bill_no', '=', ok.orderPayRequestDTO.billNo)
      .executeTakeFirstOrThrow()
    assert.deepEqual(row, { amount_fen: 9000, material_number: 3 })
    const noFigure = await accepted(goods({ donateMaterialNumber: '2' as unknown as number }))
    assert.equal(
      (
        await ctx.app.db
          .selectFrom('donation')
          .select('amount_fen')
          .where('bill_no', '=', noFigure.orderPayRequestDTO.billNo)
          .executeTakeFirstOrThrow()
      ).amount_fen,
      6000
    )
  })
})

describe('dynamic fields with conditions', () => {
  it('required visible fields: the first missing one answers its placeholder', async () => {
    await refused(withData({ name: '' }), /^请输入姓名$/)
    await refused(withData({ name: '   ' }), /^请输入姓名$/)
    await refused(withData({ mobile: undefined }), /^请输入手机号$/)
    await refused(withData({ isAlumni: undefined }), /^请选择是否校友$/)
  })
  it('a refusal about one input names it in data.field (decision 061); others carry no field', async () => {
    assert.deepEqual((await refused(withData({ name: '' }), /^请输入姓名$/)).data, { field: 'name' })
    assert.deepEqual((await refused(withData({ mobile: '86-123' }), /手机号/)).data, { field: 'mobile' })
    assert.deepEqual((await refused(scholarship({ currencyMoney: '0.99' }), /不能低于/)).data, { field: 'amount' })
    const mail: Partial<Body> = { isNeedPaper: 1, certificateDonorName: '张三', certificateWay: 2 }
    assert.deepEqual((await refused(scholarship(mail), /请输入邮寄地址/)).data, { field: 'postalAddress' })
    assert.equal((await refused(scholarship({ isAgree: 0 }), /协议/)).data, null)
  })

  it('a conditional required field is required only when its condition holds', async () => {
    await refused(withData({ isAlumni: '1' }), /^请选择毕业年份$/)
    await accepted(withData({ isAlumni: '0' }))
    await accepted(withData({ isAlumni: '1', graduationYear: '1998', college: '2' }))
  })
  it('options, years, length limits (code points) and textarea default maximum', async () => {
    await refused(withData({ isAlumni: '7' }), /请输入合法的是否校友/)
    await refused(withData({ isAlumni: '1', graduationYear: '1998', college: '99' }), /请输入合法的所在学院/)
    await refused(withData({ isAlumni: '1', graduationYear: '1800' }), /请输入合法的毕业年份/)
    await refused(withData({ name: '一'.repeat(21) }), /姓名长度不得大于20/)
    await accepted(withData({ name: '䶮'.repeat(20) }))
    await refused(withData({ message: '好'.repeat(201) }), /捐赠寄语长度不得大于200/)
  })
  it('mobile with area code 86 must have 11 digits; other codes are accepted', async () => {
    for (const m of ['86-1380013800', '86-138001380001', '1380013800', '+86-2380013800x', 'abc'])
      await refused(withData({ mobile: m }), /请输入合法的手机号/)
    await accepted(withData({ mobile: '852-91234567' }))
    await accepted(withData({ mobile: '13800138000' }))
  })
  it('the twelve-type form: number, switch, select2, date, ID number, length minimum, chained conditions', async () => {
    const full = (data: Record<string, unknown>) =>
      demoBody(ids.innovation, {
        currencyMoney: '50.00',
        formDataMap: { name: '李四', mobile: '13900139000', contactPref: '3', ...data } as Record<string, string>
      })
    await accepted(full({}))
    await refused(full({ teamSize: '1.5' }), /团队人数必须为正整数/)
    await refused(full({ teamSize: '0' }), /团队人数必须为正整数/)
    await refused(full({ isAlumni: '2' }), /请输入合法的是否校友/)
    await refused(full({ isAlumni: '1' }), /请选择毕业年份/)
    await refused(full({ isAlumni: '1', graduationYear: '2001' }), /请选择学院/)
    await refused(full({ interests: 'a,z' }), /请输入合法的关注方向/)
    await refused(full({ birthday: '2031-01-01' }), /请输入合法的出生日期/)
    await refused(full({ birthday: '1990-02-30' }), /请输入合法的出生日期/)
    await refused(full({ idNo: '32010219900101123' }), /请输入合法的身份证号/)
    await refused(full({ queryPassword: '123' }), /捐赠查询密码长度不得小于6/)
    await refused(full({ contactPref: '1' }), /请输入工作单位/)
    await refused(full({ contactPref: '2', employer: '甲' }), /工作单位长度不得小于2/)
    await refused(full({ contactPref: undefined }), /请选择回访方式/)
    const ok = await accepted(
      full({
        isAlumni: true,
        graduationYear: '2001',
        college: '2',
        interests: 'a,b',
        mentor: '1',
        birthday: '1980-02-29',
        idNo: '32010219800229123X',
        queryPassword: 'secret123',
        region: '江苏省,南京市,鼓楼区',
        teamSize: 12,
        contactPref: '1',
        employer: '某某科技'
      })
    )
    // password fields are validated but never stored
    const stored = await ctx.app.db
      .selectFrom('donation_submission as s')
      .innerJoin('donation as d', 'd.id', 's.donation_id')
      .select('s.form_data')
      .where('d.bill_no', '=', ok.orderPayRequestDTO.billNo)
      .executeTakeFirstOrThrow()
    const data = JSON.parse(stored.form_data)
    assert.equal(data.queryPassword, undefined)
    assert.equal(data.employer, '某某科技')
    assert.equal(data.isAlumni, '1')
  })
  it('anonymity hides and skips the donor fields', async () => {
    await accepted(scholarship({ isAnonymous: 1, formDataMap: {} }))
  })
})

describe('certificate and receipt', () => {
  it('paper certificate only at or above minMoneyCertificate, with a name and an offered way; mail needs the address', async () => {
    await refused(scholarship({ currencyMoney: '9.99', isNeedPaper: 1, certificateDonorName: '张三', certificateWay: 1 }), /不提供纸质证书/)
    await refused(scholarship({ isNeedPaper: 1, certificateWay: 1 }), /证书抬头/)
    await refused(scholarship({ isNeedPaper: 1, certificateDonorName: '张三', certificateWay: 3 }), /证书领取方式/)
    await refused(scholarship({ isNeedPaper: 1, certificateDonorName: '张三', certificateWay: 2 }), /请输入邮寄地址/)
    await refused(
      scholarship({
        isNeedPaper: 1,
        certificateDonorName: '张三',
        certificateWay: 2,
        postalAddress: '南京市鼓楼区',
        postalContact: '张三',
        postalMobile: '86-123'
      }),
      /联系人手机号/
    )
    await accepted(
      scholarship({
        isNeedPaper: 1,
        certificateDonorName: '张三',
        certificateWay: 2,
        postalAddress: '南京市鼓楼区',
        postalContact: '张三',
        postalMobile: '86-13800138000'
      })
    )
  })
  it('receipt only at or above minMoneyReceipt; type, way, donor type, name, 18-character codes, e-mail, SMS mobile', async () => {
    const r = (over: Partial<Body>) =>
      scholarship({
        currencyMoney: '200.00',
        isNeedReceipt: 1,
        receiptType: 2,
        receiptWay: 3,
        receiptDonorType: 1,
        receiptDonorName: '张三',
        postalEmail: 'a@b.cn',
        ...over
      })
    await refused(r({ currencyMoney: '99.99' }), /不提供捐赠票据/)
    await refused(r({ receiptType: 3 }), /票据类型/)
    await refused(r({ receiptWay: 1 }), /票据领取方式/)
    await refused(r({ receiptDonorType: 3 as 1 }), /开票对象/)
    await refused(r({ receiptDonorName: '' }), /请输入姓名/)
    await refused(r({ receiptDonorType: 2, receiptDonorName: '' }), /请输入单位名称/)
    await refused(r({ creditCode: '32010219900101123' }), /请输入合法的身份证号/)
    await refused(r({ receiptDonorType: 2, receiptDonorName: '某公司', creditCode: '91320100MA1ABCDE1' }), /请输入合法的统一社会信用代码/)
    await refused(r({ postalEmail: 'not-an-email' }), /电子邮箱/)
    await refused(r({ receiptWay: 4, postalMobileSms: '86-12345' }), /请输入合法的手机号/)
    await refused(r({ receiptType: 1, receiptWay: 2 }), /请输入邮寄地址/)
    await accepted(r({ receiptDonorType: 2, receiptDonorName: '某公司', creditCode: '91320100MA1ABCDE1X' }))
    await accepted(r({ receiptWay: 4, postalMobileSms: '13800138000' }))
  })
  it('a form with isCreditCode 1 requires the code', async () => {
    const b = demoBody(ids.innovation, {
      currencyMoney: '200.00',
      formDataMap: { name: '李四', mobile: '13900139000', contactPref: '3' },
      isNeedReceipt: 1,
      receiptType: 2,
      receiptWay: 3,
      receiptDonorType: 2,
      receiptDonorName: '某公司',
      postalEmail: 'a@b.cn'
    })
    await refused(b, /请输入统一社会信用代码/)
    await accepted({ ...b, creditCode: '91320100MA1ABCDE1X' })
  })
})

describe('agreement, project, sub-project, joint donation, pay type, school, permission', () => {
  it('the agreement must be ticked', async () => {
    await refused(scholarship({ isAgree: 0 }), /请阅读并同意捐赠协议/)
    const { isAgree: _omit, ...without } = scholarship()
    await refused(without, /请阅读并同意捐赠协议/)
    await refused(scholarship({ isAgree: 'yes' as unknown as 1 }), /请阅读并同意捐赠协议/)
  })
  it('the sub-project must belong to the project', async () => {
    const other = (await ctx.app.db.selectFrom('sub_project').select('id').where('items_id', '=', ids.innovation).executeTakeFirstOrThrow())
      .id
    await refused(scholarship({ subItemsId: other }), /子项目不属于该项目/)
    await refused(scholarship({ subItemsId: 999999 }), /子项目不属于该项目/)
    const own = (await ctx.app.db.selectFrom('sub_project').select('id').where('items_id', '=', ids.scholarship).executeTakeFirstOrThrow())
      .id
    await accepted(scholarship({ subItemsId: own }))
  })
  it('the joint donation must be an active one of this project', async () => {
    const [avenueTogether] = await ctx.app.db.selectFrom('together_donation').select('id').where('items_id', '=', ids.avenue).execute()
    await refused(scholarship({ donateTogetherId: avenueTogether.id, isDonateTogether: 1 }), /一起捐/)
    await refused(scholarship({ isDonateTogether: 1 }), /一起捐/)
    await accepted(demoBody(ids.avenue, { donateTogetherId: avenueTogether.id, isDonateTogether: 1 }))
  })
  it('closed project (isDonate 0) refused with its reason; naming projects go through naming', async () => {
    await refused(demoBody(ids.gate), /暂不接受捐赠：项目已完成募集/)
    await refused(demoBody(ids.seat), /冠名/)
    await refused(scholarship({ itemsType: 2 }), /冠名/)
    await refused(demoBody(999999), /项目不存在/)
  })
  it("the project's giving period: before start_date or after end_date (Beijing days) refused; both ends included", async () => {
    const day = (offsetDays: number) => beijingDay(new Date(Date.now() + offsetDays * 86_400_000))
    // a write to the project outside the console: the per-process cache of projects (school/cache.ts) is told
    const setDates = async (start_date: string, end_date: string) => {
      await ctx.app.db.updateTable('project').set({ start_date, end_date }).where('id', '=', ids.scholarship).execute()
      invalidateSchoolCache()
    }
    try {
      await setDates(day(1), '')
      await refused(scholarship(), new RegExp(`尚未开始募捐，${day(1)}起可捐赠`))
      await refused(scholarship(), new RegExp(`opens for donations on ${day(1)}`), { lang: 'en' })
      await setDates(day(-30), day(-1))
      await refused(scholarship(), new RegExp(`已于${day(-1)}结束募捐`))
      await refused(scholarship(), new RegExp(`stopped accepting donations after ${day(-1)}`), { lang: 'en' })
      await setDates(day(0), day(0))
      await accepted(scholarship())
    } finally {
      await setDates('', '')
    }
    await accepted(scholarship())
    // the day turns at midnight in Beijing (16:00 UTC), whatever the server's time zone
    assert.equal(beijingDay(new Date('2026-11-23T15:59:59Z')), '2026-11-23')
    assert.equal(beijingDay(new Date('2026-11-23T16:00:00Z')), '2026-11-24')
  })
  it('the pay type must be offered by the form; the currency must be CNY; a stale formId is refused', async () => {
    await refused(scholarship({ payType: 9 }), /不支持该支付方式/)
    await refused(scholarship({ payType: 15 }), /不支持该支付方式/)
    await refused(scholarship({ currency: 'USD' as 'CNY' }), /人民币/)
    await refused(scholarship({ formId: 424242 }), /表单已更新/)
  })
  it('a school with online donation disabled refuses with its offline contact', async () => {
    const fzuToken = await login(ctx.app, 'fzu', 'fzu-user')
    const id = await projectIdOf(ctx.app, 'fzu', '福大励志奖学金')
    await refused(demoBody(id), /暂未开通线上捐赠.*0591/, { school: 'fzu', token: fzuToken })
  })
  it('alumni-only project: -1 with errorCode 0201 for a non-alumnus; a certified alumnus may give', async () => {
    const b = await refused(demoBody(ids.study), /校友/)
    assert.equal(b.data.errorCode, PermissionCode.ALUMNI_REQUIRED)
    await accepted(demoBody(ids.study), 'demo', await login(ctx.app, 'demo', 'alumni-demo'))
  })
  it('campus card: number and password required', async () => {
    const hhuToken = await login(ctx.app, 'hhu', 'hhu-user')
    const id = await projectIdOf(ctx.app, 'hhu', '河海励志奖学金')
    await refused(demoBody(id, { payType: 9, formDataMap: { name: '张三', mobile: '13800138000' } }), /学工号和一卡通密码/, {
      school: 'hhu',
      token: hhuToken
    })
    await refused(demoBody(id, { payType: 9, formDataMap: { name: '张三', mobile: '13800138000', stuWorkNo: '20230001' } }), /一卡通密码/, {
      school: 'hhu',
      token: hhuToken
    })
  })
  it('without a token: -997 and nothing written', async () => {
    const before = await writeCounts(ctx.app)
    const r = await call(ctx.app, 'demo', Api.donate, { method: 'POST', body: scholarship() })
    assert.equal(r.body.code, ResultCode.TOKEN_INVALID)
    assert.deepEqual(await writeCounts(ctx.app), before)
  })
  it('malformed shapes are protocol errors (400): numeric strings are ids (wire tolerance), anything else is not coerced', async () => {
    const before = await writeCounts(ctx.app)
    for (const body of [
      { ...scholarship(), itemsId: `${ids.scholarship}abc` },
      { ...scholarship(), payType: '1.5' },
      { ...scholarship(), isAnonymous: true }
    ]) {
      const r = await call(ctx.app, 'demo', Api.donate, { method: 'POST', body, token })
      assert.equal(r.status, 400, JSON.stringify(body))
    }
    assert.deepEqual(await writeCounts(ctx.app), before)
  })
})
