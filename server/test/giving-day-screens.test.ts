/**
 * Giving-day screens' server side (docs/decisions/074-giving-day-screens.md). Runs on SQLite and, with DATABASE_URL,
 * on PostgreSQL.
 *
 * - the landing page's projects: the day's own list (a paused one shown as not taking gifts), or the school's open
 *   projects when the day lists none, named in the request's language;
 * - the thank-you line: `givingDay/matched` answers the caller's own paid gift with what a 1:1 match added and its
 *   sponsor (in English when asked), nothing for a gift no match touched; another donor's order, an unpaid one, a
 *   wrong pay-link token and no session at all are refused without telling what the order holds.
 */
import { invalidateSchoolCache } from '../src/domain/school/cache'
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, ResultCode, type GivingDayMatched, type GivingDayTotals } from '../../types'
import type { StaffGivingDay } from '../../types/schema/staff-giving-day'
import { StaffApi, staffPath } from '../../types/staff-api'
import { applyNotification } from '../src/domain/order/notifications'
import { toWireDate } from '../src/lib/dates'
import { call, login, startApp, type TestContext } from './helpers'
import { AVENUE, SCHOLARSHIP } from './center-fixtures'
import { demoBody, orderRow, placeOrder, projectIdOf, schoolIdOf } from './order-fixtures'
import { staffCall, staffLogin, type StaffLogin } from './staff-fixtures'

let ctx: TestContext
let app: FastifyInstance
let sid: number
let admin: StaffLogin
let scholarship: number
let avenue: number

const beijing = (d: Date) => toWireDate(d.toISOString()).slice(0, 16)
const HOUR = 3600_000
const ALUMNUS = { name: '李四', mobile: '86-13800138000', isAlumni: '0' }

async function staff<T>(path: string, body: object): Promise<T> {
  const r = await staffCall<T>(app, 'demo', 'POST', path, { token: admin.token, body })
  assert.equal(r.body.code, 0, r.body.message)
  return r.body.data
}
const totals = async (id: number, lang?: 'en') =>
  (await call<GivingDayTotals>(app, 'demo', Api.givingDayDetail, { query: { id, ...(lang ? { lang } : {}) } })).body
const matched = (billNo: string, opts: { token?: string; payToken?: string; lang?: 'en' } = {}) =>
  call<GivingDayMatched>(app, 'demo', Api.givingDayMatched, {
    query: { donatePlatOrder: billNo, ...(opts.payToken ? { payToken: opts.payToken } : {}), ...(opts.lang ? { lang: opts.lang } : {}) },
    ...(opts.token ? { token: opts.token } : {})
  })

async function order(token: string, itemsId: number, yuan: string) {
  return placeOrder(app, 'demo', token, demoBody(itemsId, { currencyMoney: yuan, formDataMap: ALUMNUS }))
}
async function pay(billNo: string, fen: number) {
  const r = await applyNotification(
    app.db,
    sid,
    { provider: 'sandbox', billNo, providerTradeNo: `SBX${billNo}`, amountFen: fen, outcome: 'paid', raw: '{}' },
    { now: new Date() }
  )
  assert.equal(r.status, 'applied')
}

before(async () => {
  ctx = await startApp()
  app = ctx.app
  sid = await schoolIdOf(app, 'demo')
  admin = await staffLogin(app, 'demo', ['admin'], 'gds.admin')
  scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  avenue = await projectIdOf(app, 'demo', AVENUE)
})
after(async () => ctx.close())

