/**
 * The money side of the staff API: the ledger with filters and totals, CSV and XLSX exports read back
 * (the XLSX with exceljs), offline gifts entering the donor-facing totals, orders in review resolved through the
 * order domain, reconciliation per day and provider, and the dashboard. For every route: the role check (finance and
 * admin pass, editor and fulfilment get -1, no token -997), tenancy (another school's staff and rows), and the
 * audit row of every change. Expected figures are summed here from the rows, in integer fen, never taken from the
 * answers under test.
 */
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { after, before, describe, it } from 'node:test'
import ExcelJS from 'exceljs'
import type { FastifyInstance } from 'fastify'
import { Api, type DirectoryTotal, type DonationRecord, type Page, type Project } from '../../types'
import type { RefundState } from '../src/db/schema'
import { EXPORT_BATCH } from '../src/domain/ledger/exports'
import { beijingDate, beijingDayStart, type LedgerRow } from '../src/domain/ledger/repository'
import { transition } from '../src/domain/order/state'
import { fenToYuan } from '../src/lib/money'
import { call, login, startApp, type TestContext } from './helpers'
import { cancelOrder, SCHOLARSHIP, AVENUE } from './center-fixtures'
import { demoBody, orderRow, placeOrder, projectIdOf, sandboxNotify, schoolIdOf } from './order-fixtures'
import { staffCall, staffLogin, type StaffLogin } from './staff-fixtures'

let ctx: TestContext
let app: FastifyInstance
let sid: number
let hhuSid: number
let finance: StaffLogin
let admin: StaffLogin
let editor: StaffLogin
let fulfilment: StaffLogin
let hhuFinance: StaffLogin
let donor: string
let scholarship: number
let avenue: number
const paidBills: string[] = []

before(async () => {
  ctx = await startApp()
  app = ctx.app
  sid = await schoolIdOf(app, 'demo')
  hhuSid = await schoolIdOf(app, 'hhu')
  finance = await staffLogin(app, 'demo', ['finance'])
  admin = await staffLogin(app, 'demo', ['admin'])
  editor = await staffLogin(app, 'demo', ['editor'])
  fulfilment = await staffLogin(app, 'demo', ['fulfilment'])
  hhuFinance = await staffLogin(app, 'hhu', ['finance'])
  donor = await login(app, 'demo', 'money-donor')
  scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  avenue = await projectIdOf(app, 'demo', AVENUE)
  // gifts through the real flow (donate + the sandbox cashier): amounts a float sum would get wrong
  for (const [items, money] of [
    [scholarship, '1.29'],
    [scholarship, '1234.56'],
    [avenue, '100.10'],
    [avenue, '1.07']
  ] as const) {
    const bill = await placeOrder(app, 'demo', donor, demoBody(items, { currencyMoney: money }))
    const n = await sandboxNotify(app, 'demo', bill)
    assert.equal(n.body.data?.status, 'applied')
    paidBills.push(bill)
  }
  // and one left unpaid
  await placeOrder(app, 'demo', await login(app, 'demo', 'money-donor-2'), demoBody(avenue, { currencyMoney: '55.55' }))
})
after(async () => {
  await ctx.close()
})

const asFinance = <T = any>(method: 'GET' | 'POST', url: string, body?: unknown, who: StaffLogin = finance) =>
  staffCall<T>(app, 'demo', method, url, { token: who.token, body })

/** The school's orders as stored, for expectations computed independently of the routes. */
async function storedOrders(schoolId = sid) {
  return app.db
    .selectFrom('donation')
    .select(['id', 'bill_no', 'items_id', 'amount_fen', 'status', 'is_offline', 'paid_at', 'created_at', 'user_id', 'donor_name'])
    .where('school_id', '=', schoolId)
    .execute()
}
const sumFen = (rows: { amount_fen: number }[]) => rows.reduce((a, r) => a + Number(r.amount_fen), 0)

