/**
 * The wire: hostile values and the web client's tolerated forms.
 *   - Out-of-range integers, NUL characters and `offset=1e300` are 400 with code -1 naming the field, in the
 *     request's language, on SQLite and PostgreSQL (which refuses NUL in text and numbers beyond its integer types
 *     with an error: before this they were 500s there, and silently accepted on SQLite).
 *   - Ids and flags as the spec's web client sends them (numeric strings, "" for none, null, and "null" from a GET
 *     query) are accepted on every call, query and body alike; "12abc", "1.5", "0x10", "1e3" and the like are not.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, ResultCode, type ApplyAnswer, type Page, type ProjectSummary } from '../../types'
import { saveFulfilmentConfig } from '../src/domain/fulfilment/config'
import { createStaff } from '../src/domain/staff/service'
import { hostileValuePath, INT_RANGE, MAX_DEPTH, parseWireInt } from '../src/lib/schemas'
import { pageWindow } from '../src/lib/sql'
import { call, login, signedHeaders, signKeyOf, startApp, type TestContext } from './helpers'
import { SCHOLARSHIP, count, paidGift, userIdOf } from './center-fixtures'
import { demoBody, orderRow, projectIdOf, schoolIdOf, writeCounts } from './order-fixtures'

let ctx: TestContext
let app: FastifyInstance
let token: string
let scholarship: number
let audited: number

before(async () => {
  ctx = await startApp()
  app = ctx.app
  token = await login(app, 'demo', 'wire-donor')
  scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  const sid = await schoolIdOf(app, 'demo')
  audited = (
    await app.db
      .selectFrom('project')
      .select('id')
      .where('school_id', '=', sid)
      .where('is_audit_message', '=', 1)
      .where('is_leave_message', '=', 1)
      .executeTakeFirstOrThrow()
  ).id
  await saveFulfilmentConfig(app.db, sid, {
    isOpenPaper: true,
    certificateWays: [1, 2],
    certificatePickup: { address: '行政楼 302', name: '王老师', mobile: '86-025-83786666' },
    isOpenReceipt: true,
    validType: 1,
    isCreditCode: true,
    receiptTypes: [1, 2],
    receiptWaysPaper: [1, 2],
    receiptWaysElectronic: [3, 4]
  })
})
after(async () => {
  await ctx.close()
})

type Opts = { query?: Record<string, string | number>; body?: unknown; token?: string }
const get = (path: string, query: Record<string, string | number> = {}, t?: string) => call(app, 'demo', path, { query, token: t })
const post = (path: string, body: unknown, t = token) => call(app, 'demo', path, { method: 'POST', body, token: t })

/** The same request in Chinese (default) and English: 400, code -1, the field named in both. */
async function refusedBoth(path: string, opts: Opts, field: string, kind: 'invalid' | 'missing' = 'invalid') {
  const method = opts.body === undefined ? 'GET' : 'POST'
  const zh = await call(app, 'demo', path, { method, query: opts.query, body: opts.body, token: opts.token })
  const en = await call(app, 'demo', path, { method, query: { ...opts.query, lang: 'en' }, body: opts.body, token: opts.token })
  const what = `${path} ${JSON.stringify(opts.query ?? opts.body).slice(0, 120)}`
  assert.deepEqual([zh.status, zh.body.code], [400, ResultCode.ERROR], `${what}: ${JSON.stringify(zh.body)}`)
  assert.equal(zh.body.message, kind === 'invalid' ? `参数 ${field} 格式不正确` : `缺少参数 ${field}`, what)
  assert.deepEqual(
    [en.status, en.body.message],
    [400, kind === 'invalid' ? `Invalid parameter: ${field}` : `Missing parameter: ${field}`],
    what
  )
}

