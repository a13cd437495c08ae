/**
 * Certificates (docs/product §2 mine-certificate, §3 Certificate record/config, §4 statuses and filters, §5 paper
 * certificate, §7 Certificates): every §5 rule refused with -1 and nothing written, one application per donation
 * (also under concurrent submits, decided by the UNIQUE constraint), the electronic certificates the payment
 * flow renders, and applications opened from the donation form when the order is paid (openRequestsForPaidOrder).
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import {
  Api,
  ResultCode,
  type ApplyAnswer,
  type CertificateConfig,
  type CertificateRecord,
  type Page,
  type StayDonation
} from '../../types'
import { saveFulfilmentConfig } from '../src/domain/fulfilment/config'
import { openRequestsForPaidOrder } from '../src/domain/fulfilment/on-paid'
import { transition } from '../src/domain/order/state'
import { call, login, startApp, type TestContext } from './helpers'
import { SCHOLARSHIP, AVENUE, count, demoBody, paidGift, placeOrder, projectIdOf } from './center-fixtures'
import { orderRow, schoolIdOf } from './order-fixtures'

let ctx: TestContext
let app: FastifyInstance
let sid: number
let alice: string
let bob: string
let scholarship: number
let avenue: number
let gifts: number[]
let bobGift: number
let pending: number

before(async () => {
  ctx = await startApp()
  app = ctx.app
  sid = await schoolIdOf(app, 'demo')
  alice = await login(app, 'demo', 'cert-alice')
  bob = await login(app, 'demo', 'cert-bob')
  scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  avenue = await projectIdOf(app, 'demo', AVENUE)
  gifts = []
  for (const [p, m] of [
    [scholarship, '100.00'],
    [avenue, '200.00'],
    [scholarship, '30.00'],
    [avenue, '40.00'],
    [scholarship, '50.00']
  ] as const) {
    gifts.push((await paidGift(app, 'demo', alice, p, { currencyMoney: m })).id)
  }
  bobGift = (await paidGift(app, 'demo', bob, scholarship)).id
  pending = (await orderRow(app, await placeOrder(app, 'demo', alice, demoBody(avenue)))).id
  await saveFulfilmentConfig(app.db, sid, {
    isOpenPaper: true,
    certificateWays: [1, 2],
    certificatePickup: { address: '行政楼 302', name: '王老师', mobile: '86-025-83786666' }
  })
})
after(async () => {
  await ctx.close()
})

const insert = async (body: Record<string, unknown>, token = alice) =>
  (await call<ApplyAnswer>(app, 'demo', Api.certificateInsert, { method: 'POST', body, token })).body
const get = async <T>(path: string, query: Record<string, string | number> = {}, token = alice) =>
  (await call<T>(app, 'demo', path, { query, token })).body
const mail = {
  certificateWay: 2,
  postalAddress: '江苏省南京市鼓楼区汉口路22号',
  postalContact: '张三',
  postalMobile: '86-13800138000',
  area: '86'
}

describe('config and picker', () => {
  it("config/detail: the school's paper switch, ways and pickup", async () => {
    const c = await get<CertificateConfig>(Api.certificateConfig)
    assert.deepEqual(c.data, {
      isOpenPaper: 1,
      certificateWayPaperList: [1, 2],
      pickUpAddress: '行政楼 302',
      pickUpName: '王老师',
      pickUpMobile: '86-025-83786666'
    })
    assert.equal((await call(app, 'demo', Api.certificateConfig)).body.code, ResultCode.TOKEN_INVALID)
  })
  it('a school without its own settings follows its default donation form', async () => {
    const t = await login(app, 'hhu', 'hhu-cert')
    const c = (await call<CertificateConfig>(app, 'hhu', Api.certificateConfig, { token: t })).body.data
    assert.deepEqual([c.isOpenPaper, c.certificateWayPaperList, c.pickUpName], [1, [1, 2], '王老师'])
  })
  it("stay/page: the caller's paid gifts only (not pending, not someone else's), picker size 99", async () => {
    const s = (await get<Page<StayDonation>>(Api.certificateStayPage, { limit: 99, offset: 0 })).data
    assert.deepEqual(
      s.rows.map((r) => r.id).sort((a, b) => a - b),
      [...gifts].sort((a, b) => a - b)
    )
    assert.ok(!s.rows.some((r) => r.id === pending || r.id === bobGift))
  })
})

describe('insert: docs/product §5 rules, each a -1 with nothing written', () => {
  const refused: [string, Record<string, unknown>, string][] = [
    ['no project', { ...mail, donateIds: [] }, '请选择项目'],
    ['a way the school does not offer', { ...mail, certificateWay: 3, donateIds: [0] }, '请选择证书领取方式'],
    ['delivery without address', { ...mail, postalAddress: '  ', donateIds: [0] }, '请输入收件地址'],
    ['delivery without contact', { ...mail, postalContact: '', donateIds: [0] }, '请输入联系人'],
    ['delivery without mobile', { ...mail, postalMobile: '', donateIds: [0] }, '请输入联系电话'],
    ['mobile of 10 digits with area 86', { ...mail, postalMobile: '86-1380013800', donateIds: [0] }, '请输入合法的联系电话'],
    ['mobile of 12 digits with area empty', { ...mail, postalMobile: '138001380001', area: '', donateIds: [0] }, '请输入合法的联系电话'],
    ['letters in the mobile', { ...mail, postalMobile: '86-1380013800x', donateIds: [0] }, '请输入合法的联系电话'],
    ["another user's donation", { ...mail, donateIds: [-1] }, '所选捐赠记录不存在或不可申请'],
    ['an unpaid order', { ...mail, donateIds: [-2] }, '所选捐赠记录不存在或不可申请'],
    ['a donation that does not exist', { ...mail, donateIds: [99_999_999] }, '所选捐赠记录不存在或不可申请'],
    ["own and someone else's together", { ...mail, donateIds: [0, -1] }, '所选捐赠记录不存在或不可申请']
  ]
  for (const [name, body, message] of refused) {
    it(name, async () => {
      const ids = (body.donateIds as number[]).map((i) => (i === 0 ? gifts[0] : i === -1 ? bobGift : i === -2 ? pending : i))
      const before = await count(app, 'certificate_request')
      const r = await insert({ ...body, donateIds: ids })
      assert.deepEqual([r.code, r.message], [ResultCode.ERROR, message])
      assert.equal(await count(app, 'certificate_request'), before)
    })
  }
  it('English messages', async () => {
    const r = (
      await call(app, 'demo', `${Api.certificateInsert}?lang=en`, { method: 'POST', body: { ...mail, donateIds: [] }, token: alice })
    ).body
    assert.equal(r.message, 'please select items')
    const m = (
      await call(app, 'demo', `${Api.certificateInsert}?lang=en`, {
        method: 'POST',
        body: { ...mail, postalMobile: '123', donateIds: [gifts[0]] },
        token: alice
      })
    ).body
    assert.equal(m.message, 'please enter valid contact mobile')
    // names its input, so the form shows it under the mobile (decision 081)
    assert.deepEqual(m.data, { field: 'postalMobile' })
  })
  it('paper certificates closed: -1', async () => {
    await saveFulfilmentConfig(app.db, sid, { isOpenPaper: false })
    try {
      const r = await insert({ ...mail, donateIds: [gifts[0]] })
      assert.deepEqual([r.code, r.message], [ResultCode.ERROR, '暂未开放纸质证书申请'])
    } finally {
      await saveFulfilmentConfig(app.db, sid, { isOpenPaper: true })
    }
  })
  it('a way switched off by the foundation: -1', async () => {
    await saveFulfilmentConfig(app.db, sid, { certificateWays: [1] })
    try {
      const r = await insert({ ...mail, donateIds: [gifts[0]] })
      assert.equal(r.message, '请选择证书领取方式')
      assert.deepEqual(r.data, { field: 'certificateWay' })
    } finally {
      await saveFulfilmentConfig(app.db, sid, { certificateWays: [1, 2] })
    }
  })
  it('malformed bodies are 400 (strict types; only numeric strings pass for integers)', async () => {
    const r = await call(app, 'demo', Api.certificateInsert, {
      method: 'POST',
      body: { certificateWay: '0x2', donateIds: [gifts[0]] },
      token: alice
    })
    assert.equal(r.status, 400)
    const s = await call(app, 'demo', Api.certificateInsert, {
      method: 'POST',
      body: { certificateWay: 2, donateIds: String(gifts[0]) },
      token: alice
    })
    assert.equal(s.status, 400)
    assert.equal(
      (await call(app, 'demo', Api.certificateInsert, { method: 'POST', body: { ...mail, donateIds: [gifts[0]] } })).body.code,
      ResultCode.TOKEN_INVALID
    )
  })
})

describe('applications', () => {
  it('delivery: one application per donation in one batch, status 1, mobile kept as area-number', async () => {
    const r = await insert({ ...mail, postalMobile: '13800138000', donateIds: [gifts[0], gifts[1], gifts[0]] })
    assert.equal(r.code, 0, r.message)
    assert.equal(r.message, '申请成功')
    assert.equal(r.data.ids.length, 2, 'duplicates collapse')
    const rows = await app.db.selectFrom('certificate_request').selectAll().where('id', 'in', r.data.ids).execute()
    assert.equal(new Set(rows.map((x) => x.batch_no)).size, 1)
    assert.ok(
      rows.every((x) => x.status === 1 && x.postal_mobile === '86-13800138000' && x.certificate_way === 2 && x.donor_name === '张三')
    )
    const d = (await get<CertificateRecord>(Api.certificateDetail, { id: r.data.ids[0] })).data
    assert.equal(d.isNeedPaper, 1)
    assert.equal(d.status, 1)
    assert.equal(d.postalAddress, mail.postalAddress)
    assert.equal(d.donateMoney, '100.00')
    assert.equal(d.itemsName, SCHOLARSHIP)
    assert.equal(d.applyDate.length, 19)
    assert.deepEqual([d.expressCompanyTitle, d.expressOrderNo], ['', ''])
  })
  it('pickup: postal fields are not kept; another dialling code takes its own length', async () => {
    const r = await insert({
      certificateWay: 1,
      postalAddress: 'ignored',
      postalContact: 'ignored',
      postalMobile: 'x',
      donateIds: [gifts[2]]
    })
    assert.equal(r.code, 0, r.message)
    const row = await app.db.selectFrom('certificate_request').selectAll().where('id', '=', r.data.ids[0]).executeTakeFirstOrThrow()
    assert.deepEqual([row.postal_address, row.postal_contact, row.postal_mobile, row.certificate_way], ['', '', '', 1])
    const us = await insert({ ...mail, postalMobile: '4155550100', area: '1', donateIds: [gifts[3]] })
    assert.equal(us.code, 0, us.message)
    assert.equal(
      (await app.db.selectFrom('certificate_request').select('postal_mobile').where('id', '=', us.data.ids[0]).executeTakeFirstOrThrow())
        .postal_mobile,
      '1-4155550100'
    )
  })
  it('a donation already applied for is refused; the picker no longer offers it', async () => {
    const before = await count(app, 'certificate_request')
    const r = await insert({ ...mail, donateIds: [gifts[4], gifts[0]] })
    assert.deepEqual([r.code, r.message], [ResultCode.ERROR, '所选捐赠记录已申请过，请勿重复申请'])
    assert.equal(await count(app, 'certificate_request'), before, 'gifts[4] was not applied for either')
    const stay = (await get<Page<StayDonation>>(Api.certificateStayPage)).data
    assert.deepEqual(
      stay.rows.map((x) => x.id),
      [gifts[4]]
    )
  })
  it('concurrent submits of one donation: exactly one wins', async () => {
    const rs = await Promise.all(Array.from({ length: 6 }, () => insert({ ...mail, donateIds: [gifts[4]] })))
    assert.equal(rs.filter((r) => r.code === 0).length, 1)
    assert.ok(rs.filter((r) => r.code !== 0).every((r) => r.message === '所选捐赠记录已申请过，请勿重复申请'))
    assert.equal((await app.db.selectFrom('certificate_request').select('id').where('donation_id', '=', gifts[4]).execute()).length, 1)
  })
  it('the UNIQUE constraint holds even if the service check is skipped', async () => {
    const row = await app.db.selectFrom('certificate_request').selectAll().where('donation_id', '=', gifts[4]).executeTakeFirstOrThrow()
    const { id: _id, ...copy } = row
    await assert.rejects(
      app.db
        .insertInto('certificate_request')
        .values({ ...copy, batch_no: 'X' })
        .execute()
    )
  })
  it('page: paper applications by status filter (0 all, 1 in making, 2 produced), newest first, paged', async () => {
    const all = (await get<Page<CertificateRecord>>(Api.certificatePage, { isNeedPaper: 1, status: 0, limit: 10, offset: 0 })).data
    assert.equal(all.total, 5)
    assert.ok(all.rows.every((r) => r.isNeedPaper === 1 && r.status === 1))
    assert.equal((await get<Page<CertificateRecord>>(Api.certificatePage, { isNeedPaper: 1, status: 1 })).data.total, 5)
    assert.equal((await get<Page<CertificateRecord>>(Api.certificatePage, { isNeedPaper: 1, status: 2 })).data.total, 0)
    await app.db.updateTable('certificate_request').set({ status: 2 }).where('id', '=', all.rows[0].id).execute()
    assert.equal((await get<Page<CertificateRecord>>(Api.certificatePage, { isNeedPaper: 1, status: 2 })).data.total, 1)
    assert.equal((await get<Page<CertificateRecord>>(Api.certificatePage, { isNeedPaper: 1, status: 1 })).data.total, 4)
    const p2 = (await get<Page<CertificateRecord>>(Api.certificatePage, { isNeedPaper: 1, limit: 2, offset: 4 })).data
    assert.deepEqual([p2.total, p2.rows.length], [5, 1])
    assert.equal((await call(app, 'demo', Api.certificatePage, { query: { isNeedPaper: 1, status: 3 }, token: alice })).status, 400)
  })
})

describe('electronic certificates', () => {
  it("the caller's rendered certificates (isNeedPaper 0), image once the job ran", async () => {
    const before = (await get<Page<CertificateRecord>>(Api.certificatePage, { isNeedPaper: 0 })).data.total
    await app.jobs.runJobsOnce()
    const page = (await get<Page<CertificateRecord>>(Api.certificatePage, { isNeedPaper: 0, limit: 10 })).data
    assert.ok(page.total >= before)
    assert.ok(page.total > 0, 'the demo form issues certificates for these amounts')
    const ids = new Set(page.rows.map((r) => r.donateId))
    assert.ok(
      [...ids].every((id) => gifts.includes(id)),
      "only the caller's gifts"
    )
    assert.ok(page.rows.every((r) => r.isNeedPaper === 0 && r.status === 0 && r.certificateImg.startsWith('/files/certificates/')))
    const bobs = (await get<Page<CertificateRecord>>(Api.certificatePage, { isNeedPaper: 0 }, bob)).data
    assert.ok(bobs.rows.every((r) => r.donateId === bobGift))
  })
})

describe('openRequestsForPaidOrder (asked for on the donation form)', () => {
  it("called in the paid transaction, opens the paper application with the form's postal data; idempotent", async () => {
    const t = await login(app, 'demo', 'cert-form')
    const bill = await placeOrder(
      app,
      'demo',
      t,
      demoBody(scholarship, {
        currencyMoney: '100.00',
        isNeedPaper: 1,
        certificateWay: 2,
        certificateDonorName: '李四',
        postalAddress: '北京市海淀区',
        postalContact: '李四',
        postalMobile: '86-13900139000'
      })
    )
    const order = await orderRow(app, bill)
    const opened = await app.db.transaction().execute(async (trx) => {
      assert.ok(await transition(trx, sid, order.id, 'pending', 'paid', { paid_at: new Date().toISOString() }))
      return openRequestsForPaidOrder(trx, { schoolId: sid, donationId: order.id })
    })
    assert.deepEqual(opened, { certificate: true, receipt: false })
    assert.deepEqual(await openRequestsForPaidOrder(app.db, { schoolId: sid, donationId: order.id }), {
      certificate: false,
      receipt: false
    })
    const page = (await call<Page<CertificateRecord>>(app, 'demo', Api.certificatePage, { query: { isNeedPaper: 1 }, token: t })).body.data
    assert.equal(page.total, 1)
    assert.deepEqual([page.rows[0].donorName, page.rows[0].postalMobile, page.rows[0].certificateWay], ['李四', '86-13900139000', 2])
    // and the picker does not offer it again
    assert.equal((await call<Page<StayDonation>>(app, 'demo', Api.certificateStayPage, { token: t })).body.data.total, 0)
  })
  it('anonymous gifts open nothing', async () => {
    const t = await login(app, 'demo', 'cert-anon')
    const bill = await placeOrder(app, 'demo', t, demoBody(scholarship, { isAnonymous: 1 }))
    const order = await orderRow(app, bill)
    assert.deepEqual(await openRequestsForPaidOrder(app.db, { schoolId: sid, donationId: order.id }), {
      certificate: false,
      receipt: false
    })
  })
})
