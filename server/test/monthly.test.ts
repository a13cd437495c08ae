/**
 * Monthly giving (docs/decisions/071-monthly-giving.md), on SQLite and, with DATABASE_URL, PostgreSQL, through the
 * sandbox's agreements: a plan signed through the donor API is charged exactly once for each of three simulated months
 * although collection runs three times each month: twice at once (in this process, and for the second month in two
 * real CLI processes started together on the same database), then once more; each charge is an ordinary paid gift
 * (one payment record, one certificate job, the project's raised total moves once). A declined charge is tried again on
 * the next two days and then pauses the plan and queues the donor's notice; a stopped plan is never charged again; a
 * charge whose answer never came is submitted again after the lease as the same order; missed months are skipped.
 *
 * The months are simulated by the day collection runs for (collect's `day`, the CLI's --date), not by a fake clock:
 * the dates that decide what is due are Beijing calendar days, and the instants written (claimed_at, paid_at) are the
 * real clock's, as in production.
 */
import { invalidateSchoolCache } from '../src/domain/school/cache'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { after, afterEach, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, type MonthlyPlan, type MonthlyPlans, type NoticePreferences, type StaffMonthlyPlanPage } from '../../types'
import { collect } from '../src/domain/monthly/collect'
import { addDays, chargeDay, firstChargeOn, nextMonth } from '../src/domain/monthly/dates'
import { beijingDate } from '../src/domain/ledger/repository'
import { NOTICE_PAGE } from '../src/domain/notify/templates'
import { PAGES } from '../../src/lib/route-list'
import { SCHOLARSHIP, AVENUE, projectIdOf } from './center-fixtures'
import { TEST_BUILD_DEFAULTS, call, login, startApp, type TestContext } from './helpers'
import { decodeWords, header, startSmtp } from './smtp-fixtures'
import { staffCall, staffLogin } from './staff-fixtures'

const root = path.resolve(__dirname, '..', '..')
let ctx: TestContext
let app: FastifyInstance
let scholarship: number
let avenue: number
let smtp: Awaited<ReturnType<typeof startSmtp>>

before(async () => {
  smtp = await startSmtp()
  ctx = await startApp({
    build: { notify: { smtpUrl: smtp.url, mailFrom: 'give@example.edu.cn', env: {} }, orders: { ...TEST_BUILD_DEFAULTS.orders } }
  })
  app = ctx.app
  scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  avenue = await projectIdOf(app, 'demo', AVENUE)
  await app.db.updateTable('project').set({ monthly_giving: 1 }).where('id', '=', scholarship).execute()
  invalidateSchoolCache()
})
after(async () => {
  await ctx.close()
  await smtp.close()
})

/** what collection logged as an error: a plan whose collection threw (every test ends with none) */
const errors: unknown[] = []
const quiet = { info: () => undefined, warn: () => undefined, error: (o: unknown) => void errors.push(o) }
const run = (day: string) => collect({ ...app.monthly, log: quiet }, day)
afterEach(() => assert.deepEqual(errors, []))

/** collection for `day` in a real process of its own: the CLI, as staff run it for recovery */
async function cliCollect(day: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'server', 'src', 'cli', 'monthly.ts'), 'collect', '--date', day, '--json'],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: ctx.dataDir, DATABASE_URL: ctx.databaseUrl ?? '' },
      stdio: ['ignore', 'pipe', 'pipe']
    }
  )
  let out = ''
  let err = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
  const [code] = await once(child, 'exit')
  assert.equal(code, 0, err)
  return JSON.parse(out.trim().split('\n').pop()!) as { paid: number; attempts: number }
}

async function createPlan(token: string, over: Record<string, unknown> = {}) {
  const r = await call<MonthlyPlan>(app, 'demo', Api.monthlyCreate, {
    method: 'POST',
    token,
    body: { itemsId: scholarship, money: '50.00', dayOfMonth: 5, payType: 1, ...over }
  })
  assert.equal(r.body.code, 0, r.body.message)
  return r.body.data
}
const plansOf = async (token: string) => (await call<MonthlyPlans>(app, 'demo', Api.monthlyPlans, { token })).body.data.plans
const chargesOf = (planId: number) =>
  app.db.selectFrom('monthly_charge').selectAll().where('plan_id', '=', planId).orderBy('month').execute()
