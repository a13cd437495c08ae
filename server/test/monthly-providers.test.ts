/**
 * Monthly giving through the real providers' protocols (docs/decisions/079-monthly-providers.md), on SQLite and, with
 * DATABASE_URL, PostgreSQL: WeChat Pay 委托代扣 (papay, 预约扣费) and Alipay 周期扣款, each against a fake server on
 * 127.0.0.1 speaking the documented protocol with real signatures from keys generated for the test (fake-agreements.ts):
 * a plan is signed through the provider's page and its signed notification, charged exactly once for each of three
 * simulated months although collection runs for each charge day in two worker processes at once and then once more
 * (WeChat: only after the pre-deduction notice went out two days before), a declined charge is retried on the
 * provider's days (WeChat D, D+1, D+2 inside the notice's deduct_duration; Alipay D-2, D-1, D up to the agreed day,
 * which the fakes enforce by the simulated day each run sets) and then pauses the plan (which the donor resumes),
 * nothing is charged before the provider's window, WeChat's 7:00-22:00 defers a run without counting a decline, and a
 * stopped plan's agreement is ended at the provider
 * (by a queued job when the provider does not answer) and never charged again. A school whose provider has no
 * agreement contract does not offer the option.
 */
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { after, afterEach, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, type MonthlyPayTypes, type MonthlyPlan, type MonthlyPlans, type PrivacyExport } from '../../types'
import { collect } from '../src/domain/monthly/collect'
import { addDays, chargeDay, firstChargeOn, nextMonth } from '../src/domain/monthly/dates'
import { runUnsign, UNSIGN_JOB_KIND } from '../src/domain/monthly/unsign'
import { beijingDate } from '../src/domain/ledger/repository'
import { projectIdOf, SCHOLARSHIP } from './center-fixtures'
import { APP_ID as ALIPAY_APP_ID, alipay as alipayKeys, app as alipayApp, stranger } from './fake-alipay'
import { CYCLE_SIGN_SCENE, FakeAlipayCycle, FakePapay, PAPAY_PLAN_ID } from './fake-agreements'
import { APP_ID as WX_APP_ID, API_V3_KEY, MCH_ID, PUB_KEY_ID, SERIAL, merchant, platform } from './fake-wechatpay'
import { TEST_BUILD_DEFAULTS, call, login, startApp, type TestContext } from './helpers'
import { createAlipay } from '../src/providers/payment/alipay'
import { ProviderError } from '../src/providers/payment/types'
import { createWechatPay } from '../src/providers/payment/wechatpay'
import { invalidateSchoolCache } from '../src/domain/school/cache'

const root = path.resolve(__dirname, '..', '..')
const PUBLIC = 'https://give.example.edu.cn'
const env = {
  T_MP_WX_KEY: merchant.privateKey,
  T_MP_WX_V3: API_V3_KEY,
  T_MP_WX_PLATFORM: platform.publicKey,
  T_MP_ALI_KEY: alipayApp.privateKey,
  T_MP_ALI_PUBLIC: alipayKeys.publicKey,
  // the names above are this test's secrets (lib/secret-env.ts)
  SECRET_ENV_ALLOW: 'T_MP_WX_KEY,T_MP_WX_V3,T_MP_WX_PLATFORM,T_MP_ALI_KEY,T_MP_ALI_PUBLIC'
}

const papay = new FakePapay()
const cycle = new FakeAlipayCycle()
let ctx: TestContext
let app: FastifyInstance
let scholarship = 0

const wechatCredentials = (withPapay: boolean) =>
  JSON.stringify({
    mchId: MCH_ID,
    appId: WX_APP_ID,
    serialNo: SERIAL,
    privateKeyPem: 'env:T_MP_WX_KEY',
    apiV3Key: 'env:T_MP_WX_V3',
    platformPublicKeyPem: 'env:T_MP_WX_PLATFORM',
    platformSerial: PUB_KEY_ID,
    baseUrl: papay.baseUrl,
    ...(withPapay ? { papay: { planId: PAPAY_PLAN_ID, displayAccount: '示范大学月捐' } } : {})
  })
const alipayCredentials = (withCycle: boolean) =>
  JSON.stringify({
    appId: ALIPAY_APP_ID,
    privateKeyPem: 'env:T_MP_ALI_KEY',
    alipayPublicKeyPem: 'env:T_MP_ALI_PUBLIC',
    gateway: cycle.gateway,
    ...(withCycle ? { cycle: { signScene: CYCLE_SIGN_SCENE } } : {})
  })

