/**
 * Texts per language (docs/decisions/025): form labels, placeholders and options, preset captions,
 * categories, sub-projects, the agreement and the thank-you word answer in the request's language (the `lang` header
 * or query), fall back to Chinese where no English was entered, and missingTexts() lists exactly what is absent.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import {
  Api,
  type BaseConfig,
  type DonationRecord,
  type FormConfig,
  type Page,
  type Project,
  type ProjectSummary,
  type ProjectType,
  type SubItemPrice,
  type SubItemStatistic,
  type SuccessData
} from '../../types'
import type { StaffProject } from '../../types/schema/staff-projects'
import { missingTexts, parseTexts } from '../src/domain/form/texts'
import { invalidateSchoolCache } from '../src/domain/school/cache'
import { call, login, startApp, type TestContext } from './helpers'
import { demoBody, placeOrder, projectIdOf, sandboxNotify, schoolIdOf } from './order-fixtures'
import { staffCall, staffToken } from './staff-fixtures'

let ctx: TestContext
before(async () => {
  ctx = await startApp()
})
after(async () => {
  await ctx.close()
})

const EN = { lang: 'en' }
const CJK = /[\u3400-\u9fff]/
const form = async (itemsId: number, headers: Record<string, string> = {}) =>
  (await call<FormConfig>(ctx.app, 'demo', Api.formDetail, { query: { itemsId }, headers })).body.data

describe('texts per language', () => {
  it('formDetail: labels, placeholders, options and texts in Chinese by default and in English with lang: en', async () => {
    const id = await projectIdOf(ctx.app, 'demo', '示范大学励志奖学金')
    const zh = await form(id)
    const en = await form(id, EN)
    const zhName = zh.fieldList.find((f) => f.fieldName === 'name')!
    const enName = en.fieldList.find((f) => f.fieldName === 'name')!
    assert.deepEqual([zhName.fieldShowName, zhName.inputTip], ['姓名', '请输入姓名'])
    assert.deepEqual([enName.fieldShowName, enName.inputTip], ['Name', 'Your name'])
    const alumni = en.fieldList.find((f) => f.fieldName === 'isAlumni')!
    assert.deepEqual(alumni.optionList, [
      { id: '1', title: 'Yes' },
      { id: '0', title: 'No' }
    ])
    assert.deepEqual(
      zh.fieldList.map((f) => f.fieldName),
      en.fieldList.map((f) => f.fieldName),
      'same fields'
    )
    for (const f of en.fieldList) {
      assert.ok(!CJK.test(f.fieldShowName + f.inputTip), `${f.fieldName} in English`)
      for (const o of f.optionList) assert.ok(!CJK.test(o.title), `${f.fieldName} option ${o.id} in English`)
    }
    assert.ok(CJK.test(zh.remindContent) && !CJK.test(en.remindContent), en.remindContent)
    // the query parameter works as the header does
    const q = (await call<FormConfig>(ctx.app, 'demo', Api.formDetail, { query: { itemsId: id, lang: 'en' } })).body.data
    assert.equal(q.fieldList[0].fieldShowName, 'Name')
  })

  it('the full form (twelve field types) has English for every label, placeholder and option', async () => {
    const f = await form(await projectIdOf(ctx.app, 'demo', '大学生创新创业基金'), EN)
    assert.ok(f.fieldList.length >= 12)
    for (const field of f.fieldList) {
      assert.ok(!CJK.test(field.fieldShowName + field.inputTip), `${field.fieldName}: ${field.fieldShowName} / ${field.inputTip}`)
      for (const o of field.optionList) assert.ok(!CJK.test(o.title), o.title)
    }
  })

  it('preset captions, sub-projects and categories in English', async () => {
    const id = await projectIdOf(ctx.app, 'demo', '示范大学励志奖学金')
    const zh = (await call<Project>(ctx.app, 'demo', Api.itemsDetail, { query: { id } })).body.data
    const en = (await call<Project>(ctx.app, 'demo', Api.itemsDetail, { query: { id }, headers: EN })).body.data
    assert.deepEqual(
      zh.fixMoney.map((o) => o.title),
      ['一份心意', '一学期书本费', '一个月生活费']
    )
    assert.deepEqual(
      en.fixMoney.map((o) => o.title),
      ['A token of thanks', "A term's books", "A month's living costs"]
    )
    assert.deepEqual(
      en.fixMoney.map((o) => o.money),
      zh.fixMoney.map((o) => o.money)
    )
    assert.deepEqual(
      en.subItemsList.map((s) => s.name),
      ['Undergraduate merit scholarship', 'Graduate merit scholarship']
    )
    const subs = (await call<SubItemPrice[]>(ctx.app, 'demo', Api.itemsSubPrice, { query: { itemsId: id }, headers: EN })).body.data
    assert.equal(subs[0].name, 'Undergraduate merit scholarship')
    assert.deepEqual(
      subs[1].fixMoney.map((o) => o.title),
      ['A token of thanks', "A month's research grant"]
    )
    for (const school of ['demo', 'hhu', 'cpu', 'fzu']) {
      const types = (await call<ProjectType[]>(ctx.app, school, Api.typeList, { headers: EN })).body.data
      assert.ok(types.length > 0)
      for (const t of types) assert.ok(!CJK.test(t.name), `${school}: ${t.name}`)
      const zhTypes = (await call<ProjectType[]>(ctx.app, school, Api.typeList)).body.data
      assert.ok(zhTypes.every((t) => CJK.test(t.name)))
    }
  })

  it('the agreement and the thank-you word in English', async () => {
    const zh = (await call<BaseConfig>(ctx.app, 'demo', Api.baseConfig)).body.data
    const en = (await call<BaseConfig>(ctx.app, 'demo', Api.baseConfig, { headers: EN })).body.data
    assert.equal(zh.agreeTitle, '捐赠协议')
    assert.equal(en.agreeTitle, 'Donation agreement')
    // the foundation's name (the personal centre's header, page titles)
    assert.equal(zh.title, '示范大学教育发展基金会')
    assert.equal(en.title, 'Demo University Education Development Foundation')
    assert.ok(CJK.test(zh.agreeContent) && !CJK.test(en.agreeContent), en.agreeContent)
    // the awards' explanation and the offline-giving notice (the detail page's and the form's) too (decision 073)
    assert.ok(CJK.test(zh.awardExplain) && !CJK.test(en.awardExplain), en.awardExplain)
    const fzu = (await call<BaseConfig>(ctx.app, 'fzu', Api.baseConfig, { headers: EN })).body.data
    assert.ok(fzu.settings.offlineContactInfo.startsWith('This foundation does not take gifts online'), fzu.settings.offlineContactInfo)

    const id = await projectIdOf(ctx.app, 'demo', '示范大学励志奖学金')
    const token = await login(ctx.app, 'demo', 'texts-lang-donor')
    const bill = await placeOrder(ctx.app, 'demo', token, demoBody(id, { currencyMoney: '200.00' }))
    assert.equal((await sandboxNotify(ctx.app, 'demo', bill)).body.data.status, 'applied')
    const success = async (headers: Record<string, string>) =>
      (await call<SuccessData>(ctx.app, 'demo', Api.success, { query: { donatePlatOrder: bill }, token, headers })).body.data
    assert.equal((await success({})).successWord, '感谢您的爱心捐赠！您的每一份支持，都是母校前行的力量。')
    assert.equal((await success(EN)).successWord, 'Thank you for your gift! Every contribution helps your school move forward.')
  })

  it('falls back to Chinese where English is missing, and missingTexts lists exactly that', async () => {
    for (const school of ['demo', 'hhu', 'cpu', 'fzu']) {
      const sid = await schoolIdOf(ctx.app, school)
      assert.deepEqual(await missingTexts(ctx.app.db, sid, 'en'), [], `${school}: the seed has English for every text`)
      assert.deepEqual(await missingTexts(ctx.app.db, sid, 'zh_CN'), [])
    }
    const sid = await schoolIdOf(ctx.app, 'hhu')
    const row = await ctx.app.db
      .selectFrom('donation_form')
      .select(['id', 'field_list', 'texts'])
      .where('school_id', '=', sid)
      .where('is_default', '=', 1)
      .executeTakeFirstOrThrow()
    // the school's staff remove the English of one label and its options, and of the first category
    const fields = JSON.parse(row.field_list) as Array<Record<string, unknown>>
    const college = fields.find((f) => f.fieldName === 'college')!
    college.texts = { en: { inputTip: 'Choose your department (optional)' } }
    college.optionList = (college.optionList as Array<Record<string, unknown>>).map(({ id, title }) => ({ id, title }))
    await ctx.app.db
      .updateTable('donation_form')
      .set({ field_list: JSON.stringify(fields) })
      .where('school_id', '=', sid)
      .where('id', '=', row.id)
      .execute()
    // written beside the app (as the console's editor does it): forms are cached per school like the settings row
    invalidateSchoolCache()
    const type = await ctx.app.db
      .selectFrom('project_type')
      .select(['id', 'name', 'texts'])
      .where('school_id', '=', sid)
      .orderBy('sort_no')
      .executeTakeFirstOrThrow()
    assert.ok(parseTexts(type.texts).en?.name, 'seeded English')
    await ctx.app.db.updateTable('project_type').set({ texts: '{"en": {"name": "  "}}' }).where('id', '=', type.id).execute()

    const id = (
      await ctx.app.db
        .selectFrom('project')
        .select('id')
        .where('school_id', '=', sid)
        .where('form_id', 'is', null)
        .executeTakeFirstOrThrow()
    ).id
    const f = (await call<FormConfig>(ctx.app, 'hhu', Api.formDetail, { query: { itemsId: id }, headers: EN })).body.data
    const c = f.fieldList.find((x) => x.fieldName === 'college')!
    assert.equal(c.fieldShowName, '所在院系', 'no English label: the Chinese one')
    assert.equal(c.inputTip, 'Choose your department (optional)', 'the English placeholder stays')
    assert.equal(c.optionList[0].title, '土木与交通学院', 'no English option: the Chinese one')
    const types = (await call<ProjectType[]>(ctx.app, 'hhu', Api.typeList, { headers: EN })).body.data
    assert.equal(types.find((t) => t.id === type.id)!.name, type.name, 'a blank translation is missing, not blank')

    const missing = await missingTexts(ctx.app.db, sid, 'en')
    assert.deepEqual(
      missing.map((m) => `${m.table}:${m.key}:${m.zh}`).sort(),
      [
        `donation_form:field_list.college.fieldShowName:所在院系`,
        `donation_form:field_list.college.options.1:土木与交通学院`,
        `donation_form:field_list.college.options.2:计算机科学与技术学院`,
        `donation_form:field_list.college.options.3:经济管理学院`,
        `donation_form:field_list.college.options.4:外国语学院`,
        `donation_form:field_list.college.options.5:其他`,
        `project_type:name:${type.name}`
      ].sort()
    )
    // another school is untouched
    assert.deepEqual(await missingTexts(ctx.app.db, await schoolIdOf(ctx.app, 'demo'), 'en'), [])
    // the console shows editors the same list (GET /staff-api/{school}/texts/missing), each school its own
    const hhuEditor = await staffToken(ctx.app, 'hhu', ['editor'])
    const listed = await staffCall(ctx.app, 'hhu', 'GET', '/texts/missing', { token: hhuEditor })
    assert.equal(listed.body.code, 0)
    assert.deepEqual(listed.body.data, { total: missing.length, rows: missing })
    const demoEditor = await staffToken(ctx.app, 'demo', ['editor'])
    assert.deepEqual((await staffCall(ctx.app, 'demo', 'GET', '/texts/missing', { token: demoEditor })).body.data, { total: 0, rows: [] })
  })

  it("a project's own words (name, intro, page, goods, pause reason) in English, edited in the console (decision 073)", async () => {
    // the list, the detail and the sub-project totals of every demo school answer English for every seeded project
    for (const school of ['demo', 'hhu', 'cpu', 'fzu']) {
      const list = (await call<Page<ProjectSummary>>(ctx.app, school, Api.itemsList, { query: { limit: 100 }, headers: EN })).body.data
      assert.ok(list.rows.length > 0)
      for (const p of list.rows) {
        assert.ok(!CJK.test(p.name + p.intro + p.materialName + p.materialUnit), `${school} #${p.id}: ${p.name} / ${p.intro}`)
        const d = (await call<Project>(ctx.app, school, Api.itemsDetail, { query: { id: p.id }, headers: EN })).body.data
        assert.ok(!CJK.test(d.content + d.noReason), `${school} #${p.id} page: ${d.content.slice(0, 80)} / ${d.noReason}`)
      }
    }
    // the directory names each gift's project, sub-project and goods unit in the same language
    for (const school of ['demo', 'hhu']) {
      const rows = (await call<Page<DonationRecord>>(ctx.app, school, Api.donateRecordPage, { query: { limit: 100 }, headers: EN })).body
        .data.rows
      assert.ok(rows.length > 0)
      for (const r of rows)
        assert.ok(!CJK.test(r.itemsName + r.subItemsName + r.materialUnit), `${school}: ${r.itemsName} ${r.subItemsName} ${r.materialUnit}`)
      const zhRows = (await call<Page<DonationRecord>>(ctx.app, school, Api.donateRecordPage, { query: { limit: 100 } })).body.data.rows
      assert.ok(zhRows.every((r) => CJK.test(r.itemsName)))
    }
    const books = await projectIdOf(ctx.app, 'demo', '书香校园·捐书计划')
    const zh = (await call<Project>(ctx.app, 'demo', Api.itemsDetail, { query: { id: books } })).body.data
    const en = (await call<Project>(ctx.app, 'demo', Api.itemsDetail, { query: { id: books }, headers: EN })).body.data
    assert.deepEqual([zh.name, zh.materialName, zh.materialUnit], ['书香校园·捐书计划', '图书', '册'])
    assert.deepEqual([en.name, en.materialName, en.materialUnit], ['Books for the Campus', 'Books', 'book'])
    assert.ok(en.content.startsWith('<p>Gifts buy new books'), en.content)
    const innovation = await projectIdOf(ctx.app, 'demo', '大学生创新创业基金')
    const stats = await call<SubItemStatistic[]>(ctx.app, 'demo', Api.subItemsStatistics, { query: { itemsId: innovation }, headers: EN })
    assert.deepEqual(stats.body.data.map((s) => s.name).sort(), ['Business school fund', 'Information science fund', 'Mechatronics fund'])

    // the console edits the English beside the Chinese; clearing one lists it as missing and the donor reads the Chinese
    const editor = await staffToken(ctx.app, 'demo', ['editor'])
    const sid = await schoolIdOf(ctx.app, 'demo')
    const path = `/projects/${books}`
    const before = (await staffCall<StaffProject>(ctx.app, 'demo', 'GET', path, { token: editor })).body.data
    assert.deepEqual([before.nameEn, before.materialUnitEn], ['Books for the Campus', 'book'])
    const saved = await staffCall<StaffProject>(ctx.app, 'demo', 'POST', path, {
      token: editor,
      body: { nameEn: 'A Book for the Library', introEn: '', contentEn: '<p>New <script>x</script>books</p>' }
    })
    assert.equal(saved.body.code, 0, saved.body.message)
    assert.deepEqual(
      [saved.body.data.nameEn, saved.body.data.introEn, saved.body.data.contentEn],
      ['A Book for the Library', '', '<p>New books</p>']
    )
    assert.equal(saved.body.data.materialNameEn, 'Books', 'a key not sent is kept')
    const after = (await call<Project>(ctx.app, 'demo', Api.itemsDetail, { query: { id: books }, headers: EN })).body.data
    assert.deepEqual([after.name, after.intro, after.content], ['A Book for the Library', zh.intro, '<p>New books</p>'])
    assert.deepEqual(
      (await missingTexts(ctx.app.db, sid, 'en')).map((m) => `${m.table}:${m.id}:${m.key}:${m.zh}`),
      [`project:${books}:intro:${zh.intro}`]
    )
    // too long is refused in the caller's language, naming the field, and nothing changes
    const long = await staffCall(ctx.app, 'demo', 'POST', path, { token: editor, lang: 'en', body: { nameEn: 'x'.repeat(201) } })
    assert.equal(long.body.code, -1)
    assert.match(long.body.message, /Name in English/)
    assert.equal(
      (await staffCall<StaffProject>(ctx.app, 'demo', 'GET', path, { token: editor })).body.data.nameEn,
      'A Book for the Library'
    )
    const restored = await staffCall(ctx.app, 'demo', 'POST', path, {
      token: editor,
      body: { introEn: 'Buys new books for the library, 30 yuan a book.' }
    })
    assert.equal(restored.body.code, 0)
    assert.deepEqual(await missingTexts(ctx.app.db, sid, 'en'), [])
  })

  it('malformed texts are ignored, never trusted', async () => {
    assert.deepEqual(parseTexts('not json'), {})
    assert.deepEqual(parseTexts('[1,2]'), {})
    assert.deepEqual(parseTexts({ en: { title: 3, name: 'Ok', blank: ' ' }, fr: { name: 'x' } }), { en: { name: 'Ok' } })
    const sid = await schoolIdOf(ctx.app, 'cpu')
    await ctx.app.db.updateTable('school_setting').set({ texts: '{oops' }).where('school_id', '=', sid).execute()
    invalidateSchoolCache()
    const en = (await call<BaseConfig>(ctx.app, 'cpu', Api.baseConfig, { headers: EN })).body.data
    assert.equal(en.agreeTitle, '捐赠协议')
    assert.equal(en.title, '中国药科大学教育发展基金会')
  })
})
