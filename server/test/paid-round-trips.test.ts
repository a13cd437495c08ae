/**
 * Round trips of a paid donation on PostgreSQL (docs/decisions/076-postgresql-at-the-peak.md), counted at the driver
 * (every pg client query of this process). Runs only with DATABASE_URL: on SQLite a statement is a function call.
 *
 * - a plain order is one statement, which asks itself whether the donor has an unpaid order to replace: no BEGIN,
 *   no COMMIT, no read before it (docs/decisions/087-postgresql-peak-statements.md);
 * - donate reads the session, the donor's app_user row and the consent to the privacy policy in one statement, and
 *   reads none of them again;
 * - donate's nonce claim and its rate windows are one statement to the shared store (decision 087);
 * - an order that replaces the donor's unpaid one still runs in a transaction and cancels it ('replaced');
 * - the paid transaction of a plain gift is 4 statements (BEGIN; the notification, the transition, the certificate
 *   job and the read of what the follow-ups would find as one statement; one read of the donor's awards held and the
 *   facts their rules read; COMMIT): none of the follow-ups' own reads (paper requests, notice preference, naming
 *   holds, joint donation, giving days) runs when it has nothing to do, nor the read of a joint donation's launcher;
 * - once warm, an order does not read the school's payment configuration of its pay type: it is cached per process
 *   like the school's settings (school/cache.ts), unless PERF_MACHINERY=off.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import pg from 'pg'
import type { FastifyInstance } from 'fastify'
import { applyNotification } from '../src/domain/order/notifications'
import { PERF_ON } from '../src/perf/switch'
import { login, startApp, type TestContext } from './helpers'
import { SCHOLARSHIP } from './center-fixtures'
import { demoBody, orderRow, placeOrder, projectIdOf, schoolIdOf } from './order-fixtures'

let ctx: TestContext
let app: FastifyInstance
let sid: number
let itemsId: number

const onPg = !!process.env.DATABASE_URL

/** statement texts sent with a name (prepared once per connection, db/factory.ts StatementNames) */
const named = new Set<string>()

/** the SQL texts this process sends while `run` runs */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = []
  const query = pg.Client.prototype.query
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the driver's overloaded query
  pg.Client.prototype.query = function (this: pg.Client, q: any, ...rest: any[]) {
    seen.push(typeof q === 'string' ? q : String(q?.text ?? ''))
    if (typeof q === 'object' && q?.name) named.add(String(q.text))
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
    return (query as any).call(this, q, ...rest)
  } as typeof query
  try {
    await run()
  } finally {
    pg.Client.prototype.query = query
  }
  return seen
}

