/**
 * One user can never read or change another user's records, certificates, receipts, awards or profile (decision 008,
 * "try each endpoint with another user's ids"): Mallory calls every centre, certificate and receipt endpoint with
 * Alice's ids and gets -1 or only her own (empty) data; Alice's token is nothing at another school. Alice's bill
 * numbers, ids and names must not appear anywhere in what Mallory is answered.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, ResultCode, type ApplyAnswer, type Award, type FileUploadAnswer, type UserCenter } from '../../types'
import { renderPng } from '../src/lib/png'
import { call, login, signedHeaders, signKeyOf, startApp, type TestContext } from './helpers'
import { SCHOLARSHIP, count, paidGift, projectIdOf, userIdOf } from './center-fixtures'
import { schoolIdOf } from './order-fixtures'

let ctx: TestContext
let app: FastifyInstance
let alice: string
let aliceOpenId = ''
let mallory: string
const a = { gifts: [] as number[], bills: [] as string[], cert: 0, receipt: 0, upload: '', naming: [] as number[], namingItems: 0 }

before(async () => {
  ctx = await startApp()
  app = ctx.app
  // Alice is a seeded donor with naming gifts in the seed (the seed picks donors at random), and she gives now
  const withNaming = await app.db
    .selectFrom('donation')
    .innerJoin('donation_naming', 'donation_naming.donation_id', 'donation.id')
    .innerJoin('app_user', 'app_user.id', 'donation.user_id')
    .innerJoin('school', 'school.id', 'donation.school_id')
    .select('app_user.open_id')
    .where('school.code', '=', 'demo')
    .where('donation.status', '=', 'paid')
    .orderBy('app_user.id')
    .executeTakeFirstOrThrow()
  aliceOpenId = withNaming.open_id
  alice = await login(app, 'demo', aliceOpenId)
  mallory = await login(app, 'demo', 'mallory')
  await call(app, 'demo', Api.updateUser, { method: 'POST', body: { nickname: 'Alice-Secret-Name' }, token: alice })
  const scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  for (const m of ['111.00', '222.00', '333.00']) {
    const g = await paidGift(app, 'demo', alice, scholarship, { currencyMoney: m })
    a.gifts.push(g.id)
    a.bills.push(g.bill_no)
  }
  const cert = (
    await call<ApplyAnswer>(app, 'demo', Api.certificateInsert, {
      method: 'POST',
      token: alice,
      body: {
        certificateWay: 2,
        postalAddress: 'Alice-Secret-Street',
        postalContact: 'Alice',
        postalMobile: '86-13800138000',
        donateIds: [a.gifts[0]]
      }
    })
  ).body
  assert.equal(cert.code, 0, cert.message)
  a.cert = cert.data.ids[0]
  const receipt = (
    await call<ApplyAnswer>(app, 'demo', Api.receiptInsert, {
      method: 'POST',
      token: alice,
      body: {
        donorType: 2,
        donorName: 'Alice-Secret-Company',
        creditCode: '91320000MA1XXXXX0A',
        receiptType: 2,
        receiptWay: 3,
        postalEmail: 'alice@secret.example',
        donateRecordIds: [a.gifts[1]]
      }
    })
  ).body
  assert.equal(receipt.code, 0, receipt.message)
  a.receipt = receipt.data.ids[0]
  const boundary = '----iso'
  const res = await app.inject({
    method: 'POST',
    url: `/api/demo${Api.fileUpload}`,
    headers: {
      ...signedHeaders(await signKeyOf(app, 'demo')),
      authorization: alice,
      'content-type': `multipart/form-data; boundary=${boundary}`
    },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`),
      renderPng({ width: 4, height: 4, from: [0, 0, 0], to: [9, 9, 9] }),
      Buffer.from(`\r\n--${boundary}--\r\n`)
    ])
  })
  a.upload = (res.json() as { data: FileUploadAnswer }).data.fileUrl
  await call(app, 'demo', Api.updateUser, { method: 'POST', body: { avatar: a.upload }, token: alice })
  const uid = await userIdOf(app, 'demo', aliceOpenId)
  const namings = await app.db
    .selectFrom('donation')
    .innerJoin('donation_naming', 'donation_naming.donation_id', 'donation.id')
    .select(['donation.id', 'donation.items_id', 'donation.bill_no'])
    .where('donation.user_id', '=', uid)
    .where('donation.status', '=', 'paid')
    .execute()
  a.naming = namings.map((n) => n.id)
  a.bills.push(...namings.map((n) => n.bill_no))
  a.namingItems = namings[0]?.items_id ?? 0
  await call(app, 'demo', Api.awardList, { token: alice })
})
after(async () => {
  await ctx.close()
})

const as = async (token: string, path: string, query: Record<string, string | number> = {}) =>
  (await call(app, 'demo', path, { query, token })).body
const post = async (token: string, path: string, body: unknown) => (await call(app, 'demo', path, { method: 'POST', body, token })).body

/** Nothing of Alice's in an answer to Mallory. */
function leaksNothing(body: unknown, where: string) {
  const text = JSON.stringify(body)
  for (const secret of [...a.bills, 'Alice-Secret', 'alice@secret', a.upload]) assert.ok(!text.includes(secret), `${where} leaks ${secret}`)
}