const ordersOf = async (planId: number) => {
  const ids = (await chargesOf(planId)).map((c) => c.donation_id)
  const plan = await app.db.selectFrom('monthly_plan').selectAll().where('id', '=', planId).executeTakeFirstOrThrow()
  // every order any attempt of this plan made, found by the plan number the order's submission carries
  const rows = await app.db
    .selectFrom('donation')
    .innerJoin('donation_submission', 'donation_submission.donation_id', 'donation.id')
    .select(['donation.id', 'donation.status', 'donation.bill_no', 'donation.amount_fen', 'donation.close_reason', 'donation.provider'])
    .where('donation_submission.form_data', '=', JSON.stringify({ monthlyPlan: plan.plan_no }))
    .orderBy('donation.id')
    .execute()
  return { rows, chargeOrderIds: ids }
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

describe('monthly giving through the sandbox agreement', () => {
  let donor: string
  let plan: MonthlyPlan

  it('a plan is created, signed at once and due on the next day of the month it names', async () => {
    donor = await login(app, 'demo', 'monthly-donor')
    plan = await createPlan(donor)
    assert.equal(plan.status, 'active')
    assert.equal(plan.money, '50.00')
    assert.equal(plan.nextChargeOn, firstChargeOn(beijingDate(new Date()), 5))
    const row = await app.db.selectFrom('monthly_plan').selectAll().where('id', '=', plan.id).executeTakeFirstOrThrow()
    assert.match(row.agreement_no, /^SBXA/)
    assert.equal(row.amount_fen, 5000)
    // a second plan for the same project is refused while this one runs
    const again = await call(app, 'demo', `${Api.monthlyCreate}?lang=en`, {
      method: 'POST',
      token: donor,
      body: { itemsId: scholarship, money: '10', dayOfMonth: 9, payType: 2 }
    })
    assert.equal(again.body.code, -1)
    assert.equal(again.body.message, 'You already give monthly to this project: stop that plan first to change it')
  })

  it('three months, collection three times each (twice at once), one paid gift per month', async () => {
    const before = await raised()
    let day = plan.nextChargeOn
    for (let m = 1; m <= 3; m++) {
      // the day before, nothing is due
      assert.equal((await run(addDays(day, -1))).attempts, 0)
      const jobsBefore = Number(
        (
          await app.db
            .selectFrom('job')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('kind', '=', 'certificate')
            .executeTakeFirstOrThrow()
        ).n
      )
      // twice at once: two real processes for the second month, two runs of this process otherwise
      const both = m === 2 ? await Promise.all([cliCollect(day), cliCollect(day)]) : await Promise.all([run(day), run(day)])
      assert.equal(
        both.reduce((s, r) => s + r.paid, 0),
        1,
        `month ${m}: one run of the two charged`
      )
      // and once more the same day, and the day after: nothing left to charge
      assert.equal((await run(day)).attempts, 0)
      assert.equal((await run(addDays(day, 1))).attempts, 0)

      const charges = await chargesOf(plan.id)
      assert.equal(charges.length, m)
      assert.deepEqual(
        charges.map((c) => [c.month, c.status, c.attempts]),
        Array.from({ length: m }, (_, i) => [charges[i].month, 'paid', 1])
      )
      assert.equal(charges[m - 1].month, day.slice(0, 7))
      const { rows } = await ordersOf(plan.id)
      assert.equal(rows.length, m, 'one order per month')
      assert.ok(rows.every((o) => o.status === 'paid' && o.amount_fen === 5000 && o.provider === 'sandbox'))
      const notices = await app.db
        .selectFrom('payment_notification')
        .select('bill_no')
        .where(
          'bill_no',
          'in',
          rows.map((o) => o.bill_no)
        )
        .execute()
      assert.equal(notices.length, m, 'one payment record per month')
      const jobsAfter = Number(
        (
          await app.db
            .selectFrom('job')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('kind', '=', 'certificate')
            .executeTakeFirstOrThrow()
        ).n
      )
      assert.equal(jobsAfter - jobsBefore, 1, 'the paid path ran once: one certificate job')
      assert.equal(await raised(), before + 5000 * m, 'the project total moved by one gift')

      const mine = (await plansOf(donor)).find((p) => p.id === plan.id)!
      const next = chargeDay(nextMonth(day.slice(0, 7)), 5)
      assert.equal(mine.nextChargeOn, next)
      assert.equal(mine.history.length, m)
      assert.equal(mine.history[0].status, 'paid')
      assert.equal(mine.history[0].billNo, rows[m - 1].bill_no)
      assert.notEqual(mine.history[0].paidTime, '')
      day = next
    }
  })

  it('a stopped plan is never charged again, and the agreement is ended', async () => {
    const stopped = await call<MonthlyPlan>(app, 'demo', Api.monthlyStop, { method: 'POST', token: donor, body: { id: plan.id } })
    assert.equal(stopped.body.code, 0, stopped.body.message)
    assert.equal(stopped.body.data.status, 'stopped')
    assert.equal(stopped.body.data.nextChargeOn, '')
    const row = await app.db.selectFrom('monthly_plan').selectAll().where('id', '=', plan.id).executeTakeFirstOrThrow()
    assert.equal(row.stop_reason, 'donor')
    const count = (await chargesOf(plan.id)).length
    // every day of the next three months
    let day = row.next_charge_on
    for (let i = 0; i < 3; i++) {
      assert.equal((await run(day)).attempts, 0)
      day = chargeDay(nextMonth(day.slice(0, 7)), 5)
    }
    assert.equal((await chargesOf(plan.id)).length, count)
    assert.equal((await ordersOf(plan.id)).rows.length, count)
    // a second stop, and another donor's stop, are refused
    const again = await call(app, 'demo', Api.monthlyStop, { method: 'POST', token: donor, body: { id: plan.id } })
    assert.equal(again.body.message, '该月捐已停止')
    const other = await login(app, 'demo', 'monthly-other')
    const foreign = await call(app, 'demo', Api.monthlyStop, { method: 'POST', token: other, body: { id: plan.id } })
    assert.equal(foreign.body.message, '月捐不存在')
  })

  it('a declined charge is tried on the next two days, then the plan pauses and the donor is told', async () => {
    const token = await login(app, 'demo', 'monthly-declined')
    const saved = await call<NoticePreferences>(app, 'demo', Api.noticePreferencesSave, {
      method: 'POST',
      token,
      body: { email: 'declined@example.com', choices: [{ kind: 'monthly', channel: 'email', enabled: true }] }
    })
    assert.equal(saved.body.code, 0, saved.body.message)
    const p = await createPlan(token, { sandboxDecline: true, dayOfMonth: 20, money: '30.50' })
    const day = p.nextChargeOn
    const before = await raised()

    const first = await Promise.all([run(day), run(day)])
    assert.equal(
      first.reduce((s, r) => s + r.retrying, 0),
      1
    )
    assert.equal((await run(day)).attempts, 0, 'not again the same day')
    let [c] = await chargesOf(p.id)
    assert.deepEqual([c.status, c.attempts, c.next_attempt_on], ['retry', 1, addDays(day, 1)])
    let mine = (await plansOf(token)).find((x) => x.id === p.id)!
    assert.equal(mine.status, 'active')
    assert.deepEqual([mine.history[0].status, mine.history[0].nextAttemptOn], ['retry', addDays(day, 1)])

    const second = await Promise.all([run(addDays(day, 1)), run(addDays(day, 1))])
    assert.equal(
      second.reduce((s, r) => s + r.retrying, 0),
      1
    )
    ;[c] = await chargesOf(p.id)
    assert.deepEqual([c.status, c.attempts], ['retry', 2])

    const third = await Promise.all([run(addDays(day, 2)), run(addDays(day, 2))])
    assert.equal(
      third.reduce((s, r) => s + r.paused, 0),
      1
    )
    ;[c] = await chargesOf(p.id)
    assert.deepEqual([c.status, c.attempts], ['failed', 3])
    mine = (await plansOf(token)).find((x) => x.id === p.id)!
    assert.equal(mine.status, 'paused')
    const row = await app.db.selectFrom('monthly_plan').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow()
    assert.equal(row.failure_count, 3)

    // three attempts, three orders, each closed as a failed payment; nothing paid
    const { rows } = await ordersOf(p.id)
    assert.deepEqual(
      rows.map((o) => [o.status, o.close_reason, o.amount_fen]),
      [1, 2, 3].map(() => ['cancelled', 'payment_failed', 3050])
    )
    assert.equal(await raised(), before)
    // the donor's notice is queued once, and says what happened
    const notices = await app.db.selectFrom('notification').selectAll().where('kind', '=', 'monthly').where('ref_id', '=', p.id).execute()
    assert.equal(notices.length, 1)
    assert.equal(Number(notices[0].user_id), row.user_id)
    // the notify job sends it (domain/notify/send.ts), in the donor's language
    const sent = smtp.received.length
    await app.jobs.runJobsOnce()
    const mail = smtp.received.slice(sent).find((m) => m.to.includes('declined@example.com'))
    assert.ok(mail, 'the paused plan was e-mailed')
    assert.match(decodeWords(header(mail.raw.split('\r\n\r\n')[0], 'Subject')), /^月捐扣款失败，月捐已暂停/)
    // a mini-program message opens 我的月捐, where the paused plan can be resumed
    assert.equal(PAGES.find((e) => e.page === NOTICE_PAGE.monthly)?.name, 'mine-monthly')

    // a paused plan is not charged in the following months
    for (const d of [chargeDay(nextMonth(day.slice(0, 7)), 20), chargeDay(nextMonth(nextMonth(day.slice(0, 7))), 20)])
      assert.equal((await run(d)).attempts, 0)
    assert.equal((await chargesOf(p.id)).length, 1)

    // finance sees it among the paused plans, with its failed charge
    const finance = await staffLogin(app, 'demo', ['finance'], 'monthly.finance')
    const list = await staffCall<StaffMonthlyPlanPage>(app, 'demo', 'GET', '/monthly-plans?status=paused', { token: finance.token })
    assert.equal(list.body.code, 0, list.body.message)
    const mineRow = list.body.data.rows.find((r) => r.id === p.id)!
    assert.deepEqual([mineRow.status, mineRow.failureCount, mineRow.failedCharges, mineRow.money], ['paused', 3, 1, '30.50'])
    assert.ok(list.body.data.rows.every((r) => r.status === 'paused'))
  })

  it('a charge whose answer never came is submitted again after the lease, as the same order', async () => {
    const token = await login(app, 'demo', 'monthly-silent')
    const p = await createPlan(token, { dayOfMonth: 11, money: '8.80' })
    const row = await app.db.selectFrom('monthly_plan').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow()
    // the sandbox's test agreement that never answers (as a timeout would)
    await app.db
      .updateTable('monthly_plan')
      .set({ agreement_no: `SBXT${row.plan_no}` })
      .where('id', '=', p.id)
      .execute()
    const day = p.nextChargeOn
    assert.equal((await run(day)).unknown, 1)
    let [c] = await chargesOf(p.id)
    assert.deepEqual([c.status, c.attempts], ['charging', 1])
    const first = await ordersOf(p.id)
    assert.deepEqual(
      first.rows.map((o) => o.status),
      ['pending']
    )
    // within the lease nobody touches it, whatever runs
    assert.equal(
      (await Promise.all([run(day), run(addDays(day, 1))])).reduce((s, r) => s + r.attempts, 0),
      0
    )
    // the provider answers again; past the lease one of two runs submits the same order, and it is paid once
    await app.db
      .updateTable('monthly_plan')
      .set({ agreement_no: `SBXA${row.plan_no}` })
      .where('id', '=', p.id)
      .execute()
    const later = { ...app.monthly, log: quiet, now: () => new Date(Date.now() + 11 * 60_000) }
    const both = await Promise.all([collect(later, addDays(day, 1)), collect(later, addDays(day, 1))])
    assert.equal(
      both.reduce((s, r) => s + r.paid, 0),
      1
    )
    ;[c] = await chargesOf(p.id)
    assert.deepEqual([c.status, c.attempts], ['paid', 1])
    const after = await ordersOf(p.id)
    assert.deepEqual(
      after.rows.map((o) => [o.bill_no, o.status]),
      [[first.rows[0].bill_no, 'paid']]
    )
  })

  it('months missed while nothing ran are skipped, not collected in a row', async () => {
    const token = await login(app, 'demo', 'monthly-missed')
    await app.db.updateTable('project').set({ monthly_giving: 1 }).where('id', '=', avenue).execute()
    invalidateSchoolCache()
    const p = await createPlan(token, { itemsId: avenue, dayOfMonth: 3, money: '12' })
    // the worker was down for three charge days: one run afterwards charges the latest month only
    const late = chargeDay(nextMonth(nextMonth(p.nextChargeOn.slice(0, 7))), 3)
    // (other tests' plans are due then too: this plan's own rows are what is checked)
    await run(addDays(late, 1))
    await run(addDays(late, 1))
    const charges = await chargesOf(p.id)
    assert.deepEqual(
      charges.map((c) => [c.month, c.status]),
      [[late.slice(0, 7), 'paid']]
    )
  })

  it('a deleted account’s plan is stopped with it and never charged again', async () => {
    const token = await login(app, 'demo', 'monthly-deleted')
    const p = await createPlan(token, { dayOfMonth: 14, money: '5' })
    const del = await call(app, 'demo', Api.deleteAccount, { method: 'POST', token, body: { confirm: true } })
    assert.equal(del.body.code, 0, del.body.message)
    const row = await app.db.selectFrom('monthly_plan').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow()
    assert.deepEqual([row.status, row.stop_reason, row.donor_name], ['stopped', 'account_deleted', ''])
    await run(p.nextChargeOn)
    assert.deepEqual(await chargesOf(p.id), [])
  })

  it('refusals: a project without monthly giving, a day past 28, a bad amount, in the request language', async () => {
    const token = await login(app, 'demo', 'monthly-refused')
    const count = async () =>
      Number(
        (
          await app.db
            .selectFrom('monthly_plan')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n
      )
    const plansBefore = await count()
    const other = await projectIdOf(app, 'demo', AVENUE)
    await app.db.updateTable('project').set({ monthly_giving: 0 }).where('id', '=', other).execute()
    invalidateSchoolCache()
    const off = await call(app, 'demo', Api.monthlyCreate, {
      method: 'POST',
      token,
      body: { itemsId: other, money: '10', dayOfMonth: 1, payType: 1 }
    })
    assert.deepEqual([off.body.code, off.body.message], [-1, '该项目暂不支持月捐'])
    const day = await call(app, 'demo', `${Api.monthlyCreate}?lang=en`, {
      method: 'POST',
      token,
      body: { itemsId: scholarship, money: '10', dayOfMonth: 29, payType: 1 }
    })
    assert.notEqual(day.body.code, 0)
    assert.match(day.body.message, /dayOfMonth/)
    const amount = await call(app, 'demo', `${Api.monthlyCreate}?lang=en`, {
      method: 'POST',
      token,
      body: { itemsId: scholarship, money: '1.234', dayOfMonth: 1, payType: 1 }
    })
    assert.deepEqual([amount.body.code, amount.body.message], [-1, 'Enter a valid monthly amount (at most two decimals)'])
    // nothing was written by the refusals
    assert.equal(await count(), plansBefore)
  })
})
