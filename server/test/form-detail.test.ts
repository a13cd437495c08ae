/** formDetail, checkPermission and itemsSubPrice against the seeded forms (docs/product §3 Form config, §7 Projects). */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Api, FIELD_UI_TYPES, PermissionCode, ResultCode, type FormConfig, type SubItemPrice } from '../../types'
import { createSchool } from '../src/domain/school/service'
import { call, login, startApp, type TestContext } from './helpers'
import { demoBody, placeOrder, projectIdOf } from './order-fixtures'

let ctx: TestContext
before(async () => {
  ctx = await startApp()
})
after(async () => {
  await ctx.close()
})

const form = async (school: string, itemsId: number, token?: string) =>
  (await call<FormConfig>(ctx.app, school, Api.formDetail, { query: { itemsId }, token })).body

describe('formDetail', () => {
  it('the demo default form: amounts as yuan strings, pay types 1 and 2, a conditional field', async () => {
    const id = await projectIdOf(ctx.app, 'demo', '示范大学励志奖学金')
    const r = await form('demo', id)
    assert.equal(r.code, 0)
    const f = r.data
    assert.ok(f.id > 0)
    assert.equal(f.minMoney, '1.00')
    assert.equal(f.isIntegerMoney, 0)
    assert.deepEqual(f.payPlatformList, [1, 2])
    assert.deepEqual(f.receiptTypeList, [1, 2])
    assert.deepEqual(f.receiptWayPaperList, [1, 2])
    assert.deepEqual(f.receiptWayElectronicList, [3, 4])
    assert.equal(f.minMoneyCertificate, '10.00')
    assert.equal(f.minMoneyReceipt, '100.00')
    assert.equal(f.isLargeRemind, 1)
    assert.equal(f.largeAmount, '50000.00')
    assert.ok(f.remindContent.length > 10)
    assert.equal(f.isOnlineDisabled, 0)
    assert.equal(f.donateRecord, null, 'no prefill without a token')
    assert.deepEqual(
      f.fieldList.map((x) => x.fieldName),
      ['name', 'mobile', 'isAlumni', 'graduationYear', 'college', 'message']
    )
    const year = f.fieldList.find((x) => x.fieldName === 'graduationYear')!
    assert.equal(year.isShowConfig, 1)
    assert.equal(year.conditionFieldName, 'isAlumni')
    assert.equal(year.conditionFieldValue, '1')
    const name = f.fieldList[0]
    assert.deepEqual([name.isRequire, name.isLengthLimit, name.lengthMin, name.lengthMax, name.inputTip], [1, 1, 1, 20, '请输入姓名'])
  })

  it('a project with its own form: all twelve ui types with options, conditions and length limits', async () => {
    const id = await projectIdOf(ctx.app, 'demo', '大学生创新创业基金')
    const f = (await form('demo', id)).data
    assert.deepEqual([...new Set(f.fieldList.map((x) => x.fieldUiType))].sort(), [...FIELD_UI_TYPES].sort())
    for (const x of f.fieldList.filter((y) => ['select', 'select2', 'radio'].includes(y.fieldUiType))) {
      assert.ok(x.optionList.length >= 2, `${x.fieldName} has options`)
      assert.ok(x.optionList.every((o) => typeof o.id === 'string' && o.title))
    }
    const employer = f.fieldList.find((x) => x.fieldName === 'employer')!
    assert.deepEqual(
      [employer.conditionFieldName, employer.conditionFieldValue, employer.lengthMin, employer.lengthMax],
      ['contactPref', '1,2', 2, 50]
    )
    assert.equal(f.isCreditCode, 1)
    assert.equal(f.minMoney, '10.00')
  })

  it('per school: hhu offers the campus card, cpu third-party and the bank app with integer amounts, fzu the offline notice', async () => {
    const hhu = (await form('hhu', await projectIdOf(ctx.app, 'hhu', '河海励志奖学金'))).data
    assert.deepEqual(hhu.payPlatformList, [1, 2, 9])
    const cpu = (await form('cpu', await projectIdOf(ctx.app, 'cpu', '药大励志奖学金'))).data
    assert.deepEqual(cpu.payPlatformList, [1, 2, 14, 99])
    assert.equal(cpu.isIntegerMoney, 1)
    const fzu = (await form('fzu', await projectIdOf(ctx.app, 'fzu', '福大励志奖学金'))).data
    assert.equal(fzu.isOnlineDisabled, 1)
    assert.match(fzu.offlineContactInfo, /0591/)
    for (const f of [hhu, cpu, fzu]) assert.ok(f.payPlatformList.includes(1) && f.payPlatformList.includes(2))
  })

  it('a school without any form gets the built-in one (id 0, pay types 1 and 2, no fields)', async () => {
    const { id: schoolId } = await createSchool(ctx.app.db, { code: 'noform', name: '无表单基金会' })
    const { id: _id, ...template } = await ctx.app.db
      .selectFrom('project')
      .selectAll()
      .where('id', '=', await projectIdOf(ctx.app, 'demo', '示范大学励志奖学金'))
      .executeTakeFirstOrThrow()
    const { id: itemsId } = await ctx.app.db
      .insertInto('project')
      .values({ ...template, school_id: schoolId, type_id: null, form_id: null, name: '测试项目' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const f = (await form('noform', itemsId)).data
    assert.equal(f.id, 0)
    assert.deepEqual(f.payPlatformList, [1, 2])
    assert.deepEqual(f.fieldList, [])
  })

  it("prefills the signed-in donor's previous answers (donateRecord)", async () => {
    const token = await login(ctx.app, 'demo', 'form-prefill-user')
    const id = await projectIdOf(ctx.app, 'demo', '示范大学励志奖学金')
    await placeOrder(ctx.app, 'demo', token, demoBody(id, { certificateDonorName: '张三全家' }))
    const f = (await form('demo', id, token)).data
    assert.equal(f.donateRecord?.certificateDonorName, '张三全家')
    assert.equal(JSON.parse(f.donateRecord!.formData).name, '张三')
  })

  it('unknown or foreign project: -1', async () => {
    const r = await form('demo', 999999)
    assert.equal(r.code, ResultCode.ERROR)
    const hhuId = await projectIdOf(ctx.app, 'hhu', '河海励志奖学金')
    assert.equal((await form('demo', hhuId)).code, ResultCode.ERROR)
  })
})

describe('checkPermission', () => {
  it('0101 without a token or with a bad one', async () => {
    const id = await projectIdOf(ctx.app, 'demo', '示范大学励志奖学金')
    for (const token of [undefined, 'not-a-token']) {
      const r = (await call(ctx.app, 'demo', Api.checkPermission, { query: { itemsId: id }, token })).body
      assert.equal(r.code, ResultCode.ERROR)
      assert.equal(r.data.errorCode, PermissionCode.AUTH_REQUIRED)
    }
  })
  it('an open project: code 0 for anyone signed in', async () => {
    const id = await projectIdOf(ctx.app, 'demo', '示范大学励志奖学金')
    const token = await login(ctx.app, 'demo', 'visitor-1')
    const r = (await call(ctx.app, 'demo', Api.checkPermission, { query: { itemsId: id }, token })).body
    assert.deepEqual([r.code, r.data.errorCode], [0, ''])
  })
  it('alumni-only project: -998 with 0201 for a non-alumnus, code 0 for a certified alumnus', async () => {
    const id = await projectIdOf(ctx.app, 'demo', '校友书房建设')
    const stranger = await login(ctx.app, 'demo', 'visitor-2')
    const r = (await call(ctx.app, 'demo', Api.checkPermission, { query: { itemsId: id }, token: stranger })).body
    assert.equal(r.code, ResultCode.NOT_REGISTERED)
    assert.equal(r.data.errorCode, PermissionCode.ALUMNI_REQUIRED)
    assert.match(r.message, /校友/)
    const alumnus = await login(ctx.app, 'demo', 'alumni-demo')
    const ok = (await call(ctx.app, 'demo', Api.checkPermission, { query: { itemsId: id }, token: alumnus })).body
    assert.deepEqual([ok.code, ok.data.errorCode], [0, ''])
    // the alumni table is per school: alumni-demo is certified at demo, a new openId at hhu is not
    const hhuSeat = (
      await ctx.app.db
        .selectFrom('project')
        .innerJoin('school', 'school.id', 'project.school_id')
        .select('project.id')
        .where('school.code', '=', 'hhu')
        .where('project.alumni_only', '=', 1)
        .executeTakeFirstOrThrow()
    ).id
    const other = await login(ctx.app, 'hhu', 'someone-else')
    assert.equal(
      (await call(ctx.app, 'hhu', Api.checkPermission, { query: { itemsId: hhuSeat }, token: other })).body.data.errorCode,
      '0201'
    )
  })
})

describe('itemsSubPrice', () => {
  it("sub-projects with their own amounts, else the project's", async () => {
    const id = await projectIdOf(ctx.app, 'demo', '示范大学励志奖学金')
    const rows = (await call<SubItemPrice[]>(ctx.app, 'demo', Api.itemsSubPrice, { query: { itemsId: id } })).body.data
    assert.deepEqual(
      rows.map((r) => [r.name, r.fixMoney.map((m) => m.money)]),
      [
        ['本科生励志奖学金', ['100.00', '500.00']],
        ['研究生励志奖学金', ['200.00', '2000.00']]
      ]
    )
    const inno = await projectIdOf(ctx.app, 'demo', '大学生创新创业基金')
    const plain = (await call<SubItemPrice[]>(ctx.app, 'demo', Api.itemsSubPrice, { query: { itemsId: inno } })).body.data
    assert.equal(plain.length, 3)
    assert.ok(
      plain.every((r) => r.fixMoney.length === 0),
      'no amounts of its own and none on the project'
    )
  })
})