describe("Mallory with Alice's ids", () => {
  it('the seed gave Alice naming gifts (so the checks below mean something)', () => {
    assert.ok(a.naming.length > 0 && a.namingItems > 0)
  })
  it("certificate/detail and receipt/detail of Alice's applications: -1", async () => {
    const c = await as(mallory, Api.certificateDetail, { id: a.cert })
    assert.deepEqual([c.code, c.message], [ResultCode.ERROR, '证书不存在'])
    const r = await as(mallory, Api.receiptDetail, { id: a.receipt })
    assert.deepEqual([r.code, r.message], [ResultCode.ERROR, '票据申请不存在'])
    assert.equal((await as(alice, Api.certificateDetail, { id: a.cert })).code, 0, 'Alice herself sees it')
  })
  it("certificate/insert and receipt/insert with Alice's donations: -1, nothing written", async () => {
    const before = await count(app, 'certificate_request')
    const c = await post(mallory, Api.certificateInsert, { certificateWay: 1, donateIds: [a.gifts[2]] })
    assert.deepEqual([c.code, c.message], [ResultCode.ERROR, '所选捐赠记录不存在或不可申请'])
    assert.equal((await post(mallory, Api.certificateInsert, { certificateWay: 1, donateIds: [a.naming[0]] })).code, ResultCode.ERROR)
    assert.equal(await count(app, 'certificate_request'), before)
    const rb = await count(app, 'receipt_request')
    const r = await post(mallory, Api.receiptInsert, {
      donorType: 1,
      donorName: 'M',
      creditCode: '32010219900101123X',
      receiptType: 2,
      receiptWay: 3,
      postalEmail: 'm@m.cn',
      donateRecordIds: [a.gifts[2]]
    })
    assert.deepEqual([r.code, r.message], [ResultCode.ERROR, '所选捐赠记录不存在或不可申请'])
    assert.equal(await count(app, 'receipt_request'), rb)
    // Alice's donation is still free for Alice
    assert.equal(
      (await as(alice, Api.certificateStayPage)).data.rows.some((x: { id: number }) => x.id === a.gifts[2]),
      true
    )
  })
  it("updateUser cannot take Alice's avatar and never touches Alice", async () => {
    const r = await post(mallory, Api.updateUser, { avatar: a.upload })
    assert.deepEqual([r.code, r.message], [ResultCode.ERROR, '头像须为本站上传的图片'])
    assert.equal((await post(mallory, Api.updateUser, { nickname: 'Mallory' })).code, 0)
    const me = (await as(alice, Api.centerMy)).data as UserCenter
    assert.deepEqual([me.nickname, me.avatar], ['Alice-Secret-Name', a.upload])
  })
  it("my with Alice's userId: -1", async () => {
    const aliceId = (await as(alice, Api.centerMy)).data.userId
    assert.equal((await as(mallory, Api.centerMy, { userId: aliceId })).code, ResultCode.ERROR)
  })
  it("every list answers only Mallory's own (empty) data, whatever ids she passes", async () => {
    const calls: [string, Record<string, string | number>][] = [
      [Api.centerMy, {}],
      [Api.donateRecordList, { limit: 999 }],
      [Api.itemsDonateGroup, {}],
      [Api.togetherStatistics, {}],
      [Api.launchList, { limit: 999 }],
      [Api.joinList, { limit: 999 }],
      [Api.namingList, { limit: 999 }],
      [Api.namingList, { itemsId: a.namingItems, limit: 999 }],
      [Api.certificatePage, { isNeedPaper: 1, limit: 99 }],
      [Api.certificatePage, { isNeedPaper: 0, limit: 99 }],
      [Api.certificateStayPage, { limit: 99 }],
      [Api.receiptPage, { limit: 99 }],
      [Api.receiptStayPage, { limit: 99 }],
      [Api.receiptLastUserInfo, {}],
      [Api.awardList, {}],
      [Api.baseInfo, {}]
    ]
    for (const [path, query] of calls) {
      const r = await as(mallory, path, query)
      assert.equal(r.code, 0, `${path}: ${r.message}`)
      leaksNothing(r, path)
      const d = r.data as { total?: number; launchCount?: number; joinCount?: number; donateMoney?: string } | unknown[] | null
      if (d && !Array.isArray(d) && 'total' in d) assert.equal(d.total, 0, path)
      if (Array.isArray(d) && path !== Api.awardList) assert.equal(d.length, 0, path)
    }
    const me = (await as(mallory, Api.centerMy)).data as UserCenter
    assert.deepEqual([me.donateMoney, me.donateCountItems, me.launchCount, me.togetherLaunchCount], ['0.00', 0, 0, 0])
    assert.equal((await as(mallory, Api.receiptLastUserInfo)).data, null)
  })
  it("awards: Alice's holdings are not Mallory's", async () => {
    const aliceHeld = ((await as(alice, Api.awardList)).data as Award[]).filter((x) => x.recordCount > 0)
    assert.ok(aliceHeld.length > 0)
    for (const award of aliceHeld) {
      const d = (await as(mallory, Api.awardDetail, { awardId: award.id })).data as Award
      assert.deepEqual([d.recordCount, d.ranking, d.awardTime], [0, 0, ''])
    }
  })
})

