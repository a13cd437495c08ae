/**
 * The staff project editor: uploads, projects, the form builder, progress, publicity, categories, labels
 * and preview. A project made through the staff API is listed by the donor API and takes a sandbox gift; every
 * route refuses a member of staff without the editor role, keeps to its school, and writes an audit row for each
 * change; refusals name the field in Chinese and English.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import {
  Api,
  ResultCode,
  type FormConfig,
  type Page,
  type Project,
  type ProgressEntry,
  type ProjectSummary,
  type UsePublicity
} from '../../types'
import { renderPng } from '../src/lib/png'
import type { StaffProject } from '../src/domain/project/editor'
import type { StaffForm } from '../src/domain/form/project-form'
import { call, login, startApp, type TestContext } from './helpers'
import { demoBody, donate, orderRow, placeOrder, projectIdOf, sandboxNotify, schoolIdOf } from './order-fixtures'
import { staffCall, staffLogin, type StaffLogin } from './staff-fixtures'

let ctx: TestContext
let app: FastifyInstance
let sid: number
let editor: StaffLogin
let admin: StaffLogin
let finance: StaffLogin
let hhuEditor: StaffLogin
let donor: string

before(async () => {
  ctx = await startApp()
  app = ctx.app
  sid = await schoolIdOf(app, 'demo')
  editor = await staffLogin(app, 'demo', ['editor'])
  admin = await staffLogin(app, 'demo', ['admin'])
  finance = await staffLogin(app, 'demo', ['finance', 'fulfilment'])
  hhuEditor = await staffLogin(app, 'hhu', ['editor'])
  donor = await login(app, 'demo', 'staff-projects-donor')
})
after(async () => {
  await ctx.close()
})

const sc = <T = any>(
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string | null; body?: unknown; lang?: 'en'; school?: string } = {}
) =>
  staffCall<T>(app, opts.school ?? 'demo', method, url, {
    token: opts.token === undefined ? editor.token : opts.token,
    body: opts.body,
    lang: opts.lang
  })

/** The answer's data, failing loudly on a refusal. */
async function okData<T = any>(p: Promise<{ body: { code: number; message: string; data: T } }>): Promise<T> {
  const { body } = await p
  assert.equal(body.code, 0, `refused: ${body.message}`)
  return body.data
}

