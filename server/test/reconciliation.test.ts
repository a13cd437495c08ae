/**
 * Bill reconciliation (docs/decisions/038-bill-reconciliation.md) through the staff console API, against fake
 * providers serving their bills in the documented formats (fake-bills.ts): WeChat Pay's gzip trade bill with its
 * SHA1, Alipay's zip of GBK CSV files. One day per provider holds a payment we never heard of, a payment of ours the
 * provider does not know, a wrong amount and a refund made outside: exactly those four findings. Applying the
 * missing payment pays it once (the total moves once, and the provider's notification replayed afterwards changes
 * nothing); applying the outside refund records it once; a rerun keeps what people settled. Also: the sandbox's own
 * bill, the daily schedule, roles and school scope.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, type DirectoryTotal } from '../../types'
import type { BillFindingView, BillRunView } from '../src/domain/bill/findings'
import { scheduleBillRuns } from '../src/domain/bill/schedule'
import { beijingDate, beijingDayStart } from '../src/domain/ledger/repository'
import { AVENUE, demoBody, paidGift, placeOrder } from './center-fixtures'
import * as A from './fake-alipay'
import { alipayBillZip, wechatTradeBill, type FakeBillLine } from './fake-bills'
import * as W from './fake-wechatpay'
import { call, login, startApp, TEST_BUILD_DEFAULTS, type TestContext } from './helpers'
import { orderRow, projectIdOf, schoolIdOf } from './order-fixtures'
import { staffCall, staffLogin, type StaffLogin } from './staff-fixtures'
import { invalidateSchoolCache } from '../src/domain/school/cache'

const BASE = 'https://donate.example.edu'
const PID = '2088101106499364'
let ctx: TestContext
let app: FastifyInstance
let sid: number
let finance: StaffLogin
let avenue: number
let donor: string
const wechat = new W.FakeWechat()
const alipay = new A.FakeAlipay()
const billDate = beijingDate(new Date(Date.now() - 86_400_000))
const paidAt = new Date(beijingDayStart(billDate)!.getTime() + 12 * 3_600_000).toISOString()

before(async () => {
  await Promise.all([wechat.start(), alipay.start()])
  // the fake providers listen on 127.0.0.1 (lib/outbound.ts: tests only)
  ctx = await startApp({ build: { orders: { ...TEST_BUILD_DEFAULTS.orders, publicBaseUrl: BASE }, outbound: { allowLoopback: true } } })
  app = ctx.app
  sid = await schoolIdOf(app, 'demo')
  finance = await staffLogin(app, 'demo', ['finance'])
  avenue = await projectIdOf(app, 'demo', AVENUE)
  donor = await login(app, 'demo', 'bill-reconciliation-donor')
  const now = new Date().toISOString()
  const wechatCredentials = {
    mchId: W.MCH_ID,
    appId: W.APP_ID,
    serialNo: W.SERIAL,
    privateKeyPem: W.merchant.privateKey,
    apiV3Key: W.API_V3_KEY,
    platformPublicKeyPem: W.platform.publicKey,
    platformSerial: W.PUB_KEY_ID,
    baseUrl: wechat.baseUrl
  }
  const alipayCredentials = {
    appId: A.APP_ID,
    privateKeyPem: A.app.privateKey,
    alipayPublicKeyPem: A.alipay.publicKey,
    gateway: alipay.gateway
  }
  await app.db.deleteFrom('payment_config').where('school_id', '=', sid).execute()
  await app.db
    .insertInto('payment_config')
    .values([
      { school_id: sid, pay_type: 1, provider: 'wechatpay', credentials: JSON.stringify(wechatCredentials), enabled: 1, updated_at: now },
      { school_id: sid, pay_type: 2, provider: 'alipay', credentials: JSON.stringify(alipayCredentials), enabled: 1, updated_at: now }
    ])
    .execute()
  invalidateSchoolCache()
})
after(async () => {
  await ctx.close()
  await Promise.all([wechat.stop(), alipay.stop()])
})

/** An order of `provider`, paid on the bill day or still pending (placed through the sandbox, then handed over). */
async function orderOf(provider: string, payType: number, yuan: string, paid: boolean) {
  await app.db.updateTable('payment_config').set({ enabled: 0 }).where('school_id', '=', sid).execute()
  invalidateSchoolCache()
  try {
    const row = paid
      ? await paidGift(app, 'demo', donor, avenue, { currencyMoney: yuan })
      : await orderRow(app, await placeOrder(app, 'demo', donor, demoBody(avenue, { currencyMoney: yuan })))
    const tradeNo = `T${provider.toUpperCase()}${row.id}`
    await app.db
      .updateTable('donation')
      .set({ provider, pay_type: payType, provider_trade_no: paid ? tradeNo : '', ...(paid ? { paid_at: paidAt } : {}) })
      .where('id', '=', row.id)
      .execute()
    return { id: Number(row.id), billNo: row.bill_no, fen: Number(row.amount_fen), tradeNo }
  } finally {
    await app.db.updateTable('payment_config').set({ enabled: 1 }).where('school_id', '=', sid).execute()
    invalidateSchoolCache()
  }
}