const schoolIdOf = async (code: string) =>
  Number((await app.db.selectFrom('school').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id)

before(async () => {
  await papay.start()
  await cycle.start()
  ctx = await startApp({
    build: { orders: { ...TEST_BUILD_DEFAULTS.orders, publicBaseUrl: PUBLIC }, payments: { env }, outbound: { allowLoopback: true } }
  })
  app = ctx.app
  scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  await app.db.updateTable('project').set({ monthly_giving: 1 }).where('id', '=', scholarship).execute()
  invalidateSchoolCache()
  const at = new Date().toISOString()
  const demo = await schoolIdOf('demo')
  const hhu = await schoolIdOf('hhu')
  await app.db
    .insertInto('payment_config')
    .values([
      { school_id: demo, pay_type: 1, provider: 'wechatpay', enabled: 1, updated_at: at, credentials: wechatCredentials(true) },
      { school_id: demo, pay_type: 2, provider: 'alipay', enabled: 1, updated_at: at, credentials: alipayCredentials(true) },
      // a school whose merchants have no agreement contract
      { school_id: hhu, pay_type: 1, provider: 'wechatpay', enabled: 1, updated_at: at, credentials: wechatCredentials(false) },
      { school_id: hhu, pay_type: 2, provider: 'alipay', enabled: 1, updated_at: at, credentials: alipayCredentials(false) }
    ])
    .execute()
  invalidateSchoolCache()
})
after(async () => {
  await ctx.close()
  await papay.stop()
  await cycle.stop()
})

const errors: unknown[] = []
const quiet = { info: () => undefined, warn: () => undefined, error: (o: unknown) => void errors.push(o) }
/** the fakes judge each request by the simulated Beijing day and time of the collection run that makes it */
const setClock = (day: string, time: string) => void (papay.clock = cycle.clock = { day, time })
const run = (day: string, time = '12:00') => (setClock(day, time), collect({ ...app.monthly, log: quiet }, day, undefined, time))
afterEach(() => assert.deepEqual(errors, []))

/** collection for `day` in a worker process of its own (monthly-worker.ts), on the same database */
async function worker(day: string, time = '12:00') {
  setClock(day, time)
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'test', 'monthly-worker.ts'), day, time], {
    cwd: root,
    env: { ...process.env, ...env, DATA_DIR: ctx.dataDir, DATABASE_URL: ctx.databaseUrl ?? '', PUBLIC_BASE_URL: PUBLIC },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  let err = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
  const [code] = await once(child, 'exit')
  assert.equal(code, 0, err)
  return JSON.parse(out.trim().split('\n').pop()!) as { paid: number; attempts: number; retrying: number; paused: number }
}

const notify = (school: string, provider: string, payType: number, n: { body: string; headers: Record<string, string> }) =>
  app.inject({ method: 'POST', url: `/agreement-notify/${school}/${provider}/${payType}`, headers: n.headers, payload: n.body })

const planRow = (id: number) => app.db.selectFrom('monthly_plan').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const chargesOf = (planId: number) =>
  app.db.selectFrom('monthly_charge').selectAll().where('plan_id', '=', planId).orderBy('month').execute()
async function ordersOf(planId: number) {
  const plan = await planRow(planId)
  return app.db
    .selectFrom('donation')
    .innerJoin('donation_submission', 'donation_submission.donation_id', 'donation.id')
    .select(['donation.id', 'donation.status', 'donation.bill_no', 'donation.amount_fen', 'donation.provider', 'donation.pay_type'])
    .where('donation_submission.form_data', '=', JSON.stringify({ monthlyPlan: plan.plan_no }))
    .orderBy('donation.id')
    .execute()
}
const raised = async () =>
  Number(
    (
      await app.db
        .selectFrom('donation')
        .select((eb) => eb.fn.sum<number>('amount_fen').as('s'))
        .where('items_id', '=', scholarship)
        .where('status', '=', 'paid')
        .executeTakeFirstOrThrow()
    ).s ?? 0
  )

/** What differs between the two providers, behind one face. */
interface Side {
  name: 'wechatpay' | 'alipay'
  payType: number
  payChannel: 'weapp' | 'h5'
  /** WeChat sends the pre-deduction notice NOTICE_DAYS before the charge day */
  notices: boolean
  /** the days of a month's attempts relative to its charge day D */
  offsets: readonly number[]
  /** the simulated days the provider's charges of an agreement came on */
  chargeDays(agreementNo: string): string[]
  /** checks the page the app opens, has the donor sign there, and posts the provider's sign notification */
  sign(plan: MonthlyPlan): Promise<string>
  setMode(agreementNo: string, mode: 'pay' | 'decline'): void
  charges(agreementNo: string): number
  noticesSent(agreementNo: string): number
  ended(agreementNo: string): boolean
  failNextEnd(): void
  /** the provider's own notification that the donor ended the agreement there */
  endedByDonor(agreementNo: string): Promise<void>
}