describe('across schools', () => {
  it("Alice's token is -997 at another school on every centre, certificate and receipt endpoint", async () => {
    const paths = [
      Api.centerMy,
      Api.awardList,
      Api.itemsDonateGroup,
      Api.donateRecordList,
      Api.togetherStatistics,
      Api.launchList,
      Api.joinList,
      Api.namingList,
      Api.certificatePage,
      Api.certificateConfig,
      Api.certificateStayPage,
      Api.receiptPage,
      Api.receiptStayPage,
      Api.receiptLastUserInfo,
      Api.receiptConfig
    ]
    for (const p of paths) assert.equal((await call(app, 'hhu', p, { token: alice })).body.code, ResultCode.TOKEN_INVALID, p)
    assert.equal(
      (await call(app, 'hhu', Api.certificateDetail, { query: { id: a.cert }, token: alice })).body.code,
      ResultCode.TOKEN_INVALID
    )
    assert.equal(
      (
        await call(app, 'hhu', Api.receiptInsert, {
          method: 'POST',
          token: alice,
          body: { donorType: 1, receiptType: 2, receiptWay: 3, donateRecordIds: [a.gifts[2]] }
        })
      ).body.code,
      ResultCode.TOKEN_INVALID
    )
  })
  it('the same person signed in at another school sees nothing of the first school', async () => {
    const hhuAlice = await login(app, 'hhu', aliceOpenId)
    assert.equal((await call(app, 'hhu', Api.certificateDetail, { query: { id: a.cert }, token: hhuAlice })).body.code, ResultCode.ERROR)
    assert.equal((await call(app, 'hhu', Api.receiptDetail, { query: { id: a.receipt }, token: hhuAlice })).body.code, ResultCode.ERROR)
    const ins = (
      await call(app, 'hhu', Api.certificateInsert, {
        method: 'POST',
        token: hhuAlice,
        body: { certificateWay: 1, donateIds: [a.gifts[2]] }
      })
    ).body
    assert.equal(ins.code, ResultCode.ERROR)
    const page = (await call(app, 'hhu', Api.donateRecordList, { query: { limit: 999 }, token: hhuAlice })).body
    leaksNothing(page, 'hhu donateRecordList')
    const hhuId = await schoolIdOf(app, 'hhu')
    assert.equal((await app.db.selectFrom('certificate_request').select('id').where('school_id', '=', hhuId).execute()).length, 0)
  })
})
