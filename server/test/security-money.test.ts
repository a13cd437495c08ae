/**
 * Money bounds (docs/decisions/034-money-bounds.md):
 *   - an offline gift is at most one online gift's limit, and a write never takes a project's or school's total past
 *     MAX_TOTAL_FEN; finance corrects or voids a gift with a reason, audited, the totals moving exactly once;
 *   - a planted row (ten of the old 9,999,999,999,999.99-yuan gifts, or one amount near 2^62) never turns the project
 *     list, the home total, the project detail, the directory or the ledger into an error;
 *   - every amount the console accepts goes through one check (lib/money.ts parseYuan): "1e2" and "0.001" are -1;
 *   - artworks are priced work by work, whatever the order they are listed in;
 *   - one signed tree agreement pays for one order, concurrent orders included.
 * Expected figures are computed here in integer fen from the rows, never taken from the answers under test.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import {
  Api,
  CampaignKey,
  type DirectoryTotal,
  type MapSeat,
  type Page,
  type Project,
  type ProjectSummary,
  type Seat,
  type SeatStatusMap
} from '../../types'
import { beijingDate, type LedgerRow } from '../src/domain/ledger/repository'
import { MAX_TOTAL_FEN, parseYuan } from '../src/lib/money'
import { transition } from '../src/domain/order/state'
import { call, login, startApp, type TestContext } from './helpers'
import { AVENUE, SCHOLARSHIP, cancelOrder } from './center-fixtures'
import { areasOf, campaignItem, donateNaming, seatsOf } from './naming-fixtures'
import { demoBody, orderRow, projectIdOf, sandboxNotify, schoolIdOf } from './order-fixtures'
import { staffCall, staffLogin, type StaffLogin } from './staff-fixtures'

let ctx: TestContext
let app: FastifyInstance
let sid: number
let hhuSid: number
let finance: StaffLogin
let hhuFinance: StaffLogin
let editor: StaffLogin
let scholarship: number
let avenue: number

before(async () => {
  ctx = await startApp()
  app = ctx.app
  sid = await schoolIdOf(app, 'demo')
  hhuSid = await schoolIdOf(app, 'hhu')
  finance = await staffLogin(app, 'demo', ['finance'])
  hhuFinance = await staffLogin(app, 'hhu', ['finance'])
  editor = await staffLogin(app, 'demo', ['editor'])
  scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  avenue = await projectIdOf(app, 'demo', AVENUE)
})
after(async () => {
  await ctx.close()
})

const asFinance = <T = any>(method: 'GET' | 'POST', url: string, body?: unknown, who: StaffLogin = finance, school = 'demo') =>
  staffCall<T>(app, school, method, url, { token: who.token, body })
const inEnglish = <T = any>(method: 'GET' | 'POST', url: string, body: unknown, who: StaffLogin = finance, school = 'demo') =>
  staffCall<T>(app, school, method, url, { token: who.token, body, lang: 'en' })

const fenOf = (yuan: string) => {
  const [w, f = ''] = yuan.split('.')
  return Number(w) * 100 + Number(f.padEnd(2, '0'))
}
const detail = async (id: number) => (await call<Project>(app, 'demo', Api.itemsDetail, { query: { id } })).body.data
const count = async (table: 'donation' | 'audit_log') =>
  Number(
    (
      await app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n
  )
const audits = (action: string) => app.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute()

let planted = 0
/** A paid donation row written straight into the database, as a hand edit or an old import would: `fen` is SQL text. */
async function plantGift(schoolId: number, itemsId: number, fen: string) {
  const now = new Date().toISOString()
  planted++
  const { id } = await app.db
    .insertInto('donation')
    .values({
      bill_no: `P${Date.now()}${String(planted).padStart(8, '0')}`,
      school_id: schoolId,
      items_id: itemsId,
      sub_items_id: null,
      user_id: null,
      together_id: null,
      donor_name: `planted-${planted}`,
      is_anonymous: 0,
      amount_fen: 1,
      material_number: 0,
      pay_type: 0,
      status: 'paid',
      created_at: now,
      paid_at: now,
      provider: 'offline',
      is_offline: 1
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // the amount as SQL text: 2^62 is no JavaScript number either driver binds as it is
  await sql`update donation set amount_fen = ${sql.raw(fen)} where id = ${id}`.execute(app.db)
  return Number(id)
}

const gift = (over: Record<string, unknown> = {}) => ({
  projectId: scholarship,
  amount: '100.00',
  donorName: '线下校友',
  donatedOn: beijingDate(new Date(Date.now() - 86_400_000)),
  channel: 'bank',
  note: '',
  ...over
})

describe('offline gifts: the per-gift limit', () => {
  it('refuses 9,999,999,999,999.99 yuan (and anything above one online gift) with a clear message, writing nothing', async () => {
    const before = { donation: await count('donation'), audit: await count('audit_log') }
    for (const amount of ['9999999999999.99', '10000000.01', '99999999999999999999']) {
      const zh = await asFinance('POST', '/offline-gifts', gift({ amount }))
      assert.equal(zh.status, 200)
      assert.deepEqual([zh.body.code, zh.body.message], [-1, '单笔线下捐赠不能超过10,000,000元（与线上单笔上限相同）'], amount)
      const en = await inEnglish('POST', '/offline-gifts', gift({ amount }))
      assert.equal(en.body.message, 'An offline gift cannot exceed 10,000,000 yuan (the same limit as one online gift)')
    }
    assert.deepEqual({ donation: await count('donation'), audit: await count('audit_log') }, before)
    // exactly the online limit is accepted
    const max = await asFinance<LedgerRow>('POST', '/offline-gifts', gift({ amount: '10000000.00', projectId: avenue }))
    assert.equal(max.body.code, 0, max.body.message)
    assert.equal(max.body.data.amountFen, 1_000_000_000)
  })

  it('refuses a gift that would take the project or the school total past the bound, in the transaction that checks it', async () => {
    const [a, b] = (
      await app.db.selectFrom('project').select('id').where('school_id', '=', hhuSid).where('crowd_type', '<>', 2).orderBy('id').execute()
    ).map((p) => Number(p.id))
    // the school is 1 yuan below the bound, all but its other projects' money in project a
    await plantGift(hhuSid, a, String(MAX_TOTAL_FEN - 100 - (await paidFen(hhuSid))))
    const others = (await paidFen(hhuSid)) - (await paidFen(hhuSid, a))
    const body = (projectId: number, amount: string) => gift({ projectId, amount })
    // past the project's bound (and so the school's): the project is named first
    const projectOver = ((others + 101) / 100).toFixed(2)
    const over = await asFinance('POST', '/offline-gifts', body(a, projectOver), hhuFinance, 'hhu')
    assert.deepEqual([over.body.code, over.body.message], [-1, '录入后该项目累计金额将超过系统上限10,000,000,000,000元，请核对金额'])
    const en = await inEnglish('POST', '/offline-gifts', body(a, projectOver), hhuFinance, 'hhu')
    assert.equal(
      en.body.message,
      'With this gift the project total would pass the system limit of 10,000,000,000,000 yuan: please check the amount'
    )
    const school = await asFinance('POST', '/offline-gifts', body(b, '1.01'), hhuFinance, 'hhu')
    assert.deepEqual([school.body.code, school.body.message], [-1, '录入后本校累计金额将超过系统上限10,000,000,000,000元，请核对金额'])
    // up to the bound exactly is accepted, and then nothing more, even from several requests at once
    const racing = await Promise.all(
      [a, b, a, b].map((p) => asFinance<LedgerRow>('POST', '/offline-gifts', body(p, '0.50'), hhuFinance, 'hhu'))
    )
    assert.equal(racing.filter((r) => r.body.code === 0).length, 2, racing.map((r) => r.body.message).join(' | '))
    assert.equal(await paidFen(hhuSid), MAX_TOTAL_FEN)
    // the school's pages still answer
    for (const path of [Api.total, Api.itemsList]) {
      const r = await call(app, 'hhu', path)
      assert.deepEqual([r.status, r.body.code], [200, 0], r.body.message)
    }
  })
})

/** What the bound counts: paid rows and the projects' offline_fen columns, of the school or of one project. */
async function paidFen(schoolId: number, itemsId?: number) {
  let q = app.db.selectFrom('donation').select('amount_fen').where('school_id', '=', schoolId).where('status', '=', 'paid')
  if (itemsId) q = q.where('items_id', '=', itemsId)
  let p = app.db.selectFrom('project').select('offline_fen').where('school_id', '=', schoolId)
  if (itemsId) p = p.where('id', '=', itemsId)
  const sum = (rows: Record<string, unknown>[], k: string) => rows.reduce((s, r) => s + Number(r[k]), 0)
  return sum(await q.execute(), 'amount_fen') + sum(await p.execute(), 'offline_fen')
}

describe('offline gifts: correct and void', () => {
  it('corrects amount, donor and date with a reason: the totals move by the difference once, audited with before and after', async () => {
    const created = await asFinance<LedgerRow>('POST', '/offline-gifts', gift({ amount: '100.00', donorName: '错名' }))
    assert.equal(created.body.code, 0, created.body.message)
    const id = created.body.data.id
    const d0 = await detail(scholarship)
    const day = beijingDate(new Date(Date.now() - 5 * 86_400_000))

    // a reason is required; nothing changed is refused; the per-gift limit holds for a correction too
    const noReason = await asFinance('POST', `/offline-gifts/${id}`, { amount: '250.50', reason: '  ' })
    assert.deepEqual([noReason.body.code, noReason.body.message], [-1, '请填写更正或作废的原因'])
    assert.equal(
      (await inEnglish('POST', `/offline-gifts/${id}`, { amount: '250.50', reason: '' })).body.message,
      'Please give the reason for the correction or void'
    )
    const same = await asFinance('POST', `/offline-gifts/${id}`, { amount: '100', reason: '核对' })
    assert.deepEqual([same.body.code, same.body.message], [-1, '没有需要更正的内容'])
    const huge = await asFinance('POST', `/offline-gifts/${id}`, { amount: '9999999999999.99', reason: '核对' })
    assert.equal(huge.body.code, -1)
    assert.match(huge.body.message, /不能超过10,000,000元/)
    for (const amount of ['1e2', '0.001', '-1']) {
      assert.deepEqual((await asFinance('POST', `/offline-gifts/${id}`, { amount, reason: '核对' })).body.code, -1, amount)
    }
    assert.equal((await audits('ledger.offline.correct')).length, 0)
    assert.equal(fenOf((await detail(scholarship)).completeMoney), fenOf(d0.completeMoney))

    const r = await asFinance<LedgerRow>('POST', `/offline-gifts/${id}`, {
      amount: '250.50',
      donorName: '正名',
      donatedOn: day,
      channel: 'cheque',
      reason: '银行回单金额为250.50'
    })
    assert.equal(r.body.code, 0, r.body.message)
    assert.deepEqual(
      [r.body.data.amountFen, r.body.data.donorName, r.body.data.channel, r.body.data.status],
      [25_050, '正名', 'cheque', 'paid']
    )
    const d1 = await detail(scholarship)
    assert.equal(fenOf(d1.completeMoney) - fenOf(d0.completeMoney), 15_050)
    assert.equal(d1.payCounts, d0.payCounts)
    const stored = await app.db.selectFrom('offline_gift').selectAll().where('donation_id', '=', id).executeTakeFirstOrThrow()
    assert.deepEqual([stored.donated_on, stored.channel], [day, 'cheque'])

    const [row] = await audits('ledger.offline.correct')
    assert.equal(Number(row.staff_id), finance.staffId)
    assert.equal(row.entity_id, String(id))
    const before = JSON.parse(row.before_json)
    const afterJson = JSON.parse(row.after_json)
    assert.deepEqual([before.amountFen, before.donorName], [10_000, '错名'])
    assert.deepEqual([afterJson.amountFen, afterJson.donorName, afterJson.reason], [25_050, '正名', '银行回单金额为250.50'])

    // another school's finance cannot touch it
    const foreign = await asFinance('POST', `/offline-gifts/${id}`, { amount: '1', reason: 'x' }, hhuFinance, 'hhu')
    assert.equal(foreign.body.code, -1)
    const foreignVoid = await asFinance('POST', `/offline-gifts/${id}/void`, { reason: 'x' }, hhuFinance, 'hhu')
    assert.equal(foreignVoid.body.code, -1)
    // an editor is not finance
    const asEditor = await asFinance('POST', `/offline-gifts/${id}/void`, { reason: 'x' }, editor)
    assert.equal(asEditor.body.code, -1)
    assert.equal((await detail(scholarship)).completeMoney, d1.completeMoney)
  })

  it('voids with a reason, once, even when asked five times at once: the totals drop by exactly the amount', async () => {
    const created = await asFinance<LedgerRow>('POST', '/offline-gifts', gift({ amount: '777.77', projectId: avenue }))
    const id = created.body.data.id
    const d0 = await detail(avenue)
    const t0 = (await call<DirectoryTotal>(app, 'demo', Api.total)).body.data
    const noReason = await asFinance('POST', `/offline-gifts/${id}/void`, { reason: '' })
    assert.deepEqual([noReason.body.code, noReason.body.message], [-1, '请填写更正或作废的原因'])

    const results = await Promise.all(
      Array.from({ length: 5 }, () => asFinance<LedgerRow>('POST', `/offline-gifts/${id}/void`, { reason: '重复录入' }))
    )
    const won = results.filter((r) => r.body.code === 0)
    assert.equal(won.length, 1, results.map((r) => r.body.message).join(' | '))
    assert.deepEqual([won[0].body.data.status, won[0].body.data.offline], ['cancelled', 1])
    for (const r of results.filter((x) => x.body.code !== 0)) assert.equal(r.body.message, '线下捐赠不存在或已作废')

    const d1 = await detail(avenue)
    assert.equal(fenOf(d0.completeMoney) - fenOf(d1.completeMoney), 77_777)
    assert.equal(d0.payCounts - d1.payCounts, 1)
    const t1 = (await call<DirectoryTotal>(app, 'demo', Api.total)).body.data
    assert.equal(fenOf(t0.totalMoney) - fenOf(t1.totalMoney), 77_777)
    assert.equal(t0.totalCount - t1.totalCount, 1)

    const voids = (await audits('ledger.offline.void')).filter((a) => a.entity_id === String(id))
    assert.equal(voids.length, 1)
    assert.equal(JSON.parse(voids[0].before_json).amountFen, 77_777)
    assert.deepEqual(JSON.parse(voids[0].after_json), { status: 'cancelled', reason: '重复录入' })
    // a voided gift stays in the ledger, cannot be corrected, and an online order is not an offline gift
    const ledger = await asFinance<{ rows: LedgerRow[] }>('GET', `/ledger?projectId=${avenue}&status=cancelled&limit=100`)
    assert.ok(ledger.body.data.rows.some((r) => r.id === id))
    assert.equal((await asFinance('POST', `/offline-gifts/${id}`, { amount: '1', reason: 'x' })).body.code, -1)
    const online = await app.db
      .selectFrom('donation')
      .select('id')
      .where('school_id', '=', sid)
      .where('is_offline', '=', 0)
      .executeTakeFirst()
    if (online) assert.equal((await asFinance('POST', `/offline-gifts/${online.id}/void`, { reason: 'x' })).body.code, -1)
  })
})

describe('console amounts: one check for every price and amount', () => {
  const BAD = ['1e2', '0.001', '-1', '1,000', '', ' ', '0x10', 'Infinity', '１００']

  it('parseYuan: yuan text with at most two decimals, positive, within the limit', () => {
    assert.deepEqual(parseYuan('100.5', { maxFen: 1e9 }), { fen: 10_050 })
    assert.deepEqual(parseYuan(' 0.29 ', { maxFen: 1e9 }), { fen: 29 })
    assert.deepEqual(parseYuan('0', { maxFen: 1e9, allowZero: true }), { fen: 0 })
    assert.deepEqual(parseYuan('0', { maxFen: 1e9 }), { problem: 'notPositive' })
    assert.deepEqual(parseYuan('10000000.01', { maxFen: 1e9 }), { problem: 'tooLarge' })
    assert.deepEqual(parseYuan('9999999999999999.99', { maxFen: 1e9 }), { problem: 'tooLarge' })
    assert.deepEqual(parseYuan('99999999999999999999', { maxFen: 1e9 }), { problem: 'tooLarge' })
    for (const v of [...BAD, '1'.repeat(41), null, undefined, {}, [], 1e21]) {
      assert.deepEqual(parseYuan(v, { maxFen: 1e9 }), { problem: 'format' }, JSON.stringify(v))
    }
  })

  it('a seat price of "1e2" or "0.001" is -1 naming the rule, never a 500; a good one is stored in fen', async () => {
    const area = await app.db.selectFrom('naming_area').select('id').where('school_id', '=', sid).orderBy('id').executeTakeFirstOrThrow()
    const seat = await app.db
      .selectFrom('naming_seat')
      .select(['id', 'price_list'])
      .where('school_id', '=', sid)
      .where('area_id', '=', area.id)
      .where('status', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const price = (termMoney: string) => ({ price: [{ termName: '永久', termYear: 0, termMoney }] })
    for (const bad of BAD) {
      const r = await staffCall(app, 'demo', 'POST', `/naming/seats/${seat.id}`, { token: editor.token, body: price(bad) })
      assert.equal(r.status, 200, bad)
      assert.deepEqual([r.body.code, r.body.message], [-1, '价格须为大于0且最多两位小数的金额'], bad)
    }
    const en = await staffCall(app, 'demo', 'POST', `/naming/seats/${seat.id}`, { token: editor.token, body: price('1e2'), lang: 'en' })
    assert.equal(en.body.message, 'Prices must be amounts greater than 0 with at most 2 decimals')
    const zero = await staffCall(app, 'demo', 'POST', `/naming/seats/${seat.id}`, { token: editor.token, body: price('0.00') })
    assert.equal(zero.body.message, '价格须为大于0且最多两位小数的金额')
    const tooMuch = await staffCall(app, 'demo', 'POST', `/naming/seats/${seat.id}`, { token: editor.token, body: price('10000000.01') })
    assert.deepEqual([tooMuch.body.code, tooMuch.body.message], [-1, '价格不能超过10,000,000元'])
    const stored = await app.db.selectFrom('naming_seat').select('price_list').where('id', '=', seat.id).executeTakeFirstOrThrow()
    assert.equal(stored.price_list, seat.price_list, 'nothing written by a refusal')
    const good = await staffCall(app, 'demo', 'POST', `/naming/seats/${seat.id}`, { token: editor.token, body: price('2000.5') })
    assert.equal(good.body.code, 0, good.body.message)
    const after = await app.db.selectFrom('naming_seat').select('price_list').where('id', '=', seat.id).executeTakeFirstOrThrow()
    assert.equal(JSON.parse(after.price_list)[0].fen, 200_050)
  })

  it('project amounts (fixed amounts, target, goods price, publicity), the ledger range and offline gifts refuse them too', async () => {
    const sc = (method: 'GET' | 'POST', url: string, body?: unknown, who = editor) =>
      staffCall(app, 'demo', method, url, { token: who.token, body })
    const created = await sc('POST', '/projects', { name: '金额校验项目' })
    assert.equal(created.body.code, 0, created.body.message)
    const pid = created.body.data.id
    for (const bad of ['1e2', '0.001', '-1', '1,000']) {
      for (const body of [
        { fixMoney: [{ title: 'x', money: bad }] },
        { target: bad },
        { crowdType: 2, materialName: '书', materialUnit: '本', materialPrice: bad }
      ]) {
        const r = await sc('POST', `/projects/${pid}`, body)
        assert.equal(r.status, 200, `${bad} ${JSON.stringify(body)}`)
        assert.equal(r.body.code, -1, `${bad} ${JSON.stringify(body)}`)
        assert.match(r.body.message, /金额|单价|大于|不能/, `${bad} ${JSON.stringify(body)}`)
      }
      const pub = await sc('POST', `/projects/${pid}/publicity`, { useDate: '2026-01-02', useTitle: 'x', useMoney: bad })
      assert.equal(pub.body.code, -1, bad)
      const ledger = await sc('GET', `/ledger?min=${encodeURIComponent(bad)}`, undefined, finance)
      assert.deepEqual([ledger.status, ledger.body.code], [200, -1], bad)
      const offline = await asFinance('POST', '/offline-gifts', gift({ amount: bad }))
      assert.deepEqual([offline.body.code, offline.body.message], [-1, '金额须大于0且最多两位小数'], bad)
    }
  })
})

describe('artwork bundles: each work at its own price, whatever the listing order', () => {
  it('a featured work and two plain ones cost the same in every order, each work its own list entry for three', async () => {
    const itemsId = await campaignItem(app, 'demo', CampaignKey.ARTWORK_NAMING)
    const works: Seat[] = (await Promise.all((await areasOf(app, 'demo', itemsId)).map((a) => seatsOf(app, 'demo', a.id)))).flat()
    const free = works.filter((w) => w.status === 1)
    const [p1, p2] = free.filter((w) => w.priceList[2]?.termMoney === '650.00')
    const featured = free.find((w) => w.priceList[2]?.termMoney === '1000.00')!
    assert.ok(p1 && p2 && featured, 'two plain works and a featured one')
    const token = await login(app, 'demo', 'art-bundle')
    const body = (picks: Seat[], money: string) =>
      demoBody(itemsId, {
        itemsType: 2,
        namingType: '1',
        currencyMoney: money,
        seatList: picks.map((w) => ({
          seatId: w.id,
          areaId: w.areaId,
          itemsId,
          termYear: 0,
          donorName: '赟喆䶮',
          donorIdentity: '',
          donationMessage: ''
        }))
      } as Record<string, unknown>)
    // the probe: a plain work listed first priced the featured one at 650 (1,950 in all)
    const cheap = await donateNaming(app, 'demo', token, body([p1, p2, featured], '1950.00'))
    assert.equal(cheap.body.code, -1)
    for (const order of [
      [featured, p1, p2],
      [p1, featured, p2],
      [p1, p2, featured],
      [p2, p1, featured]
    ]) {
      const r = await donateNaming(app, 'demo', token, body(order, '2300.00'))
      assert.equal(r.body.code, 0, `${order.map((w) => w.id).join(',')}: ${r.body.message}`)
      const o = await orderRow(app, r.body.data.orderPayRequestDTO.billNo)
      assert.equal(o.amount_fen, 230_000)
      const recs = await app.db.selectFrom('naming_record').select(['seat_id', 'unit_fen']).where('donation_id', '=', o.id).execute()
      assert.deepEqual(Object.fromEntries(recs.map((x) => [x.seat_id, x.unit_fen])), {
        [featured.id]: 100_000,
        [p1.id]: 65_000,
        [p2.id]: 65_000
      })
    }
  })
})

describe('one signed tree agreement pays for one order', () => {
  const statusList = (itemsId: number) => call<SeatStatusMap>(app, 'hhu', Api.getSeatStatusList, { method: 'POST', body: { itemsId } })
  const treeDetail = async (seatId: number) => (await call<MapSeat>(app, 'hhu', Api.getSeatDetail, { query: { seatId } })).body.data
  /** free trees of the hhu tree projects, each with its price */
  async function freeTrees() {
    const out: { itemsId: number; tree: MapSeat }[] = []
    for (const key of [CampaignKey.HHU_TREE_YC, CampaignKey.HHU_TREE_JN, CampaignKey.HHU_TREE_DEFAULT]) {
      let itemsId: number
      try {
        itemsId = await campaignItem(app, 'hhu', key)
      } catch {
        continue
      }
      const map = (await statusList(itemsId)).body.data
      for (const id of Object.keys(map)
        .filter((k) => map[k] === 1)
        .slice(0, 60))
        out.push({ itemsId, tree: await treeDetail(Number(id)) })
    }
    return out
  }
  const treeBody = (itemsId: number, tree: MapSeat, link: string) =>
    demoBody(itemsId, {
      itemsType: 2,
      namingType: '1',
      currencyMoney: tree.termMoney,
      formDataMap: { name: '赟喆䶮', mobile: '86-13800138000', isAlumni: '0', sign_agreement_file: link },
      seatList: [
        { seatId: tree.seatId, areaId: tree.areaId, itemsId, termYear: 0, donorName: '赟喆䶮', donorIdentity: '', donationMessage: '' }
      ]
    } as Record<string, unknown>)
  let signed = 0
  async function sign(openId: string, amountFen: number, itemsId: number | null) {
    const user = await app.db
      .selectFrom('app_user')
      .select('id')
      .where('school_id', '=', hhuSid)
      .where('open_id', '=', openId)
      .executeTakeFirstOrThrow()
    const file = `money-${process.pid}-${++signed}`
    const { id } = await app.db
      .insertInto('agreement')
      .values({
        school_id: hhuSid,
        user_id: user.id,
        kind: 'hhu',
        items_id: itemsId,
        name: '赟喆䶮',
        mobile: '13800138000',
        amount_fen: amountFen,
        agreement_no: `M${file}`,
        unsigned_url: `/files/agreements/${file}.pdf`,
        signed_url: `/files/agreements/${file}-signed.pdf`,
        status: 2,
        created_at: new Date().toISOString(),
        signed_at: new Date().toISOString()
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { id: Number(id), link: `/files/agreements/${file}-signed.pdf` }
  }
  const claimedBy = async (agreementId: number) =>
    (await app.db.selectFrom('agreement').select('donation_id').where('id', '=', agreementId).executeTakeFirstOrThrow()).donation_id

  it('a paid order keeps its agreement: a second tree with it is refused; a cancelled or expired order gives it back', async () => {
    const token = await login(app, 'hhu', 'agreement-once')
    // five free trees of one project and one price
    const groups = new Map<string, Awaited<ReturnType<typeof freeTrees>>>()
    for (const t of await freeTrees())
      groups.set(`${t.itemsId}|${t.tree.termMoney}`, [...(groups.get(`${t.itemsId}|${t.tree.termMoney}`) ?? []), t])
    const [first, ...same] = [...groups.values()].sort((x, y) => y.length - x.length)[0]
    assert.ok(same.length >= 4, 'free trees of one price')
    const fen = Math.round(Number(first.tree.termMoney) * 100)
    const a = await sign('agreement-once', fen, first.itemsId)

    const r1 = await donateNaming(app, 'hhu', token, treeBody(first.itemsId, first.tree, a.link))
    assert.equal(r1.body.code, 0, r1.body.message)
    const bill1 = r1.body.data.orderPayRequestDTO.billNo
    assert.equal((await sandboxNotify(app, 'hhu', bill1)).body.data?.status, 'applied')

    // the probe: the same signed agreement for another tree
    const r2 = await donateNaming(app, 'hhu', token, treeBody(same[0].itemsId, same[0].tree, a.link))
    assert.deepEqual([r2.body.code, r2.body.message], [-1, '该认植协议已用于另一笔认植，请为本次认植重新签署协议'])
    const en = await call(app, 'hhu', Api.donate, {
      method: 'POST',
      token,
      body: treeBody(same[0].itemsId, same[0].tree, a.link),
      headers: { lang: 'en' }
    })
    assert.equal(en.body.message, 'This signed agreement already pays for another pledge: please sign a new agreement for this one')
    const held = await app.db.selectFrom('naming_seat').select('status').where('id', '=', same[0].tree.seatId).executeTakeFirstOrThrow()
    assert.equal(held.status, 1, 'the refused order held nothing')
    assert.equal(await claimedBy(a.id), (await orderRow(app, bill1)).id)

    // a cancelled order releases it
    const b = await sign('agreement-once', fen, first.itemsId)
    const r3 = await donateNaming(app, 'hhu', token, treeBody(same[1].itemsId, same[1].tree, b.link))
    assert.equal(r3.body.code, 0, r3.body.message)
    await cancelOrder(app, 'hhu', token, r3.body.data.orderPayRequestDTO.billNo)
    const r4 = await donateNaming(app, 'hhu', token, treeBody(same[2].itemsId, same[2].tree, b.link))
    assert.equal(r4.body.code, 0, r4.body.message)
    // and an expired one (the expiry job's transition)
    const o4 = await orderRow(app, r4.body.data.orderPayRequestDTO.billNo)
    assert.equal(
      await transition(app.db, hhuSid, o4.id, 'pending', 'expired', { closed_at: new Date().toISOString(), close_reason: 'expired' }),
      true
    )
    const r5 = await donateNaming(app, 'hhu', token, treeBody(same[3].itemsId, same[3].tree, b.link))
    assert.equal(r5.body.code, 0, r5.body.message)
    assert.equal(await claimedBy(b.id), (await orderRow(app, r5.body.data.orderPayRequestDTO.billNo)).id)
  })

  it('concurrent orders for several trees with one agreement: one order holds it, and only one can be paid', async () => {
    const token = await login(app, 'hhu', 'agreement-race')
    const trees = await freeTrees()
    // an agreement for no one project may serve any tree project: race across projects, where orders do not replace each other
    const byPrice = new Map<string, typeof trees>()
    for (const t of trees) byPrice.set(t.tree.termMoney, [...(byPrice.get(t.tree.termMoney) ?? []), t])
    const group = [...byPrice.values()].sort(
      (x, y) => new Set(y.map((t) => t.itemsId)).size - new Set(x.map((t) => t.itemsId)).size || y.length - x.length
    )[0]
    const picks = group.filter((t, i) => group.findIndex((u) => u.tree.seatId === t.tree.seatId) === i).slice(0, 6)
    assert.ok(picks.length >= 3, 'trees of one price')
    const a = await sign('agreement-race', Math.round(Number(picks[0].tree.termMoney) * 100), null)
    const results = await Promise.all(picks.map((t) => donateNaming(app, 'hhu', token, treeBody(t.itemsId, t.tree, a.link))))
    const accepted = results.filter((r) => r.body.code === 0)
    assert.ok(accepted.length >= 1, results.map((r) => r.body.message).join(' | '))
    for (const r of results.filter((x) => x.body.code !== 0)) assert.match(r.body.message, /已用于另一笔认植|已被|占用|认捐|冠名/)
    // every accepted order but the one holding the agreement was replaced (cancelled) by a later one of the same donor
    const orders = await Promise.all(accepted.map((r) => orderRow(app, r.body.data.orderPayRequestDTO.billNo)))
    const open = orders.filter((o) => o.status === 'pending')
    assert.equal(open.length, 1, orders.map((o) => o.status).join(','))
    assert.equal(await claimedBy(a.id), open[0].id)
    // pay every accepted order: exactly one becomes paid
    for (const r of accepted) await sandboxNotify(app, 'hhu', r.body.data.orderPayRequestDTO.billNo)
    const after = await Promise.all(accepted.map((r) => orderRow(app, r.body.data.orderPayRequestDTO.billNo)))
    assert.equal(after.filter((o) => o.status === 'paid').length, 1)
  })
})

describe('a planted row never turns the public pages into an error', () => {
  it('ten gifts of the old maximum (past 2^53 fen together) and one near 2^62: lists, totals, detail and ledger answer', async () => {
    // the probe: ten 9,999,999,999,999.99-yuan gifts, as the old route accepted them
    for (let i = 0; i < 10; i++) await plantGift(sid, scholarship, '999999999999999')
    const giant = await plantGift(sid, avenue, '4611686018427387904')
    const warnings: string[] = []
    const onWarning = (w: Error) => warnings.push(w.message)
    process.on('warning', onWarning)
    try {
      const list = await call<Page<ProjectSummary>>(app, 'demo', Api.itemsList, { query: { limit: 50 } })
      assert.deepEqual([list.status, list.body.code], [200, 0], list.body.message)
      const row = list.body.data.rows.find((p) => p.id === scholarship)!
      // past 2^53 fen the sum is clamped to the largest exact amount, with a warning in the log
      assert.equal(row.completeMoney, '90071992547409.91')
      // the impossible row counts 0: avenue's money is what its other gifts add up to
      const avenueRow = list.body.data.rows.find((p) => p.id === avenue)!
      const avenueFen = await app.db
        .selectFrom('donation')
        .select('amount_fen')
        .where('items_id', '=', avenue)
        .where('status', '=', 'paid')
        .where('id', '<>', giant)
        .execute()
      const offlineCol = await app.db.selectFrom('project').select('offline_fen').where('id', '=', avenue).executeTakeFirstOrThrow()
      assert.equal(fenOf(avenueRow.completeMoney), avenueFen.reduce((s, r) => s + Number(r.amount_fen), 0) + Number(offlineCol.offline_fen))

      for (const [path, query] of [
        [Api.total, {}],
        [Api.total, { itemsId: scholarship }],
        [Api.total, { itemsId: avenue }],
        [Api.itemsDetail, { id: scholarship }],
        [Api.itemsDetail, { id: avenue }],
        [Api.donateRecordPage, { order: '1' }],
        [Api.donateRecordPage, { itemsId: avenue, order: '1' }]
      ] as const) {
        const r = await call(app, 'demo', path, { query })
        assert.deepEqual([r.status, r.body.code], [200, 0], `${path} ${JSON.stringify(query)}: ${r.body.message}`)
      }
      for (const url of ['/ledger', `/ledger?projectId=${avenue}`, '/dashboard', '/projects']) {
        const r = await asFinance(
          url === '/projects' ? 'GET' : 'GET',
          url,
          undefined,
          url === '/projects' ? await staffLogin(app, 'demo', ['admin']) : finance
        )
        assert.deepEqual([r.status, r.body.code], [200, 0], `${url}: ${r.body.message}`)
      }
      assert.ok(
        warnings.some((w) => /money out of range/.test(w)),
        'the clamp is logged'
      )
    } finally {
      process.off('warning', onWarning)
    }
  })
})