describe('the landing page’s projects', () => {
  it('lists the day’s own projects, or the school’s open ones when it names none', async () => {
    const now = Date.now()
    const window = { startsAt: beijing(new Date(now + 24 * HOUR)), endsAt: beijing(new Date(now + 26 * HOUR)) }
    const own = await staff<StaffGivingDay>(StaffApi.givingDays, { title: '项目日', ...window, projects: [avenue] })
    const all = await staff<StaffGivingDay>(StaffApi.givingDays, { title: '全校日', ...window })
    const a = await totals(own.id)
    assert.equal(a.code, 0, a.message)
    assert.deepEqual(
      a.data.projects.map((p) => p.id),
      [avenue]
    )
    assert.ok(a.data.projects[0].name.length > 0)
    assert.equal(a.data.state, 'upcoming')
    const b = await totals(all.id)
    const ids = b.data.projects.map((p) => p.id)
    assert.ok(ids.includes(avenue) && ids.includes(scholarship), `every open project: ${ids.join(',')}`)
    assert.ok(b.data.projects.every((p) => p.canGive === 1))
    // a paused project stays on a day that lists it, marked as not taking gifts, and leaves the default list
    await app.db.updateTable('project').set({ is_donate: 0 }).where('id', '=', avenue).execute()
    invalidateSchoolCache()
    try {
      const paused = (await totals(own.id)).data.projects
      assert.deepEqual(
        paused.map((p) => [p.id, p.canGive]),
        [[avenue, 0]]
      )
      assert.ok(!(await totals(all.id)).data.projects.some((p) => p.id === avenue))
    } finally {
      await app.db.updateTable('project').set({ is_donate: 1 }).where('id', '=', avenue).execute()
      invalidateSchoolCache()
    }
  })
})

describe('the thank-you page’s matched line', () => {
  it('answers what a 1:1 match added to the caller’s own gift, and refuses everyone else', async () => {
    const now = Date.now()
    const day = await staff<StaffGivingDay>(StaffApi.givingDays, {
      title: '配捐日',
      startsAt: beijing(new Date(now - HOUR)),
      endsAt: beijing(new Date(now + HOUR)),
      projects: [scholarship]
    })
    await staff<StaffGivingDay>(staffPath(StaffApi.givingDayMatches, { id: day.id }), {
      sponsor: '校友企业',
      sponsorEn: 'Alumni Co.',
      kind: 'per_yuan',
      rate: '1',
      cap: '1000'
    })
    const [donor, other] = await Promise.all([login(app, 'demo', 'gds-donor'), login(app, 'demo', 'gds-other')])
    const billNo = await order(donor, scholarship, '200')
    // unpaid: refused
    const unpaid = await matched(billNo, { token: donor })
    assert.equal(unpaid.body.code, ResultCode.ERROR)
    assert.match(unpaid.body.message, /尚未支付/)
    await pay(billNo, 20000)

    const mine = await matched(billNo, { token: donor })
    assert.equal(mine.body.code, 0, mine.body.message)
    assert.deepEqual(mine.body.data, { amount: '200.00', matched: '200.00', total: '400.00', sponsors: ['校友企业'] })
    const en = await matched(billNo, { token: donor, lang: 'en' })
    assert.deepEqual(en.body.data.sponsors, ['Alumni Co.'])
    // the landing page counts the match used
    const t = (await totals(day.id)).data
    assert.equal(t.matches[0].used, '200.00')
    assert.equal(t.matched, '200.00')

    // another donor's session, a wrong pay-link token, no session at all
    const theirs = await matched(billNo, { token: other })
    assert.equal(theirs.body.code, ResultCode.ERROR)
    assert.match(theirs.body.message, /订单不存在/)
    const badLink = await matched(billNo, { payToken: '1.deadbeef' })
    assert.equal(badLink.body.code, ResultCode.ERROR)
    const anonymous = await matched(billNo)
    assert.notEqual(anonymous.body.code, 0)
    // an unknown bill is answered as another's is
    const unknown = await matched('NO-SUCH-BILL', { token: donor })
    assert.equal(unknown.body.message, theirs.body.message)

    // a gift outside the day's projects: nothing matched
    const plain = await order(donor, avenue, '50')
    await pay(plain, 5000)
    const none = await matched(plain, { token: donor })
    assert.deepEqual(none.body.data, { amount: '50.00', matched: '0.00', total: '50.00', sponsors: [] })
    assert.ok(await orderRow(app, plain))
  })
})