const wechatSide: Side = {
  name: 'wechatpay',
  payType: 1,
  payChannel: 'weapp',
  notices: true,
  offsets: [0, 1, 2],
  chargeDays: (no) => papay.applies(no).map((s) => s.day),
  async sign(plan) {
    assert.equal(plan.status, 'signing')
    assert.ok(plan.sign)
    assert.equal(plan.sign.kind, 'miniprogram')
    assert.equal(plan.sign.appId, 'wxbd687630cd02ce1d')
    assert.match(plan.sign.extraData.pre_entrustweb_id, /^pre/)
    const row = await planRow(plan.id)
    const pre = papay.seen.filter((s) => s.path.endsWith('/pre-entrust-sign/mini-program')).pop()!
    const sent = JSON.parse(pre.body)
    assert.equal(sent.out_contract_code, row.plan_no)
    assert.equal(sent.contract_notify_url, `${PUBLIC}/agreement-notify/demo/wechatpay/1`)
    assert.equal(sent.deduct_schedule.estimated_deduct_amount.total, row.amount_fen)
    assert.equal(sent.deduct_schedule.estimated_deduct_date, plan.nextChargeOn || firstChargeOn(beijingDate(new Date()), plan.dayOfMonth))
    const c = papay.sign(row.plan_no)
    const n = papay.contractNotice(c)
    assert.equal((await notify('demo', 'wechatpay', 1, n)).statusCode, 204)
    // WeChat repeats notifications: a repeat changes nothing and is acknowledged
    assert.equal((await notify('demo', 'wechatpay', 1, papay.contractNotice(c))).statusCode, 204)
    return c.contract_id
  },
  setMode: (no, mode) => void (papay.contracts.get(no)!.mode = mode),
  charges: (no) => papay.applies(no).length,
  noticesSent: (no) => papay.contracts.get(no)!.notices,
  ended: (no) => papay.contracts.get(no)!.state === 'TERMINATED',
  failNextEnd: () => void (papay.terminateFailures = 1),
  async endedByDonor(no) {
    const c = papay.contracts.get(no)!
    c.state = 'TERMINATED'
    assert.equal((await notify('demo', 'wechatpay', 1, papay.contractNotice(c))).statusCode, 204)
  }
}

const alipaySide: Side = {
  name: 'alipay',
  payType: 2,
  payChannel: 'h5',
  notices: false,
  offsets: [-2, -1, 0],
  chargeDays: (no) => cycle.pays(no).map((s) => s.day),
  async sign(plan) {
    assert.equal(plan.status, 'signing')
    assert.ok(plan.sign)
    assert.equal(plan.sign.kind, 'url')
    const page = cycle.checkSignPage(plan.sign.url)
    assert.ok(page.valid, 'the page-sign URL carries our RSA2 sign')
    const row = await planRow(plan.id)
    assert.equal(page.params.method, 'alipay.user.agreement.page.sign')
    assert.equal(page.params.notify_url, `${PUBLIC}/agreement-notify/demo/alipay/2`)
    assert.equal(page.biz.external_agreement_no, row.plan_no)
    assert.equal(page.biz.personal_product_code, 'CYCLE_PAY_AUTH_P')
    assert.equal(page.biz.sign_scene, CYCLE_SIGN_SCENE)
    assert.deepEqual(
      { type: page.biz.period_rule_params.period_type, period: page.biz.period_rule_params.period },
      { type: 'MONTH', period: 1 }
    )
    assert.equal(page.biz.period_rule_params.single_amount, plan.money)
    const a = cycle.sign(row.plan_no)
    const res = await notify('demo', 'alipay', 2, cycle.notification(a))
    assert.equal(res.body, 'success')
    assert.equal((await notify('demo', 'alipay', 2, cycle.notification(a))).body, 'success')
    return a.agreement_no
  },
  setMode: (no, mode) => void (cycle.agreements.get(no)!.mode = mode),
  charges: (no) => cycle.pays(no).length,
  noticesSent: () => 0,
  ended: (no) => cycle.agreements.get(no)!.status === 'UNSIGN',
  failNextEnd: () => void (cycle.unsignFailures = 1),
  async endedByDonor(no) {
    const a = cycle.agreements.get(no)!
    a.status = 'UNSIGN'
    assert.equal((await notify('demo', 'alipay', 2, cycle.notification(a))).body, 'success')
  }
}

