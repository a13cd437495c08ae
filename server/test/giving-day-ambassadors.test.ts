/**
 * Giving days: boards, ambassadors, matched money in the ledger, exports and certificates
 * (docs/decisions/075-giving-day-ambassadors-boards.md). Runs on SQLite and, with DATABASE_URL, on PostgreSQL.
 *
 * - the class-year, college and region boards by money and by participation, from each gift's answers or, where the
 *   form did not ask, from the donor's earlier gift (their profile); a college select's option id is shown by its title;
 *   the area picker's "province city district" counts by province and city (a municipality by its name).
 * - ambassadors: one code per donor and day (concurrent asks answer one code), an unknown code and the donor's own
 *   refused before anything is written, every gift made with the code credited exactly once when 30 orders are each
 *   confirmed twice at the same moment; refunds lower what an ambassador brought; a code of another day credits
 *   nothing; names on the board follow the school's masking rule.
 * - a matched gift: the ledger row and totals, the CSV and XLSX exports carry the matched money in a column of its
 *   own, and the certificate prints the matched line (what is drawn is read through the certificate's render seam).
 */
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import ExcelJS from 'exceljs'
import type { FastifyInstance } from 'fastify'
import { Api, type GivingDayAmbassador, type GivingDayTotals } from '../../types'
import type { StaffGivingDay } from '../../types/schema/staff-giving-day'
import type { LedgerPage } from '../../types/schema/staff-money'
import { StaffApi, staffPath } from '../../types/staff-api'
import { issueCertificate } from '../src/domain/certificate/service'
import { applyNotification } from '../src/domain/order/notifications'
import { matchedLine, renderCertificate, type CertificateData } from '../src/documents/certificate'
import { toWireDate } from '../src/lib/dates'
import { call, login, startApp, type TestContext } from './helpers'
import { AVENUE, SCHOLARSHIP } from './center-fixtures'
import {
  demoBody,
  donate,
  orderRow,
  placeOrder,
  projectIdOf,
  sandboxNotify,
  schoolIdOf,
  setNameMasking,
  writeCounts
} from './order-fixtures'
import { staffCall, staffLogin, type StaffLogin } from './staff-fixtures'

let ctx: TestContext
let app: FastifyInstance
let sid: number
let admin: StaffLogin
let finance: StaffLogin
let scholarship: number
let avenue: number
/** the board test's day: the scholarship only */
let boardDay: number
/** the ambassador test's day: the avenue only */
let ambassadorDay: number