async function auditRows(action: string) {
  return app.db.selectFrom('audit_log').selectAll().where('school_id', '=', sid).where('action', '=', action).orderBy('id').execute()
}
const countRows = async (table: 'donation' | 'audit_log' | 'ledger_export' | 'order_review') =>
  Number(
    (
      await app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n
  )

async function download(id: number, token = finance.token) {
  return app.inject({ method: 'GET', url: `/staff-api/demo/exports/${id}/file`, headers: { authorization: `Staff ${token}` } })
}

describe('roles', () => {
  const financeRoutes: [string, string, unknown?][] = [
    ['GET', '/ledger'],
    ['POST', '/exports', { kind: 'ledger', format: 'csv' }],
    ['GET', '/exports/1'],
    ['GET', '/exports/1/file'],
    ['POST', '/offline-gifts', { projectId: 1, amount: '1.00', donorName: 'x', donatedOn: '2026-01-01', channel: 'bank' }],
    ['GET', '/review'],
    ['POST', '/review/1/resolve', { resolution: 'closed', reason: 'x' }],
    ['GET', '/reconciliation'],
    ['GET', '/offline-gifts/projects']
  ]

  it('editor and fulfilment are refused every finance route with -1, in zh and en, and nothing is written', async () => {
    const before = { donation: await countRows('donation'), audit: await countRows('audit_log'), exports: await countRows('ledger_export') }
    for (const [method, url, body] of financeRoutes) {
      for (const who of [editor, fulfilment]) {
        const r = await staffCall(app, 'demo', method as 'GET' | 'POST', url, { token: who.token, body })
        assert.equal(r.body.code, -1, `${method} ${url}`)
        assert.equal(r.body.message, '当前账号无权进行此操作（需要：财务）', `${method} ${url}`)
      }
      const en = await staffCall(app, 'demo', method as 'GET' | 'POST', url, { token: editor.token, body, lang: 'en' })
      assert.equal(en.body.message, 'Your account may not do this (needs: finance)')
      const none = await staffCall(app, 'demo', method as 'GET' | 'POST', url, { token: null, body })
      assert.equal(none.body.code, -997, `${method} ${url} without a token`)
    }
    assert.deepEqual(
      { donation: await countRows('donation'), audit: await countRows('audit_log'), exports: await countRows('ledger_export') },
      before
    )
  })

  it('finance and admin pass; the dashboard is open to every role', async () => {
    for (const who of [finance, admin]) {
      assert.equal((await asFinance('GET', '/ledger', undefined, who)).body.code, 0)
      assert.equal((await asFinance('GET', '/review', undefined, who)).body.code, 0)
      assert.equal((await asFinance('GET', '/reconciliation', undefined, who)).body.code, 0)
    }
    for (const who of [finance, admin, editor, fulfilment]) {
      const d = await asFinance('GET', '/dashboard', undefined, who)
      assert.equal(d.body.code, 0)
      assert.equal(d.body.data.daily.length, 30)
    }
    assert.equal((await staffCall(app, 'demo', 'GET', '/dashboard', { token: null })).body.code, -997)
  })

  it("finance finds an offline gift's project by name: ids and names of this school's projects only", async () => {
    const r = await asFinance('GET', '/offline-gifts/projects?keyword=' + encodeURIComponent('奖学金'))
    assert.equal(r.body.code, 0)
    assert.ok(r.body.data.rows.length > 0)
    for (const row of r.body.data.rows) {
      assert.deepEqual(Object.keys(row).sort(), ['id', 'name'])
      assert.match(row.name, /奖学金/)
      const p = await app.db.selectFrom('project').select(['school_id']).where('id', '=', row.id).executeTakeFirstOrThrow()
      assert.equal(p.school_id, (await app.db.selectFrom('school').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id)
    }
  })
})

describe('ledger', () => {
  it('totals over the whole filter are the integer-fen sums of the stored orders', async () => {
    const all = await storedOrders()
    const r = await asFinance<{ total: number; totals: any; rows: LedgerRow[] }>('GET', '/ledger?limit=5')
    assert.equal(r.body.code, 0)
    assert.equal(r.body.data.total, all.length)
    assert.equal(r.body.data.rows.length, 5)
    assert.equal(r.body.data.totals.count, all.length)
    assert.equal(r.body.data.totals.amountFen, sumFen(all))
    assert.equal(r.body.data.totals.amount, fenToYuan(sumFen(all)))
    assert.equal(r.body.data.totals.offlineAmountFen, sumFen(all.filter((o) => o.is_offline)))

    const paidScholarship = all.filter((o) => o.status === 'paid' && o.items_id === scholarship)
    const f = await asFinance<{ total: number; totals: any; rows: LedgerRow[] }>(
      'GET',
      `/ledger?projectId=${scholarship}&status=paid&limit=100`
    )
    assert.equal(f.body.data.totals.count, paidScholarship.length)
    assert.equal(f.body.data.totals.amountFen, sumFen(paidScholarship))
    assert.ok(f.body.data.rows.every((x) => x.projectId === scholarship && x.status === 'paid'))
  })

  it('filters by amount range in yuan, keyword, channel and date; pages without repeats', async () => {
    const all = await storedOrders()
    const inRange = all.filter((o) => o.amount_fen >= 107 && o.amount_fen <= 129)
    const range = await asFinance<{ totals: any; rows: LedgerRow[] }>('GET', '/ledger?min=1.07&max=1.29&limit=100')
    assert.equal(range.body.data.totals.count, inRange.length)
    assert.equal(range.body.data.totals.amountFen, sumFen(inRange))
    assert.ok(range.body.data.rows.some((x) => x.amount === '1.29'))

    const bill = paidBills[1]
    const kw = await asFinance<{ total: number; rows: LedgerRow[] }>('GET', `/ledger?keyword=${bill.slice(-12).toLowerCase()}`)
    assert.equal(kw.body.data.total, 1)
    assert.equal(kw.body.data.rows[0].billNo, bill)
    assert.equal(kw.body.data.rows[0].amountFen, 123456)
    assert.equal(kw.body.data.rows[0].offline, 0)
    assert.equal(kw.body.data.rows[0].channel, 'h5')

    const h5 = await asFinance<{ total: number }>('GET', '/ledger?channel=h5')
    const submitted = await app.db
      .selectFrom('donation_submission')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('school_id', '=', sid)
      .where('pay_channel', '=', 'h5')
      .executeTakeFirstOrThrow()
    assert.equal(h5.body.data.total, Number(submitted.n))

    const today = beijingDate(new Date())
    const start = beijingDayStart(today)!.getTime()
    const todays = all.filter(
      (o) => Date.parse(o.paid_at ?? o.created_at) >= start && Date.parse(o.paid_at ?? o.created_at) < start + 86_400_000
    )
    const day = await asFinance<{ totals: any }>('GET', `/ledger?from=${today}&to=${today}`)
    assert.equal(day.body.data.totals.count, todays.length)
    assert.equal(day.body.data.totals.amountFen, sumFen(todays))

    const seen = new Set<number>()
    for (let offset = 0; offset < 40; offset += 10) {
      const p = await asFinance<{ rows: LedgerRow[] }>('GET', `/ledger?limit=10&offset=${offset}`)
      for (const x of p.body.data.rows) {
        assert.ok(!seen.has(x.id), 'no row twice across pages')
        seen.add(x.id)
      }
    }
  })

  it('refuses a malformed amount or date with -1, and another school sees only its own orders', async () => {
    for (const q of ['min=abc', 'max=1.234', 'from=2026-13-01', 'to=yesterday']) {
      const r = await asFinance('GET', `/ledger?${q}`)
      assert.equal(r.body.code, -1, q)
    }
    const en = await staffCall(app, 'demo', 'GET', '/ledger?from=2026-02-30', { token: finance.token, lang: 'en' })
    assert.equal(en.body.message, 'Dates must be YYYY-MM-DD')
    const hhu = await staffCall<{ total: number; rows: LedgerRow[] }>(app, 'hhu', 'GET', '/ledger?limit=100', { token: hhuFinance.token })
    assert.equal(hhu.body.data.total, (await storedOrders(hhuSid)).length)
    assert.ok(!hhu.body.data.rows.some((x) => paidBills.includes(x.billNo)))
    // a demo token at hhu is no session there
    assert.equal((await staffCall(app, 'hhu', 'GET', '/ledger', { token: finance.token })).body.code, -997)
  })
})

describe('offline gifts', () => {
  const detail = async () => (await call<Project>(app, 'demo', Api.itemsDetail, { query: { id: scholarship } })).body.data
  const total = async (q: Record<string, number> = {}) => (await call<DirectoryTotal>(app, 'demo', Api.total, { query: q })).body.data
  const fenOf = (yuan: string) => {
    const [w, f = ''] = yuan.split('.')
    return Number(w) * 100 + Number(f.padEnd(2, '0'))
  }

  it('counts in the project total and count, the school total and the directory, labelled offline, with its audit row', async () => {
    const [d0, t0, tp0] = [await detail(), await total(), await total({ itemsId: scholarship })]
    const r = await asFinance<LedgerRow>('POST', '/offline-gifts', {
      projectId: scholarship,
      amount: '8888.08',
      donorName: '线下赟喆䶮测试',
      donatedOn: beijingDate(new Date(Date.now() - 3 * 86_400_000)),
      channel: 'bank',
      note: '工行转账'
    })
    assert.equal(r.body.code, 0, r.body.message)
    assert.equal(r.body.data.offline, 1)
    assert.equal(r.body.data.amountFen, 888808)
    assert.equal(r.body.data.channel, 'bank')
    assert.equal(r.body.data.status, 'paid')
    const [d1, t1, tp1] = [await detail(), await total(), await total({ itemsId: scholarship })]
    assert.equal(fenOf(d1.completeMoney) - fenOf(d0.completeMoney), 888808)
    assert.equal(d1.payCounts, d0.payCounts + 1)
    assert.equal(fenOf(t1.totalMoney) - fenOf(t0.totalMoney), 888808)
    assert.equal(t1.totalCount, t0.totalCount + 1)
    assert.equal(fenOf(tp1.totalMoney) - fenOf(tp0.totalMoney), 888808)

    const dir = (
      await call<Page<DonationRecord>>(app, 'demo', Api.donateRecordPage, { query: { itemsId: scholarship, s: '线下赟喆䶮测试' } })
    ).body.data
    assert.equal(dir.total, 1)
    assert.equal(dir.rows[0].offline, 1)
    assert.equal(dir.rows[0].donateMoney, '8888.08')
    const online = (await call<Page<DonationRecord>>(app, 'demo', Api.donateRecordPage, { query: { limit: 50 } })).body.data
    assert.ok(
      online.rows.some((x) => x.offline === undefined),
      'online gifts carry no offline label'
    )

    const audit = await auditRows('ledger.offline.create')
    assert.equal(audit.length, 1)
    assert.equal(Number(audit[0].staff_id), finance.staffId)
    assert.equal(audit[0].entity_id, String(r.body.data.id))
    assert.equal(audit[0].before_json, 'null')
    assert.equal(JSON.parse(audit[0].after_json).amountFen, 888808)

    const ledger = await asFinance<{ totals: any }>('GET', '/ledger')
    assert.equal(ledger.body.data.totals.offlineAmountFen, 888808)
  })

  it('showName false lists the gift as anonymous', async () => {
    const r = await asFinance<LedgerRow>('POST', '/offline-gifts', {
      projectId: avenue,
      amount: '50',
      donorName: '不留名的校友',
      donatedOn: beijingDate(new Date()),
      channel: 'cash',
      note: '',
      showName: false
    })
    assert.equal(r.body.code, 0)
    const dir = (await call<Page<DonationRecord>>(app, 'demo', Api.donateRecordPage, { query: { itemsId: avenue, limit: 50 } })).body.data
    const row = dir.rows.find((x) => x.id === r.body.data.id)!
    assert.equal(row.name, '匿名爱心人士')
    assert.equal(row.offline, 1)
  })

  it('refuses a bad amount, a future date, a long name or another school’s project with -1, writing nothing', async () => {
    const good = { projectId: scholarship, amount: '10.00', donorName: '王五', donatedOn: '2026-01-02', channel: 'cheque', note: '' }
    const before = { donation: await countRows('donation'), audit: await countRows('audit_log') }
    const hhuProject = (await app.db.selectFrom('project').select('id').where('school_id', '=', hhuSid).executeTakeFirstOrThrow()).id
    const goods = (
      await app.db.selectFrom('project').select('id').where('school_id', '=', sid).where('crowd_type', '=', 2).executeTakeFirstOrThrow()
    ).id
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: '0' }, '金额须大于0且最多两位小数', 'Amount must be greater than 0 with at most 2 decimals'],
      [{ amount: '0.00' }, '金额须大于0且最多两位小数', 'Amount must be greater than 0 with at most 2 decimals'],
      [{ amount: '1.234' }, '金额须大于0且最多两位小数', 'Amount must be greater than 0 with at most 2 decimals'],
      [{ amount: '-5' }, '金额须大于0且最多两位小数', 'Amount must be greater than 0 with at most 2 decimals'],
      [{ amount: '1e3' }, '金额须大于0且最多两位小数', 'Amount must be greater than 0 with at most 2 decimals'],
      [{ donatedOn: beijingDate(new Date(Date.now() + 2 * 86_400_000)) }, '捐赠日期不能晚于今天', 'The gift date cannot be in the future'],
      [{ donatedOn: '2026-02-30' }, '日期须为 YYYY-MM-DD 格式', 'Dates must be YYYY-MM-DD'],
      [{ donorName: '张'.repeat(33) }, '捐赠人姓名不能为空且不超过32个字', 'Donor name is required, at most 32 characters'],
      [{ donorName: '   ' }, '捐赠人姓名不能为空且不超过32个字', 'Donor name is required, at most 32 characters'],
      [{ projectId: hhuProject }, '项目不存在', 'Project not found'],
      [
        { projectId: goods },
        '物资类项目不能录入线下资金捐赠',
        'A goods project counts goods, not money: an offline money gift cannot be entered for it'
      ]
    ]
    for (const [over, zh, en] of cases) {
      const r = await asFinance('POST', '/offline-gifts', { ...good, ...over })
      assert.equal(r.body.code, -1, JSON.stringify(over))
      assert.equal(r.body.message, zh, JSON.stringify(over))
      const e = await staffCall(app, 'demo', 'POST', '/offline-gifts', { token: finance.token, body: { ...good, ...over }, lang: 'en' })
      assert.equal(e.body.message, en)
    }
    // 32 characters is allowed (counted as characters, not UTF-16 units)
    assert.equal((await asFinance('POST', '/offline-gifts', { ...good, donorName: '䶮'.repeat(32) })).body.code, 0)
    assert.equal(await countRows('donation'), before.donation + 1)
    assert.equal(await countRows('audit_log'), before.audit + 1)
  })
})