async function createPlan(token: string, side: Side, over: Record<string, unknown> = {}) {
  const r = await call<MonthlyPlan>(app, 'demo', Api.monthlyCreate, {
    method: 'POST',
    token,
    body: { itemsId: scholarship, money: '30.00', dayOfMonth: 5, payType: side.payType, payChannel: side.payChannel, ...over }
  })
  assert.equal(r.body.code, 0, r.body.message)
  return r.body.data
}
const plansOf = async (token: string) => (await call<MonthlyPlans>(app, 'demo', Api.monthlyPlans, { token })).body.data.plans

/** the collection runs of one charge day D: the two days before the provider's first attempt day (WeChat's notice on
 *  D-2), where nothing is charged, then on the first attempt day (WeChat D, Alipay D-2) two worker processes at once and
 *  one more run in this process */
async function chargeDayRuns(side: Side, day: string) {
  const first = addDays(day, side.offsets[0])
  for (const before of [addDays(first, -2), addDays(first, -1)])
    assert.equal((await run(before)).attempts, 0, 'nothing is charged before the provider allows it')
  const both = await Promise.all([worker(first), worker(first)])
  const again = await run(first)
  return { paid: both[0].paid + both[1].paid + again.paid, attempts: both[0].attempts + both[1].attempts + again.attempts, both }
}

describe('monthly giving where the school has no agreement contract', () => {
  it('offers no monthly pay type and refuses a plan', async () => {
    const t = await login(app, 'hhu', 'monthly-hhu')
    const types = await call<MonthlyPayTypes>(app, 'hhu', Api.monthlyPayTypes, { token: t })
    assert.deepEqual(types.body.data.payTypes, [])
    const hhuProject = await projectIdOf(app, 'hhu', '河海励志奖学金')
    await app.db.updateTable('project').set({ monthly_giving: 1 }).where('id', '=', hhuProject).execute()
    invalidateSchoolCache()
    for (const payType of [1, 2]) {
      const r = await call(app, 'hhu', `${Api.monthlyCreate}?lang=en`, {
        method: 'POST',
        token: t,
        body: { itemsId: hhuProject, money: '10', dayOfMonth: 3, payType, payChannel: 'h5' }
      })
      assert.equal(r.body.code, -1)
      assert.match(r.body.message, /cannot collect monthly gifts with this payment method/)
    }
    assert.equal(papay.seen.length + cycle.seen.length, 0, 'no provider was asked')
    const demo = await call<MonthlyPayTypes>(app, 'demo', Api.monthlyPayTypes, { token: await login(app, 'demo', 'monthly-types') })
    assert.deepEqual(demo.body.data.payTypes, [1, 2])
  })
})

