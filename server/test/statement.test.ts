/**
 * Yearly giving statements (docs/decisions/050-yearly-statement.md), on SQLite and, with DATABASE_URL, PostgreSQL:
 * the statement's total is the donor's paid gifts less refunds (a paid gift, one refunded in full, one in part) by
 * Beijing calendar year; the PDF's text (pdftotext) carries it; another donor's gifts never appear; the e-mail
 * arrives at a real SMTP server on loopback with the PDF attached; the staff batch reports progress and reaches
 * only the donors who asked; a failed send is listed for staff and retried, with an audit row.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, type NoticePreferences, type StatementYears } from '../../types'
import { beijingYear } from '../src/lib/dates'
import { beijingYearRange } from '../src/domain/statement/repository'
import { AVENUE, SCHOLARSHIP, paidGift, projectIdOf } from './center-fixtures'
import { TEST_BUILD_DEFAULTS, call, login, signedHeaders, signKeyOf, startApp, type TestContext } from './helpers'
import { decodeWords, header, parts, startSmtp } from './smtp-fixtures'
import { staffCall, staffLogin, type StaffLogin } from './staff-fixtures'

let smtp: Awaited<ReturnType<typeof startSmtp>>
let ctx: TestContext
let app: FastifyInstance
let finance: StaffLogin
let editor: StaffLogin
let scholarship: number
let avenue: number
let donorA: string
let donorB: string
const thisYear = beijingYear(new Date())
const lastYear = thisYear - 1

before(async () => {
  smtp = await startSmtp()
  ctx = await startApp({
    build: { notify: { smtpUrl: smtp.url, mailFrom: 'give@example.edu.cn', env: {} }, orders: { ...TEST_BUILD_DEFAULTS.orders } }
  })
  app = ctx.app
  finance = await staffLogin(app, 'demo', ['finance'], 'statement.finance')
  editor = await staffLogin(app, 'demo', ['editor'], 'statement.editor')
  scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  avenue = await projectIdOf(app, 'demo', AVENUE)
  donorA = await login(app, 'demo', 'statement-donor-a')
  donorB = await login(app, 'demo', 'statement-donor-b')
})
after(async () => {
  await ctx.close()
  await smtp.close()
})

const refund = async (donationId: number, amount: string) => {
  const r = await staffCall(app, 'demo', 'POST', `/ledger/${donationId}/refund`, {
    token: finance.token,
    body: { amount, reason: '捐赠人申请退款' }
  })
  assert.equal(r.body.code, 0, r.body.message)
  assert.equal(r.body.data.state, 'succeeded')
}
const setPaidAt = (id: number, iso: string) => app.db.updateTable('donation').set({ paid_at: iso }).where('id', '=', id).execute()

async function pdfOf(token: string, year: number, lang?: 'en') {
  const headers: Record<string, string> = { ...signedHeaders(await signKeyOf(app, 'demo')), authorization: token }
  const res = await app.inject({ url: `/api/demo${Api.statementFile}?year=${year}${lang ? `&lang=${lang}` : ''}`, headers })
  return res
}
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8')

/** the user's paid gifts of a Beijing year less refunds, in fen, straight from the rows (the test's own sum) */
async function storedNetFen(token: string, year: number) {
  const userId = await userIdOf(token)
  const [from, to] = beijingYearRange(year)
  const rows = await app.db
    .selectFrom('donation')
    .select(['amount_fen', 'refunded_fen'])
    .where('user_id', '=', userId)
    .where('status', 'in', ['paid', 'refunded'])
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .execute()
  return rows.reduce((s, r) => s + Number(r.amount_fen) - Number(r.refunded_fen), 0)
}
async function userIdOf(token: string) {
  const r = await call<{ userId: number }>(app, 'demo', Api.centerMy, { token })
  return r.body.data.userId
}