const totalFen = async () => {
  const t = (await call<DirectoryTotal>(app, 'demo', Api.total, { query: { itemsId: avenue } })).body.data.totalMoney
  const [w, f = ''] = t.split('.')
  return Number(w) * 100 + Number(f.padEnd(2, '0'))
}
const staff = <T = any>(method: 'GET' | 'POST', url: string, body?: unknown, token = finance.token) =>
  staffCall<T>(app, 'demo', method, url, { token, body })
const donation = (id: number) => app.db.selectFrom('donation').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

/** The day of four findings for one provider: its orders, the bill lines the provider's fake serves. */
async function dayOf(provider: 'wechatpay' | 'alipay', payType: number) {
  const matched = await orderOf(provider, payType, '11.00', true)
  const unknown = await orderOf(provider, payType, '33.00', true)
  const wrong = await orderOf(provider, payType, '44.00', true)
  const refunded = await orderOf(provider, payType, '55.00', true)
  // last: the donor's next order would close this one (docs/decisions/031), and its money would be late money
  const missing = await orderOf(provider, payType, '22.00', false)
  const outsideRefundNo = `MCHCONSOLE${refunded.id}`
  const lines: FakeBillLine[] = [
    { kind: 'payment', billNo: matched.billNo, tradeNo: matched.tradeNo, fen: matched.fen },
    { kind: 'payment', billNo: missing.billNo, tradeNo: `T${provider.toUpperCase()}${missing.id}`, fen: missing.fen },
    { kind: 'payment', billNo: wrong.billNo, tradeNo: wrong.tradeNo, fen: wrong.fen + 100 },
    { kind: 'payment', billNo: refunded.billNo, tradeNo: refunded.tradeNo, fen: refunded.fen },
    {
      kind: 'refund',
      billNo: refunded.billNo,
      tradeNo: refunded.tradeNo,
      fen: 1500,
      orderFen: refunded.fen,
      outRefundNo: outsideRefundNo,
      refundId: `50300${refunded.id}`
    }
  ]
  return { matched, missing, unknown, wrong, refunded, outsideRefundNo, lines }
}

async function runDay(provider: string) {
  const r = await staff<BillRunView>('POST', '/bills/run', { date: billDate, provider })
  assert.equal(r.body.code, 0, r.body.message)
  assert.equal(r.body.data.state, 'queued')
  const jobs = await app.jobs.runJobsOnce()
  assert.equal(jobs.failed, 0)
  const list = await staff<{ rows: BillRunView[]; providers: string[] }>('GET', `/bills?from=${billDate}&to=${billDate}`)
  assert.equal(list.body.code, 0, list.body.message)
  const run = list.body.data.rows.find((x) => x.provider === provider)!
  assert.equal(run.state, 'done', run.error)
  const detail = await staff<{ run: BillRunView; findings: BillFindingView[] }>('GET', `/bills/${run.id}`)
  assert.equal(detail.body.code, 0, detail.body.message)
  return detail.body.data
}

type Day = Awaited<ReturnType<typeof dayOf>>

/** The four findings, their application, the replayed notification and the rerun; `replay` posts the provider's
 *  own payment notification for the missing payment. */