describe('exports', () => {
  async function runExport(format: 'csv' | 'xlsx', filters: Record<string, unknown>) {
    const r = await asFinance<{ id: number }>('POST', '/exports', { kind: 'ledger', format, filters })
    assert.equal(r.body.code, 0, r.body.message)
    const id = r.body.data.id
    const queued = await asFinance<{ status: string; done: number; total: number }>('GET', `/exports/${id}`)
    assert.equal(queued.body.data.status, 'running')
    assert.equal(queued.body.data.done, 0)
    const early = await download(id)
    assert.equal(early.json().code, -1, 'no file before the job ran')
    await app.jobs.runJobsOnce()
    const s = await asFinance<{ status: string; done: number; total: number; fileName: string }>('GET', `/exports/${id}`)
    assert.equal(s.body.data.status, 'done')
    assert.equal(s.body.data.done, s.body.data.total)
    return { id, status: s.body.data }
  }

  it('CSV: UTF-8 with BOM, one line per ledger row of the filter, amounts summing to the totals', async () => {
    const ledger = (await asFinance<{ totals: any }>('GET', '/ledger?status=paid')).body.data
    const { id, status } = await runExport('csv', { status: 'paid' })
    assert.equal(status.total, ledger.totals.count)
    const res = await download(id)
    assert.equal(res.statusCode, 200)
    assert.match(String(res.headers['content-type']), /^text\/csv/)
    assert.match(String(res.headers['content-disposition']), new RegExp(`attachment; filename="${status.fileName}"`))
    assert.match(status.fileName, /^ledger-demo-\d{14}\.csv$/)
    const raw = res.rawPayload
    assert.deepEqual([...raw.subarray(0, 3)], [0xef, 0xbb, 0xbf])
    const lines = raw.subarray(3).toString('utf8').trimEnd().split('\r\n')
    assert.equal(lines[0], '订单号,时间,项目,捐赠人,金额（元）,渠道,支付方式,状态,线下,已退款（元）,配捐（元）')
    const rows = lines.slice(1).map(parseCsvLine)
    assert.equal(rows.length, ledger.totals.count)
    const fen = rows.reduce((a, r) => a + Number(r[4].replace('.', '')), 0)
    assert.equal(fen, ledger.totals.amountFen)
    assert.ok(rows.every((r) => r[7] === '已支付'))
    const offline = rows.find((r) => r[3] === '线下赟喆䶮测试')!
    assert.deepEqual([offline[4], offline[5], offline[8]], ['8888.08', 'bank', '是'])
    assert.ok(rows.some((r) => r[0] === paidBills[0] && r[4] === '1.29'))
    const audit = await auditRows('ledger.export.create')
    assert.ok(audit.some((a) => a.entity_id === String(id) && Number(a.staff_id) === finance.staffId))
  })

  it('XLSX opened with exceljs: the rows of the seeded and new orders, amounts as money numbers summing to the totals', async () => {
    const stored = await storedOrders()
    const { id, status } = await runExport('xlsx', {})
    assert.equal(status.total, stored.length)
    const res = await download(id)
    assert.equal(res.statusCode, 200)
    assert.match(String(res.headers['content-disposition']), /filename="ledger-demo-\d{14}\.xlsx"/)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = wb.worksheets[0]
    assert.equal(sheet.rowCount, stored.length + 1)
    assert.equal(sheet.getRow(1).getCell(1).value, '订单号')
    const byBill = new Map(stored.map((o) => [o.bill_no, o]))
    let fen = 0
    for (let i = 2; i <= sheet.rowCount; i++) {
      const row = sheet.getRow(i)
      const bill = String(row.getCell(1).value)
      const amount = row.getCell(5)
      assert.equal(typeof amount.value, 'number', `row ${i}: the amount is a number`)
      assert.equal(amount.numFmt, '#,##0.00')
      const cents = Math.round((amount.value as number) * 100)
      assert.equal(cents, Number(byBill.get(bill)!.amount_fen), bill)
      fen += cents
    }
    assert.equal(fen, sumFen(stored))
  })

  it('an export belongs to its school: another school’s staff get not found; a bad filter is -1 before anything is written', async () => {
    const { id } = await runExport('csv', { projectId: avenue })
    const other = await staffCall(app, 'hhu', 'GET', `/exports/${id}`, { token: hhuFinance.token })
    assert.equal(other.body.code, -1)
    assert.equal(other.body.message, '不存在')
    const file = await app.inject({
      method: 'GET',
      url: `/staff-api/hhu/exports/${id}/file`,
      headers: { authorization: `Staff ${hhuFinance.token}` }
    })
    assert.equal(file.json().code, -1)
    const n = await countRows('ledger_export')
    const bad = await asFinance('POST', '/exports', { kind: 'ledger', format: 'xlsx', filters: { min: '1.999' } })
    assert.equal(bad.body.code, -1)
    assert.equal(await countRows('ledger_export'), n)
  })

  it('a finished export older than the retention loses its file at the next export and says so, in zh and en', async () => {
    const { id } = await runExport('csv', { projectId: avenue })
    const row = await app.db.selectFrom('ledger_export').select(['file_path']).where('id', '=', id).executeTakeFirstOrThrow()
    assert.ok(existsSync(row.file_path), 'the file exists while it is fresh')
    // asked 25 hours ago (retention 24 h by default)
    const old = new Date(Date.now() - 25 * 3_600_000).toISOString()
    await app.db.updateTable('ledger_export').set({ created_at: old }).where('id', '=', id).execute()
    const fresh = await runExport('csv', { projectId: avenue })
    assert.equal(existsSync(row.file_path), false, 'the old file was deleted when the school exported again')
    const gone = await app.db.selectFrom('ledger_export').select(['status', 'file_path']).where('id', '=', id).executeTakeFirstOrThrow()
    assert.deepEqual(gone, { status: 'expired', file_path: '' })
    assert.equal((await asFinance<{ status: string }>('GET', `/exports/${id}`)).body.data.status, 'failed')
    assert.deepEqual(pick(await download(id)), { code: -1, message: '导出文件已过期删除，请重新导出' })
    const en = await app.inject({
      method: 'GET',
      url: `/staff-api/demo/exports/${id}/file?lang=en`,
      headers: { authorization: `Staff ${finance.token}`, 'accept-language': 'en' }
    })
    assert.equal(en.json().code, -1)
    assert.match(en.json().message, /expired|过期/)
    // the new export is untouched
    assert.equal((await download(fresh.id)).statusCode, 200)
  })
})