describe('hostile values are 400 naming the field, never 500', () => {
  it('paging: offset=1e300, offsets and limits beyond what the database takes', async () => {
    for (const [k, v] of [
      ['offset', '1e300'],
      ['offset', '99999999999999999999'],
      ['offset', String(INT_RANGE.int4 + 1)],
      ['limit', '1e300'],
      ['offset', '-1']
    ]) {
      await refusedBoth(Api.itemsList, { query: { [k]: v } }, k)
      await refusedBoth(Api.donateRecordPage, { query: { [k]: v } }, k)
    }
    // the largest offset allowed is answered, with an empty page
    const far = await get(Api.itemsList, { offset: INT_RANGE.int4 })
    assert.deepEqual([far.body.code, far.body.data.rows], [0, []])
  })

  it('ids beyond bigint and beyond 2^53, and numbers beyond their column (int4, smallint)', async () => {
    await refusedBoth(Api.itemsDetail, { query: { id: '9223372036854775808' } }, 'id')
    await refusedBoth(Api.itemsDetail, { query: { id: '9007199254740993' } }, 'id')
    await refusedBoth(Api.itemsList, { query: { typeId: '99999999999999999999' } }, 'typeId')
    await refusedBoth(Api.webArticleList, { query: { websiteId: String(INT_RANGE.int4 + 1) } }, 'websiteId')
    await refusedBoth(Api.centerMy, { query: { userId: '1e300' }, token }, 'userId')
    const before = await writeCounts(app)
    await refusedBoth(Api.donate, { body: { ...demoBody(scholarship), payType: INT_RANGE.int2 + 1 }, token }, 'payType')
    await refusedBoth(Api.donate, { body: { ...demoBody(scholarship), itemsType: 1e300 }, token }, 'itemsType')
    await refusedBoth(Api.donate, { body: demoBody(1e300), token }, 'itemsId')
    assert.deepEqual(await writeCounts(app), before)
    await refusedBoth(Api.insertLeaveword, { body: { itemsId: 1e300, content: 'hi' }, token }, 'itemsId')
    await refusedBoth(Api.certificateInsert, { body: { certificateWay: 1, donateIds: [1, 1e300] }, token }, 'donateIds.1')
    await refusedBoth(
      Api.receiptInsert,
      { body: { donorType: 1, receiptType: 1, receiptWay: 1, donateRecordIds: ['99999999999999999999'] }, token },
      'donateRecordIds.0'
    )
  })

  it('NUL in a query value, an unknown query key, a body field, a nested field, a JSON key, a path parameter', async () => {
    await refusedBoth(Api.itemsList, { query: { s: 'a\u0000b' } }, 's')
    await refusedBoth(Api.itemsList, { query: { junk: 'a\u0000' } }, 'junk')
    await refusedBoth(Api.getSettingValue, { query: { key: 'school_logo\u0000' } }, 'key')
    await refusedBoth(Api.getAuthToken, { query: { code: 'x\u0000y' } }, 'code')
    const messages = await app.db
      .selectFrom('leave_message')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    await refusedBoth(Api.insertLeaveword, { body: { itemsId: audited, content: 'hi\u0000there' }, token }, 'content')
    assert.deepEqual(
      await app.db
        .selectFrom('leave_message')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      messages
    )
    await refusedBoth(Api.updateUser, { body: { nickname: 'a\u0000' }, token }, 'nickname')
    await refusedBoth(Api.middleAuth, { body: { openId: 'a\u0000' } }, 'openId')
    await refusedBoth(
      Api.donate,
      { body: demoBody(scholarship, { formDataMap: { name: '张\u0000三', mobile: '86-13800138000' } }), token },
      'formDataMap.name'
    )
    await refusedBoth(Api.donate, { body: demoBody(scholarship, { formDataMap: { 'na\u0000me': '张三' } }), token }, 'formDataMap.name')

    const sign = signedHeaders(await signKeyOf(app, 'demo'))
    for (const url of [
      `/api/de%00mo${Api.typeList}?lang=en`,
      '/config/de%00mo/index.json?lang=en',
      '/staff-api/de%00mo/applications?kind=receipt&lang=en'
    ]) {
      const res = await app.inject({ url, headers: sign })
      assert.deepEqual([res.statusCode, res.json()], [400, { code: -1, message: 'Invalid parameter: school', data: null }], url)
    }
    const staff = await app.inject({
      method: 'POST',
      url: '/staff-api/demo/login?lang=en',
      payload: { username: 'a\u0000', password: 'x' }
    })
    assert.deepEqual([staff.statusCode, staff.json().message], [400, 'Invalid parameter: username'])
  })

  it('staff routes: ids and paging beyond range are 400 before any lookup', async () => {
    const sid = await schoolIdOf(app, 'demo')
    await createStaff(app.db, sid, { username: 'wire-staff', password: 'staff-password-1' })
    const s = (
      await app.inject({ method: 'POST', url: '/staff-api/demo/login', payload: { username: 'wire-staff', password: 'staff-password-1' } })
    ).json()
    assert.equal(s.code, 0, s.message)
    const headers = { authorization: `Staff ${s.data.token}` }
    for (const [url, field] of [
      ['/applications/certificate/99999999999999999999', 'id'],
      ['/applications/receipt/1e300', 'id'],
      ['/applications?kind=certificate&offset=1e300', 'offset'],
      ['/applications?kind=certificate&limit=0x10', 'limit']
    ]) {
      const res = await app.inject({ url: `/staff-api/demo${url}${url.includes('?') ? '&' : '?'}lang=en`, headers })
      assert.deepEqual([res.statusCode, res.json().message], [400, `Invalid parameter: ${field}`], url)
    }
    const adv = await app.inject({
      method: 'POST',
      url: '/staff-api/demo/applications/certificate/1/advance?lang=en',
      headers,
      payload: { to: 1e300 }
    })
    assert.deepEqual([adv.statusCode, adv.json().message], [400, 'Invalid parameter: to'])
  })

  it('nesting deeper than any client sends is refused in a field that accepts anything', async () => {
    let deep: unknown = 1
    for (let i = 0; i < MAX_DEPTH + 8; i++) deep = [deep]
    const before = await writeCounts(app)
    const r = await post(Api.donate, { ...demoBody(scholarship), seatList: deep })
    assert.equal(r.status, 400)
    assert.match(r.body.message, /^参数 seatList(\.0)+ 格式不正确$/)
    assert.deepEqual(await writeCounts(app), before)
  })
})

