/**
 * Monthly giving's screens (docs/decisions/078-monthly-giving-screens.md), on SQLite and, with DATABASE_URL, PostgreSQL:
 * the project editor's switch decides whether monthly/offer shows "give monthly"; finance filters the school's plans
 * by status, project and failed charges; the console's "run collection for a day" charges the school's due plans once
 * (the worker's collect()), refuses a day ahead, and leaves an audit row. The clock is the app's `now`, moved to the
 * plan's charge day, so "today" is that day for the console action as it would be in production.
 */
import { invalidateSchoolCache } from '../src/domain/school/cache'
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import {
  Api,
  type MonthlyOffer,
  type MonthlyPlan,
  type MonthlyPlans,
  type StaffMonthlyCollection,
  type StaffMonthlyPlanPage
} from '../../types'
import type { StaffProject } from '../../types/schema/staff-projects'
import { addDays } from '../src/domain/monthly/dates'
import { AVENUE, SCHOLARSHIP, projectIdOf } from './center-fixtures'
import { call, login, startApp, type TestContext } from './helpers'
import { staffCall, staffLogin } from './staff-fixtures'

let ctx: TestContext
let app: FastifyInstance
let scholarship: number
let avenue: number
/** the app's clock: the real one until a test moves it */
let shift = 0
const clock = () => new Date(Date.now() + shift)
/** noon Beijing (04:00 UTC) of a Beijing day */
const noonOf = (day: string) => new Date(`${day}T04:00:00Z`)

before(async () => {
  ctx = await startApp({ build: { now: clock } })
  app = ctx.app
  scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  avenue = await projectIdOf(app, 'demo', AVENUE)
})
after(async () => {
  await ctx.close()
})

const offer = async (itemsId: number) => (await call<MonthlyOffer>(app, 'demo', `${Api.monthlyOffer}?itemsId=${itemsId}`)).body