const pick = (r: { json: () => { code: number; message: string } }) => {
  const b = r.json()
  return { code: b.code, message: b.message }
}

function parseCsvLine(line: string): string[] {
  const out: string[] = []
  let cur = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"'
        i++
      } else if (c === '"') quoted = false
      else cur += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      out.push(cur)
      cur = ''
    } else cur += c
  }
  out.push(cur)
  return out
}

describe('review', () => {
  async function reconcilingOrder(money: string) {
    const bill = await placeOrder(app, 'demo', await login(app, 'demo', `review-${money}`), demoBody(scholarship, { currencyMoney: money }))
    const o = await orderRow(app, bill)
    assert.ok(await transition(app.db, sid, o.id, 'pending', 'reconciling'))
    return o
  }

  it('lists the lost debits and the late payments; resolving a lost debit as paid pays it through the order domain', async () => {
    const lost = await reconcilingOrder('66.60')
    const closing = await reconcilingOrder('77.70')
    const lateBill = await placeOrder(app, 'demo', donor, demoBody(avenue, { currencyMoney: '12.34' }))
    await cancelOrder(app, 'demo', donor, lateBill)
    assert.equal((await sandboxNotify(app, 'demo', lateBill)).body.data?.status, 'late')
    const late = await orderRow(app, lateBill)

    const list = await asFinance<{ total: number; rows: any[] }>('GET', '/review')
    assert.equal(list.body.code, 0)
    const kinds = new Map(list.body.data.rows.map((r) => [r.id, r.kind]))
    assert.equal(kinds.get(lost.id), 'reconciling')
    assert.equal(kinds.get(closing.id), 'reconciling')
    assert.equal(kinds.get(late.id), 'late')
    assert.equal(list.body.data.rows.find((r) => r.id === late.id).notifiedFen, 1234)

    const certJobs = async () =>
      Number(
        (
          await app.db
            .selectFrom('job')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('kind', '=', 'certificate')
            .where('payload', '=', JSON.stringify({ donationId: lost.id }))
            .executeTakeFirstOrThrow()
        ).n
      )
    assert.equal(await certJobs(), 0)
    const paid = await asFinance('POST', `/review/${lost.id}/resolve`, { resolution: 'paid', reason: '校园卡系统确认已扣款' })
    assert.equal(paid.body.code, 0, paid.body.message)
    assert.deepEqual(paid.body.data, { id: lost.id, status: 'paid', resolution: 'paid' })
    assert.equal((await orderRow(app, lost.bill_no)).status, 'paid')
    assert.equal(await certJobs(), 1, 'the certificate follows, as for any paid order')
    const note = await app.db.selectFrom('payment_notification').selectAll().where('bill_no', '=', lost.bill_no).executeTakeFirstOrThrow()
    assert.equal(Number(note.amount_fen), 6660)
    assert.equal(JSON.parse(note.raw).staffId, finance.staffId)
    const a = (await auditRows('review.resolve.paid')).find((x) => x.entity_id === String(lost.id))!
    assert.equal(Number(a.staff_id), finance.staffId)
    assert.deepEqual(JSON.parse(a.before_json), { status: 'reconciling', refundReview: 0 })
    assert.equal(JSON.parse(a.after_json).reason, '校园卡系统确认已扣款')

    const closed = await asFinance('POST', `/review/${closing.id}/resolve`, { resolution: 'closed', reason: '未扣款' })
    assert.equal(closed.body.data.status, 'cancelled')
    assert.equal((await orderRow(app, closing.bill_no)).close_reason, 'staff_review')
    assert.equal((await auditRows('review.resolve.closed')).filter((x) => x.entity_id === String(closing.id)).length, 1)

    // late money: the closed order is never reopened as paid; it is closed after a refund by hand
    const reopen = await asFinance('POST', `/review/${late.id}/resolve`, { resolution: 'paid', reason: 'x' })
    assert.equal(reopen.body.code, -1)
    assert.equal((await orderRow(app, lateBill)).status, 'cancelled')
    const refunded = await asFinance('POST', `/review/${late.id}/resolve`, { resolution: 'closed', reason: '已原路退款' })
    assert.equal(refunded.body.code, 0)
    assert.equal((await orderRow(app, lateBill)).refund_review, 0)
    const after = await asFinance<{ rows: any[] }>('GET', '/review?limit=100')
    assert.ok(!after.body.data.rows.some((r) => [lost.id, closing.id, late.id].includes(r.id)))
    const reviews = await app.db.selectFrom('order_review').selectAll().where('school_id', '=', sid).execute()
    assert.deepEqual(
      reviews.map((r) => [Number(r.donation_id), r.kind, r.resolution]).sort(),
      [
        [closing.id, 'reconciling', 'closed'],
        [late.id, 'late', 'closed'],
        [lost.id, 'reconciling', 'paid']
      ].sort()
    )
  })

  it('refuses a resolved order, an empty reason, another school’s order and an order never in review, writing nothing', async () => {
    const o = await reconcilingOrder('5.55')
    const paidOrder = await orderRow(app, paidBills[0])
    const before = { audit: await countRows('audit_log'), reviews: await countRows('order_review') }
    assert.equal(
      (await asFinance('POST', `/review/${o.id}/resolve`, { resolution: 'closed', reason: '   ' })).body.message,
      '请填写处理原因'
    )
    assert.equal((await asFinance('POST', `/review/${paidOrder.id}/resolve`, { resolution: 'closed', reason: 'x' })).body.code, -1)
    const other = await staffCall(app, 'hhu', 'POST', `/review/${o.id}/resolve`, {
      token: hhuFinance.token,
      body: { resolution: 'paid', reason: 'x' }
    })
    assert.equal(other.body.message, '不存在')
    assert.equal((await orderRow(app, o.bill_no)).status, 'reconciling')
    assert.deepEqual({ audit: await countRows('audit_log'), reviews: await countRows('order_review') }, before)
  })
})