for (const side of [wechatSide, alipaySide]) {
  describe(`monthly giving through ${side.name === 'wechatpay' ? 'WeChat Pay papay' : 'Alipay 周期扣款'} (fake server)`, () => {
    let donor: string
    let plan: MonthlyPlan
    let agreementNo = ''

    it('a plan is signed on the provider page and becomes active with the signed notification; a forged one is refused', async () => {
      donor = await login(app, 'demo', `monthly-${side.name}`)
      plan = await createPlan(donor, side)
      agreementNo = await side.sign(plan)
      const [mine] = await plansOf(donor)
      assert.equal(mine.status, 'active')
      assert.equal(mine.nextChargeOn, firstChargeOn(beijingDate(new Date()), 5))
      assert.equal((await planRow(plan.id)).agreement_no, agreementNo)
      plan = mine
      // a terminate notification signed with another key changes nothing
      const forged =
        side.name === 'wechatpay'
          ? await notify('demo', 'wechatpay', 1, {
              ...papay.contractNotice({ ...papay.contracts.get(agreementNo)!, state: 'TERMINATED' }),
              headers: { 'content-type': 'application/json', 'wechatpay-signature': 'AAAA', 'wechatpay-serial': PUB_KEY_ID }
            })
          : await notify(
              'demo',
              'alipay',
              2,
              cycle.notification({ ...cycle.agreements.get(agreementNo)!, status: 'UNSIGN' }, stranger.privateKey)
            )
      assert.notEqual(forged.statusCode === 204 || forged.body === 'success', true)
      assert.equal((await planRow(plan.id)).status, 'active')
    })

    it('three months: each charge day collected by two worker processes at once and once more, one charge per month', async () => {
      const start = await raised()
      let day = plan.nextChargeOn
      for (let m = 1; m <= 3; m++) {
        const r = await chargeDayRuns(side, day)
        assert.equal(r.paid, 1, `month ${m}: one run charged`)
        assert.equal(side.charges(agreementNo), m, `month ${m}: one charge at the provider`)
        if (side.notices) assert.equal(side.noticesSent(agreementNo), m, `month ${m}: one pre-deduction notice`)
        const charges = await chargesOf(plan.id)
        assert.equal(charges.length, m)
        assert.ok(charges.every((c) => c.status === 'paid' && c.attempts === 1))
        const orders = await ordersOf(plan.id)
        assert.equal(orders.length, m)
        assert.ok(orders.every((o) => o.status === 'paid' && o.provider === side.name && o.pay_type === side.payType))
        assert.equal(await raised(), start + m * 3000)
        // the next day collects nothing
        assert.equal((await run(addDays(day, 1))).attempts, 0)
        day = chargeDay(nextMonth(day.slice(0, 7)), 5)
        assert.equal((await planRow(plan.id)).next_charge_on, day)
      }
      // the provider's own notification of a charge already settled changes nothing
      if (side.name === 'wechatpay') {
        const [first] = await ordersOf(plan.id)
        assert.equal((await notify('demo', 'wechatpay', 1, papay.paidNotice(first.bill_no))).statusCode, 204)
        assert.equal((await ordersOf(plan.id)).length, 3)
        assert.equal(await raised(), start + 3 * 3000)
      }
      const history = (await plansOf(donor)).find((p) => p.id === plan.id)!.history
      assert.deepEqual(
        history.map((h) => h.status),
        ['paid', 'paid', 'paid']
      )
    })

    it('a stopped plan ends its agreement at the provider and is never charged again', async () => {
      const before = side.charges(agreementNo)
      const r = await call<MonthlyPlan>(app, 'demo', Api.monthlyStop, { method: 'POST', token: donor, body: { id: plan.id } })
      assert.equal(r.body.code, 0, r.body.message)
      assert.equal(r.body.data.status, 'stopped')
      assert.ok(side.ended(agreementNo), 'ended at the provider')
      let day = (await planRow(plan.id)).next_charge_on
      for (let m = 0; m < 3; m++) {
        await chargeDayRuns(side, day)
        day = chargeDay(nextMonth(day.slice(0, 7)), 5)
      }
      assert.equal(side.charges(agreementNo), before)
      assert.equal((await chargesOf(plan.id)).length, 3)
    })

    it(`a declined charge is tried on ${side.name === 'wechatpay' ? 'D, D+1 and D+2' : 'D-2, D-1 and D'}, then the plan pauses; the donor resumes it`, async () => {
      const t = await login(app, 'demo', `monthly-decline-${side.name}`)
      const p = await createPlan(t, side, { money: '12.00', dayOfMonth: 9 })
      const no = await side.sign(p)
      side.setMode(no, 'decline')
      const day = (await planRow(p.id)).next_charge_on
      const [d0, d1, d2] = side.offsets.map((o) => addDays(day, o))
      const first = await chargeDayRuns(side, day)
      assert.equal(first.attempts, 1)
      const [retry] = await chargesOf(p.id)
      assert.deepEqual(
        [retry.month, retry.status, retry.next_attempt_on],
        [day.slice(0, 7), 'retry', d1],
        "D's month, retried on the next day of the provider's"
      )
      assert.equal((await run(d0, '21:00')).attempts, 0, 'not again the same day')
      const second = await Promise.all([run(d1), run(d1)])
      assert.equal(second[0].retrying + second[1].retrying, 1)
      assert.equal((await chargesOf(p.id))[0].next_attempt_on, d2)
      const third = await Promise.all([worker(d2), worker(d2)])
      assert.equal(third[0].paused + third[1].paused, 1)
      assert.equal(side.charges(no), 3, 'three attempts at the provider')
      assert.deepEqual(side.chargeDays(no), [d0, d1, d2], "the attempts fell on the provider's days")
      const [charge] = await chargesOf(p.id)
      assert.equal(charge.status, 'failed')
      assert.equal(charge.attempts, 3)
      assert.deepEqual(
        (await ordersOf(p.id)).map((o) => o.status),
        ['cancelled', 'cancelled', 'cancelled']
      )
      const paused = await planRow(p.id)
      assert.equal(paused.status, 'paused')
      // paused: its next charge day passes without a charge
      await chargeDayRuns(side, paused.next_charge_on)
      assert.equal(side.charges(no), 3)

      // the donor resumes: the next month after the failed one is charged, once
      const resumed = await call<MonthlyPlan>(app, 'demo', Api.monthlyResume, { method: 'POST', token: t, body: { id: p.id } })
      assert.equal(resumed.body.code, 0, resumed.body.message)
      assert.equal(resumed.body.data.status, 'active')
      const next = resumed.body.data.nextChargeOn
      assert.ok(next > day.slice(0, 7), 'never the failed month late')
      side.setMode(no, 'pay')
      assert.equal((await chargeDayRuns(side, next)).paid, 1)
      assert.equal(side.charges(no), 4)
      assert.equal(side.chargeDays(no)[3], addDays(next, side.offsets[0]), "the resumed month's charge on the provider's first day")
      const again = await call(app, 'demo', `${Api.monthlyResume}?lang=en`, { method: 'POST', token: t, body: { id: p.id } })
      assert.equal(again.body.code, -1)
      assert.equal(again.body.message, 'Only a paused monthly gift can be resumed')

      // the donor ends the agreement in WeChat / Alipay: the provider's notification stops the plan
      await side.endedByDonor(no)
      const row = await planRow(p.id)
      assert.equal(row.status, 'stopped')
      assert.equal(row.stop_reason, 'provider_terminated')
    })

    it('a stop the provider does not confirm is asked again by a queued job', async () => {
      const t = await login(app, 'demo', `monthly-unsign-${side.name}`)
      const p = await createPlan(t, side, { dayOfMonth: 11 })
      const no = await side.sign(p)
      side.failNextEnd()
      const r = await call<MonthlyPlan>(app, 'demo', Api.monthlyStop, { method: 'POST', token: t, body: { id: p.id } })
      assert.equal(r.body.code, 0)
      assert.equal(r.body.data.status, 'stopped')
      assert.equal(side.ended(no), false)
      const job = await app.db
        .selectFrom('job')
        .selectAll()
        .where('kind', '=', UNSIGN_JOB_KIND)
        .where('payload', '=', JSON.stringify({ planId: p.id }))
        .executeTakeFirstOrThrow()
      await runUnsign(app.monthly, { ...job, id: Number(job.id), school_id: Number(job.school_id), locked_at: undefined }, { planId: p.id })
      assert.ok(side.ended(no))
      // the plan never charges, whatever runs
      await chargeDayRuns(side, firstChargeOn(beijingDate(new Date()), 11))
      assert.equal(side.charges(no), 0)
    })
  })
}

