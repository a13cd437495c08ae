/**
 * Naming forms whole (docs/decisions/048-naming-forms-whole.md): a naming order (itemsType 2) takes the certificate,
 * receipt, mailing and campus-card fields of the donation form under the same rules (order/validation.ts, one code
 * for both), refuses bad input with -1 naming the problem and nothing written, and on payment opens the requested
 * e-receipt and paper certificate exactly as for a money gift, so they appear in the donor's receipts and certificates.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Api, CampaignKey, type FormConfig, type Page, type ReceiptRecord } from '../../types'
import { saveFulfilmentConfig } from '../src/domain/fulfilment/config'
import { call, login, startApp, type TestContext } from './helpers'
import { campaignItem, donateNaming, freeSeats, jnuSeatProject, seatBody, seatRow } from './naming-fixtures'
import { orderRow, sandboxNotify, schoolIdOf, writeCounts } from './order-fixtures'

let ctx: TestContext
let jnu: number
let carol: string

const RECEIPT = {
  isNeedReceipt: 1,
  receiptDonorType: 1,
  receiptDonorName: '赟喆䶮',
  creditCode: '',
  receiptType: 2,
  receiptWay: 3,
  postalEmail: 'carol@example.com'
}

before(async () => {
  ctx = await startApp()
  jnu = await jnuSeatProject(ctx.app)
  carol = await login(ctx.app, 'demo', 'naming-receipt-carol')
  await saveFulfilmentConfig(ctx.app.db, await schoolIdOf(ctx.app, 'demo'), {
    isOpenReceipt: true,
    isOpenPaper: true,
    isCreditCode: false,
    receiptTypes: [1, 2],
    receiptWaysPaper: [1, 2],
    receiptWaysElectronic: [3, 4],
    certificateWays: [1, 2]
  })
})
after(async () => {
  await ctx.close()
})

const counts = async () => {
  const n = async (table: 'receipt_request' | 'certificate_request' | 'naming_record') =>
    Number(
      (
        await ctx.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n
    )
  return { ...(await writeCounts(ctx.app)), receipts: await n('receipt_request'), certificates: await n('certificate_request') }
}

describe('a seat-naming donor asks for an e-receipt and a posted certificate on the naming form', () => {
  it('the naming form offers the sections (formDetail), and the paid order opens both applications', async () => {
    const form = (await call<FormConfig>(ctx.app, 'demo', Api.formDetail, { query: { itemsId: jnu }, token: carol })).body.data
    assert.equal(form.isOpenReceipt, 1)
    assert.deepEqual(form.receiptWayElectronicList, [3, 4])
    const [seat] = await freeSeats(ctx.app, 'demo', jnu, 1, 40)
    const body = seatBody(jnu, [{ seat, termYear: 5 }], {
      ...RECEIPT,
      isNeedPaper: 1,
      certificateDonorName: '赟喆䶮',
      certificateWay: 2,
      postalProvince: '江苏省',
      postalCity: '南京市',
      postalDistrict: '鼓楼区',
      postalAddress: '汉口路 22 号',
      postalContact: '赟喆䶮',
      postalMobile: '86-13800138000'
    })
    const r = await donateNaming(ctx.app, 'demo', carol, body)
    assert.equal(r.body.code, 0, r.body.message)
    const billNo = r.body.data.orderPayRequestDTO.billNo
    // nothing is opened before the payment
    const before = await call<Page<ReceiptRecord>>(ctx.app, 'demo', Api.receiptPage, { query: { limit: 10, offset: 0 }, token: carol })
    assert.equal(before.body.data.total, 0)

    assert.equal((await sandboxNotify(ctx.app, 'demo', billNo)).body.code, 0)
    const order = await orderRow(ctx.app, billNo)
    assert.equal(order.status, 'paid')
    const receipts = (await call<Page<ReceiptRecord>>(ctx.app, 'demo', Api.receiptPage, { query: { limit: 10, offset: 0 }, token: carol }))
      .body.data
    assert.equal(receipts.total, 1)
    const [rec] = receipts.rows
    assert.deepEqual([rec.receiptType, rec.receiptWay, rec.donorType, rec.donorName], [2, 3, 1, '赟喆䶮'])
    assert.equal(Number(rec.donateMoney) * 100, order.amount_fen)
    const cert = await ctx.app.db
      .selectFrom('certificate_request')
      .select(['certificate_way', 'donor_name', 'postal_address', 'postal_contact', 'user_id'])
      .where('donation_id', '=', order.id)
      .executeTakeFirstOrThrow()
    assert.deepEqual(
      [cert.certificate_way, cert.donor_name, cert.postal_address, cert.postal_contact, cert.user_id],
      [2, '赟喆䶮', '汉口路 22 号', '赟喆䶮', order.user_id]
    )
  })
})

describe('the same rules as the donation form: -1 naming the problem, nothing written', () => {
  const refused = async (over: Record<string, unknown>, message: RegExp) => {
    const [seat] = await freeSeats(ctx.app, 'demo', jnu, 1, 41)
    const before = await counts()
    const seatBefore = await seatRow(ctx.app, seat.id)
    const r = await donateNaming(ctx.app, 'demo', carol, seatBody(jnu, [{ seat, termYear: 5 }], over))
    assert.equal(r.body.code, -1)
    assert.match(r.body.message, message)
    assert.deepEqual(await counts(), before)
    assert.deepEqual(await seatRow(ctx.app, seat.id), seatBefore)
  }
  it('receipt: e-mail way without a valid address, a way of the other type, an ID number of the wrong length', async () => {
    await refused({ ...RECEIPT, postalEmail: 'not-an-address' }, /邮箱/)
    await refused({ ...RECEIPT, receiptWay: 1 }, /方式/)
    await refused({ ...RECEIPT, receiptDonorName: '' }, /姓名/)
    await refused({ ...RECEIPT, creditCode: '1234' }, /身份证号/)
  })
  it('paper certificate by post: name and the postal address are required', async () => {
    await refused({ isNeedPaper: 1, certificateDonorName: '', certificateWay: 2 }, /证书/)
    await refused({ isNeedPaper: 1, certificateDonorName: '赵', certificateWay: 2, postalAddress: '' }, /邮寄地址/)
    await refused({ isNeedPaper: 1, certificateDonorName: '赵', certificateWay: 7 }, /.+/)
  })
  it('campus card: offered by the form only, and then number and password are required', async () => {
    await refused({ payType: 9 }, /.+/)
  })
  it('answers in English when asked to', async () => {
    const [seat] = await freeSeats(ctx.app, 'demo', jnu, 1, 42)
    const r = await call<unknown>(ctx.app, 'demo', Api.donate, {
      method: 'POST',
      token: carol,
      headers: { lang: 'en' },
      body: seatBody(jnu, [{ seat, termYear: 5 }], { ...RECEIPT, postalEmail: 'x' })
    })
    assert.equal(r.body.code, -1)
    assert.match(r.body.message, /e-mail/i)
  })
})

describe('campus card where the school has it (hhu, pay type 9)', () => {
  it('a seat named and paid by card at once, with an e-receipt opened; a short balance refused with nothing held', async () => {
    const hhuSeat = await campaignItem(ctx.app, 'hhu', CampaignKey.HHU_SEAT)
    const dan = await login(ctx.app, 'hhu', 'naming-card-dan')
    // the hhu seat campaign is for certified alumni: this donor is one (the sandbox login's openId is its code)
    await ctx.app.db
      .insertInto('certified_alumnus')
      .values({
        school_id: await schoolIdOf(ctx.app, 'hhu'),
        open_id: 'naming-card-dan',
        name: '赵同学',
        certified_at: new Date().toISOString()
      })
      .execute()
    const form = (await call<FormConfig>(ctx.app, 'hhu', Api.formDetail, { query: { itemsId: hhuSeat }, token: dan })).body.data
    assert.ok(form.payPlatformList.includes(9), 'the hhu form offers the campus card')
    const [poorSeat, seat] = await freeSeats(ctx.app, 'hhu', hhuSeat, 2)
    const card = (stuWorkNo: string, passwork: string) => ({
      payType: 9,
      formDataMap: { name: '赵同学', mobile: '13800138000', stuWorkNo, passwork },
      ...RECEIPT,
      receiptDonorName: '赵同学'
    })
    // 20230003 has too little on the card (order-lifecycle.test.ts): refused, the seat free again
    const poor = await donateNaming(
      ctx.app,
      'hhu',
      dan,
      seatBody(hhuSeat, [{ seat: poorSeat, termYear: poorSeat.priceList[0].termYear }], card('20230003', '063318'))
    )
    assert.equal(poor.body.code, -1)
    assert.match(poor.body.message, /一卡通余额不足/)
    assert.equal((await seatRow(ctx.app, poorSeat.id)).hold_donation_id, null)

    const r = await donateNaming(
      ctx.app,
      'hhu',
      dan,
      seatBody(hhuSeat, [{ seat, termYear: seat.priceList[0].termYear }], card('20230001', '011234'))
    )
    assert.equal(r.body.code, 0, r.body.message)
    const order = await orderRow(ctx.app, r.body.data.orderPayRequestDTO.billNo)
    assert.deepEqual([order.status, order.provider], ['paid', 'campus'])
    assert.equal((await seatRow(ctx.app, seat.id)).status, 2, 'named on payment')
    const receipts = (await call<Page<ReceiptRecord>>(ctx.app, 'hhu', Api.receiptPage, { query: { limit: 10, offset: 0 }, token: dan }))
      .body.data
    assert.deepEqual(
      receipts.rows.map((x) => [x.donorName, x.receiptWay]),
      [['赵同学', 3]]
    )
  })
})