describe('reconciliation and dashboard', () => {
  it('per day per provider: paid orders, notified money and the mismatches (late money)', async () => {
    const today = beijingDate(new Date())
    const r = await asFinance<{ rows: any[] }>('GET', `/reconciliation?from=${today}&to=${today}`)
    assert.equal(r.body.code, 0)
    const sandbox = r.body.data.rows.find((x) => x.provider === 'sandbox' && x.date === today)
    const start = beijingDayStart(today)!.toISOString()
    const paid = await app.db
      .selectFrom('donation')
      .select(['amount_fen'])
      .where('school_id', '=', sid)
      .where('provider', '=', 'sandbox')
      .where('status', '=', 'paid')
      .where('paid_at', '>=', start)
      .execute()
    const notes = await app.db
      .selectFrom('payment_notification')
      .select(['amount_fen', 'result'])
      .where('school_id', '=', sid)
      .where('provider', '=', 'sandbox')
      .where('created_at', '>=', start)
      .execute()
    assert.equal(sandbox.orders, paid.length)
    assert.equal(sandbox.paidFen, sumFen(paid))
    assert.equal(sandbox.notifiedFen, sumFen(notes))
    assert.equal(sandbox.notified, fenToYuan(sumFen(notes)))
    assert.equal(sandbox.mismatches, notes.filter((n) => n.result === 'late').length)
    assert.ok(sandbox.mismatches >= 1)
    assert.ok(!r.body.data.rows.some((x) => x.provider === 'offline'), 'offline gifts have no provider to reconcile')
    assert.equal((await asFinance('GET', '/reconciliation?from=2026-05-01&to=2026-04-01')).body.code, -1)
    const hhu = await staffCall<{ rows: any[] }>(app, 'hhu', 'GET', `/reconciliation?from=${today}&to=${today}`, {
      token: hhuFinance.token
    })
    assert.ok(!hhu.body.data.rows.some((x) => x.provider === 'sandbox' && x.orders >= paid.length))
  })

  it('today, this month, top projects and the 30-day series are the school’s paid gifts, offline ones included', async () => {
    const now = new Date()
    const today = beijingDate(now)
    const todayStart = beijingDayStart(today)!.getTime()
    const monthStart = beijingDayStart(`${today.slice(0, 7)}-01`)!.getTime()
    const paid = (await storedOrders()).filter((o) => o.status === 'paid' && o.paid_at)
    const since = (t: number) => paid.filter((o) => Date.parse(o.paid_at!) >= t)
    const donors = (rows: typeof paid) => new Set(rows.map((o) => (o.user_id ? `u${o.user_id}` : `n${o.donor_name}`))).size
    const d = (await staffCall<any>(app, 'demo', 'GET', '/dashboard', { token: editor.token })).body.data
    assert.equal(d.today.amountFen, sumFen(since(todayStart)))
    assert.equal(d.today.amount, fenToYuan(sumFen(since(todayStart))))
    assert.equal(d.today.count, since(todayStart).length)
    assert.equal(d.today.donors, donors(since(todayStart)))
    assert.equal(d.month.amountFen, sumFen(since(monthStart)))
    assert.equal(d.month.count, since(monthStart).length)
    assert.equal(d.daily.at(-1).date, today)
    assert.equal(d.daily.at(-1).amountFen, d.today.amountFen)
    const window = since(todayStart - 29 * 86_400_000)
    assert.equal(
      d.daily.reduce((a: number, x: any) => a + x.amountFen, 0),
      sumFen(window)
    )
    const byProject = new Map<number, number>()
    for (const o of window) byProject.set(o.items_id, (byProject.get(o.items_id) ?? 0) + Number(o.amount_fen))
    const top = [...byProject.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 5)
    assert.deepEqual(
      d.topProjects.map((p: any) => [p.id, p.amountFen]),
      top
    )
    const hhu = (await staffCall<any>(app, 'hhu', 'GET', '/dashboard', { token: hhuFinance.token })).body.data
    const hhuPaid = (await storedOrders(hhuSid)).filter((o) => o.status === 'paid' && o.paid_at && Date.parse(o.paid_at) >= monthStart)
    assert.equal(hhu.month.amountFen, sumFen(hhuPaid))
  })

  it("the refunds figure is this month's succeeded refunds and those waiting, by state, of this school only", async () => {
    // refund rows written straight into the table (docs/decisions/032-refunds.md states): each state the figure reads,
    // one succeeded last month, and the same again at hhu, which demo's dashboard must not count
    const now = new Date()
    const monthStart = beijingDayStart(`${beijingDate(now).slice(0, 7)}-01`)!
    const lastMonth = new Date(monthStart.getTime() - 86_400_000).toISOString()
    const at = now.toISOString()
    const donationOf = async (schoolId: number) =>
      (await app.db.selectFrom('donation').select('id').where('school_id', '=', schoolId).orderBy('id').executeTakeFirstOrThrow()).id
    let n = 0
    const refund = (schoolId: number, donationId: number, state: RefundState, amountFen: number, settledAt: string | null) => ({
      school_id: schoolId,
      donation_id: donationId,
      out_refund_no: `RDASH${schoolId}x${n++}`,
      amount_fen: amountFen,
      state,
      provider: 'sandbox',
      requested_by: null,
      created_at: at,
      updated_at: at,
      settled_at: settledAt
    })
    for (const schoolId of [sid, hhuSid]) {
      const d = await donationOf(schoolId)
      await app.db
        .insertInto('refund')
        .values([
          refund(schoolId, d, 'succeeded', 1234, at),
          refund(schoolId, d, 'succeeded', 766, at),
          refund(schoolId, d, 'succeeded', 999_00, lastMonth),
          refund(schoolId, d, 'pending_approval', 500, null),
          refund(schoolId, d, 'requested', 300, null),
          refund(schoolId, d, 'processing', 200, null),
          refund(schoolId, d, 'processing', 100, null),
          refund(schoolId, d, 'failed', 50, null)
        ])
        .execute()
    }
    const stored = await app.db.selectFrom('refund').selectAll().where('school_id', '=', sid).execute()
    const settled = stored.filter((r) => r.state === 'succeeded' && r.settled_at && Date.parse(r.settled_at) >= monthStart.getTime())
    const count = (...states: string[]) => stored.filter((r) => states.includes(r.state)).length
    const d = (await staffCall<any>(app, 'demo', 'GET', '/dashboard', { token: finance.token })).body.data
    const fen = settled.reduce((a, r) => a + Number(r.amount_fen), 0)
    assert.ok(fen >= 2000)
    assert.deepEqual(d.refunds, {
      month: { amount: fenToYuan(fen), amountFen: fen, count: settled.length },
      pendingApproval: count('pending_approval'),
      processing: count('requested', 'processing')
    })
    assert.ok(d.refunds.processing >= 3)
  })
})