describe('WeChat papay hours and notice duration (docs/decisions/079-monthly-providers.md)', () => {
  it('outside 7:00-22:00 Beijing neither the notice nor a charge goes out and no decline is counted; the notice covers three days', async () => {
    const t = await login(app, 'demo', 'monthly-hours')
    const p = await createPlan(t, wechatSide, { money: '8.00', dayOfMonth: 16 })
    const no = await wechatSide.sign(p)
    wechatSide.setMode(no, 'decline')
    const day = (await planRow(p.id)).next_charge_on
    const noticeDay = addDays(day, -2)
    for (const time of ['23:00', '06:59']) await run(noticeDay, time)
    assert.equal(wechatSide.noticesSent(no), 0, 'no notice at night')
    assert.equal((await planRow(p.id)).notice_for, '')
    await run(noticeDay, '07:00')
    assert.equal(wechatSide.noticesSent(no), 1)
    const sent = papay.seen.filter((s) => s.path === `/v3/papay/contracts/${no}/notify`)
    assert.equal(sent.length, 1, 'the night runs did not ask WeChat')
    assert.deepEqual(JSON.parse(sent[0].body).deduct_duration, { count: 3, unit: 'DAY' })
    // the waiting period: the notice day and the next
    assert.equal((await run(addDays(day, -1))).attempts, 0)
    // D at 22:00 and 05:00: deferred, nothing asked, nothing counted
    for (const time of ['22:00', '05:00']) assert.equal((await run(day, time)).attempts, 0)
    assert.deepEqual(await chargesOf(p.id), [])
    assert.equal(wechatSide.charges(no), 0)
    assert.equal((await run(day, '21:59')).retrying, 1)
    assert.equal((await run(addDays(day, 1), '22:30')).attempts, 0)
    assert.equal((await chargesOf(p.id))[0].attempts, 1, 'the night run counted no attempt')
    assert.equal((await run(addDays(day, 1), '08:00')).retrying, 1)
    assert.equal((await run(addDays(day, 2), '07:00')).paused, 1)
    assert.deepEqual(wechatSide.chargeDays(no), [day, addDays(day, 1), addDays(day, 2)])
    assert.equal((await planRow(p.id)).status, 'paused')
  })
})