describe('monthly giving in the console', () => {
  let finance: string
  let donor: string
  let declined: string
  let plan: MonthlyPlan

  it("the project editor's switch turns 'give monthly' on and off for donors", async () => {
    finance = (await staffLogin(app, 'demo', ['finance', 'editor'])).token
    const off = await offer(scholarship)
    assert.equal(off.code, 0)
    assert.deepEqual(off.data, { offered: 0, payTypes: [], sandbox: 0 })
    const saved = await staffCall<StaffProject>(app, 'demo', 'POST', `/projects/${scholarship}`, {
      token: finance,
      body: { monthlyGiving: 1 }
    })
    assert.equal(saved.body.code, 0, saved.body.message)
    assert.equal(saved.body.data.monthlyGiving, 1)
    const read = await staffCall<StaffProject>(app, 'demo', 'GET', `/projects/${scholarship}`, { token: finance })
    assert.equal(read.body.data.monthlyGiving, 1)
    // the demo school has the sandbox on both pay types: both can sign
    assert.deepEqual((await offer(scholarship)).data, { offered: 1, payTypes: [1, 2], sandbox: 1 })
    // another project of the school stays without it; an unknown project is simply not offered
    assert.equal((await offer(avenue)).data.offered, 0)
    assert.equal((await offer(999999)).data.offered, 0)
    // a closed project does not offer it whatever its switch says
    await app.db.updateTable('project').set({ monthly_giving: 1, is_complete: 1 }).where('id', '=', avenue).execute()
    invalidateSchoolCache()
    assert.equal((await offer(avenue)).data.offered, 0)
    await app.db.updateTable('project').set({ monthly_giving: 0, is_complete: 0 }).where('id', '=', avenue).execute()
    invalidateSchoolCache()
  })

  it('finance lists plans by status, project and failed charges', async () => {
    donor = await login(app, 'demo', 'console-monthly-donor')
    declined = await login(app, 'demo', 'console-monthly-declined')
    const made = await call<MonthlyPlan>(app, 'demo', Api.monthlyCreate, {
      method: 'POST',
      token: donor,
      body: { itemsId: scholarship, money: '30.50', dayOfMonth: 3, payType: 1 }
    })
    assert.equal(made.body.code, 0, made.body.message)
    plan = made.body.data
    const bad = await call<MonthlyPlan>(app, 'demo', Api.monthlyCreate, {
      method: 'POST',
      token: declined,
      body: { itemsId: scholarship, money: '20', dayOfMonth: 3, payType: 2, sandboxDecline: true }
    })
    assert.equal(bad.body.code, 0, bad.body.message)
    const list = async (q: string) =>
      (await staffCall<StaffMonthlyPlanPage>(app, 'demo', 'GET', `/monthly-plans?${q}`, { token: finance })).body.data
    const mine = (p: StaffMonthlyPlanPage) => p.rows.map((r) => r.id).sort((a, b) => a - b)
    assert.deepEqual(
      mine(await list(`itemsId=${scholarship}&status=active`)),
      [plan.id, bad.body.data.id].sort((a, b) => a - b)
    )
    assert.equal((await list(`itemsId=${avenue}`)).total, 0)
    assert.equal((await list('status=stopped&itemsId=' + scholarship)).total, 0)
    // nothing has failed yet
    assert.equal((await list('failed=1')).total, 0)
  })

  it('the console runs collection for today, not for a day ahead, audited; each month once', async () => {
    const day = plan.nextChargeOn
    const collectFor = (date: string, lang?: 'en') =>
      staffCall<StaffMonthlyCollection>(app, 'demo', 'POST', '/monthly-plans/collect', { token: finance, body: { date }, lang })
    // today is before the charge day: a day ahead would charge donors early, and is refused in the caller's language
    const early = await collectFor(day, 'en')
    assert.equal(early.body.code, -1)
    assert.equal(early.body.message, 'Enter today or an earlier day (YYYY-MM-DD, Beijing time)')
    assert.equal((await collectFor('2026-02-30')).body.code, -1)
    assert.equal(await app.db.selectFrom('monthly_charge').select('id').where('plan_id', '=', plan.id).executeTakeFirst(), undefined)

    // the clock reaches the charge day: the run charges both due plans of the school (one paid, one declined)
    shift = noonOf(day).getTime() - Date.now()
    // a session of the real clock's day has expired by then: finance signs in again
    finance = (await staffLogin(app, 'demo', ['finance', 'editor'], 'monthly-finance-later')).token
    const ran = await collectFor(day)
    assert.equal(ran.body.code, 0, ran.body.message)
    assert.equal(ran.body.data.day, day)
    assert.equal(ran.body.data.paid, 1)
    assert.equal(ran.body.data.retrying, 1)
    // again the same day: each month is charged once
    const again = await collectFor(day)
    assert.equal(again.body.data.paid + again.body.data.attempts, 0)

    const audit = await app.db.selectFrom('audit_log').selectAll().where('action', '=', 'monthly.collect').orderBy('id').execute()
    assert.equal(audit.length, 2)
    assert.deepEqual(JSON.parse(audit[0].before_json), { date: day })
    assert.equal(JSON.parse(audit[0].after_json).paid, 1)

    // the donor sees the month paid, the next date a month on
    const plans = (await call<MonthlyPlans>(app, 'demo', Api.monthlyPlans, { token: donor })).body.data.plans
    const p = plans.find((x) => x.id === plan.id)!
    assert.equal(p.history.length, 1)
    assert.equal(p.history[0].status, 'paid')
    assert.equal(p.history[0].month, day.slice(0, 7))
    assert.ok(p.nextChargeOn > addDays(day, 27), p.nextChargeOn)
    // in English the project is named in English (decision 073), as its page names it
    const english = (await call<MonthlyPlans>(app, 'demo', `${Api.monthlyPlans}?lang=en`, { token: donor })).body.data.plans
    const detail = await call<{ name: string }>(app, 'demo', `${Api.itemsDetail}?id=${scholarship}&lang=en`)
    assert.match(detail.body.data.name, /^[\x20-\x7e]+$/, detail.body.data.name)
    assert.equal(english.find((x) => x.id === plan.id)!.itemsName, detail.body.data.name)
    assert.equal(p.itemsName, SCHOLARSHIP)

    // the failed-charges filter shows the declined plan only, with its count
    const failed = (await staffCall<StaffMonthlyPlanPage>(app, 'demo', 'GET', '/monthly-plans?failed=1', { token: finance })).body.data
    assert.equal(failed.total, 1)
    assert.equal(failed.rows[0].failedCharges, 1)
    assert.equal(failed.rows[0].money, '20.00')
    shift = 0
  })

  it('finance exports the filtered plans as CSV', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/staff-api/demo/monthly-plans/export?itemsId=${scholarship}&lang=en`,
      headers: { authorization: `Staff ${finance}` }
    })
    assert.equal(res.statusCode, 200)
    assert.match(String(res.headers['content-type']), /^text\/csv/)
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n')
    assert.equal(lines.length, 3, res.body)
    assert.match(lines[0], /^Plan,Donor,User id,Project,Monthly amount \(yuan\)/)
    const row = lines.find((l) => l.includes(',30.50,'))!
    assert.ok(row, res.body)
    assert.ok(row.includes(',3,active,'), row)
    const failedOnly = await app.inject({
      method: 'GET',
      url: '/staff-api/demo/monthly-plans/export?failed=1',
      headers: { authorization: `Staff ${finance}` }
    })
    assert.equal(failedOnly.body.trim().split('\r\n').length, 2)
    // an editor is refused with the usual -1, another school's finance and no token are no session here
    const editor = (await staffLogin(app, 'demo', ['editor'], 'monthly-export-editor')).token
    const refused = await staffCall(app, 'demo', 'GET', '/monthly-plans/export', { token: editor })
    assert.equal(refused.body.code, -1)
    const hhu = (await staffLogin(app, 'hhu', ['finance'], 'monthly-export-hhu')).token
    assert.equal((await staffCall(app, 'demo', 'GET', '/monthly-plans/export', { token: hhu })).body.code, -997)
    const none = await app.inject({ method: 'GET', url: '/staff-api/demo/monthly-plans/export' })
    assert.equal(none.json().code, -997)
  })

  it('only finance (or admin) runs collection', async () => {
    const editor = (await staffLogin(app, 'demo', ['editor'], 'monthly-editor')).token
    const r = await staffCall(app, 'demo', 'POST', '/monthly-plans/collect', { token: editor, body: { date: '2026-01-01' } })
    assert.equal(r.body.code, -1)
  })
})