describe('a long export', () => {
  it('writes more rows than one batch, each exactly once, and ends with done = total', async () => {
    // hhu's own ledger, grown past two batches (EXPORT_BATCH rows each) with rows written straight into the table
    const project = (await app.db.selectFrom('project').select('id').where('school_id', '=', hhuSid).executeTakeFirstOrThrow()).id
    const at = new Date().toISOString()
    const extra = EXPORT_BATCH * 2 + 37
    for (let i = 0; i < extra; i += 200) {
      await app.db
        .insertInto('donation')
        .values(
          Array.from({ length: Math.min(200, extra - i) }, (_, k) => ({
            bill_no: `OBATCH${String(i + k).padStart(8, '0')}`,
            school_id: hhuSid,
            items_id: project,
            sub_items_id: null,
            user_id: null,
            together_id: null,
            donor_name: `=校友${i + k}`,
            is_anonymous: 0,
            amount_fen: 100 + i + k,
            material_number: 0,
            pay_type: 0,
            status: 'paid' as const,
            created_at: at,
            paid_at: at,
            provider: 'offline',
            is_offline: 1
          }))
        )
        .execute()
    }
    const stored = await storedOrders(hhuSid)
    const r = await staffCall<{ id: number }>(app, 'hhu', 'POST', '/exports', {
      token: hhuFinance.token,
      body: { kind: 'ledger', format: 'csv' },
      lang: 'en'
    })
    assert.equal(r.body.code, 0)
    await app.jobs.runJobsOnce()
    const s = await staffCall<{ status: string; done: number; total: number }>(app, 'hhu', 'GET', `/exports/${r.body.data.id}`, {
      token: hhuFinance.token
    })
    assert.deepEqual([s.body.data.status, s.body.data.done, s.body.data.total], ['done', stored.length, stored.length])
    assert.ok(stored.length > EXPORT_BATCH * 2)
    const file = await app.inject({
      method: 'GET',
      url: `/staff-api/hhu/exports/${r.body.data.id}/file`,
      headers: { authorization: `Staff ${hhuFinance.token}` }
    })
    const lines = file.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n')
    assert.equal(lines[0], 'Bill number,Time,Project,Donor,Amount (yuan),Channel,Pay type,Status,Offline,Refunded (yuan),Matched (yuan)')
    const rows = lines.slice(1).map(parseCsvLine)
    assert.deepEqual(rows.map((x) => x[0]).sort(), stored.map((o) => o.bill_no).sort())
    assert.equal(
      rows.reduce((a, x) => a + Number(x[4].replace('.', '')), 0),
      sumFen(stored)
    )
    // a name that would run as a spreadsheet formula is written as text
    assert.equal(rows.find((x) => x[0] === 'OBATCH00000000')![3], "'=校友0")
  })
})