describe('wire tolerance: ids and flags as the web client sends them', () => {
  it('query: "" "null" "undefined" mean none; a numeric string is the number', async () => {
    const all = (await get(Api.itemsList, { limit: 100 })).body.data as Page<ProjectSummary>
    for (const none of ['', 'null', 'undefined']) {
      const r = await get(Api.itemsList, { limit: 100, typeId: none, labelId: none, offset: none })
      assert.equal(r.body.code, 0, `typeId=${none}: ${r.body.message}`)
      assert.equal(r.body.data.total, all.total, `typeId=${none}`)
    }
    const detail = await get(Api.itemsDetail, { id: String(scholarship) })
    assert.deepEqual([detail.body.code, detail.body.data.id], [0, scholarship])
    assert.equal((await get(Api.certificatePage, { isNeedPaper: '', status: 'null' }, token)).body.code, 0)
    assert.equal((await get(Api.certificatePage, { isNeedPaper: '1' }, token)).body.code, 0)
    assert.equal((await get(Api.centerMy, { userId: '' }, token)).body.code, 0)
    assert.equal((await get(Api.centerMy, { userId: String(await userIdOf(app, 'demo', 'wire-donor')) }, token)).body.code, 0)
  })

  it('query: anything else numeric-looking is refused naming the field; a required id sent empty is missing', async () => {
    for (const v of ['12abc', '1.5', '0x10', '1e3', ' 12', '12 ', 'Infinity', 'NaN', '-1', 'true', '+1', '1_000']) {
      await refusedBoth(Api.itemsList, { query: { typeId: v } }, 'typeId')
    }
    await refusedBoth(Api.itemsDetail, { query: { id: '' } }, 'id', 'missing')
    await refusedBoth(Api.itemsDetail, { query: { id: 'null' } }, 'id', 'missing')
    await refusedBoth(Api.certificatePage, { query: { isNeedPaper: '2' }, token }, 'isNeedPaper')
  })

  it('body: POST donate with ids and flags as numeric strings, "" and null places the order', async () => {
    const body = {
      ...demoBody(scholarship),
      itemsId: String(scholarship),
      payType: '1',
      itemsType: '1',
      isAnonymous: '1',
      subItemsId: '',
      donateTogetherId: null,
      formId: '',
      isNoData: '0',
      isNeedPaper: null,
      isNeedReceipt: '',
      isDonateTogether: '0',
      certificateWay: ''
    }
    const r = await post(Api.donate, body)
    assert.equal(r.body.code, 0, r.body.message)
    const row = await orderRow(app, r.body.data.orderPayRequestDTO.billNo)
    assert.deepEqual([row.items_id, row.pay_type, row.is_anonymous, row.sub_items_id, row.together_id], [scholarship, 1, 1, null, null])
  })

  it('body: anything else is refused naming the field, with nothing written', async () => {
    const before = await writeCounts(app)
    for (const [field, v] of [
      ['itemsId', '12abc'],
      ['itemsId', '1.5'],
      ['itemsId', 1.5],
      ['itemsId', [scholarship]],
      ['itemsId', {}],
      ['payType', '0x10'],
      ['payType', '1e0'],
      ['isAnonymous', '2'],
      ['isAnonymous', true],
      ['subItemsId', 'NaN'],
      ['donateTogetherId', -3]
    ] as const) {
      await refusedBoth(Api.donate, { body: { ...demoBody(scholarship), [field]: v }, token }, field)
    }
    await refusedBoth(Api.donate, { body: { ...demoBody(scholarship), itemsId: '' }, token }, 'itemsId', 'missing')
    await refusedBoth(Api.donate, { body: { ...demoBody(scholarship), itemsId: null }, token }, 'itemsId', 'missing')
    assert.deepEqual(await writeCounts(app), before)
  })

  it('body: a message, a certificate and a receipt application with string ids', async () => {
    const m = await post(Api.insertLeaveword, { itemsId: String(audited), content: '你好' })
    assert.equal(m.body.code, 0, m.body.message)
    const [g1, g2] = [await paidGift(app, 'demo', token, scholarship), await paidGift(app, 'demo', token, scholarship)]
    const cert = await post(Api.certificateInsert, { certificateWay: '1', donateIds: [String(g1.id)] })
    assert.equal(cert.body.code, 0, cert.body.message)
    assert.deepEqual((cert.body.data as ApplyAnswer).ids.length, 1)
    const before = await count(app, 'receipt_request')
    const receipt = await post(Api.receiptInsert, {
      donorType: '2',
      donorName: '南京某科技有限公司',
      creditCode: '91320000MA1XXXXX0A',
      receiptType: '2',
      receiptWay: '3',
      postalEmail: 'finance@example.com',
      donateRecordIds: [String(g2.id)]
    })
    assert.equal(receipt.body.code, 0, receipt.body.message)
    assert.equal(await count(app, 'receipt_request'), before + 1)
  })
})

