/**
 * Receipts (docs/product §2 mine-paper, §3 Receipt record/config, §4 statuses, §5 receipt, §7 Receipts): every §5 rule
 * refused with -1 and nothing written, validType, one application per donation (also concurrently), lastUserInfo,
 * status filters and invoice information only for statuses 2, 4, 6, 7.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import {
  Api,
  ResultCode,
  type ApplyAnswer,
  type Page,
  type ReceiptConfig,
  type ReceiptLastUserInfo,
  type ReceiptRecord,
  type StayDonation
} from '../../types'
import { saveFulfilmentConfig } from '../src/domain/fulfilment/config'
import { openRequestsForPaidOrder } from '../src/domain/fulfilment/on-paid'
import { call, login, startApp, type TestContext } from './helpers'
import { SCHOLARSHIP, AVENUE, count, demoBody, paidGift, placeOrder, projectIdOf } from './center-fixtures'
import { orderRow, sandboxNotify, schoolIdOf } from './order-fixtures'

let ctx: TestContext
let app: FastifyInstance
let sid: number
let alice: string
let bob: string
let gifts: number[]
let bobGift: number

const CREDIT = '91320000MA1XXXXX0A'
const ID_NO = '32010219900101123X'

before(async () => {
  ctx = await startApp()
  app = ctx.app
  sid = await schoolIdOf(app, 'demo')
  alice = await login(app, 'demo', 'receipt-alice')
  bob = await login(app, 'demo', 'receipt-bob')
  const scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  const avenue = await projectIdOf(app, 'demo', AVENUE)
  gifts = []
  for (const [p, m] of [
    [scholarship, '100.00'],
    [avenue, '200.00'],
    [scholarship, '300.00'],
    [avenue, '400.00'],
    [scholarship, '500.00'],
    [avenue, '600.00']
  ] as const) {
    gifts.push((await paidGift(app, 'demo', alice, p, { currencyMoney: m })).id)
  }
  bobGift = (await paidGift(app, 'demo', bob, scholarship)).id
  await saveFulfilmentConfig(app.db, sid, {
    isOpenReceipt: true,
    validType: 1,
    isCreditCode: true,
    receiptTypes: [1, 2],
    receiptWaysPaper: [1, 2],
    receiptWaysElectronic: [3, 4],
    receiptPickup: { address: '行政楼 302', name: '李老师', mobile: '86-025-83786667' }
  })
})
after(async () => {
  await ctx.close()
})

const insert = async (body: Record<string, unknown>, token = alice) =>
  (await call<ApplyAnswer>(app, 'demo', Api.receiptInsert, { method: 'POST', body, token })).body
const get = async <T>(path: string, query: Record<string, string | number> = {}, token = alice) =>
  (await call<T>(app, 'demo', path, { query, token })).body
const email = {
  donorType: 2,
  donorName: '南京某科技有限公司',
  creditCode: CREDIT,
  receiptType: 2,
  receiptWay: 3,
  postalEmail: 'finance@example.com'
}

describe('config and picker', () => {
  it("config/detail answers the school's settings", async () => {
    const c = (await get<ReceiptConfig>(Api.receiptConfig)).data
    assert.deepEqual(c, {
      isOpenReceipt: 1,
      validType: 1,
      isCreditCode: 1,
      receiptTypeList: [1, 2],
      receiptWayPaperList: [1, 2],
      receiptWayElectronicList: [3, 4],
      pickUpAddress: '行政楼 302',
      pickUpName: '李老师',
      pickUpMobile: '86-025-83786667'
    })
  })
  it("stay/page lists the caller's paid gifts; validType 2 keeps only this (Beijing) year; validType 0 none", async () => {
    assert.equal((await get<Page<StayDonation>>(Api.receiptStayPage, { limit: 99 })).data.total, gifts.length)
    await app.db.updateTable('donation').set({ paid_at: '2020-06-01T00:00:00.000Z' }).where('id', '=', gifts[5]).execute()
    await saveFulfilmentConfig(app.db, sid, { validType: 2 })
    const thisYear = (await get<Page<StayDonation>>(Api.receiptStayPage)).data
    assert.ok(!thisYear.rows.some((r) => r.id === gifts[5]))
    assert.equal(thisYear.total, gifts.length - 1)
    const old = await insert({ ...email, donateRecordIds: [gifts[5]] })
    assert.deepEqual([old.code, old.message], [ResultCode.ERROR, '所选捐赠记录不存在或不可申请'])
    await saveFulfilmentConfig(app.db, sid, { validType: 0 })
    assert.equal((await get<Page<StayDonation>>(Api.receiptStayPage)).data.total, 0)
    assert.equal((await insert({ ...email, donateRecordIds: [gifts[0]] })).message, '暂未开放捐赠票据申请')
    await saveFulfilmentConfig(app.db, sid, { validType: 1 })
  })
})

describe('insert: docs/product §5 rules, each a -1 with nothing written', () => {
  const express = {
    donorType: 1,
    donorName: '张三',
    creditCode: ID_NO,
    receiptType: 1,
    receiptWay: 2,
    postalContact: '张三',
    postalMobile: '86-13800138000',
    postalAddress: '南京市鼓楼区'
  }
  const refused: [string, Record<string, unknown>, string][] = [
    ['no donation', { ...email, donateRecordIds: [] }, '请选择捐赠记录'],
    ['donor type neither personal nor enterprise', { ...email, donorType: 3 }, '请选择捐赠人类型'],
    ['enterprise without a name', { ...email, donorName: ' ' }, '请输入单位名称'],
    ['personal without a name', { ...express, donorName: '' }, '请输入姓名'],
    ['enterprise without credit code (required)', { ...email, creditCode: '' }, '请输入合法的统一社会信用代码'],
    ['enterprise credit code of 17', { ...email, creditCode: CREDIT.slice(1) }, '请输入合法的统一社会信用代码'],
    ['enterprise credit code of 19', { ...email, creditCode: `${CREDIT}1` }, '请输入合法的统一社会信用代码'],
    ['personal without ID number (required)', { ...express, creditCode: '' }, '请输入合法的身份证号'],
    ['personal ID number of 18 with a letter inside', { ...express, creditCode: '3201021990A101123X' }, '请输入合法的身份证号'],
    ['a receipt type not offered', { ...email, receiptType: 3 }, '请选择票据类型'],
    ['an electronic way for a paper receipt', { ...email, receiptType: 1, receiptWay: 3 }, '请选择票据领取方式'],
    ['a paper way for an electronic receipt', { ...email, receiptWay: 2 }, '请选择票据领取方式'],
    ['e-mail way without e-mail', { ...email, postalEmail: '' }, '请输入电子邮箱'],
    ['e-mail way with a malformed e-mail', { ...email, postalEmail: 'finance.example.com' }, '请输入合法的电子邮箱'],
    ['SMS way without mobile', { ...email, receiptWay: 4, postalMobileSms: '' }, '请输入接收短信的手机号'],
    ['SMS way with a 10-digit mainland mobile', { ...email, receiptWay: 4, postalMobileSms: '86-1380013800' }, '请输入合法的联系电话'],
    ['express without address', { ...express, postalAddress: '' }, '请输入收件地址'],
    ['express without contact', { ...express, postalContact: '' }, '请输入联系人'],
    ['express without mobile', { ...express, postalMobile: '' }, '请输入联系电话'],
    ['express with a 12-digit mobile', { ...express, postalMobile: '138001380001' }, '请输入合法的联系电话'],
    ["another user's donation", { ...email, donateRecordIds: [-1] }, '所选捐赠记录不存在或不可申请'],
    ["own and another's", { ...email, donateRecordIds: [0, -1] }, '所选捐赠记录不存在或不可申请']
  ]
  for (const [name, body, message] of refused) {
    it(name, async () => {
      const ids = ((body.donateRecordIds as number[] | undefined) ?? [0]).map((i) => (i === 0 ? gifts[0] : i === -1 ? bobGift : i))
      const before = await count(app, 'receipt_request')
      const r = await insert({ ...body, donateRecordIds: ids })
      assert.deepEqual([r.code, r.message], [ResultCode.ERROR, message])
      assert.equal(await count(app, 'receipt_request'), before)
    })
  }
  it('with isCreditCode 0 the code may be empty, but if given it must be valid', async () => {
    await saveFulfilmentConfig(app.db, sid, { isCreditCode: false })
    try {
      assert.equal((await insert({ ...email, creditCode: 'ABC', donateRecordIds: [gifts[0]] })).message, '请输入合法的统一社会信用代码')
      const r = await insert({ ...email, creditCode: '', donateRecordIds: [gifts[0]] })
      assert.equal(r.code, 0, r.message)
      await app.db.deleteFrom('receipt_request').where('id', 'in', r.data.ids).execute()
    } finally {
      await saveFulfilmentConfig(app.db, sid, { isCreditCode: true })
    }
  })
  it('receipts closed: -1', async () => {
    await saveFulfilmentConfig(app.db, sid, { isOpenReceipt: false })
    try {
      assert.equal((await insert({ ...email, donateRecordIds: [gifts[0]] })).message, '暂未开放捐赠票据申请')
    } finally {
      await saveFulfilmentConfig(app.db, sid, { isOpenReceipt: true })
    }
  })
})

describe('applications', () => {
  let emailIds: number[]
  it("enterprise by e-mail: one per donation, status 1, only the way's fields kept, credit code upper-cased", async () => {
    const r = await insert({
      ...email,
      creditCode: CREDIT.toLowerCase(),
      postalAddress: 'not kept',
      postalMobileSms: 'not kept',
      donateRecordIds: [gifts[0], gifts[1]]
    })
    assert.equal(r.code, 0, r.message)
    emailIds = r.data.ids
    const rows = await app.db.selectFrom('receipt_request').selectAll().where('id', 'in', emailIds).execute()
    assert.ok(
      rows.every(
        (x) =>
          x.status === 1 &&
          x.credit_code === CREDIT &&
          x.postal_email === 'finance@example.com' &&
          x.postal_address === '' &&
          x.postal_mobile_sms === ''
      )
    )
  })
  it('personal by SMS and paper by express', async () => {
    const sms = await insert({
      donorType: 1,
      donorName: '张三',
      creditCode: ID_NO.toLowerCase(),
      receiptType: 2,
      receiptWay: 4,
      postalMobileSms: '13800138000',
      donateRecordIds: [gifts[2]]
    })
    assert.equal(sms.code, 0, sms.message)
    const row = await app.db.selectFrom('receipt_request').selectAll().where('id', '=', sms.data.ids[0]).executeTakeFirstOrThrow()
    assert.deepEqual([row.postal_mobile_sms, row.credit_code], ['86-13800138000', ID_NO])
    const exp = await insert({
      donorType: 1,
      donorName: '张三',
      creditCode: ID_NO,
      receiptType: 1,
      receiptWay: 2,
      postalContact: '张三',
      postalMobile: '86-13800138000',
      postalAddress: '南京市鼓楼区',
      donateRecordIds: [gifts[3]]
    })
    assert.equal(exp.code, 0, exp.message)
  })
  it('lastUserInfo prefills from the latest application; null before the first', async () => {
    const last = (await get<ReceiptLastUserInfo>(Api.receiptLastUserInfo)).data
    assert.deepEqual(last, {
      donorType: 1,
      donorName: '张三',
      creditCode: ID_NO,
      receiptType: 1,
      receiptWay: 2,
      postalContact: '张三',
      postalMobile: '86-13800138000',
      postalAddress: '南京市鼓楼区',
      postalEmail: '',
      postalMobileSms: ''
    })
    assert.equal((await get(Api.receiptLastUserInfo, {}, bob)).data, null)
  })
  it('a donation already in a receipt application is refused, also when six submits race', async () => {
    assert.equal((await insert({ ...email, donateRecordIds: [gifts[0]] })).message, '所选捐赠记录已申请过，请勿重复申请')
    const rs = await Promise.all(Array.from({ length: 6 }, () => insert({ ...email, donateRecordIds: [gifts[4]] })))
    assert.equal(rs.filter((r) => r.code === 0).length, 1)
    assert.equal((await app.db.selectFrom('receipt_request').select('id').where('donation_id', '=', gifts[4]).execute()).length, 1)
  })
  it('a certificate application does not block a receipt for the same donation (separate kinds)', async () => {
    const c = (
      await call<ApplyAnswer>(app, 'demo', Api.certificateInsert, {
        method: 'POST',
        body: { certificateWay: 1, donateIds: [gifts[5]] },
        token: alice
      })
    ).body
    assert.equal(c.code, 0, c.message)
    assert.equal((await insert({ ...email, donateRecordIds: [gifts[5]] })).code, 0)
  })
  it('page filters (0 all, 1 making, 2 invoiced) and invoice information only for statuses 2, 4, 6, 7', async () => {
    assert.equal((await get<Page<ReceiptRecord>>(Api.receiptPage, { status: 0 })).data.total, 6)
    const id = emailIds[0]
    await app.db
      .updateTable('receipt_request')
      .set({ express_company: '顺丰速运', express_no: 'SF100', file_url: '/files/receipts/demo/x.pdf' })
      .where('id', '=', id)
      .execute()
    for (const [status, shown] of [
      [1, false],
      [2, true],
      [3, false],
      [4, true],
      [5, false],
      [6, true],
      [7, true]
    ] as const) {
      await app.db.updateTable('receipt_request').set({ status }).where('id', '=', id).execute()
      const d = (await get<ReceiptRecord>(Api.receiptDetail, { id })).data
      assert.equal(d.status, status)
      assert.deepEqual(
        [d.expressCompanyTitle, d.expressOrderNo, d.fileUrl],
        shown ? ['顺丰速运', 'SF100', '/files/receipts/demo/x.pdf'] : ['', '', ''],
        `status ${status}`
      )
      const listed = (await get<Page<ReceiptRecord>>(Api.receiptPage, { status: 2, limit: 50 })).data.rows.find((r) => r.id === id)
      assert.ok(status === 1 ? !listed : listed, `status ${status} in the invoiced tab`)
    }
    assert.equal((await get<Page<ReceiptRecord>>(Api.receiptPage, { status: 1 })).data.total, 5)
  })
  it('applications opened from the donation form on payment (openRequestsForPaidOrder)', async () => {
    const t = await login(app, 'demo', 'receipt-form')
    const scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
    const bill = await placeOrder(
      app,
      'demo',
      t,
      demoBody(scholarship, {
        currencyMoney: '200.00',
        isNeedReceipt: 1,
        receiptDonorType: 2,
        receiptDonorName: '某公司',
        creditCode: CREDIT,
        receiptType: 2,
        receiptWay: 3,
        postalEmail: 'a@b.cn'
      })
    )
    await sandboxNotify(app, 'demo', bill)
    const order = await orderRow(app, bill)
    // the paid transaction opened it (domain/order/notifications.ts): calling the hook again opens nothing more
    assert.deepEqual(await openRequestsForPaidOrder(app.db, { schoolId: sid, donationId: order.id }), {
      certificate: false,
      receipt: false
    })
    const page = (await call<Page<ReceiptRecord>>(app, 'demo', Api.receiptPage, { token: t })).body.data
    assert.deepEqual(
      page.rows.map((r) => [r.donorName, r.receiptWay, r.postalEmail, r.status]),
      [['某公司', 3, 'a@b.cn', 1]]
    )
  })
})