describe('the donor statement', () => {
  it('years and totals: paid gifts less refunds, by Beijing calendar year', async () => {
    await paidGift(app, 'demo', donorA, scholarship, { currencyMoney: '100.00' })
    const full = await paidGift(app, 'demo', donorA, avenue, { currencyMoney: '50.00' })
    const part = await paidGift(app, 'demo', donorA, scholarship, { currencyMoney: '80.00' })
    await refund(Number(full.id), '50.00')
    await refund(Number(part.id), '30.00')
    // Beijing midnight: 15:30 UTC on 31 December is still last year there, 16:30 UTC is already this year
    const lateLastYear = await paidGift(app, 'demo', donorA, avenue, { currencyMoney: '20.00' })
    await setPaidAt(Number(lateLastYear.id), `${lastYear}-12-31T15:30:00.000Z`)
    const firstThisYear = await paidGift(app, 'demo', donorA, avenue, { currencyMoney: '7.00' })
    await setPaidAt(Number(firstThisYear.id), `${lastYear}-12-31T16:30:00.000Z`)
    // another donor's gift: never on A's statement
    await paidGift(app, 'demo', donorB, scholarship, { currencyMoney: '999.00' })

    const r = await call<StatementYears>(app, 'demo', Api.statementYears, { token: donorA })
    assert.equal(r.body.code, 0, r.body.message)
    assert.deepEqual(r.body.data.years, [
      { year: thisYear, giftCount: 4, paidMoney: '237.00', refundMoney: '80.00', totalMoney: '157.00' },
      { year: lastYear, giftCount: 1, paidMoney: '20.00', refundMoney: '0.00', totalMoney: '20.00' }
    ])
    assert.equal(await storedNetFen(donorA, thisYear), 15700)
    assert.equal(await storedNetFen(donorA, lastYear), 2000)
    assert.deepEqual([r.body.data.email, r.body.data.yearly], ['', 0])
    const b = await call<StatementYears>(app, 'demo', Api.statementYears, { token: donorB })
    assert.deepEqual(
      b.body.data.years.map((y) => [y.year, y.totalMoney]),
      [[thisYear, '999.00']]
    )
  })

  it('the PDF: foundation, each gift with its refund, and the total; nobody else gift', async () => {
    const res = await pdfOf(donorA, thisYear)
    assert.equal(res.statusCode, 200)
    assert.match(String(res.headers['content-type']), /application\/pdf/)
    assert.match(String(res.headers['content-disposition']), new RegExp(`statement-${thisYear}\\.pdf`))
    assert.equal(res.headers['cache-control'], 'no-store')
    const text = pdfText(res.rawPayload)
    const school = await app.db.selectFrom('school').select('name').where('code', '=', 'demo').executeTakeFirstOrThrow()
    assert.ok(text.includes(school.name), 'in the foundation name')
    assert.match(text, new RegExp(`${thisYear} 年度捐赠对账单`))
    assert.match(text, /¥157\.00/)
    assert.ok(text.includes(SCHOLARSHIP) && text.includes(AVENUE))
    for (const amount of ['100.00', '50.00', '80.00', '30.00', '7.00']) assert.ok(text.includes(amount), amount)
    assert.ok(!text.includes('999.00'), 'another donor gift')
    assert.ok(!text.includes('20.00'), 'last year gift')
    assert.match(text, /共 4 笔/)

    const en = pdfText((await pdfOf(donorA, lastYear, 'en')).rawPayload)
    assert.match(en, new RegExp(`Giving statement ${lastYear}`))
    assert.match(en, /¥20\.00/)
    assert.match(en, /1 gift\b/)
  })

  it('refusals: no gifts that year, a year out of range, no token', async () => {
    const none = await pdfOf(donorA, lastYear - 3)
    assert.equal((none.json() as { code: number; message: string }).message, '该年度没有已支付的捐赠')
    const future = await pdfOf(donorA, thisYear + 1)
    assert.equal((future.json() as { message: string }).message, '年份不正确')
    const anon = await app.inject({
      url: `/api/demo${Api.statementFile}?year=${thisYear}`,
      headers: signedHeaders(await signKeyOf(app, 'demo'))
    })
    assert.notEqual(anon.headers['content-type'], 'application/pdf')
    assert.notEqual((anon.json() as { code: number }).code, 0)
  })

  it('by e-mail: sent by the job worker through the notify service, the PDF attached', async () => {
    const missing = await call(app, 'demo', Api.statementEmail, { method: 'POST', token: donorA, body: { year: thisYear } })
    assert.equal(missing.body.message, '请填写接收对账单的电子邮箱')
    const before = smtp.received.length
    const r = await call<{ email: string }>(app, 'demo', Api.statementEmail, {
      method: 'POST',
      token: donorA,
      body: { year: thisYear, email: 'donor.a@example.com' }
    })
    assert.equal(r.body.code, 0, r.body.message)
    assert.equal(smtp.received.length, before, 'nothing on the request path')
    await app.jobs.runJobsOnce()
    assert.equal(smtp.received.length, before + 1)
    const mail = smtp.received[before]
    assert.deepEqual(mail.to, ['donor.a@example.com'])
    assert.match(decodeWords(header(mail.raw.split('\r\n\r\n')[0], 'Subject')), new RegExp(`${thisYear} 年度捐赠对账单`))
    const pdf = parts(mail.raw).find((p) => /application\/pdf/i.test(header(p.headers, 'Content-Type')))
    assert.ok(pdf, 'a PDF attached')
    assert.match(header(pdf.headers, 'Content-Disposition'), new RegExp(`attachment; filename=statement-${thisYear}\\.pdf`))
    assert.match(pdfText(pdf.body), /¥157\.00/)
    // the address was kept: the page shows it next time
    const years = await call<StatementYears>(app, 'demo', Api.statementYears, { token: donorA })
    assert.equal(years.body.data.email, 'donor.a@example.com')
    const n = await app.db
      .selectFrom('notification')
      .selectAll()
      .where('kind', '=', 'statement')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    assert.deepEqual([n.state, n.channel, n.recipient], ['sent', 'email', 'donor.a@example.com'])
  })
})

