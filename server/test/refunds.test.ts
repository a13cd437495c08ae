/**
 * Refunds (docs/decisions/032-refunds.md) through the staff console API with the sandbox provider, which goes through
 * the same code path as the real ones (their own fake servers: refunds-providers.test.ts): full and partial refunds
 * from a ledger row, what follows them exactly once (project and directory totals, joint donation, awards, the
 * e-certificate, receipt applications, named seats), the amount never above what was paid under concurrency,
 * out_refund_no idempotency, the second approver, the audit rows, and provider refund reports replayed concurrently.
 * Expected figures are computed here from stored rows, never taken from the answers under test.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, type DirectoryTotal, type Page, type PersonalDonation } from '../../types'
import { applyNotification } from '../src/domain/order/notifications'
import type { RefundView } from '../src/domain/refund/service'
import { fenToYuan } from '../src/lib/money'
import type { VerifiedNotification } from '../src/providers/payment/types'
import { call, login, startApp, type TestContext } from './helpers'
import { AVENUE, paidGift, SCHOLARSHIP } from './center-fixtures'
import { orderRow, projectIdOf, sandboxNotify, schoolIdOf } from './order-fixtures'
import { donateNaming, freeSeats, jnuSeatProject, recordsOf, seatBody, seatRow } from './naming-fixtures'
import { staffCall, staffLogin, type StaffLogin } from './staff-fixtures'

let ctx: TestContext
let app: FastifyInstance
let sid: number
let finance: StaffLogin
let finance2: StaffLogin
let admin: StaffLogin
let editor: StaffLogin
let scholarship: number
let avenue: number

before(async () => {
  ctx = await startApp()
  app = ctx.app
  sid = await schoolIdOf(app, 'demo')
  finance = await staffLogin(app, 'demo', ['finance'], 'refund.finance')
  finance2 = await staffLogin(app, 'demo', ['finance'], 'refund.finance2')
  admin = await staffLogin(app, 'demo', ['admin'], 'refund.admin')
  editor = await staffLogin(app, 'demo', ['editor'], 'refund.editor')
  scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  avenue = await projectIdOf(app, 'demo', AVENUE)
})
after(async () => {
  await ctx.close()
})

const refund = (donationId: number, amount: string, reason = '捐赠人申请退款', who: StaffLogin = finance, extra: object = {}) =>
  staffCall<RefundView>(app, 'demo', 'POST', `/ledger/${donationId}/refund`, { token: who.token, body: { amount, reason, ...extra } })

const donation = (id: number) => app.db.selectFrom('donation').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const refundsOf = (id: number) => app.db.selectFrom('refund').selectAll().where('donation_id', '=', id).orderBy('id').execute()

/** the project's money as the stored rows say: paid gifts minus their refunds, in fen */
async function storedProjectFen(itemsId: number) {
  const rows = await app.db
    .selectFrom('donation')
    .select(['amount_fen', 'refunded_fen'])
    .where('school_id', '=', sid)
    .where('items_id', '=', itemsId)
    .where('status', '=', 'paid')
    .execute()
  return rows.reduce((s, r) => s + Number(r.amount_fen) - Number(r.refunded_fen), 0)
}

const fenOf = (yuan: string) => {
  const [w, f = ''] = yuan.split('.')
  return Number(w) * 100 + Number(f.padEnd(2, '0'))
}

async function projectAnswer(itemsId: number) {
  const detail = (await call<{ completeMoney: string; payCounts: number }>(app, 'demo', Api.itemsDetail, { query: { id: itemsId } })).body
    .data
  const total = (await call<DirectoryTotal>(app, 'demo', Api.total, { query: { itemsId } })).body.data
  return {
    completeFen: fenOf(detail.completeMoney),
    payCounts: detail.payCounts,
    totalFen: fenOf(total.totalMoney),
    count: total.totalCount
  }
}

const myGifts = async (token: string, lang?: 'en') =>
  (await call<Page<PersonalDonation>>(app, 'demo', Api.donateRecordList, { query: { limit: 50, ...(lang ? { lang } : {}) }, token })).body
    .data

