/** P/items against the seeded data: filters, paging, detail, tabs, messages, tenancy. */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Api, PAGE_SIZE, type Page, type Project, type ProjectSummary } from '../../types'
import { fenToYuan } from '../src/lib/money'
import { call, login, startApp, type TestContext } from './helpers'

let ctx: TestContext
const schoolId = async (code: string) =>
  (await ctx.app.db.selectFrom('school').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id
const projectIdByName = async (code: string, name: string) =>
  (
    await ctx.app.db
      .selectFrom('project')
      .select('project.id')
      .innerJoin('school', 'school.id', 'project.school_id')
      .where('school.code', '=', code)
      .where('project.name', '=', name)
      .executeTakeFirstOrThrow()
  ).id

before(async () => {
  ctx = await startApp()
})
after(async () => {
  await ctx.close()
})

describe('types and labels', () => {
  it("lists the school's types and labels", async () => {
    const types = (await call(ctx.app, 'demo', Api.typeList)).body.data
    assert.deepEqual(
      types.map((t: { name: string }) => t.name),
      ['奖助学金', '校园建设', '图书馆', '体育', '科研']
    )
    const labels = (await call(ctx.app, 'demo', Api.labelList)).body.data
    assert.ok(labels.some((l: { labelTitle: string }) => l.labelTitle === '热门'))
    const hhuTypes = (await call(ctx.app, 'hhu', Api.typeList)).body.data
    assert.ok(
      hhuTypes.every((t: { id: number }) => !types.some((d: { id: number }) => d.id === t.id)),
      'types are per school'
    )
  })
})

describe('itemsList', () => {
  it('pages with a default of 10 and a stable total', async () => {
    const all = (await call<Page<ProjectSummary>>(ctx.app, 'demo', Api.itemsList)).body.data
    const dbCount = await ctx.app.db
      .selectFrom('project')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('school_id', '=', await schoolId('demo'))
      .executeTakeFirstOrThrow()
    assert.equal(all.total, Number(dbCount.n))
    // 14 catalogue projects + 8 map campaigns (seed/naming-map-plan.ts)
    assert.equal(all.total, 22)
    assert.equal(all.rows.length, PAGE_SIZE.LIST)
    const second = (await call<Page<ProjectSummary>>(ctx.app, 'demo', Api.itemsList, { query: { limit: 10, offset: 10 } })).body.data
    assert.equal(second.rows.length, 10)
    const third = (await call<Page<ProjectSummary>>(ctx.app, 'demo', Api.itemsList, { query: { limit: 10, offset: 20 } })).body.data
    assert.equal(third.rows.length, 2)
    const ids = [...all.rows, ...second.rows, ...third.rows].map((r) => r.id)
    assert.equal(new Set(ids).size, 22, 'no project repeated or skipped across pages')
    // in-progress first
    const flags = [...all.rows, ...second.rows, ...third.rows].map((r) => r.isComplete)
    assert.deepEqual(flags, [...flags].sort())
  })
  it('caps a huge limit instead of refusing it', async () => {
    const r = await call<Page<ProjectSummary>>(ctx.app, 'demo', Api.itemsList, { query: { limit: 100000 } })
    assert.equal(r.status, 200)
    assert.equal(r.body.code, 0)
    assert.equal(r.body.data.rows.length, 22)
  })
  it('filters by type, label and search text (name and intro)', async () => {
    const types = (await call(ctx.app, 'demo', Api.typeList)).body.data as { id: number; name: string }[]
    const library = types.find((t) => t.name === '图书馆')!
    const byType = (await call<Page<ProjectSummary>>(ctx.app, 'demo', Api.itemsList, { query: { typeId: library.id } })).body.data
    assert.deepEqual(byType.rows.map((r) => r.name).sort(), ['书香校园·捐书计划', '校友书房建设', '馆藏图书冠名'].sort())
    assert.equal(byType.total, 3)
    assert.ok(byType.rows.every((r) => r.typeId === library.id))

    const labels = (await call(ctx.app, 'demo', Api.labelList)).body.data as { id: number; labelTitle: string }[]
    const hot = labels.find((l) => l.labelTitle === '热门')!
    const byLabel = (await call<Page<ProjectSummary>>(ctx.app, 'demo', Api.itemsList, { query: { labelId: hot.id } })).body.data
    assert.ok(byLabel.total >= 3)
    assert.ok(byLabel.rows.every((r) => r.labelIds.includes(hot.id)))
    assert.ok(byLabel.rows.length < 22)

    const byName = (await call<Page<ProjectSummary>>(ctx.app, 'demo', Api.itemsList, { query: { s: '奖学金' } })).body.data
    assert.deepEqual(
      byName.rows.map((r) => r.name),
      ['示范大学励志奖学金']
    )
    const byIntro = (await call<Page<ProjectSummary>>(ctx.app, 'demo', Api.itemsList, { query: { s: '山区中学' } })).body.data
    assert.deepEqual(
      byIntro.rows.map((r) => r.name),
      ['对口支援中学校服捐赠']
    )
    const wildcard = (await call<Page<ProjectSummary>>(ctx.app, 'demo', Api.itemsList, { query: { s: '%' } })).body.data
    assert.equal(wildcard.total, 0, '% is a literal, not a wildcard')
    const empty = (await call<Page<ProjectSummary>>(ctx.app, 'demo', Api.itemsList, { query: { typeId: '', labelId: '' } })).body.data
    assert.equal(empty.total, 22, 'empty filter values mean "all"')
  })
})

describe('itemsDetail', () => {
  it('returns every field with completeMoney = offline + paid donations', async () => {
    const id = await projectIdByName('demo', '示范大学励志奖学金')
    const p = (await call<Project>(ctx.app, 'demo', Api.itemsDetail, { query: { id } })).body.data
    const row = await ctx.app.db.selectFrom('project').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    const paid = await ctx.app.db
      .selectFrom('donation')
      .select(['amount_fen'])
      .where('items_id', '=', id)
      .where('status', '=', 'paid')
      .execute()
    const sum = paid.reduce((a, d) => a + Number(d.amount_fen), 0)
    assert.ok(paid.length > 0)
    assert.equal(p.completeMoney, fenToYuan(Number(row.offline_fen) + sum))
    assert.equal(p.payCounts, paid.length)
    assert.equal(p.limitMoney, '500000.00')
    assert.equal(p.isLimit, 1)
    assert.equal(p.isAuditMessage, 1)
    assert.equal(p.isSub, 1)
    assert.deepEqual(
      p.subItemsList.map((s) => s.name),
      ['本科生励志奖学金', '研究生励志奖学金']
    )
    assert.deepEqual(p.fixMoney, [
      { title: '一份心意', money: '100.00' },
      { title: '一学期书本费', money: '500.00' },
      { title: '一个月生活费', money: '1000.00' }
    ])
    assert.equal(p.coverList.length, 2)
    assert.match(p.coverList[0].fileUrl, /^\/files\/seed\/cover-.+\.jpg$/)
    assert.match(p.content, /<p>/)
    assert.equal(p.namingType, null)
  })
  it('describes goods and naming projects', async () => {
    const goods = (
      await call<Project>(ctx.app, 'demo', Api.itemsDetail, { query: { id: await projectIdByName('demo', '书香校园·捐书计划') } })
    ).body.data
    assert.equal(goods.crowdType, 2)
    assert.equal(goods.materialName, '图书')
    assert.equal(goods.materialUnit, '册')
    assert.equal(goods.materialPrice, '30.00')
    assert.equal(goods.limitMaterialNumber, 5000)
    assert.ok(goods.completeMaterialNumber > 820)
    const seat = (await call<Project>(ctx.app, 'demo', Api.itemsDetail, { query: { id: await projectIdByName('demo', '大礼堂座椅冠名') } }))
      .body.data
    assert.equal(seat.itemsType, 2)
    assert.equal(seat.namingType, 1)
    assert.equal(seat.namingCountAll, 600)
    assert.equal(seat.namingCountDonate, 8)
    const done = (
      await call<Project>(ctx.app, 'demo', Api.itemsDetail, { query: { id: await projectIdByName('demo', '百年校门修缮工程') } })
    ).body.data
    assert.equal(done.isComplete, 1)
    assert.equal(done.isDonate, 0)
    assert.equal(done.noReason, '项目已完成募集，感谢您的关注')
  })
  it('answers an unknown id with code -1, localised', async () => {
    let r = await call(ctx.app, 'demo', Api.itemsDetail, { query: { id: 999999 } })
    assert.deepEqual(r.body, { code: -1, message: '项目不存在', data: null })
    r = await call(ctx.app, 'demo', Api.itemsDetail, { query: { id: 999999, lang: 'en' } })
    assert.equal(r.body.message, 'Project not found')
  })
  it('never shows a project of school A at school B', async () => {
    const hhuId = await projectIdByName('hhu', '河海励志奖学金')
    assert.equal((await call(ctx.app, 'hhu', Api.itemsDetail, { query: { id: hhuId } })).body.code, 0)
    const cross = await call(ctx.app, 'demo', Api.itemsDetail, { query: { id: hhuId } })
    assert.equal(cross.body.code, -1)
    assert.equal(cross.body.message, '项目不存在')
    const list = (await call<Page<ProjectSummary>>(ctx.app, 'demo', Api.itemsList, { query: { limit: 100 } })).body.data
    assert.ok(!list.rows.some((r) => r.id === hhuId))
    assert.equal((await call(ctx.app, 'demo', Api.leavewordList, { query: { itemsId: hhuId } })).body.code, -1)
    assert.equal((await call(ctx.app, 'demo', Api.progressList, { query: { itemsId: hhuId } })).body.code, -1)
  })
})

describe('project tabs', () => {
  it('subItemsStatistics sums offline and paid gifts per sub-project, ranked when asked', async () => {
    const id = await projectIdByName('demo', '大学生创新创业基金')
    const stats = (await call(ctx.app, 'demo', Api.subItemsStatistics, { query: { itemsId: id } })).body.data as {
      id: number
      completeMoney: string
    }[]
    assert.equal(stats.length, 3)
    for (const s of stats) {
      const sub = await ctx.app.db.selectFrom('sub_project').select('offline_fen').where('id', '=', s.id).executeTakeFirstOrThrow()
      const paid = await ctx.app.db
        .selectFrom('donation')
        .select('amount_fen')
        .where('sub_items_id', '=', s.id)
        .where('status', '=', 'paid')
        .execute()
      assert.equal(s.completeMoney, fenToYuan(Number(sub.offline_fen) + paid.reduce((a, d) => a + Number(d.amount_fen), 0)))
    }
    const fen = stats.map((s) => Number(s.completeMoney.replace('.', '')))
    assert.deepEqual(
      fen,
      [...fen].sort((a, b) => b - a),
      'isSubRank orders by amount'
    )
  })
  it('donateSeatList lists named seats; donateBookList lists named books', async () => {
    const seatId = await projectIdByName('demo', '大礼堂座椅冠名')
    const seats = (await call(ctx.app, 'demo', Api.donateSeatList, { query: { itemsId: seatId } })).body.data
    assert.equal(seats.total, 8)
    assert.ok(seats.rows.some((r: { seat: string }) => r.seat === 'B区3排12座'))
    assert.ok(seats.rows.every((r: { donateMoney: string }) => r.donateMoney === '2000.00'))
    const times = seats.rows.map((r: { donateTime: string }) => r.donateTime)
    assert.deepEqual(times, [...times].sort().reverse())
    const bookId = await projectIdByName('demo', '馆藏图书冠名')
    const books = (await call(ctx.app, 'demo', Api.donateBookList, { query: { itemsId: bookId, limit: 2 } })).body.data
    assert.equal(books.total, 6)
    assert.equal(books.rows.length, 2)
    assert.ok(books.rows.every((r: { seat: string }) => /^《.+》(×\d)?$/.test(r.seat)))
    assert.equal((await call(ctx.app, 'demo', Api.donateBookList, { query: { itemsId: seatId } })).body.data.total, 0)
  })
  it('togetherList shows joint donations with their paid totals', async () => {
    const id = await projectIdByName('demo', '寒门学子助学金')
    const page = (await call(ctx.app, 'demo', Api.togetherList, { query: { itemsId: id } })).body.data
    assert.equal(page.total, 2)
    for (const t of page.rows) {
      const paid = await ctx.app.db
        .selectFrom('donation')
        .select('amount_fen')
        .where('together_id', '=', t.id)
        .where('status', '=', 'paid')
        .execute()
      assert.equal(t.participants, paid.length)
      assert.equal(t.completeMoney, fenToYuan(paid.reduce((a, d) => a + Number(d.amount_fen), 0)))
    }
    assert.ok(page.rows.some((t: { isTarget: number; targetMoney: string }) => t.isTarget === 1 && t.targetMoney === '50000.00'))
  })
  it('progressList carries attachments; instructionList carries amounts', async () => {
    const id = await projectIdByName('demo', '示范大学励志奖学金')
    const prog = (await call(ctx.app, 'demo', Api.progressList, { query: { itemsId: id } })).body.data
    assert.ok(prog.total >= 2)
    assert.match(prog.rows[0].progressDate, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    const allFiles = prog.rows.flatMap((r: { attachmentList: { fileUrl: string }[] }) => r.attachmentList)
    const dbFiles = await ctx.app.db
      .selectFrom('progress_attachment')
      .innerJoin('progress', 'progress.id', 'progress_attachment.progress_id')
      .select('file_url')
      .where('progress.items_id', '=', id)
      .execute()
    assert.equal(allFiles.length, dbFiles.length)
    const use = (await call(ctx.app, 'demo', Api.instructionList, { query: { itemsId: id } })).body.data
    assert.equal(use.total, 2)
    assert.ok(use.rows.some((u: { useTitle: string; useMoney: string }) => u.useTitle === '采购物资及服务' && u.useMoney.endsWith('.50')))
  })
  it('leavewordList shows only visible messages, with admin replies', async () => {
    const id = await projectIdByName('demo', '示范大学励志奖学金')
    const page = (await call(ctx.app, 'demo', Api.leavewordList, { query: { itemsId: id } })).body.data
    const visible = await ctx.app.db
      .selectFrom('leave_message')
      .select('id')
      .where('items_id', '=', id)
      .where('status', '=', 'visible')
      .execute()
    const pending = await ctx.app.db
      .selectFrom('leave_message')
      .select('id')
      .where('items_id', '=', id)
      .where('status', '=', 'pending')
      .execute()
    assert.ok(pending.length >= 1, 'the seed holds a pending message')
    assert.equal(page.total, visible.length)
    assert.ok(!page.rows.some((m: { id: number }) => pending.some((p) => p.id === m.id)))
    assert.ok(page.rows.some((m: { replyContent: string }) => m.replyContent.length > 0))
    assert.ok(page.rows.every((m: { nickname: string }) => m.nickname.length > 0))
  })
})

describe('insertLeaveword', () => {
  const post = (school: string, body: unknown, token?: string, lang?: string) =>
    call(ctx.app, school, Api.insertLeaveword, { method: 'POST', body, token, headers: lang ? { lang } : {} })

  it('needs a token', async () => {
    const id = await projectIdByName('demo', '寒门学子助学金')
    assert.equal((await post('demo', { itemsId: id, content: '加油' })).body.code, -997)
  })
  it('publishes at once when the project is not audited, trimmed', async () => {
    const token = await login(ctx.app, 'demo', 'msg-writer')
    const id = await projectIdByName('demo', '寒门学子助学金')
    const r = await post('demo', { itemsId: id, content: '  祝学弟学妹学业进步！  ' }, token)
    assert.equal(r.body.code, 0)
    assert.equal(r.body.message, '留言成功')
    assert.equal(r.body.data.audited, true)
    const page = (await call(ctx.app, 'demo', Api.leavewordList, { query: { itemsId: id, limit: 50 } })).body.data
    const mine = page.rows.find((m: { id: number }) => m.id === r.body.data.id)
    assert.equal(mine.content, '祝学弟学妹学业进步！')
    assert.equal(mine.nickname, '爱心校友')
    // the platform's default nickname is the app's words: English readers see it in English
    const pageEn = (await call(ctx.app, 'demo', Api.leavewordList, { query: { itemsId: id, limit: 50, lang: 'en' } })).body.data
    assert.equal(pageEn.rows.find((m: { id: number }) => m.id === r.body.data.id).nickname, 'A caring alumnus')
    const en = await post('demo', { itemsId: id, content: 'Go!' }, token, 'en')
    assert.equal(en.body.message, 'Message Success')
  })
  it('holds the message for review when the project audits messages', async () => {
    const token = await login(ctx.app, 'demo', 'msg-writer')
    const id = await projectIdByName('demo', '示范大学励志奖学金')
    const r = await post('demo', { itemsId: id, content: '需要审核的留言' }, token)
    assert.equal(r.body.code, 0)
    assert.equal(r.body.message, '留言已提交，等待管理员审核')
    assert.equal(r.body.data.audited, false)
    const en = await post('demo', { itemsId: id, content: 'needs review' }, token, 'en')
    assert.equal(en.body.message, 'Submitted, waiting for admin review')
    const page = (await call(ctx.app, 'demo', Api.leavewordList, { query: { itemsId: id, limit: 50 } })).body.data
    assert.ok(!page.rows.some((m: { id: number }) => m.id === r.body.data.id))
    const row = await ctx.app.db.selectFrom('leave_message').select('status').where('id', '=', r.body.data.id).executeTakeFirstOrThrow()
    assert.equal(row.status, 'pending')
  })
  it('accepts 140 characters, refuses 141 (counted in code points) and empty content', async () => {
    const token = await login(ctx.app, 'demo', 'msg-writer')
    const id = await projectIdByName('demo', '寒门学子助学金')
    const ok140 = await post('demo', { itemsId: id, content: '䶮'.repeat(70) + '𠀋'.repeat(70) }, token)
    assert.equal(ok140.body.code, 0, '140 code points, 210 UTF-16 units')
    const long = await post('demo', { itemsId: id, content: '好'.repeat(141) }, token)
    assert.equal(long.body.code, -1)
    assert.equal(long.body.message, '留言不能超过140个字')
    // names its input, so the composer shows it under the box (decision 081)
    assert.deepEqual(long.body.data, { field: 'content' })
    const empty = await post('demo', { itemsId: id, content: '   ' }, token, 'en')
    assert.equal(empty.body.code, -1)
    assert.equal(empty.body.message, 'message can not empty')
    assert.equal((await post('demo', { itemsId: id, content: '' }, token)).body.message, '留言内容不能为空')
  })
  it('refuses projects with messages closed, unknown projects and a string itemsId', async () => {
    const token = await login(ctx.app, 'demo', 'msg-writer')
    const closed = await projectIdByName('demo', '青年教师科研启动基金')
    const r = await post('demo', { itemsId: closed, content: '你好' }, token)
    assert.equal(r.body.code, -1)
    assert.equal(r.body.message, '该项目未开放留言')
    assert.equal((await post('demo', { itemsId: 999999, content: '你好' }, token)).body.message, '项目不存在')
    // a numeric string is the web client's way of sending an id (lib/schemas.ts wireInt); '12abc' is not
    assert.equal((await post('demo', { itemsId: String(closed), content: '你好' }, token)).body.message, '该项目未开放留言')
    const str = await post('demo', { itemsId: `${closed}abc`, content: '你好' }, token)
    assert.equal(str.status, 400)
    assert.equal(str.body.message, '参数 itemsId 格式不正确')
  })
})