function multipart(data: Buffer, filename = 'a.png', type = 'image/png') {
  const boundary = `----sp${Math.random().toString(16).slice(2)}`
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`)
  ])
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

async function upload(data: Buffer, token: string | null = editor.token, school = 'demo', lang?: 'en') {
  const m = multipart(data)
  const headers: Record<string, string> = { 'content-type': m.contentType }
  if (token) headers.authorization = `Staff ${token}`
  if (lang) headers.lang = lang
  const res = await app.inject({ method: 'POST', url: `/staff-api/${school}/uploads`, headers, payload: m.body })
  return res.json() as { code: number; message: string; data: { url: string } }
}

const PNG = renderPng({ width: 40, height: 30, from: [200, 40, 40], to: [40, 40, 200] })
/** A real WebP container (VP8L, 1x1): RIFF size, WEBP, chunk VP8L. */
const WEBP = Buffer.from('5249464624000000574542505650384C0D0000002F00000010071011118888FE0700', 'hex')

async function auditCount(action: string, entityId?: string | number) {
  let q = app.db.selectFrom('audit_log').where('school_id', '=', sid).where('action', '=', action)
  if (entityId !== undefined) q = q.where('entity_id', '=', String(entityId))
  return Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
}

async function lastAudit(action: string) {
  return app.db
    .selectFrom('audit_log')
    .selectAll()
    .where('school_id', '=', sid)
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
}

/** The fields of the project made in the journey: a name, a mobile, alumnus or not, the year only for alumni. */
const FIELDS = [
  { fieldName: 'name', fieldShowName: '姓名', fieldUiType: 'input', inputTip: '请输入姓名', isRequire: 1, labelEn: 'Name' },
  { fieldName: 'mobile', fieldShowName: '手机号', fieldUiType: 'mobile', isRequire: 1 },
  {
    fieldName: 'isAlumni',
    fieldShowName: '是否校友',
    fieldUiType: 'radio',
    isRequire: 1,
    optionList: [
      { id: '1', title: '是', titleEn: 'Yes' },
      { id: '0', title: '否', titleEn: 'No' }
    ]
  },
  {
    fieldName: 'graduationYear',
    fieldShowName: '毕业年份',
    fieldUiType: 'year',
    isRequire: 1,
    isShowConfig: 1,
    conditionFieldName: 'isAlumni',
    conditionFieldValue: '1'
  }
]

let journeyId = 0

describe('create -> donor list -> donate', () => {
  it('a project made with a form and two fixed amounts is listed, detailed and paid through the sandbox', async () => {
    const category = await okData(sc('POST', '/categories', { body: { name: '校园建设（测试）', nameEn: 'Campus (test)' } }))
    const label = await okData(sc('POST', '/labels', { body: { labelTitle: '新项目' } }))
    const up = await upload(PNG)
    assert.equal(up.code, 0, up.message)
    assert.match(up.data.url, /^\/files\/staff\/demo\/[A-Za-z0-9_-]+\.png$/)
    const file = await app.inject({ url: up.data.url })
    assert.equal(file.statusCode, 200)
    assert.deepEqual(file.rawPayload, PNG)

    const p = await okData<StaffProject>(
      sc('POST', '/projects', {
        body: {
          name: '控制台新建项目',
          intro: '由基金会控制台创建',
          content: '<p onclick="x()">说明</p><script>alert(1)</script><img src="javascript:alert(1)"><a href="//evil.example">x</a>',
          thumbnailImg: up.data.url,
          covers: [up.data.url, '/files/seed/cover-green-1.png'],
          typeId: category.id,
          labelIds: [label.id],
          isLimit: 1,
          target: '50000',
          startDate: '2026-11-01',
          endDate: '2027-06-30',
          fixMoney: [{ money: '200' }, { money: '500.50', title: '一份心意', titleEn: 'A token' }],
          isHandMoney: 0,
          subItems: [{ name: '图书' }, { name: '设备', nameEn: 'Equipment', fixMoney: [{ money: '1000' }] }]
        }
      })
    )
    journeyId = p.id
    assert.equal(p.status, 'open')
    assert.equal(p.targetFen, 5_000_000)
    assert.equal(p.target, '50000.00')
    assert.deepEqual(
      p.fixMoney.map((f) => [f.title, f.moneyFen, f.money, f.titleEn]),
      [
        ['200', 20000, '200.00', ''],
        ['一份心意', 50050, '500.50', 'A token']
      ]
    )
    assert.equal(p.isFixMoney, 1)
    assert.equal(p.isHandMoney, 0)
    assert.equal(p.typeName, '校园建设（测试）')
    assert.deepEqual(p.labelIds, [label.id])
    assert.equal(p.startDate, '2026-11-01')
    assert.equal(p.endDate, '2027-06-30')
    assert.equal(p.coverImg, up.data.url, 'the first cover stands in for the detail picture')
    assert.ok(!/script|onclick|javascript|evil/i.test(p.content), p.content)
    assert.match(p.content, /<p>说明<\/p>/)
    assert.deepEqual(
      p.subItems.map((s) => [s.name, s.nameEn, s.fixMoney.map((f) => f.moneyFen)]),
      [
        ['图书', '', []],
        ['设备', 'Equipment', [100000]]
      ]
    )
    assert.equal(await auditCount('project.create', p.id), 1)

    const form = await okData<StaffForm>(sc('POST', `/projects/${p.id}/form`, { body: { fields: FIELDS } }))
    assert.equal(form.shared, false)
    assert.ok(form.formId)
    assert.deepEqual(
      form.fields.map((f) => f.fieldName),
      ['name', 'mobile', 'isAlumni', 'graduationYear']
    )
    assert.equal(form.fields[0].labelEn, 'Name')
    assert.equal(form.fields[2].optionList[0].titleEn, 'Yes')

    // the donor API: listed (new projects first), detailed, its form
    const list = await call<Page<ProjectSummary>>(app, 'demo', Api.itemsList, { query: { limit: 10, offset: 0 } })
    assert.equal(list.body.data.rows[0].id, p.id, 'a new project is listed first')
    const searched = await call<Page<ProjectSummary>>(app, 'demo', Api.itemsList, {
      query: { s: '控制台新建', typeId: category.id, labelId: label.id }
    })
    assert.deepEqual(
      searched.body.data.rows.map((r) => r.id),
      [p.id]
    )
    const detail = await call<Project>(app, 'demo', Api.itemsDetail, { query: { id: p.id } })
    assert.equal(detail.body.code, 0)
    assert.equal(detail.body.data.name, '控制台新建项目')
    assert.equal(detail.body.data.limitMoney, '50000.00')
    assert.deepEqual(
      detail.body.data.fixMoney.map((f) => f.money),
      ['200.00', '500.50']
    )
    assert.deepEqual(
      detail.body.data.subItemsList.map((s) => s.name),
      ['图书', '设备']
    )
    const preview = await okData<Project>(sc('GET', `/projects/${p.id}/preview`))
    assert.deepEqual(preview, detail.body.data, 'preview is the donor API answer')
    const detailEn = await call<Project>(app, 'demo', Api.itemsDetail, { query: { id: p.id, lang: 'en' } })
    assert.deepEqual(
      await okData<Project>(sc('GET', `/projects/${p.id}/preview`, { lang: 'en' })),
      detailEn.body.data,
      'in the caller language'
    )
    const fd = await call<FormConfig>(app, 'demo', Api.formDetail, { query: { itemsId: p.id }, token: donor })
    assert.equal(fd.body.data.id, form.formId)
    assert.deepEqual(
      fd.body.data.fieldList.map((f) => [f.fieldName, f.fieldUiType, f.isShowConfig, f.conditionFieldName, f.conditionFieldValue]),
      [
        ['name', 'input', 0, '', ''],
        ['mobile', 'mobile', 0, '', ''],
        ['isAlumni', 'radio', 0, '', ''],
        ['graduationYear', 'year', 1, 'isAlumni', '1']
      ]
    )

    // only the fixed amounts are given; the conditional year is required for alumni only
    const body = (over: Record<string, unknown> = {}) =>
      demoBody(p.id, { currencyMoney: '200.00', formDataMap: { name: '李四', mobile: '86-13800138000', isAlumni: '0' }, ...over })
    const off = await donate(app, 'demo', donor, body({ currencyMoney: '300.00' }))
    assert.equal(off.body.code, ResultCode.ERROR, 'an amount that is not offered is refused')
    const noYear = await donate(app, 'demo', donor, body({ formDataMap: { name: '李四', mobile: '86-13800138000', isAlumni: '1' } }))
    assert.equal(noYear.body.code, ResultCode.ERROR, 'the conditional field is required when shown')
    const billNo = await placeOrder(app, 'demo', donor, body({ currencyMoney: '500.50' }))
    const paid = await sandboxNotify(app, 'demo', billNo, 'paid')
    assert.equal(paid.body.code, 0, paid.body.message)
    assert.equal((await orderRow(app, billNo)).status, 'paid')
    const after = await okData<StaffProject>(sc('GET', `/projects/${p.id}`))
    assert.equal(after.raisedFen, 50050)
    assert.equal(after.raised, '500.50')
    assert.equal(after.payCounts, 1)
    const detail2 = await call<Project>(app, 'demo', Api.itemsDetail, { query: { id: p.id } })
    assert.equal(detail2.body.data.completeMoney, '500.50')
  })

  it('updates change only the keys sent; a sub-item with gifts stays; status pauses giving', async () => {
    assert.ok(journeyId)
    const before = await okData<StaffProject>(sc('GET', `/projects/${journeyId}`))
    const upd = await okData<StaffProject>(sc('POST', `/projects/${journeyId}`, { body: { intro: '新的简介' } }))
    assert.equal(upd.intro, '新的简介')
    assert.deepEqual({ ...upd, intro: before.intro }, before)
    const audit = await lastAudit('project.update')
    assert.equal(JSON.parse(audit.before_json).intro, '由基金会控制台创建')
    assert.equal(JSON.parse(audit.after_json).intro, '新的简介')
    assert.equal(audit.staff_id, editor.staffId)

    // a gift on a sub-item: that sub-item cannot be removed
    const sub = before.subItems[0]
    const bill = await placeOrder(
      app,
      'demo',
      donor,
      demoBody(journeyId, {
        currencyMoney: '200.00',
        subItemsId: sub.id,
        formDataMap: { name: '王五', mobile: '86-13800138001', isAlumni: '0' }
      })
    )
    assert.ok(bill)
    const refused = await sc('POST', `/projects/${journeyId}`, { body: { subItems: [{ id: before.subItems[1].id, name: '设备' }] } })
    assert.equal(refused.body.code, ResultCode.ERROR)
    assert.match(refused.body.message, /图书/)
    assert.equal((await okData<StaffProject>(sc('GET', `/projects/${journeyId}`))).subItems.length, 2)

    const paused = await okData<StaffProject>(
      sc('POST', `/projects/${journeyId}/status`, { body: { status: 'paused', noReason: '年度结算中' } })
    )
    assert.equal(paused.status, 'paused')
    assert.equal(paused.noReason, '年度结算中')
    const closed = await donate(
      app,
      'demo',
      donor,
      demoBody(journeyId, { currencyMoney: '200.00', formDataMap: { name: '李四', mobile: '86-13800138000', isAlumni: '0' } })
    )
    assert.equal(closed.body.code, ResultCode.ERROR)
    assert.match(closed.body.message, /年度结算中/)
    const listed = await okData(sc('GET', '/projects?status=paused&keyword=控制台'))
    assert.deepEqual(
      listed.rows.map((r: { id: number }) => r.id),
      [journeyId]
    )
    const reopened = await okData<StaffProject>(sc('POST', `/projects/${journeyId}/status`, { body: { status: 'open' } }))
    assert.equal(reopened.status, 'open')
    assert.equal(await auditCount('project.status', journeyId), 2)
  })
})

describe('form builder', () => {
  it("saving a project's fields gives it a form of its own: the school's default form and other projects keep theirs", async () => {
    const other = await projectIdOf(
      app,
      'demo',
      (
        await app.db
          .selectFrom('project')
          .select('name')
          .where('school_id', '=', sid)
          .where('form_id', 'is', null)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).name
    )
    const target = (await okData<StaffProject>(sc('POST', '/projects', { body: { name: '表单测试项目' } }))).id
    const before = await okData<StaffForm>(sc('GET', `/projects/${target}/form`))
    assert.equal(before.shared, true)
    const otherBefore = (await call<FormConfig>(app, 'demo', Api.formDetail, { query: { itemsId: other } })).body.data
    const saved = await okData<StaffForm>(
      sc('POST', `/projects/${target}/form`, {
        body: {
          fields: [
            { fieldName: 'name', fieldShowName: '姓名', fieldUiType: 'input', isRequire: 1, isLengthLimit: 1, lengthMin: 2, lengthMax: 10 },
            { fieldName: 'agree', fieldShowName: '公开姓名', fieldUiType: 'switch' },
            {
              fieldName: 'note',
              fieldShowName: '留言',
              fieldUiType: 'textarea',
              isShowConfig: 1,
              conditionFieldName: 'agree',
              conditionFieldValue: '1'
            }
          ]
        }
      })
    )
    assert.equal(saved.shared, false)
    assert.notEqual(saved.formId, before.formId)
    const otherAfter = (await call<FormConfig>(app, 'demo', Api.formDetail, { query: { itemsId: other } })).body.data
    assert.deepEqual(otherAfter, otherBefore)
    // the copy keeps the default form's payment and certificate settings
    const mine = (await call<FormConfig>(app, 'demo', Api.formDetail, { query: { itemsId: target } })).body.data
    assert.deepEqual(mine.payPlatformList, otherBefore.payPlatformList)
    assert.equal(mine.isOpenCertificate, otherBefore.isOpenCertificate)
    // saved again: the same form is updated, not copied
    const again = await okData<StaffForm>(sc('POST', `/projects/${target}/form`, { body: { fields: [] } }))
    assert.equal(again.formId, saved.formId)
    assert.deepEqual(again.fields, [])
    assert.equal(await auditCount('project.form.update', target), 2)
  })

  it('every field type is accepted and round-trips; English labels are stored beside the Chinese', async () => {
    const types = ['input', 'password', 'number', 'textarea', 'mobile', 'switch', 'select', 'select2', 'date', 'area', 'year', 'radio']
    const fields = types.map((t) => ({
      fieldName: `f_${t}`,
      fieldShowName: `字段${t}`,
      fieldUiType: t,
      inputTip: `请填写${t}`,
      inputTipEn: `Enter ${t}`,
      labelEn: `Field ${t}`,
      ...(['select', 'select2', 'radio'].includes(t)
        ? {
            optionList: [
              { id: 'a', title: '甲', titleEn: 'A' },
              { id: 'b', title: '乙' }
            ]
          }
        : {})
    }))
    const saved = await okData<StaffForm>(sc('POST', `/projects/${journeyId}/form`, { body: { fields } }))
    assert.deepEqual(
      saved.fields.map((f) => f.fieldUiType),
      types
    )
    assert.deepEqual(
      saved.fields.map((f) => [f.labelEn, f.inputTipEn]),
      types.map((t) => [`Field ${t}`, `Enter ${t}`])
    )
    assert.deepEqual(saved.fields[6].optionList, [
      { id: 'a', title: '甲', titleEn: 'A' },
      { id: 'b', title: '乙', titleEn: '' }
    ])
    const row = await app.db.selectFrom('donation_form').select('field_list').where('id', '=', saved.formId!).executeTakeFirstOrThrow()
    const stored = JSON.parse(row.field_list) as { texts?: { en?: Record<string, string> }; optionList: { texts?: unknown }[] }[]
    assert.deepEqual(stored[0].texts, { en: { fieldShowName: 'Field input', inputTip: 'Enter input' } })
    assert.deepEqual(stored[6].optionList[0].texts, { en: { title: 'A' } })
    // the donor API reads the same fields
    const fd = (await call<FormConfig>(app, 'demo', Api.formDetail, { query: { itemsId: journeyId } })).body.data
    assert.deepEqual(
      fd.fieldList.map((f) => [f.fieldName, f.fieldUiType, f.fieldShowName]),
      types.map((t) => [`f_${t}`, t, `字段${t}`])
    )
    // and answers the English labels to an English donor (the Chinese where none was entered)
    const fdEn = (await call<FormConfig>(app, 'demo', Api.formDetail, { query: { itemsId: journeyId, lang: 'en' } })).body.data
    assert.deepEqual(
      [fdEn.fieldList[0].fieldShowName, fdEn.fieldList[0].inputTip, fdEn.fieldList[6].optionList.map((o) => o.title)],
      ['Field input', 'Enter input', ['A', '乙']]
    )
    // back to the journey's fields
    await okData(sc('POST', `/projects/${journeyId}/form`, { body: { fields: FIELDS } }))
  })

  it('refuses bad fields and conditions, naming the field in zh and en', async () => {
    const base = { fieldName: 'a', fieldShowName: '甲', fieldUiType: 'input' }
    const cases: { fields: unknown[]; zh: RegExp; en: RegExp }[] = [
      { fields: [{ ...base, fieldUiType: 'colour' }], zh: /第1个字段（a）的类型不正确/, en: /Field 1 \(a\) type is invalid/ },
      { fields: [base, { ...base }], zh: /字段名“a”已存在/, en: /name "a" already exists/ },
      { fields: [{ ...base, fieldName: '1abc' }], zh: /第1个字段的字段名不正确/, en: /Field 1 name is invalid/ },
      { fields: [{ ...base, fieldShowName: ' ' }], zh: /请填写第1个字段（a）的显示名称/, en: /Field 1 \(a\) label is required/ },
      {
        fields: [{ ...base, fieldUiType: 'select' }],
        zh: /第1个字段（a）的选项至少需要一个选项/,
        en: /Field 1 \(a\) options needs at least one option/
      },
      {
        fields: [{ ...base, fieldUiType: 'select2', optionList: [{ id: 'x,y', title: 'X' }] }],
        zh: /选项不正确/,
        en: /options is invalid/
      },
      {
        fields: [{ ...base, isShowConfig: 1, conditionFieldName: 'zzz', conditionFieldValue: '1' }],
        zh: /第1个字段（a）的显示条件不存在/,
        en: /Field 1 \(a\) condition does not exist/
      },
      {
        fields: [{ ...base, isShowConfig: 1, conditionFieldName: 'a', conditionFieldValue: '1' }],
        zh: /不能以自身为显示条件/,
        en: /cannot depend on itself/
      },
      {
        fields: [
          { ...base, fieldName: 'r', fieldUiType: 'radio', optionList: [{ id: '1', title: '是' }] },
          { ...base, isShowConfig: 1, conditionFieldName: 'r', conditionFieldValue: '2' }
        ],
        zh: /条件值“2”不是可选值/,
        en: /condition value "2" is not one of the options/
      },
      {
        fields: [
          { ...base, fieldName: 'p', isShowConfig: 1, conditionFieldName: 'q', conditionFieldValue: 'x' },
          { ...base, fieldName: 'q', isShowConfig: 1, conditionFieldName: 'p', conditionFieldValue: 'y' }
        ],
        zh: /显示条件形成循环/,
        en: /form a cycle/
      },
      {
        fields: [{ ...base, isLengthLimit: 1, lengthMin: 5, lengthMax: 2 }],
        zh: /最大长度不能小于最小长度/,
        en: /maximum length must not be below the minimum/
      },
      {
        fields: Array.from({ length: 51 }, (_, i) => ({ ...base, fieldName: `f${i}` })),
        zh: /表单字段最多50项/,
        en: /Form fields: at most 50 entries/
      }
    ]
    const before = await okData<StaffForm>(sc('GET', `/projects/${journeyId}/form`))
    const audits = await auditCount('project.form.update')
    for (const c of cases) {
      const zh = await sc('POST', `/projects/${journeyId}/form`, { body: { fields: c.fields } })
      assert.equal(zh.body.code, ResultCode.ERROR, JSON.stringify(c.fields).slice(0, 80))
      assert.match(zh.body.message, c.zh)
      const en = await sc('POST', `/projects/${journeyId}/form`, { body: { fields: c.fields }, lang: 'en' })
      assert.match(en.body.message, c.en)
    }
    assert.deepEqual(await okData<StaffForm>(sc('GET', `/projects/${journeyId}/form`)), before, 'a refused form changes nothing')
    assert.equal(await auditCount('project.form.update'), audits)
  })
})

describe('validation of projects', () => {
  const cases: { body: Record<string, unknown>; zh: RegExp; en: RegExp }[] = [
    { body: { name: '' }, zh: /请填写项目名称/, en: /Name is required/ },
    { body: { name: 'x'.repeat(201) }, zh: /项目名称不能超过200个字/, en: /Name must be at most 200 characters/ },
    { body: { name: 'a', target: '-1' }, zh: /目标金额须为不小于0/, en: /Target must be an amount in yuan of 0 or more/ },
    { body: { name: 'a', target: '1.234' }, zh: /目标金额须为不小于0、最多两位小数/, en: /Target .* at most 2 decimals/ },
    { body: { name: 'a', isLimit: 1, target: '0' }, zh: /目标金额须大于0/, en: /target amount must be above 0/ },
    {
      body: { name: 'a', startDate: '2026-12-01', endDate: '2026-11-30' },
      zh: /结束日期不能早于开始日期/,
      en: /end date must not be before the start date/
    },
    { body: { name: 'a', startDate: '2026-02-30' }, zh: /开始日期须为 YYYY-MM-DD/, en: /Start date must be a date/ },
    { body: { name: 'a', fixMoney: [{ money: '0' }] }, zh: /固定金额须为大于0/, en: /Fixed amount must be an amount in yuan above 0/ },
    {
      body: { name: 'a', fixMoney: [{ money: '12.345' }] },
      zh: /固定金额须为大于0、最多两位小数/,
      en: /Fixed amount .* at most 2 decimals/
    },
    {
      body: { name: 'a', fixMoney: [{ money: '10000000.01' }] },
      zh: /固定金额不能超过10000000元/,
      en: /Fixed amount must not exceed 10000000 yuan/
    },
    {
      body: { name: 'a', fixMoney: Array.from({ length: 13 }, (_, i) => ({ money: String(i + 1) })) },
      zh: /固定金额最多12项/,
      en: /Fixed amounts: at most 12 entries/
    },
    { body: { name: 'a', fixMoney: [{ money: '5' }, { money: '5.00' }] }, zh: /固定金额“5”已存在/, en: /Fixed amount "5" already exists/ },
    { body: { name: 'a', isHandMoney: 0 }, zh: /不允许自填金额时须至少设置一个固定金额/, en: /at least one fixed amount is needed/ },
    { body: { name: 'a', itemsType: 2 }, zh: /冠名项目须选择冠名类型/, en: /naming project needs a naming type/ },
    { body: { name: 'a', namingType: 1 }, zh: /捐赠项目不能设置冠名类型/, en: /donation project has no naming type/ },
    { body: { name: 'a', crowdType: 2, materialName: '书' }, zh: /物资捐赠须填写物资名称、单位和大于0的单价/, en: /goods project needs/ },
    { body: { name: 'a', typeId: 999999 }, zh: /项目分类不存在/, en: /Category does not exist/ },
    {
      body: { name: 'a', covers: ['/files/uploads/hhu/x.png'] },
      zh: /轮播图须为本校上传的图片或 https 地址/,
      en: /Cover images must be an image uploaded/
    },
    { body: { name: 'a', thumbnailImg: 'javascript:alert(1)' }, zh: /缩略图须为本校上传的图片/, en: /Thumbnail must be an image/ },
    { body: { name: 'a', subItems: [{ name: '甲' }, { name: '甲' }] }, zh: /子项目名称“甲”已存在/, en: /Sub-item name "甲" already exists/ }
  ]
  it('refuses each bad project with the field named, in Chinese by default and in English with lang: en; nothing is written', async () => {
    const count = async () =>
      Number(
        (
          await app.db
            .selectFrom('project')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n
      )
    const projects = await count()
    const audits = await auditCount('project.create')
    for (const c of cases) {
      const zh = await sc('POST', '/projects', { body: c.body })
      assert.equal(zh.body.code, ResultCode.ERROR, JSON.stringify(c.body).slice(0, 80))
      assert.match(zh.body.message, c.zh)
      const en = await sc('POST', '/projects', { body: c.body, lang: 'en' })
      assert.equal(en.body.code, ResultCode.ERROR)
      assert.match(en.body.message, c.en)
    }
    assert.equal(await count(), projects)
    assert.equal(await auditCount('project.create'), audits)
  })

  it('an update is checked as a whole: an end date before the stored start date is refused', async () => {
    const r = await sc('POST', `/projects/${journeyId}`, { body: { endDate: '2026-10-01' } })
    assert.equal(r.body.code, ResultCode.ERROR)
    assert.match(r.body.message, /结束日期不能早于开始日期/)
    const iso = await okData<StaffProject>(sc('POST', `/projects/${journeyId}`, { body: { endDate: '2027-06-30T16:30:00.000Z' } }))
    assert.equal(iso.endDate, '2027-07-01', 'an instant is its Beijing calendar day')
  })
})

describe('uploads', () => {
  it('takes JPEG, PNG and WebP by their bytes, at most 5 MB, and records each with an audit row', async () => {
    const audits = await auditCount('upload.create')
    const webp = await upload(WEBP)
    assert.equal(webp.code, 0, webp.message)
    assert.match(webp.data.url, /\.webp$/)
    const jpeg = await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]))
    assert.match(jpeg.data.url, /\.jpg$/)
    assert.equal(await auditCount('upload.create'), audits + 2)
    const row = await app.db.selectFrom('uploaded_file').selectAll().where('url', '=', webp.data.url).executeTakeFirstOrThrow()
    assert.deepEqual([row.school_id, row.kind, row.mime, row.user_id], [sid, 'staff-image', 'image/webp', null])

    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))
    assert.equal(svg.code, ResultCode.ERROR)
    assert.equal(svg.message, '仅支持 JPEG、PNG 或 WebP 图片')
    const gif = await upload(Buffer.from('GIF89a0000000000'), editor.token, 'demo', 'en')
    assert.equal(gif.message, 'Only JPEG, PNG or WebP images are accepted')
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]))
    assert.equal(big.code, ResultCode.ERROR)
    assert.equal(await auditCount('upload.create'), audits + 2, 'refusals store nothing')
  })
})

describe('progress, publicity, categories and labels', () => {
  it('progress entries with pictures and publicity entries are added and deleted, and the donor tabs follow', async () => {
    const a = await upload(PNG)
    const b = await upload(WEBP)
    const entry = await okData<ProgressEntry>(
      sc('POST', `/projects/${journeyId}/progress`, {
        body: { progressDate: '2026-11-20', content: '第一批图书已到馆', attachments: [a.data.url, b.data.url] }
      })
    )
    assert.equal(entry.progressDate, '2026-11-20 12:00:00')
    const donorTab = await call<Page<ProgressEntry>>(app, 'demo', Api.progressList, { query: { itemsId: journeyId } })
    assert.deepEqual(donorTab.body.data.rows[0], entry)
    assert.deepEqual(
      entry.attachmentList.map((f) => f.fileUrl),
      [a.data.url, b.data.url]
    )
    const tooMany = await sc('POST', `/projects/${journeyId}/progress`, {
      body: { progressDate: '2026-11-20', content: 'x', attachments: Array.from({ length: 10 }, () => a.data.url) },
      lang: 'en'
    })
    assert.equal(tooMany.body.message, 'Progress images: at most 9 entries')
    const foreign = await sc('POST', `/projects/${journeyId}/progress`, {
      body: { progressDate: '2026-11-20', content: 'x', attachments: ['/files/staff/hhu/abc.png'] }
    })
    assert.match(foreign.body.message, /进展图片须为本校上传的图片/)
    const listed = await okData<Page<ProgressEntry>>(sc('GET', `/projects/${journeyId}/progress`))
    assert.equal(listed.total, 1)
    await okData(sc('POST', `/projects/${journeyId}/progress/${entry.id}/delete`))
    assert.equal((await call<Page<ProgressEntry>>(app, 'demo', Api.progressList, { query: { itemsId: journeyId } })).body.data.total, 0)
    assert.equal(
      await app.db.selectFrom('progress_attachment').select('id').where('progress_id', '=', entry.id).executeTakeFirst(),
      undefined
    )
    const gone = await sc('POST', `/projects/${journeyId}/progress/${entry.id}/delete`)
    assert.equal(gone.body.code, ResultCode.ERROR)
    assert.equal(await auditCount('project.progress.create', entry.id), 1)
    assert.equal(JSON.parse((await lastAudit('project.progress.delete')).before_json).content, '第一批图书已到馆')

    const use = await okData<UsePublicity>(
      sc('POST', `/projects/${journeyId}/publicity`, { body: { useDate: '2026-11-21', useTitle: '购置图书', useMoney: '1234.5' } })
    )
    assert.equal(use.useMoney, '1234.50')
    const pubTab = await call<Page<UsePublicity>>(app, 'demo', Api.instructionList, { query: { itemsId: journeyId } })
    assert.deepEqual(pubTab.body.data.rows, [use])
    const badMoney = await sc('POST', `/projects/${journeyId}/publicity`, {
      body: { useDate: '2026-11-21', useTitle: 'x', useMoney: '1.001' }
    })
    assert.match(badMoney.body.message, /使用金额须为不小于0/)
    await okData(sc('POST', `/projects/${journeyId}/publicity/${use.id}/delete`))
    assert.equal((await okData<Page<UsePublicity>>(sc('GET', `/projects/${journeyId}/publicity`))).total, 0)
    assert.equal(await auditCount('project.publicity.create', use.id), 1)
    assert.equal(await auditCount('project.publicity.delete', use.id), 1)
  })

  it('categories and labels are listed with their project counts; names are unique per school', async () => {
    const cats = await okData<{ id: number; name: string; projectCount: number; nameEn: string }[]>(sc('GET', '/categories'))
    const mine = cats.find((c) => c.name === '校园建设（测试）')!
    assert.equal(mine.projectCount, 1)
    assert.equal(mine.nameEn, 'Campus (test)')
    const donorTypes = await call<{ id: number; name: string }[]>(app, 'demo', Api.typeList)
    assert.ok(donorTypes.body.data.some((t) => t.id === mine.id))
    const dup = await sc('POST', '/categories', { body: { name: '校园建设（测试）' }, lang: 'en' })
    assert.equal(dup.body.message, 'Category name "校园建设（测试）" already exists')
    const labels = await okData<{ labelTitle: string; projectCount: number }[]>(sc('GET', '/labels'))
    assert.equal(labels.find((l) => l.labelTitle === '新项目')?.projectCount, 1)
    assert.match((await sc('POST', '/labels', { body: { labelTitle: '新项目' } })).body.message, /标签名称“新项目”已存在/)
    // the same name at another school is that school's own
    assert.equal((await sc('POST', '/labels', { body: { labelTitle: '新项目' }, token: hhuEditor.token, school: 'hhu' })).body.code, 0)
    assert.equal(await auditCount('category.create'), 1)
    assert.equal(await auditCount('label.create'), 1, 'the hhu label is audited at hhu')
  })
})

/** Every route of the editor, with a request that would succeed for an editor of demo. */
function routes(ids: { project: number; progress: number; publicity: number }) {
  const p = ids.project
  return [
    { method: 'GET', url: '/projects' },
    { method: 'GET', url: `/projects/${p}` },
    { method: 'POST', url: '/projects', body: { name: '权限测试' } },
    { method: 'POST', url: `/projects/${p}`, body: { intro: 'x' } },
    { method: 'POST', url: `/projects/${p}/status`, body: { status: 'open' } },
    { method: 'GET', url: `/projects/${p}/form` },
    { method: 'POST', url: `/projects/${p}/form`, body: { fields: FIELDS } },
    { method: 'GET', url: `/projects/${p}/progress` },
    { method: 'POST', url: `/projects/${p}/progress`, body: { progressDate: '2026-11-22', content: 'x' } },
    { method: 'POST', url: `/projects/${p}/progress/${ids.progress}/delete` },
    { method: 'GET', url: `/projects/${p}/publicity` },
    { method: 'POST', url: `/projects/${p}/publicity`, body: { useDate: '2026-11-22', useTitle: 'x', useMoney: '1' } },
    { method: 'POST', url: `/projects/${p}/publicity/${ids.publicity}/delete` },
    { method: 'GET', url: '/categories' },
    { method: 'POST', url: '/categories', body: { name: `权限${Math.random()}` } },
    { method: 'GET', url: '/labels' },
    { method: 'POST', url: '/labels', body: { labelTitle: `权限${Math.random()}` } },
    { method: 'GET', url: `/projects/${p}/preview` }
  ] as { method: 'GET' | 'POST'; url: string; body?: unknown }[]
}

async function freshIds() {
  const progress = await okData<ProgressEntry>(
    sc('POST', `/projects/${journeyId}/progress`, { body: { progressDate: '2026-11-22', content: '待删' } })
  )
  const publicity = await okData<UsePublicity>(
    sc('POST', `/projects/${journeyId}/publicity`, { body: { useDate: '2026-11-22', useTitle: '待删', useMoney: '1' } })
  )
  return { project: journeyId, progress: progress.id, publicity: publicity.id }
}

describe('roles, tenancy and audit on every route', () => {
  it('a member of staff without the editor role is refused every route (zh and en); no token is -997; nothing changes', async () => {
    const ids = await freshIds()
    const audits = Number(
      (
        await app.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n
    )
    for (const r of routes(ids)) {
      const zh = await sc(r.method, r.url, { body: r.body, token: finance.token })
      assert.equal(zh.body.code, ResultCode.ERROR, `${r.method} ${r.url}`)
      assert.equal(zh.body.message, '当前账号无权进行此操作（需要：编辑）', `${r.method} ${r.url}`)
      const en = await sc(r.method, r.url, { body: r.body, token: finance.token, lang: 'en' })
      assert.equal(en.body.message, 'Your account may not do this (needs: editor)')
      const none = await sc(r.method, r.url, { body: r.body, token: null })
      assert.equal(none.body.code, ResultCode.TOKEN_INVALID, `${r.method} ${r.url} without a token`)
    }
    const up = await upload(PNG, finance.token)
    assert.equal(up.message, '当前账号无权进行此操作（需要：编辑）')
    assert.equal((await upload(PNG, null)).code, ResultCode.TOKEN_INVALID)
    const now = Number(
      (
        await app.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n
    )
    assert.equal(now, audits, 'refused calls write nothing')
  })

  it('an admin passes every route, and each change writes one audit row by that admin', async () => {
    const ids = await freshIds()
    for (const r of routes(ids)) {
      const before = await app.db
        .selectFrom('audit_log')
        .select('id')
        .where('school_id', '=', sid)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()
      const res = await sc(r.method, r.url, { body: r.body, token: admin.token })
      assert.equal(res.body.code, 0, `${r.method} ${r.url}: ${res.body.message}`)
      const rows = await app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('school_id', '=', sid)
        .where('id', '>', before?.id ?? 0)
        .execute()
      if (r.method === 'GET') assert.equal(rows.length, 0, `${r.url}: a read writes no audit row`)
      else {
        assert.equal(rows.length, 1, `${r.method} ${r.url}: one audit row`)
        assert.equal(rows[0].staff_id, admin.staffId)
        assert.equal(rows[0].staff_name, admin.username)
      }
    }
    assert.equal((await upload(PNG, admin.token)).code, 0)
  })

  it("an editor of another school gets 'not found' for every project route on demo's ids, and changes nothing", async () => {
    const ids = await freshIds()
    const snapshot = async () => ({
      project: await okData(sc('GET', `/projects/${journeyId}`)),
      form: await okData(sc('GET', `/projects/${journeyId}/form`)),
      progress: await okData(sc('GET', `/projects/${journeyId}/progress`)),
      publicity: await okData(sc('GET', `/projects/${journeyId}/publicity`))
    })
    const before = await snapshot()
    const scoped = routes(ids).filter((r) => r.url.startsWith(`/projects/${journeyId}`))
    assert.equal(scoped.length, 12)
    for (const r of scoped) {
      const res = await sc(r.method, r.url, { body: r.body, token: hhuEditor.token, school: 'hhu' })
      assert.equal(res.body.code, ResultCode.ERROR, `${r.method} ${r.url}`)
      assert.match(res.body.message, /不存在/, `${r.method} ${r.url}`)
    }
    // a demo token at hhu's prefix is no session there
    assert.equal((await sc('GET', '/projects', { school: 'hhu' })).body.code, ResultCode.TOKEN_INVALID)
    // lists keep to the school
    const hhuList = await okData(sc('GET', '/projects?limit=100', { token: hhuEditor.token, school: 'hhu' }))
    assert.ok(!hhuList.rows.some((r: { id: number }) => r.id === journeyId))
    const hhuCats = await okData<{ name: string }[]>(sc('GET', '/categories', { token: hhuEditor.token, school: 'hhu' }))
    assert.ok(!hhuCats.some((c) => c.name === '校园建设（测试）'))
    // hhu's own upload cannot be used by demo
    const hhuImg = await upload(PNG, hhuEditor.token, 'hhu')
    assert.match(hhuImg.data.url, /^\/files\/staff\/hhu\//)
    const cross = await sc('POST', `/projects/${journeyId}`, { body: { covers: [hhuImg.data.url] } })
    assert.match(cross.body.message, /轮播图须为本校上传的图片/)
    // and a demo category or label cannot be put on an hhu project
    const hhuProject = await okData<StaffProject>(
      sc('POST', '/projects', { body: { name: '河海测试' }, token: hhuEditor.token, school: 'hhu' })
    )
    const demoCat = (await okData<{ id: number; name: string }[]>(sc('GET', '/categories'))).find((c) => c.name === '校园建设（测试）')!
    const crossCat = await sc('POST', `/projects/${hhuProject.id}`, { body: { typeId: demoCat.id }, token: hhuEditor.token, school: 'hhu' })
    assert.match(crossCat.body.message, /项目分类不存在/)
    assert.deepEqual(await snapshot(), before)
    const hhuSid = await schoolIdOf(app, 'hhu')
    const hhuAudit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id'])
      .where('school_id', '=', hhuSid)
      .where('action', '=', 'project.create')
      .execute()
    assert.deepEqual(hhuAudit, [{ action: 'project.create', staff_id: hhuEditor.staffId }])
  })
})