async function checkDay(provider: string, day: Day, replay: () => Promise<void>) {
  const { run, findings } = await runDay(provider)
  assert.equal(run.lines, 5)
  assert.equal(run.matched, 2, 'the matched payment and the refunded payment')
  assert.equal(run.openFindings, 4)
  const by = Object.fromEntries(findings.map((f) => [f.kind, f]))
  assert.deepEqual(Object.keys(by).sort(), ['amount_mismatch', 'missing_payment', 'unknown_refund', 'unpaid_at_provider'])
  assert.equal(by.missing_payment.billNo, day.missing.billNo)
  assert.equal(by.missing_payment.applicable, true)
  assert.equal(by.unpaid_at_provider.billNo, day.unknown.billNo)
  assert.equal(by.unpaid_at_provider.applicable, false)
  assert.equal(by.amount_mismatch.billNo, day.wrong.billNo)
  assert.equal(by.amount_mismatch.billAmount, ((day.wrong.fen + 100) / 100).toFixed(2))
  assert.equal(by.amount_mismatch.ourAmount, (day.wrong.fen / 100).toFixed(2))
  assert.equal(by.unknown_refund.outRefundNo, day.outsideRefundNo)
  assert.equal(by.unknown_refund.billAmount, '15.00')

  // the missing payment: applied once, through the notification path
  const before = await totalFen()
  const applied = await staff<BillFindingView>('POST', `/bills/findings/${by.missing_payment.id}/apply`, { note: '对账单补记' })
  assert.equal(applied.body.code, 0, applied.body.message)
  assert.equal(applied.body.data.state, 'applied')
  assert.equal(applied.body.data.result, 'applied')
  assert.equal((await donation(day.missing.id)).status, 'paid')
  assert.equal(await totalFen(), before + day.missing.fen)
  const again = await staff('POST', `/bills/findings/${by.missing_payment.id}/apply`, {})
  assert.equal(again.body.code, -1)
  assert.equal(again.body.message, '该差异已处理')
  await replay()
  assert.equal(await totalFen(), before + day.missing.fen, 'the replayed notification moved nothing')
  const records = await app.db.selectFrom('payment_notification').select('id').where('bill_no', '=', day.missing.billNo).execute()
  assert.equal(records.length, 1)

  // a payment that cannot be applied is refused; it is resolved with a note
  const refused = await staff('POST', `/bills/findings/${by.amount_mismatch.id}/apply`, {})
  assert.equal(refused.body.code, -1)
  const noNote = await staff('POST', `/bills/findings/${by.amount_mismatch.id}/resolve`, { note: '  ' })
  assert.equal(noNote.body.code, -1)
  const resolved = await staff<BillFindingView>('POST', `/bills/findings/${by.amount_mismatch.id}/resolve`, { note: '渠道已更正' })
  assert.equal(resolved.body.data.state, 'resolved')

  // the refund made outside: recorded once through the refund settle path
  const r1 = await staff<BillFindingView>('POST', `/bills/findings/${by.unknown_refund.id}/apply`, {})
  assert.equal(r1.body.code, 0, r1.body.message)
  assert.equal(r1.body.data.result, 'applied')
  assert.equal(Number((await donation(day.refunded.id)).refunded_fen), 1500)
  const refunds = await app.db.selectFrom('refund').selectAll().where('donation_id', '=', day.refunded.id).execute()
  assert.deepEqual(
    refunds.map((r) => [r.out_refund_no, r.state, r.origin, Number(r.amount_fen)]),
    [[day.outsideRefundNo, 'succeeded', 'provider', 1500]]
  )

  // audited, each in the transaction of its change
  const audit = await app.db
    .selectFrom('audit_log')
    .select('action')
    .where('school_id', '=', sid)
    .where('action', 'like', 'bills.%')
    .execute()
  assert.ok(audit.filter((a) => a.action === 'bills.finding.apply').length >= 2)

  // a rerun of the day keeps what people settled; only the payment the provider does not know stays open
  const rerun = await runDay(provider)
  assert.equal(rerun.run.openFindings, 1)
  assert.deepEqual(rerun.findings.map((f) => [f.kind, f.state]).sort(), [
    ['amount_mismatch', 'resolved'],
    ['missing_payment', 'applied'],
    ['unknown_refund', 'applied'],
    ['unpaid_at_provider', 'open']
  ])
}