describe('round trips of a paid donation on PostgreSQL', { skip: !onPg && 'PostgreSQL only (DATABASE_URL)' }, () => {
  before(async () => {
    ctx = await startApp()
    app = ctx.app
    sid = await schoolIdOf(app, 'demo')
    itemsId = await projectIdOf(app, 'demo', SCHOLARSHIP)
  })
  after(async () => {
    await ctx?.close()
  })

  it('a plain order is one statement without a transaction; its payment is a transaction of 3', async () => {
    const token = await login(app, 'demo', 'round-trips-1')
    // warm: the school's cached rows and award rules, one paid gift
    const warm = await placeOrder(app, 'demo', token, demoBody(itemsId))
    const paid = await applyNotification(app.db, sid, {
      provider: 'sandbox',
      billNo: warm,
      providerTradeNo: `SBX${warm}`,
      amountFen: 10000,
      outcome: 'paid',
      raw: '{}'
    })
    assert.equal(paid.status, 'applied')
    const unpaid = await placeOrder(app, 'demo', token, demoBody(itemsId, { currencyMoney: '8.00' }))
    let billNo = ''
    const donate = await statementsOf(async () => {
      billNo = await placeOrder(app, 'demo', token, demoBody(itemsId, { currencyMoney: '12.34' }))
    })
    // the first order was still unpaid: replaced, in a transaction
    assert.ok(donate.includes('begin'), 'an order replacing an unpaid one runs in a transaction')
    const replaced = await orderRow(app, unpaid)
    assert.deepEqual([replaced.status, replaced.close_reason], ['cancelled', 'replaced'])

    // the pay type's configuration came from the per-process cache (school/cache.ts), warmed by the first order
    const configReads = donate.filter((s) => s.includes('from "payment_config"'))
    assert.equal(configReads.length, PERF_ON ? 0 : 1, `payment_config read by a warm order: ${donate.join('\n')}`)

    const order = await orderRow(app, billNo)
    const pay = await statementsOf(() =>
      applyNotification(
        app.db,
        sid,
        { provider: 'sandbox', billNo, providerTradeNo: `SBX${billNo}`, amountFen: 1234, outcome: 'paid', raw: '{}' },
        { order: order as never }
      )
    )
    // an award the gift earns is one INSERT more, and the school's award rules are read when their per-process cache
    // (school/cache.ts, 5 s) has none (award/service.ts), before the transaction
    const own = pay.filter((s) => !s.startsWith('insert into "award_record"') && !s.startsWith('select * from "award"'))
    assert.equal(own[0], 'begin')
    assert.equal(own[own.length - 1], 'commit')
    assert.match(own[1], /^with n as \(\s*insert into payment_notification/, 'the record, transition, job and follow-ups read at once')
    // the donor's held awards and award facts are read by the paid statement itself (notifications.ts paidWithAwards):
    // BEGIN, the paid statement, COMMIT; PERF_MACHINERY=off reads them in a statement of their own, as before
    assert.equal(own.length, PERF_ON ? 3 : 4, pay.join('\n'))
    assert.equal(own[1].includes('from "award_record"'), PERF_ON, `the paid statement reads the donor's awards: ${own[1]}`)
    assert.equal(own.filter((s) => s.startsWith('select') && s.includes('"award_record"')).length, PERF_ON ? 0 : 1, pay.join('\n'))
    for (const skipped of ['notify_preference', 'naming_record', 'giving_day', 'certificate_request', 'receipt_request'])
      assert.ok(!pay.some((s) => /^select [^(]/.test(s) && s.includes(`from "${skipped}"`)), `no read of ${skipped} of its own`)
    assert.equal((await orderRow(app, billNo)).status, 'paid')

    // the donor has no unpaid order now: the next order is one statement, with no read of unpaid orders before it
    const plain = await statementsOf(() => placeOrder(app, 'demo', token, demoBody(itemsId, { currencyMoney: '5.67' })))
    assert.ok(!plain.includes('begin'), plain.join('\n'))
    const writes = plain.filter((s) => /insert into "?donation/.test(s))
    assert.equal(writes.length, 1, 'the donation and its submission in one statement')
    assert.match(writes[0], /^with d as \(\s*insert into donation/)
    assert.ok(!plain.some((s) => s.startsWith('select "id" from "donation"')), `no read of unpaid orders: ${plain.join('\n')}`)
    // the request's nonce claim and its three rate windows are one statement (a data-modifying WITH that counts the
    // windows only when the claim was won); PERF_MACHINERY=off claims the nonce in the signature hook, as before
    const store = plain.filter((s) => /\bshared_entry\b/.test(s))
    assert.equal(store.length, PERF_ON ? 1 : 2, store.join('\n'))
    if (PERF_ON) assert.match(store[0], /^with c as \(\s*insert into shared_entry/)

    // the session, the donor's row and the consent to the current policy in one statement (the gift carries a name
    // and a mobile: personal data), and none of them read again by the order
    const reads = (table: string) => plain.filter((s) => s.includes(`from "${table}"`) || s.includes(`join "${table}"`))
    const sessionReads = reads('session')
    assert.equal(sessionReads.length, 1, plain.join('\n'))
    const [session] = sessionReads
    for (const table of ['app_user', 'privacy_policy', 'privacy_consent']) {
      assert.ok(session.includes(`"${table}"`), `the session statement reads ${table}: ${session}`)
      assert.deepEqual(reads(table), [session], `no read of ${table} of its own: ${plain.join('\n')}`)
    }
    assert.ok(named.has(session) === PERF_ON, 'the session statement is prepared')
    // the pay type's configuration comes from the process's cache once warm (school/cache.ts)
    assert.equal(plain.filter((s) => s.includes('from "payment_config"')).length, PERF_ON ? 0 : 1, plain.join('\n'))
    // so do the project and its sub-projects' prices (school/cache.ts schoolProject): no read of either once warm
    for (const table of ['project', 'sub_project'])
      assert.equal(reads(table).length, PERF_ON ? 0 : 1, `${table} read by a warm order: ${plain.join('\n')}`)

    // statements with parameters go as named (prepared) statements, unless PERF_MACHINERY=off; BEGIN and COMMIT as sent
    assert.equal(named.has(writes[0]) && named.has(own[1]), PERF_ON, 'the order and the paid statement are prepared')
    assert.ok(!named.has('begin') && !named.has('commit'))
  })
})