describe('the helpers', () => {
  it('parseWireInt: the accepted forms and the range', () => {
    const id = { minimum: 1, maximum: INT_RANGE.id }
    const opt = { ...id, nullable: true }
    assert.deepEqual(parseWireInt('12', id), { ok: true, value: 12 })
    assert.deepEqual(parseWireInt(12, id), { ok: true, value: 12 })
    assert.deepEqual(parseWireInt('', opt), { ok: true, value: null })
    assert.deepEqual(parseWireInt(null, opt), { ok: true, value: null })
    assert.deepEqual(parseWireInt('', id), { ok: false, reason: 'missing' })
    assert.deepEqual(parseWireInt('-0', { minimum: 0, maximum: 1 }), { ok: true, value: 0 })
    assert.deepEqual(parseWireInt(String(INT_RANGE.id), id), { ok: true, value: INT_RANGE.id })
    for (const bad of [String(INT_RANGE.id + 2), 0, '0', 1.5, '1.5', '0x10', '1e3', NaN, Infinity, true, [], {}, ' 1', '１２']) {
      assert.deepEqual(parseWireInt(bad, id), { ok: false, reason: 'invalid' }, String(bad))
    }
    assert.deepEqual(parseWireInt(2, { minimum: 0, maximum: 2, enum: [0, 1] }), { ok: false, reason: 'invalid' })
  })

  it('hostileValuePath: NUL in values and keys, nesting, and clean values', () => {
    assert.equal(hostileValuePath({ a: ['x', { b: 'y\u0000' }] }), 'a.1.b')
    assert.equal(hostileValuePath({ 'k\u0000': 1 }), 'k')
    assert.equal(hostileValuePath({ a: '赟喆䶮 😀 \u202e \ud800' }), null)
    let deep: unknown = 'x'
    for (let i = 0; i < MAX_DEPTH; i++) deep = { d: deep }
    assert.equal(hostileValuePath(deep), null)
    assert.equal(hostileValuePath({ d: deep }), Array.from({ length: MAX_DEPTH }, () => 'd').join('.'))
  })

  it('pageWindow clamps what no schema checked (NaN, fractions, huge offsets)', () => {
    assert.deepEqual(pageWindow({ limit: 1e9, offset: 1e300 }, 10, 100), { limit: 100, offset: INT_RANGE.int4 })
    assert.deepEqual(pageWindow({ limit: NaN, offset: 1.5 }, 10, 100), { limit: 10, offset: 0 })
    assert.deepEqual(pageWindow({ limit: null, offset: null }, 20, 100), { limit: 20, offset: 0 })
    assert.deepEqual(pageWindow({ limit: 5, offset: 7 }, 20, 100), { limit: 5, offset: 7 })
  })
})