describe('refunds from the ledger (sandbox provider)', () => {
  it('a partial then a full refund: totals, directory and my gifts follow exactly once', async () => {
    const donor = await login(app, 'demo', 'refund-donor-1')
    const gift = await paidGift(app, 'demo', donor, avenue, { currencyMoney: '1234.56' })
    const id = Number(gift.id)
    const before = await projectAnswer(avenue)
    const storedBefore = await storedProjectFen(avenue)

    const part = await refund(id, '234.56')
    assert.equal(part.body.code, 0, part.body.message)
    assert.equal(part.body.data.state, 'succeeded')
    assert.equal(part.body.data.amountFen, 23456)
    let d = await donation(id)
    assert.equal(Number(d.refunded_fen), 23456)
    assert.equal(Number(d.refund_held_fen), 0)
    assert.equal(d.status, 'paid')
    const mid = await projectAnswer(avenue)
    assert.equal(before.completeFen - mid.completeFen, 23456)
    assert.equal(before.totalFen - mid.totalFen, 23456)
    assert.equal(storedBefore - (await storedProjectFen(avenue)), 23456)
    assert.equal(mid.payCounts, before.payCounts)

    let mine = (await myGifts(donor)).rows.find((g) => g.id === id)!
    assert.equal(mine.donateMoney, '1234.56')
    assert.equal(mine.refundMoney, '234.56')
    assert.equal(mine.refundState, 1)

    const rest = await refund(id, '1000.00', 'the rest')
    assert.equal(rest.body.code, 0, rest.body.message)
    assert.equal(rest.body.data.state, 'succeeded')
    d = await donation(id)
    assert.equal(d.status, 'refunded')
    assert.equal(Number(d.refunded_fen), 123456)
    const afterFull = await projectAnswer(avenue)
    assert.equal(before.completeFen - afterFull.completeFen, 123456)
    assert.equal(before.totalFen - afterFull.totalFen, 123456)
    assert.equal(before.payCounts - afterFull.payCounts, 1)
    assert.equal(before.count - afterFull.count, 1)

    mine = (await myGifts(donor)).rows.find((g) => g.id === id)!
    assert.equal(mine.refundMoney, '1234.56')
    assert.equal(mine.refundState, 2)

    // nothing is left to give back: -1 naming what is left, in the request's language
    const more = await staffCall(app, 'demo', 'POST', `/ledger/${id}/refund`, {
      token: finance.token,
      body: { amount: '0.01', reason: 'x' },
      lang: 'en'
    })
    assert.equal(more.body.code, -1)
    assert.equal(more.body.message, 'Only a paid gift can be refunded')
    assert.equal((await refundsOf(id)).length, 2)
  })

  it('never gives back more than was paid: concurrent requests, a too-large amount, idempotent out_refund_no', async () => {
    const donor = await login(app, 'demo', 'refund-donor-2')
    const gift = await paidGift(app, 'demo', donor, scholarship, { currencyMoney: '100.00' })
    const id = Number(gift.id)
    const tooMuch = await staffCall(app, 'demo', 'POST', `/ledger/${id}/refund`, {
      token: finance.token,
      body: { amount: '100.01', reason: 'x' },
      lang: 'en'
    })
    assert.equal(tooMuch.body.code, -1)
    assert.equal(tooMuch.body.message, 'The refund is more than can be given back (at most ¥100.00)')

    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(id, '60.00')))
    assert.equal(answers.filter((a) => a.body.code === 0).length, 1)
    assert.ok(answers.filter((a) => a.body.code !== 0).every((a) => a.body.code === -1))
    const d = await donation(id)
    assert.equal(Number(d.refunded_fen), 6000)
    assert.equal(Number(d.refund_held_fen), 0)

    // the same out_refund_no again answers the first refund; with another amount it is refused
    const a = await refund(id, '10.00', 'x', finance, { outRefundNo: 'ROUT-IDEMPOTENT-1' })
    const b = await refund(id, '10.00', 'x', finance, { outRefundNo: 'ROUT-IDEMPOTENT-1' })
    assert.equal(a.body.code, 0)
    assert.equal(b.body.data.id, a.body.data.id)
    assert.equal((await refund(id, '11.00', 'x', finance, { outRefundNo: 'ROUT-IDEMPOTENT-1' })).body.code, -1)
    assert.equal(Number((await donation(id)).refunded_fen), 7000)
    assert.equal((await refundsOf(id)).filter((r) => r.state === 'succeeded').length, 2)
  })

  it('refunds above the threshold wait for a second member of staff; every step is audited', async () => {
    const donor = await login(app, 'demo', 'refund-donor-3')
    const gift = await paidGift(app, 'demo', donor, scholarship, { currencyMoney: '6000.00' })
    const id = Number(gift.id)
    const asked = await refund(id, '5000.01', 'large refund')
    assert.equal(asked.body.code, 0)
    assert.equal(asked.body.data.state, 'pending_approval')
    assert.equal(Number((await donation(id)).refunded_fen), 0)
    assert.equal(Number((await donation(id)).refund_held_fen), 500001)
    // held: a second refund cannot take the same money meanwhile
    assert.equal((await refund(id, '1000.00')).body.code, -1)

    const self = await staffCall(app, 'demo', 'POST', `/refunds/${asked.body.data.id}/approve`, {
      token: finance.token,
      body: { decision: 'approve' },
      lang: 'en'
    })
    assert.equal(self.body.code, -1)
    assert.match(self.body.message, /another member of finance/)
    const byEditor = await staffCall(app, 'demo', 'POST', `/refunds/${asked.body.data.id}/approve`, {
      token: editor.token,
      body: { decision: 'approve' }
    })
    assert.equal(byEditor.body.code, -1)

    const ok = await staffCall<RefundView>(app, 'demo', 'POST', `/refunds/${asked.body.data.id}/approve`, {
      token: finance2.token,
      body: { decision: 'approve' }
    })
    assert.equal(ok.body.code, 0, ok.body.message)
    assert.equal(ok.body.data.state, 'succeeded')
    assert.equal(ok.body.data.approvedBy, finance2.staffId)
    assert.equal(Number((await donation(id)).refunded_fen), 500001)
    assert.equal(Number((await donation(id)).refund_held_fen), 0)

    // a rejected one releases its hold
    const second = await refund(id, '900.00', 'second')
    assert.equal(second.body.data.state, 'succeeded', 'under the threshold: no approval')
    const big = await staffCall<RefundView>(app, 'demo', 'POST', '/refunds/settings', {
      token: admin.token,
      body: { approvalAmount: '0.00' }
    })
    assert.equal(big.body.code, 0)
    const third = await refund(id, '0.01', 'third')
    assert.equal(third.body.data.state, 'pending_approval')
    const rejected = await staffCall<RefundView>(app, 'demo', 'POST', `/refunds/${third.body.data.id}/approve`, {
      token: admin.token,
      body: { decision: 'reject', note: 'not agreed' }
    })
    assert.equal(rejected.body.data.state, 'closed')
    assert.equal(Number((await donation(id)).refund_held_fen), 0)
    await staffCall(app, 'demo', 'POST', '/refunds/settings', { token: admin.token, body: { approvalAmount: '5000.00' } })

    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id'])
      .where('school_id', '=', sid)
      .where('action', 'like', 'refund.%')
      .orderBy('id')
      .execute()
    const actions = audit.map((a) => a.action)
    for (const a of ['refund.request', 'refund.approve', 'refund.reject', 'refund.settings']) assert.ok(actions.includes(a), a)
    assert.equal(audit.find((a) => a.action === 'refund.approve')?.staff_id, finance2.staffId)

    const list = await staffCall<{ total: number; rows: RefundView[] }>(app, 'demo', 'GET', `/refunds?donationId=${id}`, {
      token: finance.token
    })
    assert.equal(list.body.data.total, 3)
    assert.equal((await staffCall(app, 'demo', 'GET', '/refunds', { token: editor.token })).body.code, -1)
  })

  it('awards the refunded money had earned are taken back; the e-certificate is void and the donor sees why', async () => {
    const donor = await login(app, 'demo', 'refund-donor-4')
    const gift = await paidGift(app, 'demo', donor, scholarship, { currencyMoney: '200.00' })
    const id = Number(gift.id)
    await app.jobs.runJobsOnce()
    const cert = await app.db.selectFrom('certificate').selectAll().where('donation_id', '=', id).executeTakeFirst()
    assert.ok(cert?.file_url, 'the gift has its e-certificate')
    const held = await app.db.selectFrom('award_record').select('id').where('user_id', '=', gift.user_id).execute()
    assert.ok(held.length >= 1, 'the first gift earned an award')

    assert.equal((await refund(id, '200.00')).body.data.state, 'succeeded')
    const after = await app.db.selectFrom('award_record').select('id').where('user_id', '=', gift.user_id).execute()
    assert.equal(after.length, 0)
    // the award list re-evaluates the caller: nothing comes back
    await call(app, 'demo', Api.awardList, { token: donor })
    assert.equal((await app.db.selectFrom('award_record').select('id').where('user_id', '=', gift.user_id).execute()).length, 0)

    const voided = await app.db.selectFrom('certificate').selectAll().where('donation_id', '=', id).executeTakeFirstOrThrow()
    assert.equal(voided.void_reason, 'refunded')
    assert.equal(voided.file_url, '')
    const zh = (await myGifts(donor)).rows.find((g) => g.id === id)!
    assert.equal(zh.certificateVoidReason, '捐赠已全额退款，证书作废')
    const en = (await myGifts(donor, 'en')).rows.find((g) => g.id === id)!
    assert.equal(en.certificateVoidReason, 'The gift was refunded in full; the certificate is void')
  })

  it('a partial refund re-issues the e-certificate for what remains; receipts: unsent cancelled, sent flagged', async () => {
    const donor = await login(app, 'demo', 'refund-donor-5')
    const g1 = await paidGift(app, 'demo', donor, scholarship, { currencyMoney: '300.00' })
    const g2 = await paidGift(app, 'demo', donor, scholarship, { currencyMoney: '400.00' })
    await app.jobs.runJobsOnce()
    const now = new Date().toISOString()
    const receipt = (donationId: number, status: number) => ({
      school_id: sid,
      user_id: Number(g1.user_id),
      donation_id: donationId,
      batch_no: `RB${donationId}`,
      status,
      donor_type: 1,
      donor_name: '张三',
      receipt_type: 1,
      receipt_way: 3,
      credit_code: '',
      postal_contact: '',
      postal_mobile: '',
      postal_address: '',
      postal_email: 'a@example.com',
      postal_mobile_sms: '',
      express_company: '',
      express_no: '',
      file_url: status === 7 ? '/files/receipts/x.pdf' : '',
      origin: 'apply',
      created_at: now,
      updated_at: now
    })
    await app.db
      .insertInto('receipt_request')
      .values([receipt(Number(g1.id), 1), receipt(Number(g2.id), 7)])
      .execute()

    assert.equal((await refund(Number(g1.id), '100.00')).body.data.state, 'succeeded')
    const c1 = await app.db.selectFrom('certificate').selectAll().where('donation_id', '=', Number(g1.id)).executeTakeFirstOrThrow()
    assert.equal(c1.void_reason, '')
    assert.equal(Number(c1.amount_fen), 20000)
    await app.jobs.runJobsOnce()
    assert.ok((await app.db.selectFrom('certificate').select('file_url').where('id', '=', c1.id).executeTakeFirstOrThrow()).file_url)
    // the unsent receipt stays for the amount that remains
    let r1 = await app.db.selectFrom('receipt_request').selectAll().where('donation_id', '=', Number(g1.id)).executeTakeFirstOrThrow()
    assert.equal(r1.refund_state, '')

    assert.equal((await refund(Number(g1.id), '200.00')).body.data.state, 'succeeded')
    r1 = await app.db.selectFrom('receipt_request').selectAll().where('donation_id', '=', Number(g1.id)).executeTakeFirstOrThrow()
    assert.equal(r1.refund_state, 'cancelled')
    assert.equal((await refund(Number(g2.id), '1.00')).body.data.state, 'succeeded')
    const r2 = await app.db.selectFrom('receipt_request').selectAll().where('donation_id', '=', Number(g2.id)).executeTakeFirstOrThrow()
    assert.equal(r2.refund_state, 'flagged')
  })

  it('a refund made at the provider, reported twenty times at once, changes the totals once', async () => {
    const donor = await login(app, 'demo', 'refund-donor-6')
    const gift = await paidGift(app, 'demo', donor, avenue, { currencyMoney: '50.00' })
    const before = await projectAnswer(avenue)
    const report: VerifiedNotification = {
      provider: 'sandbox',
      billNo: gift.bill_no,
      providerTradeNo: `SBX${gift.bill_no}`,
      amountFen: 5000,
      outcome: 'paid',
      raw: '{}',
      refund: { outRefundNo: 'CONSOLE-REFUND-1', providerRefundNo: 'P1', refundFen: 1250, outcome: 'succeeded' }
    }
    const results = await Promise.all(Array.from({ length: 20 }, () => applyNotification(app.db, sid, report)))
    assert.equal(results.filter((r) => r.status === 'applied').length, 1)
    assert.equal(results.filter((r) => r.status === 'duplicate').length, 19)
    const after = await projectAnswer(avenue)
    assert.equal(before.completeFen - after.completeFen, 1250)
    const rows = await refundsOf(Number(gift.id))
    assert.equal(rows.length, 1)
    assert.equal(rows[0].origin, 'provider')
    assert.equal(Number((await donation(Number(gift.id))).refunded_fen), 1250)
    // a report naming more than was paid is refused and changes nothing
    const over = await applyNotification(app.db, sid, {
      ...report,
      refund: { outRefundNo: 'CONSOLE-REFUND-2', providerRefundNo: 'P2', refundFen: 5000, outcome: 'succeeded' }
    })
    assert.equal(over.status, 'rejected')
    assert.equal(Number((await donation(Number(gift.id))).refunded_fen), 1250)
    assert.equal((await refundsOf(Number(gift.id))).length, 1)
  })

  it('the ledger shows refunds: the row status, its refunded amount and the refunded total', async () => {
    const donor = await login(app, 'demo', 'refund-donor-7')
    const gift = await paidGift(app, 'demo', donor, avenue, { currencyMoney: '12.34' })
    await refund(Number(gift.id), '12.34')
    const led = await staffCall<{ rows: any[]; totals: any }>(app, 'demo', 'GET', `/ledger?keyword=${gift.bill_no}`, {
      token: finance.token
    })
    assert.equal(led.body.data.rows[0].status, 'refunded')
    assert.equal(led.body.data.rows[0].refundedFen, 1234)
    assert.equal(led.body.data.totals.refundedFen, 1234)
    assert.equal(fenToYuan(led.body.data.totals.refundedFen), '12.34')
  })

  it('named seats of a refunded gift go back to staff: release frees the seat, keep keeps it; both audited', async () => {
    const jnu = await jnuSeatProject(app)
    const donor = await login(app, 'demo', 'refund-donor-seat')
    const [s1] = await freeSeats(app, 'demo', jnu, 1)
    const [s2] = await freeSeats(app, 'demo', jnu, 1, 1)
    const ids: number[] = []
    for (const seat of [s1, s2]) {
      const r = await donateNaming(app, 'demo', donor, seatBody(jnu, [{ seat, termYear: 5 }]))
      assert.equal(r.body.code, 0, r.body.message)
      const bill = r.body.data.orderPayRequestDTO.billNo
      assert.equal((await sandboxNotify(app, 'demo', bill)).body.data?.status, 'applied')
      const order = await orderRow(app, bill)
      assert.equal((await refund(Number(order.id), fenToYuan(Number(order.amount_fen)))).body.data.state, 'succeeded')
      ids.push(Number(order.id))
    }
    const [r1] = await recordsOf(app, ids[0])
    const [r2] = await recordsOf(app, ids[1])
    assert.deepEqual([r1.refund_state, r2.refund_state], ['review', 'review'])
    const listed = await staffCall<{ rows: { id: number }[] }>(app, 'demo', 'GET', '/refunds/naming', { token: finance.token })
    assert.ok([r1.id, r2.id].every((id) => listed.body.data.rows.some((r) => r.id === id)))

    const released = await staffCall(app, 'demo', 'POST', `/refunds/naming/${r1.id}`, {
      token: finance.token,
      body: { decision: 'release' }
    })
    assert.equal(released.body.code, 0, released.body.message)
    assert.equal((await seatRow(app, s1.id)).status, 1, 'the seat is free again')
    const kept = await staffCall(app, 'demo', 'POST', `/refunds/naming/${r2.id}`, { token: finance.token, body: { decision: 'keep' } })
    assert.equal(kept.body.code, 0)
    assert.equal((await seatRow(app, s2.id)).status, 2, 'the seat stays named')
    // decided once
    assert.equal(
      (await staffCall(app, 'demo', 'POST', `/refunds/naming/${r2.id}`, { token: finance.token, body: { decision: 'release' } })).body.code,
      -1
    )
    const audit = await app.db.selectFrom('audit_log').select('action').where('action', 'like', 'refund.naming.%').execute()
    assert.deepEqual(audit.map((a) => a.action).sort(), ['refund.naming.keep', 'refund.naming.release'])
  })
})