const beijing = (d: Date) => toWireDate(d.toISOString()).slice(0, 16)
const HOUR = 3600_000
const fenOfYuan = (yuan: string) => {
  const [w, f = ''] = yuan.split('.')
  return Number(w) * 100 + Number(f.padEnd(2, '0'))
}
const yuanText = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`

async function createDay(body: object): Promise<StaffGivingDay> {
  const r = await staffCall<StaffGivingDay>(app, 'demo', 'POST', StaffApi.givingDays, { token: admin.token, body })
  assert.equal(r.body.code, 0, r.body.message)
  return r.body.data
}
const totals = async (id: number, lang?: 'en') =>
  (await call<GivingDayTotals>(app, 'demo', Api.givingDayDetail, { query: { id, ...(lang ? { lang } : {}) } })).body
const askAmbassador = (token: string, id: number, lang?: 'en') =>
  call<GivingDayAmbassador>(app, 'demo', Api.givingDayAmbassador, {
    method: 'POST',
    body: { id },
    token,
    ...(lang ? { query: { lang } } : {})
  })

const ALUMNUS = { name: '张三', mobile: '86-13800138000', isAlumni: '0' }

/** An order placed through donate and paid through the paid path at `at`. */
async function payAt(token: string, itemsId: number, fen: number, at: Date, answers: Record<string, string> = {}, over: object = {}) {
  const billNo = await placeOrder(
    app,
    'demo',
    token,
    demoBody(itemsId, { currencyMoney: yuanText(fen), formDataMap: { ...ALUMNUS, ...answers }, ...over })
  )
  const r = await applyNotification(
    app.db,
    sid,
    { provider: 'sandbox', billNo, providerTradeNo: `SBX${billNo}`, amountFen: fen, outcome: 'paid', raw: '{}' },
    { now: at }
  )
  assert.equal(r.status, 'applied')
  return { billNo, id: Number((await orderRow(app, billNo)).id) }
}

const setMask = (on: boolean) => setNameMasking(app, sid, on)

before(async () => {
  ctx = await startApp()
  app = ctx.app
  sid = await schoolIdOf(app, 'demo')
  admin = await staffLogin(app, 'demo', ['admin'], 'gda.admin')
  finance = await staffLogin(app, 'demo', ['finance'], 'gda.finance')
  scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  avenue = await projectIdOf(app, 'demo', AVENUE)
  const now = Date.now()
  const window = { startsAt: beijing(new Date(now - HOUR)), endsAt: beijing(new Date(now + 2 * HOUR)) }
  boardDay = (await createDay({ title: '校庆捐赠日', ...window, projects: [scholarship] })).id
  ambassadorDay = (await createDay({ title: '大使捐赠日', ...window, projects: [avenue] })).id
})
after(async () => {
  await setMask(false)
  await ctx.close()
})

describe('class-year, college and region boards', () => {
  it('sum each group net, count its donors once, fall back to the donor’s earlier answers, show a select’s title', async () => {
    const at = new Date()
    const [a, b, c, d] = await Promise.all(['gda-b1', 'gda-b2', 'gda-b3', 'gda-b4'].map((u) => login(app, 'demo', u)))
    // college '2' is an option id of the demo form's college select: 计算机科学与技术学院
    await payAt(a, scholarship, 10000, at, { classYear: '2001', college: '2', region: '浙江省 杭州市 西湖区' })
    await payAt(b, scholarship, 5000, at, { classYear: '2001', college: '2', region: '上海市 市辖区 徐汇区' })
    await payAt(b, scholarship, 3000, at, { classYear: '2001', college: '2', region: '上海市 市辖区 徐汇区' })
    await payAt(c, scholarship, 50000, at, { classYear: '2005', college: '经济管理学院', region: '浙江省 杭州市 余杭区' })
    // d told the school their class, college and region on an earlier gift (outside the day); this gift's form did not ask
    await payAt(d, avenue, 100, new Date(at.getTime() - 3 * HOUR), {
      classYear: '1999',
      college: '外国语学院',
      region: '北京市 市辖区 海淀区'
    })
    await payAt(d, scholarship, 2000, at)

    const r = await totals(boardDay)
    assert.equal(r.code, 0, r.message)
    const t = r.data
    assert.equal(t.raised, '700.00')
    assert.equal(t.donors, 4)
    assert.deepEqual(t.classYearsByMoney, [
      { classYear: '2005', raised: '500.00', donors: 1 },
      { classYear: '2001', raised: '180.00', donors: 2 },
      { classYear: '1999', raised: '20.00', donors: 1 }
    ])
    assert.deepEqual(
      t.classYearsByDonors.map((y) => y.classYear),
      ['2001', '2005', '1999']
    )
    assert.deepEqual(t.collegesByMoney, [
      { name: '经济管理学院', raised: '500.00', donors: 1 },
      { name: '计算机科学与技术学院', raised: '180.00', donors: 2 },
      { name: '外国语学院', raised: '20.00', donors: 1 }
    ])
    assert.deepEqual(
      t.collegesByDonors.map((x) => [x.name, x.donors]),
      [
        ['计算机科学与技术学院', 2],
        ['经济管理学院', 1],
        ['外国语学院', 1]
      ]
    )
    assert.deepEqual(t.regionsByMoney, [
      { name: '浙江省 杭州市', raised: '600.00', donors: 2 },
      { name: '上海市', raised: '80.00', donors: 1 },
      { name: '北京市', raised: '20.00', donors: 1 }
    ])
    assert.deepEqual(
      t.regionsByDonors.map((x) => x.name),
      ['浙江省 杭州市', '上海市', '北京市']
    )
    assert.deepEqual(t.ambassadors, [])
  })
})

describe('ambassadors', () => {
  let ambToken: string
  let code: string

  it('one code per donor and day: concurrent asks answer the same code; an unknown day is refused', async () => {
    ambToken = await login(app, 'demo', 'gda-ambassador')
    const ambUser = await app.db.selectFrom('app_user').select('id').where('open_id', '=', 'gda-ambassador').executeTakeFirstOrThrow()
    await app.db.updateTable('app_user').set({ nickname: '王大使' }).where('id', '=', ambUser.id).execute()
    const asks = await Promise.all(Array.from({ length: 6 }, () => askAmbassador(ambToken, ambassadorDay)))
    for (const a of asks) assert.equal(a.body.code, 0, a.body.message)
    code = asks[0].body.data.code
    assert.match(code, /^[2-9A-HJKMNP-Z]{8}$/)
    assert.ok(asks.every((a) => a.body.data.code === code))
    assert.deepEqual(asks[0].body.data, { dayId: ambassadorDay, code, gifts: 0, raised: '0.00' })
    const rows = await app.db.selectFrom('giving_day_ambassador').selectAll().where('giving_day_id', '=', ambassadorDay).execute()
    assert.equal(rows.length, 1)

    const missing = await askAmbassador(ambToken, 999_999)
    assert.equal(missing.body.code, -1)
    assert.equal(missing.body.message, '捐赠日不存在')
    const anonymous = await call(app, 'demo', Api.givingDayAmbassador, { method: 'POST', body: { id: ambassadorDay } })
    assert.notEqual(anonymous.body.code, 0, 'a session is required')
  })

  it('refuses the donor’s own code and an unknown code before anything is written, in zh and en', async () => {
    const before = await writeCounts(app)
    const own = await donate(app, 'demo', ambToken, demoBody(avenue, { ambassador: code }))
    assert.equal(own.body.code, -1)
    assert.equal(own.body.message, '不能通过自己的捐赠大使链接捐赠，请直接捐赠')
    const ownEn = await call(app, 'demo', Api.donate, {
      method: 'POST',
      body: demoBody(avenue, { ambassador: code }),
      token: ambToken,
      query: { lang: 'en' }
    })
    assert.equal(ownEn.body.code, -1)
    assert.equal(ownEn.body.message, 'You can not give through your own ambassador link: please give directly')
    const donor = await login(app, 'demo', 'gda-stranger')
    const unknown = await donate(app, 'demo', donor, demoBody(avenue, { ambassador: 'ZZZZ2222' }))
    assert.equal(unknown.body.code, -1)
    assert.equal(unknown.body.message, '捐赠大使链接无效，请向分享者确认或直接捐赠')
    const malformed = await donate(app, 'demo', donor, demoBody(avenue, { ambassador: '../../x' }))
    assert.equal(malformed.body.code, -1)
    assert.deepEqual(await writeCounts(app), before, 'nothing written')
  })

  it('credits every gift made with the code exactly once when each of 30 orders is confirmed twice at once', async () => {
    const N = 30
    const tokens = await Promise.all(Array.from({ length: N }, (_, i) => login(app, 'demo', `gda-friend-${i}`)))
    const amounts = Array.from({ length: N }, (_, i) => 1000 + i * 11)
    // a code typed in lower case is the same code
    const bills = await Promise.all(
      tokens.map((tk, i) =>
        placeOrder(
          app,
          'demo',
          tk,
          demoBody(avenue, { currencyMoney: yuanText(amounts[i]), ambassador: i === 0 ? code.toLowerCase() : code })
        )
      )
    )
    const confirms = await Promise.all([...bills, ...bills].map((b) => sandboxNotify(app, 'demo', b)))
    const statuses = confirms.map((c) => c.body.data?.status)
    assert.equal(statuses.filter((s) => s === 'applied').length, N, statuses.join(','))
    assert.ok(
      statuses.every((s) => s === 'applied' || s === 'duplicate'),
      statuses.join(',')
    )

    const amb = await app.db.selectFrom('giving_day_ambassador').selectAll().where('code', '=', code).executeTakeFirstOrThrow()
    const credited = await app.db
      .selectFrom('giving_day_gift')
      .select(['donation_id', 'ambassador_id'])
      .where('giving_day_id', '=', ambassadorDay)
      .where('ambassador_id', '=', amb.id)
      .execute()
    assert.equal(credited.length, N)
    assert.equal(new Set(credited.map((g) => Number(g.donation_id))).size, N, 'once per order')
    const sum = amounts.reduce((s, x) => s + x, 0)

    const mine = await askAmbassador(ambToken, ambassadorDay)
    assert.deepEqual(mine.body.data, { dayId: ambassadorDay, code, gifts: N, raised: yuanText(sum) })
    const t = (await totals(ambassadorDay)).data
    assert.deepEqual(t.ambassadors, [{ name: '王大使', gifts: N, raised: yuanText(sum) }])
    assert.equal(t.raised, yuanText(sum))
    await setMask(true)
    try {
      assert.deepEqual((await totals(ambassadorDay)).data.ambassadors, [{ name: '王**', gifts: N, raised: yuanText(sum) }])
    } finally {
      await setMask(false)
    }
  })

  it('a refund lowers what the ambassador brought: a partial one the money, a full one the gift too', async () => {
    const before = (await askAmbassador(ambToken, ambassadorDay)).body.data
    const donor = await login(app, 'demo', 'gda-refunded')
    const { id } = await payAt(donor, avenue, 10_000, new Date(), {}, { ambassador: code })
    const paid = (await askAmbassador(ambToken, ambassadorDay)).body.data
    assert.deepEqual([paid.gifts, paid.raised], [before.gifts + 1, yuanText(fenOfYuan(before.raised) + 10_000)])
    const refund = (amount: string) =>
      staffCall(app, 'demo', 'POST', `/ledger/${id}/refund`, { token: finance.token, body: { amount, reason: '捐赠人申请退款' } })
    assert.equal((await refund('40.00')).body.data.state, 'succeeded')
    const partial = (await askAmbassador(ambToken, ambassadorDay)).body.data
    assert.deepEqual([partial.gifts, partial.raised], [before.gifts + 1, yuanText(fenOfYuan(before.raised) + 6_000)])
    assert.equal((await refund('60.00')).body.data.state, 'succeeded')
    const full = (await askAmbassador(ambToken, ambassadorDay)).body.data
    assert.deepEqual([full.gifts, full.raised], [before.gifts, before.raised])
    assert.deepEqual((await totals(ambassadorDay)).data.ambassadors[0], { name: '王大使', gifts: before.gifts, raised: before.raised })
  })

  it('a code credits only its own day: a gift to another day’s project counts there without an ambassador', async () => {
    const donor = await login(app, 'demo', 'gda-other-day')
    const { id } = await payAt(donor, scholarship, 4200, new Date(), {}, { ambassador: code })
    const gifts = await app.db.selectFrom('giving_day_gift').selectAll().where('donation_id', '=', id).execute()
    assert.equal(gifts.length, 1)
    assert.equal(Number(gifts[0].giving_day_id), boardDay)
    assert.equal(gifts[0].ambassador_id, null)
    const referral = await app.db.selectFrom('giving_day_referral').selectAll().where('donation_id', '=', id).execute()
    assert.equal(referral.length, 1, 'the code is kept with the order')
  })
})

describe('matched money', () => {
  let matched: { billNo: string; id: number }
  let plain: { billNo: string; id: number }

  it('the certificate of a matched gift prints the matched line; an unmatched one does not', async () => {
    const r = await staffCall<StaffGivingDay>(app, 'demo', 'POST', staffPath(StaffApi.givingDayMatches, { id: boardDay }), {
      token: admin.token,
      body: { sponsor: '校友企业家', kind: 'per_yuan', rate: '0.50', cap: '1000.00' }
    })
    assert.equal(r.body.code, 0, r.body.message)
    const [a, b] = await Promise.all([login(app, 'demo', 'gda-matched'), login(app, 'demo', 'gda-plain')])
    matched = await payAt(a, scholarship, 200_000, new Date())
    // the cap is spent: this gift is matched by nothing
    plain = await payAt(b, scholarship, 150_000, new Date())

    const drawn = new Map<number, CertificateData>()
    const deps = (donationId: number) => ({
      db: app.db,
      dataDir: ctx.dataDir,
      render: async (data: CertificateData) => {
        drawn.set(donationId, data)
        return renderCertificate(data)
      }
    })
    assert.equal(await issueCertificate(deps(matched.id), sid, matched.id), 'issued')
    assert.equal(await issueCertificate(deps(plain.id), sid, plain.id), 'issued')
    assert.deepEqual(drawn.get(matched.id)?.matched, { amountYuan: '1000.00', sponsors: ['校友企业家'] })
    assert.equal(drawn.get(plain.id)?.matched, undefined)
    // the words drawn after the amount: the sponsors and the matched yuan with thousands separators
    assert.deepEqual(matchedLine(drawn.get(matched.id)!), { sponsors: '校友企业家', amount: '1,000.00' })
    assert.deepEqual(matchedLine({ matched: { amountYuan: '12345.6', sponsors: ['甲', ' 乙 '] } }), {
      sponsors: '甲、乙',
      amount: '12,345.60'
    })
    assert.equal(matchedLine({ matched: { amountYuan: '0.00', sponsors: ['甲'] } }), null)
    // the drawn certificate, to look at (docs: the matched line sits under the amount)
    if (process.env.CERT_PREVIEW) writeFileSync(process.env.CERT_PREVIEW, await renderCertificate(drawn.get(matched.id)!))
  })

  it('the ledger row and totals show the matched money apart from the amount', async () => {
    const page = await staffCall<LedgerPage>(app, 'demo', 'GET', `/ledger?keyword=${matched.billNo}`, { token: finance.token })
    assert.equal(page.body.code, 0, page.body.message)
    assert.equal(page.body.data.rows.length, 1)
    const row = page.body.data.rows[0]
    assert.deepEqual([row.amount, row.matched, row.matchedFen], ['2000.00', '1000.00', 100_000])
    assert.equal(page.body.data.totals.matchedFen, 100_000)
    assert.equal(page.body.data.totals.amountFen, 200_000, 'the match is not part of the amount')
    const other = await staffCall<LedgerPage>(app, 'demo', 'GET', `/ledger?keyword=${plain.billNo}`, { token: finance.token })
    assert.deepEqual([other.body.data.rows[0].matched, other.body.data.totals.matched], ['0.00', '0.00'])
    const all = await staffCall<LedgerPage>(app, 'demo', 'GET', `/ledger?projectId=${scholarship}`, { token: finance.token })
    assert.equal(all.body.data.totals.matchedFen, 100_000)
  })

  async function exportFile(format: 'csv' | 'xlsx') {
    const r = await staffCall<{ id: number }>(app, 'demo', 'POST', '/exports', {
      token: finance.token,
      body: { kind: 'ledger', format, filters: { projectId: scholarship } }
    })
    assert.equal(r.body.code, 0, r.body.message)
    await app.jobs.runJobsOnce()
    const res = await app.inject({
      method: 'GET',
      url: `/staff-api/demo/exports/${r.body.data.id}/file`,
      headers: { authorization: `Staff ${finance.token}` }
    })
    assert.equal(res.statusCode, 200)
    return res.rawPayload
  }

  it('the CSV and XLSX exports carry the matched money in a column of its own', async () => {
    const csv = (await exportFile('csv')).subarray(3).toString('utf8').trimEnd().split('\r\n')
    const header = csv[0].split(',')
    assert.equal(header[10], '配捐（元）')
    const cells = (bill: string) => csv.find((l) => l.startsWith(`${bill},`))!.split(',')
    assert.equal(cells(matched.billNo)[4], '2000.00')
    assert.equal(cells(matched.billNo)[10], '1000.00')
    assert.equal(cells(plain.billNo)[10], '0.00')

    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load((await exportFile('xlsx')) as unknown as ArrayBuffer)
    const sheet = wb.worksheets[0]
    assert.equal(sheet.getRow(1).getCell(11).value, '配捐（元）')
    let found = false
    sheet.eachRow((row) => {
      if (String(row.getCell(1).value) !== matched.billNo) return
      found = true
      assert.equal(row.getCell(11).value, 1000)
      assert.equal(row.getCell(11).numFmt, '#,##0.00')
    })
    assert.ok(found)
  })
})