describe('one gift in full', () => {
  it('the detail drawer shows the row, the provider, the certificate and the requests as stored; other schools and roles are refused', async () => {
    const bill = paidBills[1]
    const stored = await orderRow(app, bill)
    const r = await asFinance('GET', `/ledger/${stored.id}`)
    assert.equal(r.body.code, 0, JSON.stringify(r.body))
    const d = r.body.data
    assert.equal(d.row.billNo, bill)
    assert.equal(d.row.amountFen, Number(stored.amount_fen))
    assert.equal(d.row.amount, '1234.56')
    assert.equal(d.row.status, 'paid')
    assert.equal(d.row.projectId, scholarship)
    assert.equal(d.provider, stored.provider)
    assert.notEqual(d.provider, '')
    assert.equal(d.offline, null)
    const cert = await app.db
      .selectFrom('certificate')
      .select('certificate_no')
      .where('donation_id', '=', Number(stored.id))
      .executeTakeFirst()
    assert.equal(d.certificateNo, cert?.certificate_no ?? '')
    const requests = await app.db.selectFrom('certificate_request').select('id').where('donation_id', '=', Number(stored.id)).execute()
    assert.equal(d.requests.filter((x: { kind: string }) => x.kind === 'certificate').length, requests.length)
    assert.deepEqual(d.refunds, [])
    // another school's finance: not found, as for an id that does not exist; editors are refused
    const hhu = await staffCall(app, 'hhu', 'GET', `/ledger/${stored.id}`, { token: hhuFinance.token })
    assert.equal(hhu.body.code, -1)
    assert.ok(!hhu.body.data)
    assert.equal((await asFinance('GET', '/ledger/987654321')).body.code, -1)
    assert.equal((await asFinance('GET', `/ledger/${stored.id}`, undefined, editor)).body.code, -1)
  })

  it('an offline gift shows its channel, day, note and who entered it', async () => {
    const made = await asFinance('POST', '/offline-gifts', {
      projectId: avenue,
      amount: '88.80',
      donorName: '抽屉校友',
      donatedOn: '2026-01-05',
      channel: 'cheque',
      note: '支票号 0042'
    })
    assert.equal(made.body.code, 0, JSON.stringify(made.body))
    const d = (await asFinance('GET', `/ledger/${made.body.data.id}`)).body.data
    assert.equal(d.row.offline, 1)
    assert.equal(d.row.amountFen, 8880)
    assert.deepEqual(
      { ...d.offline, staffName: d.offline.staffName !== '' },
      {
        channel: 'cheque',
        donatedOn: '2026-01-05',
        note: '支票号 0042',
        staffName: true
      }
    )
    assert.equal(d.provider, '')
  })
})