describe('staff: a year to every donor who asked', () => {
  it('the batch job reports progress and reaches only the donors who asked', async () => {
    const asked = await login(app, 'demo', 'statement-asked')
    const quiet = await login(app, 'demo', 'statement-quiet')
    await paidGift(app, 'demo', asked, scholarship, { currencyMoney: '66.00' })
    await paidGift(app, 'demo', quiet, scholarship, { currencyMoney: '77.00' })
    const saved = await call<NoticePreferences>(app, 'demo', Api.noticePreferencesSave, {
      method: 'POST',
      token: asked,
      body: { email: 'asked@example.com', lang: 'en', choices: [] }
    })
    assert.equal(saved.body.code, 0, saved.body.message)
    const on = await call<StatementYears>(app, 'demo', Api.statementYearly, { method: 'POST', token: asked, body: { enabled: true } })
    assert.equal(on.body.data.yearly, 1)
    // asked, but gave nothing this year: not in the batch
    const askedNoGift = await login(app, 'demo', 'statement-asked-nothing')
    await call(app, 'demo', Api.statementYearly, { method: 'POST', token: askedNoGift, body: { enabled: true } })

    const denied = await staffCall(app, 'demo', 'POST', '/statements', { token: editor.token, body: { year: thisYear } })
    assert.notEqual(denied.body.code, 0)
    const start = await staffCall(app, 'demo', 'POST', '/statements', { token: finance.token, body: { year: thisYear } })
    assert.equal(start.body.code, 0, start.body.message)
    const id = start.body.data.id as number
    assert.deepEqual([start.body.data.status, start.body.data.total, start.body.data.done], ['queued', 0, 0])
    const before = smtp.received.length
    const progress = async () => {
      const p = await staffCall(app, 'demo', 'GET', `/statements/${id}`, { token: finance.token })
      assert.equal(p.body.code, 0, p.body.message)
      return [p.body.data.status, p.body.data.total, p.body.data.done, p.body.data.sent]
    }
    // the batch job writes one notification per donor; their sends are the next jobs (due from the batch job's time)
    await app.jobs.runJobsOnce()
    assert.deepEqual(await progress(), ['enqueued', 1, 0, 0])
    assert.equal(smtp.received.length, before)
    await app.jobs.runJobsOnce()
    assert.deepEqual(await progress(), ['enqueued', 1, 1, 1])
    assert.equal(smtp.received.length, before + 1)
    const mail = smtp.received[before]
    assert.deepEqual(mail.to, ['asked@example.com'])
    assert.match(decodeWords(header(mail.raw.split('\r\n\r\n')[0], 'Subject')), new RegExp(`^Your giving statement ${thisYear}`))
    const pdf = parts(mail.raw).find((p) => /application\/pdf/i.test(header(p.headers, 'Content-Type')))!
    assert.match(pdfText(pdf.body), /¥66\.00/)
    // the list shows it; another school's staff cannot read it
    const list = await staffCall(app, 'demo', 'GET', '/statements', { token: finance.token })
    assert.equal(list.body.data[0].id, id)
    const other = await staffLogin(app, 'hhu', ['finance'], 'statement.other.finance')
    const foreign = await staffCall(app, 'hhu', 'GET', `/statements/${id}`, { token: other.token })
    assert.equal(foreign.body.message, '发送任务不存在')
    assert.deepEqual((await staffCall(app, 'hhu', 'GET', '/statements', { token: other.token })).body.data, [])
    assert.equal((await staffCall(app, 'hhu', 'GET', `/statements/${id}`, { token: finance.token })).body.code, -997)
    const audit = await app.db.selectFrom('audit_log').selectAll().where('action', '=', 'statement.batch.create').execute()
    assert.equal(audit.length, 1)
    // run again: nobody twice
    await app.jobs.runJobsOnce()
    assert.equal(smtp.received.length, before + 1)
  })
})

