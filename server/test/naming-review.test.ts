/**
 * Nameplate review: a paid naming's nameplate waits for staff approval before it is engraved or shown;
 * staff approve it or return it with a reason (staff API and `staff.ts nameplate`), the donor sees the state in
 * namingList (mine-gm) and corrects a returned text, which makes it pending again. getSeatShowData /
 * getBookShowData show the text publicly only once approved (to its owner before).
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  Api,
  NameplateStatus,
  ResultCode,
  type NameplateShowData,
  type Page,
  type PersonalNamingRecord,
  type StaffNameplate
} from '../../types'
import { runStaffCli } from '../src/cli/staff'
import { createStaff } from '../src/domain/staff/service'
import { call, login, startApp, type TestContext } from './helpers'
import {
  BOOK_PROJECT,
  bookBody,
  booksOf,
  donateNaming,
  freeSeats,
  jnuSeatProject,
  plate,
  recordsOf,
  seatBody,
  seatsOf,
  staffCaller
} from './naming-fixtures'
import { orderRow, projectIdOf, sandboxNotify, schoolIdOf } from './order-fixtures'

let ctx: TestContext
let alice: string
let bob: string
let staff: Awaited<ReturnType<typeof staffCaller>>
let seatNaming: { id: number; seatId: number; areaId: number; label: string }
let bookNaming: number

async function cli(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runStaffCli(argv, { db: ctx.app.db, dataDir: ctx.dataDir, out: (l) => out.push(l), err: (l) => err.push(l) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

const mine = async (token = alice) => (await call<Page<PersonalNamingRecord>>(ctx.app, 'demo', Api.namingList, { token })).body.data
const entry = async (id: number) => (await mine()).rows.flatMap((r) => r.donateSeatList).find((e) => e.namingId === id)!
const show = async (path: string, id: number, token?: string) =>
  (await call<NameplateShowData>(ctx.app, 'demo', path, { query: { id }, token })).body
const correct = async (body: Record<string, unknown>, token = alice) =>
  (await call(ctx.app, 'demo', Api.nameplateUpdate, { method: 'POST', body, token })).body

before(async () => {
  ctx = await startApp()
  const sid = await schoolIdOf(ctx.app, 'demo')
  await createStaff(ctx.app.db, sid, { username: 'li.staff', password: 'staff-password-1', displayName: '李老师' })
  staff = await staffCaller(ctx.app, 'demo', 'li.staff', 'staff-password-1')
  alice = await login(ctx.app, 'demo', 'plate-alice')
  bob = await login(ctx.app, 'demo', 'plate-bob')

  const jnu = await jnuSeatProject(ctx.app)
  const [seat] = await freeSeats(ctx.app, 'demo', jnu, 1)
  const r = await donateNaming(
    ctx.app,
    'demo',
    alice,
    seatBody(jnu, [{ seat, termYear: 10, plate: { donorName: '1998级水文班', donationMessage: '飲水思源' } }])
  )
  assert.equal(r.body.code, 0, r.body.message)
  await sandboxNotify(ctx.app, 'demo', r.body.data.orderPayRequestDTO.billNo)
  const [rec] = await recordsOf(ctx.app, (await orderRow(ctx.app, r.body.data.orderPayRequestDTO.billNo)).id)
  seatNaming = { id: rec.id, seatId: seat.id, areaId: seat.areaId, label: seat.seat }

  const books = await projectIdOf(ctx.app, 'demo', BOOK_PROJECT)
  const book = (await booksOf(ctx.app, 'demo', books)).find((b) => b.stock >= 2)!
  const b = await donateNaming(
    ctx.app,
    'demo',
    alice,
    bookBody(books, [{ book, count: 2, plates: [plate({ donorName: '甲' }), plate({ donorName: '乙' })] }])
  )
  assert.equal(b.body.code, 0, b.body.message)
  await sandboxNotify(ctx.app, 'demo', b.body.data.orderPayRequestDTO.billNo)
  bookNaming = (await recordsOf(ctx.app, (await orderRow(ctx.app, b.body.data.orderPayRequestDTO.billNo)).id))[0].id
})
after(async () => {
  await ctx.close()
})

describe('before review', () => {
  it("pending: the owner sees the text and its state; others see the order's donor and no text", async () => {
    assert.equal((await entry(seatNaming.id)).nameplateStatus, NameplateStatus.PENDING)
    const own = await show(Api.getSeatShowData, seatNaming.id, alice)
    assert.equal(own.code, 0, own.message)
    assert.deepEqual(own.data.nameplate, { donorName: '1998级水文班', donorIdentity: '校友', donationMessage: '飲水思源' })
    assert.ok(own.data.rowList.some((r) => r.fieldValue === '审核中'))
    const visitor = await show(Api.getSeatShowData, seatNaming.id)
    assert.equal(visitor.data.nameplate, null)
    assert.equal(visitor.data.donorName, '张三')
    assert.ok(!JSON.stringify(visitor.data).includes('飲水思源'))
    // a seat id is not a book id
    assert.equal((await show(Api.getBookShowData, seatNaming.id)).code, -1)
  })

  it("the staff queue lists paid namings' pending nameplates (books with each copy's text); donors cannot open it", async () => {
    const q = await staff<Page<StaffNameplate>>('GET', '/nameplates')
    assert.equal(q.code, 0, q.message)
    const ids = q.data.rows.map((r) => r.namingId)
    assert.ok(ids.includes(seatNaming.id) && ids.includes(bookNaming))
    assert.ok(q.data.rows.every((r) => r.nameplateStatus === NameplateStatus.PENDING))
    const b = q.data.rows.find((r) => r.namingId === bookNaming)!
    assert.deepEqual(
      b.nameplateList.map((p) => p.donorName),
      ['甲', '乙']
    )
    const res = await ctx.app.inject({ method: 'GET', url: '/staff-api/demo/nameplates', headers: { authorization: alice } })
    assert.equal(res.json().code, ResultCode.TOKEN_INVALID)
  })
})

describe('return, correct, approve', () => {
  it('return needs a reason; the donor sees it returned with the reason', async () => {
    const bare = await staff('POST', `/nameplates/${seatNaming.id}/review`, { action: 'return' })
    assert.deepEqual([bare.code, bare.message], [-1, '请填写退回原因'])
    const r = await staff('POST', `/nameplates/${seatNaming.id}/review`, { action: 'return', reason: '请使用简体字' })
    assert.equal(r.code, 0, r.message)
    const e = await entry(seatNaming.id)
    assert.deepEqual([e.nameplateStatus, e.reviewReason], [NameplateStatus.RETURNED, '请使用简体字'])
    // a returned nameplate cannot be reviewed again until corrected
    assert.equal((await staff('POST', `/nameplates/${seatNaming.id}/review`, { action: 'approve' })).message, '该铭牌不在待审核状态')
  })

  it('only the owner corrects, with the §5 rules; the correction is pending again', async () => {
    const fix = { namingType: 1, namingId: seatNaming.id, donorName: '1998级水文班', donorIdentity: '校友', donationMessage: '饮水思源' }
    assert.equal((await correct(fix, bob)).message, '冠名记录不存在')
    assert.equal((await correct({ ...fix, namingType: 2 })).message, '冠名记录不存在')
    assert.match((await correct({ ...fix, donationMessage: '一'.repeat(21) })).message, /不能超过20个字/)
    assert.match((await correct({ ...fix, donorIdentity: '教师' })).message, /校友/)
    const ok = await correct(fix)
    assert.deepEqual([ok.code, ok.message], [0, '铭牌已提交，等待审核'])
    const e = await entry(seatNaming.id)
    assert.deepEqual([e.nameplateStatus, e.reviewReason, e.nameplate.donationMessage], [NameplateStatus.PENDING, '', '饮水思源'])
  })

  it('staff approve with the CLI; the nameplate is then public and can no longer be changed', async () => {
    const list = await cli('nameplate', 'list')
    assert.equal(list.code, 0, list.err)
    assert.match(list.out, new RegExp(`#${seatNaming.id}\\tpending`))
    assert.equal((await cli('nameplate', 'approve', '--id', String(seatNaming.id))).code, 1, '--staff is required')
    const r = await cli('nameplate', 'approve', '--id', String(seatNaming.id), '--staff', 'li.staff')
    assert.deepEqual([r.code, r.out], [0, `nameplate #${seatNaming.id}: pending -> approved`])

    assert.equal((await entry(seatNaming.id)).nameplateStatus, NameplateStatus.APPROVED)
    const visitor = await show(Api.getSeatShowData, seatNaming.id)
    assert.deepEqual(visitor.data.nameplate, { donorName: '1998级水文班', donorIdentity: '校友', donationMessage: '饮水思源' })
    assert.equal(visitor.data.donorName, '1998级水文班')
    const onMap = (await seatsOf(ctx.app, 'demo', seatNaming.areaId)).find((s) => s.id === seatNaming.seatId)!
    assert.deepEqual([onMap.donorName, onMap.donationMessage], ['1998级水文班', '饮水思源'])
    assert.equal((await correct({ namingType: 1, namingId: seatNaming.id, donorName: '别人' })).message, '铭牌已审核通过，不能再修改')

    const detail = await cli('nameplate', 'show', '--id', String(seatNaming.id))
    const history = JSON.parse(detail.out).history.map((h: { action: string }) => h.action)
    assert.deepEqual(history, ['return', 'correct', 'approve'])
  })

  it("in English: the project's English name, the platform's alumnus identity in English, the donor's words as written", async () => {
    const en = (await call<NameplateShowData>(ctx.app, 'demo', Api.getSeatShowData, { query: { id: seatNaming.id, lang: 'en' } })).body
    assert.equal(en.code, 0, en.message)
    assert.ok(en.data.itemsName && !/[\u4e00-\u9fff]/.test(en.data.itemsName), en.data.itemsName)
    const zh = await show(Api.getSeatShowData, seatNaming.id)
    assert.notEqual(en.data.itemsName, zh.data.itemsName)
    const value = (title: string) => en.data.rowList.find((r) => r.fieldTitle === title)?.fieldValue
    assert.equal(value('Identity'), 'Alumnus or alumna')
    assert.equal(value('Donor'), '1998级水文班')
    assert.equal(zh.data.rowList.find((r) => r.fieldTitle === '捐赠人身份')?.fieldValue, '校友')
    // the nameplate itself keeps the stored word: the app says it in the reader's language
    assert.equal(en.data.nameplate?.donorIdentity, '校友')
  })

  it('books: per-copy corrections, approve over the API', async () => {
    const bad = await correct({ namingType: 2, namingId: bookNaming, nameplateList: [plate(), plate(), plate()] })
    assert.match(bad.message, /铭牌应为1条或2条/)
    const ok = await correct({ namingType: 2, namingId: bookNaming, nameplateList: [plate({ donorName: '丙' })] })
    assert.equal(ok.code, 0, ok.message)
    const r = await staff<StaffNameplate>('POST', `/nameplates/${bookNaming}/review`, { action: 'approve' })
    assert.equal(r.code, 0, r.message)
    assert.deepEqual([r.data.nameplateStatus, r.data.nameplateList.map((p) => p.donorName)], [NameplateStatus.APPROVED, ['丙']])
    const pub = await show(Api.getBookShowData, bookNaming)
    assert.equal(pub.data.nameplate?.donorName, '丙')
    assert.ok(pub.data.objectName.startsWith('《'))
  })
})