describe('a deleted account ends its agreements', () => {
  it('the plan stops in the deletion and a queued job ends the agreement at the provider', async () => {
    const t = await login(app, 'demo', 'monthly-deleted')
    const p = await createPlan(t, alipaySide, { dayOfMonth: 13 })
    const no = await alipaySide.sign(p)
    const r = await call(app, 'demo', Api.deleteAccount, { method: 'POST', token: t, body: { confirm: true } })
    assert.equal(r.body.code, 0, r.body.message)
    const row = await planRow(p.id)
    assert.equal(row.status, 'stopped')
    assert.equal(row.stop_reason, 'account_deleted')
    assert.equal(alipaySide.ended(no), false, 'the deletion does not wait for the provider')
    const job = await app.db
      .selectFrom('job')
      .selectAll()
      .where('kind', '=', UNSIGN_JOB_KIND)
      .where('payload', '=', JSON.stringify({ planId: p.id }))
      .executeTakeFirstOrThrow()
    await runUnsign(app.monthly, { ...job, id: Number(job.id), school_id: Number(job.school_id), locked_at: undefined }, { planId: p.id })
    assert.ok(alipaySide.ended(no))
    await chargeDayRuns(alipaySide, firstChargeOn(beijingDate(new Date()), 13))
    assert.equal(alipaySide.charges(no), 0)
  })
})

describe('the privacy export lists monthly plans', () => {
  it("the donor's plans, with status and provider, and nobody else's", async () => {
    const t = await login(app, 'demo', 'monthly-wechatpay')
    const r = await call<PrivacyExport>(app, 'demo', Api.privacyExport, { token: t })
    assert.equal(r.body.code, 0, r.body.message)
    assert.equal(r.body.data.monthlyPlans.length, 1)
    assert.equal(r.body.data.monthlyPlans[0].provider, 'wechatpay')
    assert.equal(r.body.data.monthlyPlans[0].status, 'stopped')
  })
})

describe('contract settings are checked when the provider is built', () => {
  it('a bad papay template id or Alipay sign scene is a configuration error, and the pay type offers no monthly giving', async () => {
    const base = {
      mchId: MCH_ID,
      appId: WX_APP_ID,
      serialNo: SERIAL,
      privateKeyPem: merchant.privateKey,
      apiV3Key: API_V3_KEY,
      platformPublicKeyPem: platform.publicKey,
      platformSerial: PUB_KEY_ID
    }
    for (const papayCfg of [{ planId: 0 }, { planId: 'x' }, { planId: 12.5 }, { planId: 1, displayAccount: 3 }])
      assert.throws(
        () => createWechatPay({ ...base, papay: papayCfg as never }),
        (e: unknown) => e instanceof ProviderError && e.kind === 'config' && /papay/.test(e.message)
      )
    assert.ok(createWechatPay({ ...base, papay: { planId: PAPAY_PLAN_ID } }).agreements)
    assert.equal(createWechatPay(base).agreements, undefined)
    const ali = { appId: ALIPAY_APP_ID, privateKeyPem: alipayApp.privateKey, alipayPublicKeyPem: alipayKeys.publicKey }
    for (const cycleCfg of [{ signScene: 'donation' }, { signScene: '' }, { signScene: 'INDUSTRY|DONATION', productCode: 'x y' }])
      assert.throws(
        () => createAlipay({ ...ali, cycle: cycleCfg }),
        (e: unknown) => e instanceof ProviderError && e.kind === 'config' && /cycle/.test(e.message)
      )
    assert.ok(createAlipay({ ...ali, cycle: { signScene: CYCLE_SIGN_SCENE } }).agreements)

    // a school whose stored contract is broken: the pay type is "not set up" for monthly giving
    const hhu = await schoolIdOf('hhu')
    await app.db
      .updateTable('payment_config')
      .set({
        credentials: JSON.stringify({ ...JSON.parse(wechatCredentials(false)), papay: { planId: -1 } }),
        updated_at: new Date(Date.now() + 1000).toISOString()
      })
      .where('school_id', '=', hhu)
      .where('pay_type', '=', 1)
      .execute()
    invalidateSchoolCache()
    const t = await login(app, 'hhu', 'monthly-hhu-broken')
    assert.deepEqual((await call<MonthlyPayTypes>(app, 'hhu', Api.monthlyPayTypes, { token: t })).body.data.payTypes, [])
  })
})