describe('staff: failed sends', () => {
  it('a refused send is listed with its error and attempts; retry now sends it, audited', async () => {
    smtp.state.refuse = true
    let id: number
    try {
      const r = await call(app, 'demo', Api.statementEmail, { method: 'POST', token: donorA, body: { year: lastYear } })
      assert.equal(r.body.code, 0, r.body.message)
      await app.jobs.runJobsOnce()
      const list = await staffCall(app, 'demo', 'GET', '/notifications/failed', { token: finance.token })
      assert.equal(list.body.code, 0, list.body.message)
      const row = list.body.data.rows.find((x: { kind: string }) => x.kind === 'statement')
      assert.ok(row, 'listed')
      assert.deepEqual([row.state, row.channel, row.recipient, row.attempts], ['retrying', 'email', 'donor.a@example.com', 1])
      assert.match(row.error, /451/)
      id = row.id
      const denied = await staffCall(app, 'demo', 'GET', '/notifications/failed', { token: editor.token })
      assert.notEqual(denied.body.code, 0)
      // another school's finance neither sees nor retries it
      const other = await staffLogin(app, 'hhu', ['finance'], 'failed.other.finance')
      const theirs = await staffCall(app, 'hhu', 'GET', '/notifications/failed', { token: other.token })
      assert.ok(!theirs.body.data.rows.some((x: { id: number }) => x.id === row.id))
      const foreignRetry = await staffCall(app, 'hhu', 'POST', `/notifications/${row.id}/retry`, { token: other.token })
      assert.equal(foreignRetry.body.message, '该通知不在失败或重试状态')
    } finally {
      smtp.state.refuse = false
    }
    const before = smtp.received.length
    const retry = await staffCall(app, 'demo', 'POST', `/notifications/${id}/retry`, { token: finance.token })
    assert.equal(retry.body.code, 0, retry.body.message)
    await app.jobs.runJobsOnce()
    assert.equal(smtp.received.length, before + 1)
    const n = await app.db.selectFrom('notification').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    assert.equal(n.state, 'sent')
    const audit = await app.db.selectFrom('audit_log').selectAll().where('action', '=', 'notification.retry').execute()
    assert.equal(audit.length, 1)
    assert.equal(String(audit[0].entity_id), String(id))
    const again = await staffCall(app, 'demo', 'POST', `/notifications/${id}/retry`, { token: finance.token })
    assert.equal(again.body.message, '该通知不在失败或重试状态')
  })
})