describe('bill reconciliation', () => {
  it('WeChat Pay: the gzip trade bill (SHA1 checked) gives exactly the four findings; applying pays once', async () => {
    const day = await dayOf('wechatpay', 1)
    wechat.bills.set(billDate, wechatTradeBill(day.lines, { appId: W.APP_ID, mchId: W.MCH_ID }))
    await checkDay('wechatpay', day, async () => {
      const raw = W.notifyBody(
        W.transaction({
          out_trade_no: day.missing.billNo,
          transaction_id: `TWECHATPAY${day.missing.id}`,
          amount: { total: day.missing.fen }
        })
      )
      const res = await app.inject({
        method: 'POST',
        url: '/notify/demo/wechatpay',
        payload: raw,
        headers: { 'content-type': 'application/json', ...W.platformHeaders(raw) }
      })
      assert.equal(res.statusCode, 204)
    })
    const signed = wechat.seen.filter((s) => s.url.startsWith('/v3/bill'))
    assert.ok(signed.length >= 2 && signed.every((s) => s.signatureValid), 'the tradebill call and the download were signed')
  })

  it('Alipay: the zip of GBK CSV files gives exactly the four findings; applying pays once', async () => {
    const day = await dayOf('alipay', 2)
    alipay.bills.set(billDate, alipayBillZip(day.lines, PID, billDate))
    await checkDay('alipay', day, async () => {
      const form = A.encodeForm(
        A.signedNotify(
          A.notifyParams({
            out_trade_no: day.missing.billNo,
            total_amount: (day.missing.fen / 100).toFixed(2),
            trade_no: `TALIPAY${day.missing.id}`
          })
        )
      )
      const res = await app.inject({
        method: 'POST',
        url: '/notify/demo/alipay',
        payload: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' }
      })
      assert.equal(res.payload, 'success')
    })
  })

  it('a WeChat bill altered on the way fails its SHA1: the run is failed with its reason and retried', async () => {
    const other = beijingDate(new Date(Date.now() - 5 * 86_400_000))
    wechat.bills.set(other, wechatTradeBill([], { appId: W.APP_ID, mchId: W.MCH_ID }))
    wechat.alterBill = (text) => text.replace('`0,', '`1,')
    try {
      const r = await staff<BillRunView>('POST', '/bills/run', { date: other, provider: 'wechatpay' })
      assert.equal(r.body.code, 0, r.body.message)
      assert.equal((await app.jobs.runJobsOnce()).failed, 1)
    } finally {
      wechat.alterBill = null
    }
    const run = await app.db.selectFrom('bill_run').selectAll().where('bill_date', '=', other).executeTakeFirstOrThrow()
    assert.equal(run.state, 'failed')
    assert.match(run.error, /SHA1 does not match/)
    const job = await app.db
      .selectFrom('job')
      .selectAll()
      .where('kind', '=', 'bill-reconcile')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    assert.equal(job.status, 'pending', 'retried with backoff')
  })

  it('the sandbox bill is made from its own records and read by the same parser: nothing to flag', async () => {
    const g = await orderOf('sandbox', 1, '66.00', true)
    await app.db.updateTable('payment_notification').set({ created_at: paidAt }).where('bill_no', '=', g.billNo).execute()
    const { run, findings } = await runDay('sandbox')
    assert.equal(run.lines, 1)
    assert.equal(run.matched, 1)
    assert.deepEqual(findings, [])
  })

  it('runs only for finance, for days before today, for configured providers; findings are this school’s', async () => {
    const fulfilment = await staffLogin(app, 'demo', ['fulfilment'])
    const refused = await staff('GET', '/bills', undefined, fulfilment.token)
    assert.equal(refused.body.code, -1)
    assert.match(refused.body.message, /^当前账号无权进行此操作/)
    const today = await staff('POST', '/bills/run', { date: beijingDate(new Date()), provider: 'wechatpay' })
    assert.equal(today.body.code, -1)
    const nobody = await staff('POST', '/bills/run', { date: billDate, provider: 'thirdparty' })
    assert.equal(nobody.body.code, -1)
    const finding = await app.db.selectFrom('bill_finding').select(['id', 'run_id']).where('school_id', '=', sid).executeTakeFirstOrThrow()
    const others = await app.db.selectFrom('school').select('code').where('id', '!=', sid).executeTakeFirstOrThrow()
    const foreign = await staffLogin(app, others.code, ['finance'])
    const read = await staffCall(app, others.code, 'GET', `/bills/${finding.run_id}`, { token: foreign.token })
    assert.equal(read.body.code, -1)
    const write = await staffCall(app, others.code, 'POST', `/bills/findings/${finding.id}/resolve`, {
      token: foreign.token,
      body: { note: 'x' }
    })
    assert.equal(write.body.code, -1)
  })

  it('the daily schedule queues yesterday once per school and provider after the hour, and not before', async () => {
    const day = new Date(Date.now() + 10 * 86_400_000)
    const start = beijingDayStart(beijingDate(day))!.getTime()
    assert.equal(await scheduleBillRuns(app.db, new Date(start + 9 * 3_600_000), 10), 0, 'before 10:00 Beijing')
    const at = new Date(start + 11 * 3_600_000)
    assert.equal(await scheduleBillRuns(app.db, at, 10), 2)
    assert.equal(await scheduleBillRuns(app.db, at, 10), 0, 'already queued')
    assert.equal(await scheduleBillRuns(app.db, at, null), 0, 'off')
    const date = beijingDate(new Date(at.getTime() - 86_400_000))
    const runs = await app.db
      .selectFrom('bill_run')
      .select(['provider', 'state'])
      .where('bill_date', '=', date)
      .orderBy('provider')
      .execute()
    assert.deepEqual(runs, [
      { provider: 'alipay', state: 'queued' },
      { provider: 'wechatpay', state: 'queued' }
    ])
    const jobs = await app.db
      .selectFrom('job')
      .select('payload')
      .where('kind', '=', 'bill-reconcile')
      .where('status', '=', 'pending')
      .execute()
    assert.equal(jobs.filter((j) => JSON.parse(j.payload).billDate === date).length, 2)
  })
})