describe('WeChat signing in a browser', () => {
  it('the WeChat browser gets the JSAPI signing page, another browser the H5 one; a new start replaces the unsigned plan', async () => {
    const t = await login(app, 'demo', 'monthly-jsapi')
    const jsapi = await createPlan(t, wechatSide, { payChannel: 'wechat-h5', dayOfMonth: 20 })
    assert.equal(jsapi.status, 'signing')
    assert.equal(jsapi.sign?.kind, 'url')
    assert.match(jsapi.sign!.url, /^https:\/\/pay\.weixin\.qq\.com\/papay\/entrust\?pre_entrustweb_id=/)
    const pre = papay.seen.filter((s) => s.path.endsWith('/pre-entrust-sign/jsapi')).pop()!
    assert.equal(JSON.parse(pre.body).openid, 'monthly-jsapi', "the donor's openid under the AppID")
    const h5 = await createPlan(t, wechatSide, { payChannel: 'h5', dayOfMonth: 20 })
    assert.equal(h5.sign?.kind, 'url')
    assert.ok(papay.seen.some((s) => s.path.endsWith('/pre-entrust-sign/h5')))
    const first = await planRow(jsapi.id)
    assert.equal(first.status, 'stopped')
    assert.equal(first.stop_reason, 'replaced')
  })
})

describe('signing again: monthly/sign for a plan still signing (docs/decisions/085-monthly-signing-in-the-app.md)', () => {
  const signAgain = (token: string, body: Record<string, unknown>, lang = '') =>
    call<MonthlyPlan>(app, 'demo', `${Api.monthlySign}${lang}`, { method: 'POST', token, body })

  for (const side of [wechatSide, alipaySide]) {
    it(`${side.name}: the same plan and plan_no get the sign page again; once signed, no page; a stopped plan is refused`, async () => {
      const donor = await login(app, 'demo', `monthly-again-${side.name}`)
      const first = await createPlan(donor, side, { dayOfMonth: 12 })
      const row = await planRow(first.id)
      const before = side.name === 'wechatpay' ? papay.seen.length : 0

      // another donor cannot have this plan's sign page
      const other = await login(app, 'demo', `monthly-again-other-${side.name}`)
      const refused = await signAgain(other, { id: first.id, payChannel: side.payChannel }, '?lang=en')
      assert.equal(refused.body.code, -1)
      assert.match(refused.body.message, /not found/i)
      assert.equal(side.name === 'wechatpay' ? papay.seen.length : 0, before, 'the provider was asked for a stranger')

      const again = await signAgain(donor, { id: first.id, payChannel: side.payChannel })
      assert.equal(again.body.code, 0, again.body.message)
      assert.equal(again.body.data.id, first.id, 'the same plan, not a new one')
      assert.equal(again.body.data.status, 'signing')
      assert.ok(again.body.data.sign)
      if (side.name === 'wechatpay') {
        assert.equal(again.body.data.sign.kind, 'miniprogram')
        const pre = papay.seen.filter((s) => s.path.endsWith('/pre-entrust-sign/mini-program')).pop()!
        assert.equal(papay.seen.length, before + 1, 'one new pre-sign')
        assert.equal(JSON.parse(pre.body).out_contract_code, row.plan_no)
      } else {
        assert.equal(again.body.data.sign.kind, 'url')
        const page = cycle.checkSignPage(again.body.data.sign.url)
        assert.ok(page.valid)
        assert.equal(page.biz.external_agreement_no, row.plan_no)
        // a browser comes back to the page that waits for this plan
        assert.equal(page.params.return_url, `${PUBLIC}/monthly-give?itemsId=${scholarship}&planId=${first.id}`)
      }
      assert.equal((await plansOf(donor)).filter((p) => p.status !== 'stopped').length, 1, 'nothing was replaced')

      // the provider's notification of the signing makes the plan active; asking again then answers no page
      await side.sign(again.body.data)
      const seen = papay.seen.length + cycle.seen.length
      const signed = await signAgain(donor, { id: first.id, payChannel: side.payChannel })
      assert.equal(signed.body.code, 0, signed.body.message)
      assert.equal(signed.body.data.status, 'active')
      assert.equal(signed.body.data.sign, undefined)
      assert.equal(papay.seen.length + cycle.seen.length, seen, 'a signed plan is not signed again')

      const stop = await call<MonthlyPlan>(app, 'demo', Api.monthlyStop, { method: 'POST', token: donor, body: { id: first.id } })
      assert.equal(stop.body.code, 0, stop.body.message)
      const late = await signAgain(donor, { id: first.id, payChannel: side.payChannel })
      assert.equal(late.body.code, -1)
      assert.ok(late.body.message, 'a message in the request language')
    })
  }
})
