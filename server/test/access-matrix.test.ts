/**
 * Access matrix: every route the server registers is classified here, and the class is tested.
 *   - user routes answer -997 without a session, and a second donor (bob) who sends the first donor's (alice's)
 *     ids (orders, pay links, certificates, receipts, awards, uploads, messages) is refused or gets an answer
 *     without a trace of alice's data;
 *   - staff routes (/staff-api/...) refuse a donor token however it is sent;
 *   - the table must name every registered route: a route added later makes this file fail until someone decides
 *     which class it is in (and so which checks it gets).
 * The routes come from Fastify's own tree (route-list.ts), not from a list kept by hand.
 */
import { invalidateSchoolCache } from '../src/domain/school/cache'
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import {
  Api,
  ResultCode,
  type ApplyAnswer,
  type Award,
  type CertificateRecord,
  type DonateAnswer,
  type Envelope,
  type FileUploadAnswer,
  type GivingDayAmbassador,
  type Page,
  type PrivacyExport,
  type ReceiptRecord,
  type MonthlyPlan,
  type MonthlyPlans,
  type StatementYears,
  type UserCenter
} from '../../types'
import { saveFulfilmentConfig } from '../src/domain/fulfilment/config'
import { beijingYear } from '../src/lib/dates'
import { renderPng } from '../src/lib/png'
import { STAFF_API_PREFIX } from '../src/routes/staff'
import { call, login, signedHeaders, signKeyOf, startApp, type TestContext } from './helpers'
import { AVENUE, SCHOLARSHIP, count, demoBody, paidGift, projectIdOf, userIdOf } from './center-fixtures'
import { donate, orderRow, schoolIdOf } from './order-fixtures'
import { registeredRoutes } from './route-list'

let ctx: TestContext
let app: FastifyInstance

/** Strings only alice's data contains: none of them may appear in an answer to bob. */
const ALICE_NAME = '爱丽丝矩阵'
const ALICE_MOBILE = '86-13912345678'
const ALICE_NICK = 'Alice矩阵'
const ALICE_EMAIL = 'alice-matrix@example.com'
const ALICE_MESSAGE = `alice-matrix-message-${process.pid}`

interface Alice {
  token: string
  userId: number
  gifts: { id: number; billNo: string }[]
  pending: { billNo: string; payToken: string }
  certificateId: number
  receiptId: number
  awardId: number
  fileUrl: string
  auditedProject: number
  secrets: string[]
}
let alice: Alice
let bob: string

async function upload(token: string) {
  const boundary = '----matrix'
  const png = renderPng({ width: 8, height: 8, from: [255, 0, 0], to: [0, 0, 255] })
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`)
  ])
  const headers: Record<string, string> = {
    ...signedHeaders(await signKeyOf(app, 'demo')),
    'content-type': `multipart/form-data; boundary=${boundary}`
  }
  if (token) headers.authorization = token
  const res = await app.inject({ method: 'POST', url: `/api/demo${Api.fileUpload}`, headers, payload })
  return res.json() as Envelope<FileUploadAnswer>
}

before(async () => {
  ctx = await startApp()
  app = ctx.app
  const sid = await schoolIdOf(app, 'demo')
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
  const token = await login(app, 'demo', 'matrix-alice')
  bob = await login(app, 'demo', 'matrix-bob')
  const scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  const avenue = await projectIdOf(app, 'demo', AVENUE)
  assert.equal((await call(app, 'demo', Api.updateUser, { method: 'POST', body: { nickname: ALICE_NICK }, token })).body.code, 0)

  const form = { formDataMap: { name: ALICE_NAME, mobile: ALICE_MOBILE, isAlumni: '0' } }
  const gifts = []
  for (const money of ['123.45', '67.89']) {
    const row = await paidGift(app, 'demo', token, scholarship, { ...form, currencyMoney: money })
    gifts.push({ id: row.id, billNo: row.bill_no })
  }
  const placed = await donate(app, 'demo', token, demoBody(avenue, form))
  assert.equal(placed.body.code, 0, placed.body.message)
  const pending = { billNo: placed.body.data.orderPayRequestDTO.billNo, payToken: placed.body.data.payToken ?? '' }

  const cert = await call<ApplyAnswer>(app, 'demo', Api.certificateInsert, {
    method: 'POST',
    token,
    body: { certificateWay: 1, donateIds: [gifts[0].id] }
  })
  assert.equal(cert.body.code, 0, cert.body.message)
  const receipt = await call<ApplyAnswer>(app, 'demo', Api.receiptInsert, {
    method: 'POST',
    token,
    body: {
      donorType: 2,
      donorName: `${ALICE_NAME}有限公司`,
      creditCode: '91320000MA1XXXXX0A',
      receiptType: 2,
      receiptWay: 3,
      postalEmail: ALICE_EMAIL,
      donateRecordIds: [gifts[1].id]
    }
  })
  assert.equal(receipt.body.code, 0, receipt.body.message)
  await app.jobs.runJobsOnce()
  const certificateNos = (
    await app.db
      .selectFrom('certificate')
      .select('certificate_no')
      .where(
        'donation_id',
        'in',
        gifts.map((g) => g.id)
      )
      .execute()
  ).map((c) => c.certificate_no)
  assert.ok(certificateNos.length > 0, "the certificate job rendered alice's certificates")

  const awards = (await call<Award[]>(app, 'demo', Api.awardList, { token })).body.data
  const earned = awards.find((a) => a.recordCount > 0)
  assert.ok(earned, 'alice earned an award with her first gift')

  const up = await upload(token)
  assert.equal(up.code, 0, up.message)
  const audited = await app.db
    .selectFrom('project')
    .select('id')
    .where('school_id', '=', sid)
    .where('is_audit_message', '=', 1)
    .where('is_leave_message', '=', 1)
    .executeTakeFirstOrThrow()
  const msg = await call(app, 'demo', Api.insertLeaveword, { method: 'POST', token, body: { itemsId: audited.id, content: ALICE_MESSAGE } })
  assert.equal(msg.body.code, 0, msg.body.message)

  alice = {
    token,
    userId: await userIdOf(app, 'demo', 'matrix-alice'),
    gifts,
    pending,
    certificateId: cert.body.data.ids[0],
    receiptId: receipt.body.data.ids[0],
    awardId: earned.id,
    fileUrl: up.data.fileUrl,
    auditedProject: audited.id,
    secrets: [
      ALICE_NAME,
      ALICE_MOBILE,
      ALICE_NICK,
      ALICE_EMAIL,
      ALICE_MESSAGE,
      up.data.fileUrl,
      pending.billNo,
      pending.payToken,
      ...gifts.map((g) => g.billNo),
      ...certificateNos
    ]
  }
})
after(async () => {
  await ctx.close()
})

// ------------------------------------------------------------------------------------------------ the table

type Req = { query?: Record<string, string | number>; body?: unknown }
type Answer = { status: number; body: Envelope<any> }
type Entry =
  /** the same answer for every caller (visitor data); `probe`, if any, checks alice's private data stays out */
  | { kind: 'public'; probe?: () => Promise<void> }
  /** answers visitors too, personalised when a token comes along */
  | { kind: 'optional-user'; probe: () => Promise<void> }
  /** needs the caller's session: -997 without one; `probe` runs as bob with alice's ids */
  | { kind: 'user'; req: () => Req; probe: () => Promise<void> }
  /** signs the caller in: the answer is the caller's own new session (identity tests cover the rules) */
  | { kind: 'sign-in' }
  /** payment provider or sandbox cashier callbacks: no session by design, verified by the provider (order tests) */
  | { kind: 'callback' }
  /** foundation staff: a donor token must never open these */
  | { kind: 'staff'; method: 'GET' | 'POST'; url: () => string; body?: unknown }
  | { kind: 'staff-login' }
  /** the H5 app, runtime config, CORS preflight */
  | { kind: 'static' }

const api = (method: 'GET' | 'POST', path: string) => `${method} /api/:school${path}`
const staffKey = (method: 'GET' | 'POST', path: string) => `${method} ${STAFF_API_PREFIX}${path}`

const asBob = async <T = any>(path: string, r: Req, method: 'GET' | 'POST' = r.body === undefined ? 'GET' : 'POST') =>
  call<T>(app, 'demo', path, { method, query: r.query, body: r.body, token: bob })

/** alice's secrets found in an answer */
const leaks = (a: Answer) => alice.secrets.filter((s) => s && JSON.stringify(a.body).includes(s))

function clean(a: Answer, what: string) {
  assert.ok(a.status < 500, `${what}: HTTP ${a.status}`)
  assert.deepEqual(leaks(a), [], `${what} showed bob alice's data: ${JSON.stringify(a.body).slice(0, 300)}`)
}
function refused(a: Answer, what: string) {
  assert.equal(a.body.code, ResultCode.ERROR, `${what} should be refused: ${JSON.stringify(a.body).slice(0, 300)}`)
  clean(a, what)
}
/** a list route: bob's answer is clean, and bob (no gifts) sees an empty page */
const emptyFor =
  (path: string, r: Req = {}) =>
  async () => {
    const a = await asBob<Page<unknown>>(path, r)
    clean(a, path)
    assert.equal(a.body.code, 0)
    assert.equal(a.body.data.total, 0, `${path}: ${JSON.stringify(a.body.data)}`)
  }
const cleanFor =
  (path: string, r: Req = {}) =>
  async () =>
    clean(await asBob(path, r), path)

const order = () => ({ donatePlatOrder: alice.pending.billNo })

/** alice's monthly plan on the scholarship (made once, on first use): its id */
let aliceMonthly = 0
async function aliceMonthlyPlan() {
  if (aliceMonthly) return aliceMonthly
  const scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  await app.db.updateTable('project').set({ monthly_giving: 1 }).where('id', '=', scholarship).execute()
  invalidateSchoolCache()
  const r = await call<MonthlyPlan>(app, 'demo', Api.monthlyCreate, {
    method: 'POST',
    token: alice.token,
    body: { itemsId: scholarship, money: '12.34', dayOfMonth: 7, payType: 1 }
  })
  assert.equal(r.body.code, 0, r.body.message)
  aliceMonthly = r.body.data.id
  return aliceMonthly
}

/** alice's hhu and cpu agreements (made once, on first use), with her name in them */
let aliceAgreements: { hhuUrl: string; cpuId: number; cpuUrl: string } | null = null
async function aliceAgreement() {
  if (aliceAgreements) return aliceAgreements
  const person = { name: ALICE_NAME, mobile: ALICE_MOBILE.slice(3), donationAmount: '88' }
  const hhu = await call<string>(app, 'demo', Api.hhuAgreementGeneration, { method: 'POST', token: alice.token, body: person })
  const body = { ...person, donateItemId: await projectIdOf(app, 'demo', SCHOLARSHIP), idNo: '11010519491231002X' }
  const cpu = await call<{ id: number; unilateralAgreementUrl: string }>(app, 'demo', Api.cpuAgreementGeneration, {
    method: 'POST',
    token: alice.token,
    body
  })
  assert.equal(hhu.body.code, 0, hhu.body.message)
  assert.equal(cpu.body.code, 0, cpu.body.message)
  aliceAgreements = { hhuUrl: hhu.body.data, cpuId: cpu.body.data.id, cpuUrl: cpu.body.data.unilateralAgreementUrl }
  alice.secrets.push(hhu.body.data, cpu.body.data.unilateralAgreementUrl)
  return aliceAgreements
}

/** bob posts a real signature PNG (multipart) with alice's link or id */
async function signAsBob(path: string, fields: Record<string, string>) {
  const boundary = '----matrixsign'
  const png = renderPng({ width: 64, height: 32, from: [0, 0, 0], to: [20, 20, 20] })
  const parts = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
  )
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`)
  ])
  const headers = {
    ...signedHeaders(await signKeyOf(app, 'demo')),
    'content-type': `multipart/form-data; boundary=${boundary}`,
    authorization: bob
  }
  const res = await app.inject({ method: 'POST', url: `/api/demo${path}`, headers, payload })
  return { status: res.statusCode, body: res.json() as Envelope<unknown> }
}

const TABLE: Record<string, Entry> = {
  // bootstrap and dictionaries
  [api('GET', Api.getAuthToken)]: { kind: 'sign-in' },
  [api('GET', Api.getAuthUrl)]: { kind: 'sign-in' },
  [api('POST', Api.middleAuth)]: { kind: 'sign-in' },
  [api('POST', Api.getSmsCode)]: { kind: 'sign-in' },
  [api('POST', Api.mobileLogin)]: { kind: 'sign-in' },
  [api('POST', Api.passLogin)]: { kind: 'sign-in' },
  [api('GET', Api.getWechatShare)]: { kind: 'public' },
  // a giving day's public totals: names only as the directory shows them (docs/decisions/070-giving-days.md)
  [api('GET', Api.givingDayDetail)]: { kind: 'public' },
  // an ambassador's poster carries only their code, which their share link shows anyway (decision 084 addendum)
  [api('GET', Api.givingDayPoster)]: { kind: 'public' },
  // whether a project shows "give monthly" (docs/decisions/078): the project's switch and the school's providers, nothing of a donor
  [api('GET', Api.monthlyOffer)]: { kind: 'public' },
  [api('GET', Api.areaList4sort)]: { kind: 'public' },
  [api('GET', Api.areaGroupList)]: { kind: 'public' },
  [api('GET', Api.areaDictionary)]: { kind: 'public' },
  [api('GET', Api.settingBaseList)]: { kind: 'public' },
  [api('GET', Api.tokenRefresh)]: {
    kind: 'user',
    req: () => ({}),
    probe: async () => {
      const a = await asBob<{ token: string }>(Api.tokenRefresh, {})
      clean(a, 'token refresh')
      assert.equal(a.body.code, 0)
      bob = a.body.data.token // the old token is revoked by the refresh
    }
  },
  [api('GET', Api.baseInfo)]: { kind: 'user', req: () => ({}), probe: cleanFor(Api.baseInfo) },
  [api('POST', Api.fileUpload)]: {
    kind: 'user',
    req: () => ({ body: {} }),
    probe: async () => {
      const mine = await upload(bob)
      assert.equal(mine.code, 0)
      assert.notEqual(mine.data.fileUrl, alice.fileUrl)
    }
  },
  // projects
  [api('GET', Api.typeList)]: { kind: 'public' },
  [api('GET', Api.labelList)]: { kind: 'public' },
  [api('GET', Api.itemsList)]: { kind: 'public' },
  [api('GET', Api.itemsDetail)]: { kind: 'public' },
  [api('GET', Api.subItemsStatistics)]: { kind: 'public' },
  [api('GET', Api.donateSeatList)]: { kind: 'public' },
  [api('GET', Api.donateBookList)]: { kind: 'public' },
  [api('GET', Api.togetherList)]: { kind: 'public' },
  [api('GET', Api.progressList)]: { kind: 'public' },
  [api('GET', Api.instructionList)]: { kind: 'public' },
  [api('GET', Api.leavewordList)]: {
    kind: 'public',
    // alice's message waits for review: nobody else sees it, signed in or not
    probe: async () => {
      clean(await asBob(Api.leavewordList, { query: { itemsId: alice.auditedProject, limit: 100 } }), 'leavewordList (bob)')
      const visitor = await call(app, 'demo', Api.leavewordList, { query: { itemsId: alice.auditedProject, limit: 100 } })
      assert.ok(!JSON.stringify(visitor.body).includes(ALICE_MESSAGE))
    }
  },
  [api('POST', Api.insertLeaveword)]: {
    kind: 'user',
    req: () => ({ body: { itemsId: alice.auditedProject, content: 'hi' } }),
    probe: async () => {
      const a = await asBob(Api.insertLeaveword, { body: { itemsId: alice.auditedProject, content: 'bob says hi' } })
      clean(a, 'insertLeaveword')
    }
  },
  [api('GET', Api.itemsSubPrice)]: { kind: 'public' },
  [api('GET', Api.formDetail)]: {
    kind: 'optional-user',
    probe: async () => {
      // the form prefills the caller's last gift: bob's, never alice's (she gave to this project)
      const scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
      clean(await asBob(Api.formDetail, { query: { itemsId: scholarship } }), 'formDetail')
    }
  },
  [api('GET', Api.checkPermission)]: {
    kind: 'optional-user',
    probe: async () =>
      clean(await asBob(Api.checkPermission, { query: { itemsId: await projectIdOf(app, 'demo', SCHOLARSHIP) } }), 'checkPermission')
  },
  [api('GET', Api.getCardBlance)]: {
    kind: 'user',
    req: () => ({ query: { stuWorkNo: '20230001' } }),
    probe: cleanFor(Api.getCardBlance, { query: { stuWorkNo: '20230001' } })
  },
  [api('POST', Api.getCardBlance)]: {
    kind: 'user',
    req: () => ({ body: { stuWorkNo: '20230001', password: '123456' } }),
    probe: cleanFor(Api.getCardBlance, { body: { stuWorkNo: '20230001', password: '123456' } })
  },
  [api('POST', Api.donate)]: {
    kind: 'user',
    req: () => ({ body: demoBody(1) }),
    probe: async () => {
      // bob's own order; it must not be tied to alice's pending one (which stays pending)
      const a = await asBob<DonateAnswer>(Api.donate, { body: demoBody(await projectIdOf(app, 'demo', AVENUE)) })
      clean(a, 'donate')
      assert.equal((await orderRow(app, alice.pending.billNo)).status, 'pending')
    }
  },
  [api('GET', Api.cancel)]: {
    kind: 'user',
    req: () => ({ query: order() }),
    probe: async () => {
      refused(await asBob(Api.cancel, { query: order() }), "cancel of alice's order")
      assert.equal((await orderRow(app, alice.pending.billNo)).status, 'pending')
    }
  },
  [api('GET', Api.payback)]: {
    kind: 'user',
    req: () => ({ query: order() }),
    probe: async () => {
      refused(await asBob(Api.payback, { query: order() }), 'payback')
      refused(await asBob(Api.payback, { query: { donatePlatOrder: alice.gifts[0].billNo } }), 'payback (paid)')
    }
  },
  [api('GET', Api.success)]: {
    kind: 'user',
    req: () => ({ query: order() }),
    probe: async () => {
      refused(await asBob(Api.success, { query: { donatePlatOrder: alice.gifts[0].billNo } }), 'success')
      // a pay token opens only its own order
      refused(
        await asBob(Api.success, { query: { donatePlatOrder: alice.gifts[0].billNo, payToken: alice.pending.payToken } }),
        "success with another order's pay token"
      )
    }
  },
  // what the matches added to a gift (docs/decisions/074-giving-day-screens.md): opened as success opens it
  [api('GET', Api.givingDayMatched)]: {
    kind: 'user',
    req: () => ({ query: order() }),
    probe: async () => {
      refused(await asBob(Api.givingDayMatched, { query: { donatePlatOrder: alice.gifts[0].billNo } }), 'givingDay/matched')
      refused(
        await asBob(Api.givingDayMatched, { query: { donatePlatOrder: alice.gifts[0].billNo, payToken: alice.pending.payToken } }),
        "givingDay/matched with another order's pay token"
      )
    }
  },
  [api('GET', Api.donate4ali)]: {
    kind: 'user',
    req: () => ({ query: order() }),
    probe: async () => refused(await asBob(Api.donate4ali, { query: order() }), 'donate4ali')
  },
  [api('POST', Api.sandboxNotify)]: { kind: 'callback' },
  // index and articles
  [api('GET', Api.baseConfig)]: { kind: 'public' },
  [api('GET', Api.getSettingValue)]: { kind: 'public' },
  [api('GET', Api.donateRecordPage)]: { kind: 'public' },
  [api('GET', Api.total)]: { kind: 'public' },
  [api('GET', Api.articleList)]: { kind: 'public' },
  [api('GET', Api.articleDetail)]: { kind: 'public' },
  [api('GET', Api.webArticleList)]: { kind: 'public' },
  [api('GET', Api.webArticleDetail)]: { kind: 'public' },
  // user centre
  [api('GET', Api.centerMy)]: {
    kind: 'user',
    req: () => ({}),
    probe: async () => {
      refused(await asBob(Api.centerMy, { query: { userId: alice.userId } }), 'my?userId=alice')
      const me = await asBob<UserCenter>(Api.centerMy, {})
      clean(me, 'my')
      assert.notEqual(me.body.data.userId, alice.userId)
    }
  },
  [api('GET', Api.awardList)]: {
    kind: 'user',
    req: () => ({}),
    probe: async () => {
      const a = await asBob<Award[]>(Api.awardList, {})
      clean(a, 'awardList')
      assert.ok(
        a.body.data.every((x) => x.recordCount === 0 && x.awardTime === ''),
        'bob has earned nothing'
      )
    }
  },
  [api('GET', Api.awardDetail)]: {
    kind: 'user',
    req: () => ({ query: { awardId: alice.awardId } }),
    probe: async () => {
      // awards are the school's; the standing shown is the caller's own
      const a = await asBob<Award>(Api.awardDetail, { query: { awardId: alice.awardId } })
      clean(a, 'awardDetail')
      assert.deepEqual([a.body.code, a.body.data.recordCount, a.body.data.awardTime, a.body.data.ranking], [0, 0, '', 0])
    }
  },
  [api('POST', Api.updateUser)]: {
    kind: 'user',
    req: () => ({ body: { nickname: 'x' } }),
    probe: async () => {
      refused(await asBob(Api.updateUser, { body: { avatar: alice.fileUrl } }), "updateUser with alice's upload")
      const me = await asBob<UserCenter>(Api.centerMy, {})
      assert.notEqual(me.body.data.avatar, alice.fileUrl)
    }
  },
  // privacy (docs/decisions/041)
  [api('GET', Api.privacyPolicy)]: { kind: 'public' },
  [api('GET', Api.privacyStatus)]: {
    kind: 'user',
    req: () => ({}),
    probe: async () => clean(await asBob(Api.privacyStatus, {}), 'privacyStatus')
  },
  [api('POST', Api.privacyConsent)]: { kind: 'user', req: () => ({ body: { version: 1 } }), probe: async () => undefined },
  [api('GET', Api.privacyExport)]: {
    kind: 'user',
    req: () => ({}),
    probe: async () => {
      const e = await asBob<PrivacyExport>(Api.privacyExport, {})
      clean(e, 'privacyExport')
      const hers = new Set(alice.gifts.map((g) => g.billNo))
      assert.ok(
        e.body.data.gifts.every((g) => !hers.has(String(g.bill_no))),
        "bob's export holds none of alice's gifts"
      )
      assert.equal(e.body.data.profile.open_id, 'matrix-bob')
    }
  },
  // deleting bob here would end the probes that follow; privacy.test.ts deletes accounts
  [api('POST', Api.deleteAccount)]: { kind: 'user', req: () => ({ body: { confirm: true } }), probe: async () => undefined },
  [api('GET', Api.itemsDonateGroup)]: {
    kind: 'user',
    req: () => ({}),
    probe: async () => {
      const a = await asBob<unknown[]>(Api.itemsDonateGroup, {})
      clean(a, 'itemsDonateGroup')
      assert.deepEqual(a.body.data, [])
    }
  },
  [api('GET', Api.donateRecordList)]: { kind: 'user', req: () => ({}), probe: emptyFor(Api.donateRecordList, { query: { limit: 100 } }) },
  [api('GET', Api.togetherStatistics)]: { kind: 'user', req: () => ({}), probe: cleanFor(Api.togetherStatistics) },
  [api('GET', Api.launchList)]: { kind: 'user', req: () => ({}), probe: emptyFor(Api.launchList) },
  [api('GET', Api.joinList)]: { kind: 'user', req: () => ({}), probe: emptyFor(Api.joinList) },
  [api('GET', Api.namingList)]: { kind: 'user', req: () => ({}), probe: emptyFor(Api.namingList) },
  // joint donations: an invite page opens for anyone with its link; only its sponsor cancels it
  [api('POST', Api.insertTogether)]: {
    kind: 'user',
    req: () => ({ body: { itemsId: 1, sponsor: 'x', slogan: 'x', targetMoney: '0' } }),
    probe: async () => {
      const itemsId = await projectIdOf(app, 'demo', AVENUE)
      const a = await asBob<number>(Api.insertTogether, { body: { itemsId, sponsor: '鲍勃', slogan: '一起捐', targetMoney: '100' } })
      clean(a, 'insertTogether')
      const row = await app.db.selectFrom('together_donation').select('user_id').where('id', '=', a.body.data).executeTakeFirstOrThrow()
      assert.notEqual(row.user_id, alice.userId)
    }
  },
  [api('GET', Api.launchDetail)]: {
    kind: 'user',
    req: () => ({ query: { itemsId: 1 } }),
    probe: async () => cleanFor(Api.launchDetail, { query: { itemsId: await projectIdOf(app, 'demo', AVENUE) } })()
  },
  [api('GET', Api.togetherDetail)]: {
    kind: 'optional-user',
    probe: async () => {
      const itemsId = await projectIdOf(app, 'demo', AVENUE)
      const body = { itemsId, sponsor: '爱丽丝', slogan: '一起捐', targetMoney: '100' }
      const id = (await call<number>(app, 'demo', Api.insertTogether, { method: 'POST', token: alice.token, body })).body.data
      const a = await asBob(Api.togetherDetail, { query: { id } })
      clean(a, 'togetherDetail')
      assert.deepEqual([a.body.code, a.body.data.isSponsor, a.body.data.canCancel], [0, 0, 0])
    }
  },
  // the invite poster is drawn as a visitor sees the invite page: public, held text never drawn (together.test.ts)
  [api('GET', Api.togetherPoster)]: { kind: 'public' },
  [api('GET', Api.togetherDelete)]: {
    kind: 'user',
    req: () => ({ query: { id: 1 } }),
    probe: async () => {
      const itemsId = await projectIdOf(app, 'demo', AVENUE)
      const body = { itemsId, sponsor: '爱丽丝', slogan: '一起捐', targetMoney: '0' }
      const id = (await call<number>(app, 'demo', Api.insertTogether, { method: 'POST', token: alice.token, body })).body.data
      refused(await asBob(Api.togetherDelete, { query: { id } }), "delete of alice's joint donation")
      const row = await app.db.selectFrom('together_donation').select('status').where('id', '=', id).executeTakeFirstOrThrow()
      assert.equal(row.status, 'active')
    }
  },
  // naming: the catalogue is public; a nameplate shows its text to its owner before approval
  [api('GET', Api.areaList)]: { kind: 'public' },
  [api('GET', Api.seatList)]: { kind: 'public' },
  [api('GET', Api.bookList)]: { kind: 'public' },
  [api('GET', Api.bookCategoryList)]: { kind: 'public' },
  [api('GET', Api.nameplateExample)]: { kind: 'public' },
  [api('GET', Api.getNameplateDetailConfig)]: { kind: 'public' },
  [api('GET', Api.getSeatShowData)]: { kind: 'optional-user', probe: cleanFor(Api.getSeatShowData, { query: { id: 1 } }) },
  [api('GET', Api.getBookShowData)]: { kind: 'optional-user', probe: cleanFor(Api.getBookShowData, { query: { id: 1 } }) },
  // naming maps: public; a seat's detail shows its donor their own message before review
  [api('GET', Api.namingMap)]: { kind: 'public' },
  [api('POST', Api.getSeatStatusList)]: { kind: 'public' },
  [api('GET', Api.getSeatDetail)]: { kind: 'optional-user', probe: cleanFor(Api.getSeatDetail, { query: { seatId: 1 } }) },
  // agreements: the caller's own only; bob with alice's links and ids is refused
  [api('POST', Api.hhuAgreementGeneration)]: {
    kind: 'user',
    req: () => ({ body: { name: '鲍勃', mobile: '13700137000', donationAmount: '10' } }),
    probe: cleanFor(Api.hhuAgreementGeneration, { body: { name: '鲍勃', mobile: '13700137000', donationAmount: '10' } })
  },
  [api('POST', Api.hhuAgreementSignature)]: {
    kind: 'user',
    req: () => ({ body: {} }),
    probe: async () =>
      refused(await signAsBob(Api.hhuAgreementSignature, { pdfUrl: (await aliceAgreement()).hhuUrl }), "signing alice's hhu agreement")
  },
  [api('GET', Api.cpuAgreementProjects)]: { kind: 'user', req: () => ({}), probe: cleanFor(Api.cpuAgreementProjects) },
  [api('POST', Api.cpuAgreementGeneration)]: {
    kind: 'user',
    req: () => ({ body: { donateItemId: 1, name: '鲍勃', mobile: '13700137000', idNo: '11010519491231002X', donationAmount: '10' } }),
    probe: async () => {
      const body = {
        donateItemId: await projectIdOf(app, 'demo', SCHOLARSHIP),
        name: '鲍勃',
        mobile: '13700137000',
        idNo: '11010519491231002X',
        donationAmount: '10'
      }
      clean(await asBob(Api.cpuAgreementGeneration, { body }), 'cpu generation')
    }
  },
  [api('POST', Api.cpuAgreementSignature)]: {
    kind: 'user',
    req: () => ({ body: {} }),
    probe: async () =>
      refused(
        await signAsBob(Api.cpuAgreementSignature, { signAgreementId: String((await aliceAgreement()).cpuId) }),
        "signing alice's cpu agreement"
      )
  },
  [api('GET', Api.cpuAgreementMine)]: {
    kind: 'user',
    req: () => ({}),
    probe: async () => {
      await aliceAgreement()
      const a = await asBob<unknown[]>(Api.cpuAgreementMine, {})
      clean(a, 'getMySign')
      assert.deepEqual(a.body.data, [])
    }
  },
  [api('GET', Api.agreementPages)]: {
    kind: 'user',
    req: () => ({ query: { url: '/files/agreements/demo/x/agreement.pdf' } }),
    probe: async () =>
      refused(await asBob(Api.agreementPages, { query: { url: (await aliceAgreement()).cpuUrl } }), "alice's agreement pages")
  },
  [api('GET', Api.agreementDetail)]: {
    kind: 'user',
    req: () => ({ query: { id: '1' } }),
    probe: async () =>
      refused(await asBob(Api.agreementDetail, { query: { id: String((await aliceAgreement()).cpuId) } }), "alice's agreement detail")
  },
  [api('POST', Api.agreementRetry)]: {
    kind: 'user',
    req: () => ({ body: { id: 1 } }),
    probe: async () =>
      refused(await asBob(Api.agreementRetry, { body: { id: (await aliceAgreement()).cpuId } }), "retrying alice's agreement")
  },
  [api('POST', Api.nameplateUpdate)]: {
    kind: 'user',
    req: () => ({ body: { namingType: 1, namingId: 1, donorName: 'x' } }),
    // a seeded naming that is not bob's: refused, and its text unchanged
    probe: async () => {
      const before = await app.db
        .selectFrom('naming_record')
        .select(['donor_name', 'nameplate_status'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow()
      refused(
        await asBob(Api.nameplateUpdate, { body: { namingType: 1, namingId: 1, donorName: '鲍勃' } }),
        "nameplateUpdate of another donor's naming"
      )
      assert.deepEqual(
        await app.db.selectFrom('naming_record').select(['donor_name', 'nameplate_status']).where('id', '=', 1).executeTakeFirstOrThrow(),
        before
      )
    }
  },
  // certificates
  [api('GET', Api.certificatePage)]: {
    kind: 'user',
    req: () => ({}),
    probe: async () => {
      await emptyFor(Api.certificatePage, { query: { isNeedPaper: 0 } })()
      await emptyFor(Api.certificatePage, { query: { isNeedPaper: 1 } })()
    }
  },
  [api('GET', Api.certificateConfig)]: { kind: 'user', req: () => ({}), probe: cleanFor(Api.certificateConfig) },
  [api('GET', Api.certificateStayPage)]: {
    kind: 'user',
    req: () => ({}),
    probe: emptyFor(Api.certificateStayPage, { query: { limit: 99 } })
  },
  [api('POST', Api.certificateInsert)]: {
    kind: 'user',
    req: () => ({ body: { certificateWay: 1, donateIds: [alice.gifts[1].id] } }),
    probe: async () => {
      const before = await count(app, 'certificate_request')
      refused(
        await asBob(Api.certificateInsert, { body: { certificateWay: 1, donateIds: [alice.gifts[1].id] } }),
        "certificate insert for alice's gift"
      )
      assert.equal(await count(app, 'certificate_request'), before)
    }
  },
  [api('GET', Api.certificateDetail)]: {
    kind: 'user',
    req: () => ({ query: { id: alice.certificateId } }),
    probe: async () =>
      refused(await asBob<CertificateRecord>(Api.certificateDetail, { query: { id: alice.certificateId } }), 'certificate detail')
  },
  // receipts
  [api('GET', Api.receiptPage)]: { kind: 'user', req: () => ({}), probe: emptyFor(Api.receiptPage) },
  [api('GET', Api.receiptStayPage)]: { kind: 'user', req: () => ({}), probe: emptyFor(Api.receiptStayPage, { query: { limit: 99 } }) },
  [api('GET', Api.receiptLastUserInfo)]: { kind: 'user', req: () => ({}), probe: cleanFor(Api.receiptLastUserInfo) },
  [api('GET', Api.receiptConfig)]: { kind: 'user', req: () => ({}), probe: cleanFor(Api.receiptConfig) },
  // notification choices (docs/decisions/044-notifications.md): the caller's own, never another donor's
  [api('GET', Api.noticePreferences)]: { kind: 'user', req: () => ({}), probe: cleanFor(Api.noticePreferences) },
  [api('POST', Api.noticePreferencesSave)]: {
    kind: 'user',
    req: () => ({ body: { email: 'bob@example.com', choices: [{ kind: 'paid', channel: 'email', enabled: true }] } }),
    probe: async () => {
      const a = await asBob(Api.noticePreferencesSave, { body: { email: 'bob@example.com', choices: [] } })
      assert.equal(a.body.code, 0)
      const rows = await app.db.selectFrom('notify_contact').select('email').where('user_id', '=', alice.userId).execute()
      assert.ok(
        rows.every((r) => r.email !== 'bob@example.com'),
        "bob's save touches alice's choices"
      )
    }
  },
  // subscribe-dialog answers (docs/decisions/049-subscribe-messages.md): grants for the caller only
  [api('POST', Api.noticeSubscribe)]: {
    kind: 'user',
    req: () => ({ body: { channel: 'wechat', results: [{ templateId: 'tmpl-1', accepted: true }] } }),
    probe: async () => {
      const a = await asBob(Api.noticeSubscribe, { body: { channel: 'wechat', results: [{ templateId: 'tmpl-1', accepted: true }] } })
      assert.equal(a.body.code, 0)
      const rows = await app.db.selectFrom('notice_grant').select('id').where('user_id', '=', alice.userId).execute()
      assert.equal(rows.length, 0, "bob's answer gives alice a grant")
    }
  },
  // monthly giving (docs/decisions/071-monthly-giving.md): the caller's own plans only
  [api('GET', Api.monthlyPlans)]: {
    kind: 'user',
    req: () => ({}),
    probe: async () => {
      const id = await aliceMonthlyPlan()
      const a = await asBob<MonthlyPlans>(Api.monthlyPlans, {})
      clean(a, 'monthly plans')
      assert.ok(
        a.body.data.plans.every((p) => p.id !== id),
        "bob sees alice's plan"
      )
    }
  },
  [api('POST', Api.monthlyStop)]: {
    kind: 'user',
    req: () => ({ body: { id: 1 } }),
    probe: async () => {
      const id = await aliceMonthlyPlan()
      refused(await asBob(Api.monthlyStop, { body: { id } }), "stop of alice's monthly plan")
      const row = await app.db.selectFrom('monthly_plan').select('status').where('id', '=', id).executeTakeFirstOrThrow()
      assert.equal(row.status, 'active', "bob stopped alice's plan")
    }
  },
  // docs/decisions/085-monthly-signing-in-the-app.md: the sign page again only for one's own plan
  [api('POST', Api.monthlySign)]: {
    kind: 'user',
    req: () => ({ body: { id: 1 } }),
    probe: async () => {
      const id = await aliceMonthlyPlan()
      refused(await asBob(Api.monthlySign, { body: { id } }), "sign page of alice's monthly plan")
    }
  },
  [api('POST', Api.monthlyCreate)]: {
    kind: 'user',
    req: () => ({ body: { itemsId: 1, money: '10', dayOfMonth: 1, payType: 1 } }),
    probe: async () => {
      // bob's own plan on the project alice gives to monthly: his, not a view of hers
      await aliceMonthlyPlan()
      const scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
      const a = await asBob<MonthlyPlan>(Api.monthlyCreate, { body: { itemsId: scholarship, money: '10', dayOfMonth: 1, payType: 1 } })
      clean(a, 'monthly create')
      assert.equal(a.body.code, 0, a.body.message)
      assert.equal(a.body.data.money, '10.00')
    }
  },
  // a giving day's ambassador code (docs/decisions/075-giving-day-ambassadors-boards.md): the caller's own only
  [api('POST', Api.givingDayAmbassador)]: {
    kind: 'user',
    req: () => ({ body: { id: 1 } }),
    probe: async () => {
      const now = Date.now()
      const at = new Date(now).toISOString()
      const { id } = await app.db
        .insertInto('giving_day')
        .values({
          school_id: await schoolIdOf(app, 'demo'),
          title: '矩阵捐赠日',
          starts_at: new Date(now - 3600_000).toISOString(),
          ends_at: new Date(now + 3600_000).toISOString(),
          created_at: at,
          updated_at: at
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const hers = await call<GivingDayAmbassador>(app, 'demo', Api.givingDayAmbassador, {
        method: 'POST',
        token: alice.token,
        body: { id: Number(id) }
      })
      assert.equal(hers.body.code, 0, hers.body.message)
      const a = await asBob<GivingDayAmbassador>(Api.givingDayAmbassador, { body: { id: Number(id) } })
      clean(a, 'ambassador code')
      assert.equal(a.body.code, 0, a.body.message)
      assert.notEqual(a.body.data.code, hers.body.data.code, "bob was answered alice's code")
    }
  },
  // docs/decisions/079-monthly-providers.md: resume only one's own paused plan
  [api('POST', Api.monthlyResume)]: {
    kind: 'user',
    req: () => ({ body: { id: 1 } }),
    probe: async () => {
      const id = await aliceMonthlyPlan()
      await app.db.updateTable('monthly_plan').set({ status: 'paused' }).where('id', '=', id).execute()
      try {
        refused(await asBob(Api.monthlyResume, { body: { id } }), "resume of alice's monthly plan")
        const row = await app.db.selectFrom('monthly_plan').select('status').where('id', '=', id).executeTakeFirstOrThrow()
        assert.equal(row.status, 'paused', "bob resumed alice's plan")
      } finally {
        await app.db.updateTable('monthly_plan').set({ status: 'active' }).where('id', '=', id).execute()
      }
    }
  },
  // the school's monthly pay types: nobody's data
  [api('GET', Api.monthlyPayTypes)]: {
    kind: 'user',
    req: () => ({}),
    probe: async () => {
      const a = await asBob<{ payTypes: number[] }>(Api.monthlyPayTypes, {})
      clean(a, 'monthly pay types')
      assert.equal(a.body.code, 0)
    }
  },
  // yearly statements (docs/decisions/050-yearly-statement.md): the caller's own gifts only
  [api('GET', Api.statementYears)]: {
    kind: 'user',
    req: () => ({}),
    probe: async () => {
      const a = await asBob<StatementYears>(Api.statementYears, {})
      clean(a, 'statement years')
      assert.deepEqual(a.body.data.years, [], 'bob has given nothing')
    }
  },
  [api('GET', Api.statementFile)]: {
    kind: 'user',
    req: () => ({ query: { year: beijingYear(new Date()) } }),
    probe: async () =>
      refused(await asBob(Api.statementFile, { query: { year: beijingYear(new Date()) } }), 'statement file of a year bob gave nothing in')
  },
  [api('POST', Api.statementEmail)]: {
    kind: 'user',
    req: () => ({ body: { year: beijingYear(new Date()), email: 'bob@example.com' } }),
    probe: async () => {
      const before = await app.db.selectFrom('notification').select('id').execute()
      refused(await asBob(Api.statementEmail, { body: { year: beijingYear(new Date()), email: 'bob@example.com' } }), 'statement e-mail')
      assert.equal((await app.db.selectFrom('notification').select('id').execute()).length, before.length)
    }
  },
  [api('POST', Api.statementYearly)]: {
    kind: 'user',
    req: () => ({ body: { enabled: true } }),
    probe: async () => {
      clean(await asBob(Api.statementYearly, { body: { enabled: true } }), 'statement yearly')
      const rows = await app.db
        .selectFrom('notify_preference')
        .select('kind')
        .where('user_id', '=', alice.userId)
        .where('kind', '=', 'statement')
        .execute()
      assert.deepEqual(rows, [], "bob's choice touched alice's")
    }
  },
  [api('POST', Api.receiptInsert)]: {
    kind: 'user',
    req: () => ({
      body: {
        donorType: 2,
        donorName: 'x',
        creditCode: '91320000MA1XXXXX0A',
        receiptType: 2,
        receiptWay: 3,
        postalEmail: 'b@example.com',
        donateRecordIds: [alice.gifts[0].id]
      }
    }),
    probe: async () => {
      const before = await count(app, 'receipt_request')
      const body = {
        donorType: 2,
        donorName: '鲍勃公司',
        creditCode: '91320000MA1XXXXX0A',
        receiptType: 2,
        receiptWay: 3,
        postalEmail: 'bob@example.com',
        donateRecordIds: [alice.gifts[0].id]
      }
      refused(await asBob(Api.receiptInsert, { body }), "receipt insert for alice's gift")
      assert.equal(await count(app, 'receipt_request'), before)
    }
  },
  [api('GET', Api.receiptDetail)]: {
    kind: 'user',
    req: () => ({ query: { id: alice.receiptId } }),
    probe: async () => refused(await asBob<ReceiptRecord>(Api.receiptDetail, { query: { id: alice.receiptId } }), 'receipt detail')
  },
  // staff
  [staffKey('POST', '/login')]: { kind: 'staff-login' },
  [staffKey('GET', '/applications')]: { kind: 'staff', method: 'GET', url: () => '/applications?kind=certificate&status=all' },
  [staffKey('GET', '/applications/:kind/:id')]: {
    kind: 'staff',
    method: 'GET',
    url: () => `/applications/certificate/${alice.certificateId}`
  },
  [staffKey('POST', '/applications/:kind/:id/advance')]: {
    kind: 'staff',
    method: 'POST',
    url: () => `/applications/certificate/${alice.certificateId}/advance`,
    body: { to: 2 }
  },
  [staffKey('POST', '/receipts/:id/file')]: { kind: 'staff', method: 'POST', url: () => `/receipts/${alice.receiptId}/file`, body: {} },
  // agreements for staff (routes/staff/agreements.ts; roles, tenancy and audit in staff-agreements.test.ts)
  [staffKey('GET', '/agreements')]: { kind: 'staff', method: 'GET', url: () => '/agreements' },
  [staffKey('GET', '/agreements/:id')]: { kind: 'staff', method: 'GET', url: () => '/agreements/1' },
  [staffKey('POST', '/agreements/:id/countersign')]: { kind: 'staff', method: 'POST', url: () => '/agreements/1/countersign', body: {} },
  [staffKey('POST', '/agreements/:id/receipt')]: { kind: 'staff', method: 'POST', url: () => '/agreements/1/receipt', body: {} },
  [staffKey('GET', '/agreement-seal')]: { kind: 'staff', method: 'GET', url: () => '/agreement-seal' },
  [staffKey('POST', '/agreement-seal')]: { kind: 'staff', method: 'POST', url: () => '/agreement-seal', body: {} },
  [staffKey('GET', '/campaigns')]: { kind: 'staff', method: 'GET', url: () => '/campaigns' },
  [staffKey('POST', '/campaigns')]: { kind: 'staff', method: 'POST', url: () => '/campaigns', body: { music: {} } },
  [staffKey('GET', '/nameplates')]: { kind: 'staff', method: 'GET', url: () => '/nameplates?status=all' },
  [staffKey('GET', '/nameplates/:id')]: { kind: 'staff', method: 'GET', url: () => '/nameplates/1' },
  [staffKey('POST', '/nameplates/:id/review')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/nameplates/1/review',
    body: { action: 'return', reason: 'x' }
  },
  // the console's core (routes/staff/core.ts; roles, tenancy and audit in staff-console-core.test.ts)
  [staffKey('GET', '/me')]: { kind: 'staff', method: 'GET', url: () => '/me' },
  [staffKey('POST', '/logout')]: { kind: 'staff', method: 'POST', url: () => '/logout', body: {} },
  [staffKey('GET', '/staff')]: { kind: 'staff', method: 'GET', url: () => '/staff' },
  [staffKey('POST', '/staff')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/staff',
    body: { username: 'matrix.staff', password: 'matrix-password', roles: ['admin'] }
  },
  [staffKey('POST', '/staff/:id')]: { kind: 'staff', method: 'POST', url: () => '/staff/1', body: { roles: ['admin'] } },
  [staffKey('GET', '/audit')]: { kind: 'staff', method: 'GET', url: () => '/audit' },
  [staffKey('GET', '/settings')]: { kind: 'staff', method: 'GET', url: () => '/settings' },
  [staffKey('POST', '/settings')]: { kind: 'staff', method: 'POST', url: () => '/settings', body: { name: 'x' } },
  [staffKey('GET', '/privacy-policy')]: { kind: 'staff', method: 'GET', url: () => '/privacy-policy' },
  [staffKey('POST', '/privacy-policy')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/privacy-policy',
    body: { zh: { title: 'x', content: 'x' }, en: { title: '', content: '' }, newVersion: false }
  },
  [staffKey('GET', '/channels')]: { kind: 'staff', method: 'GET', url: () => '/channels' },
  // docs/decisions/049: message templates
  [staffKey('GET', '/notice-templates')]: { kind: 'staff', method: 'GET', url: () => '/notice-templates' },
  [staffKey('POST', '/notice-templates')]: { kind: 'staff', method: 'POST', url: () => '/notice-templates', body: { templates: [] } },
  [staffKey('POST', '/channels/:channel')]: { kind: 'staff', method: 'POST', url: () => '/channels/weapp', body: { secret: 'x' } },
  [staffKey('GET', '/messages')]: { kind: 'staff', method: 'GET', url: () => '/messages' },
  [staffKey('POST', '/messages/:id/approve')]: { kind: 'staff', method: 'POST', url: () => '/messages/1/approve', body: {} },
  [staffKey('POST', '/messages/:id/hide')]: { kind: 'staff', method: 'POST', url: () => '/messages/1/hide', body: {} },
  [staffKey('POST', '/messages/:id/reply')]: { kind: 'staff', method: 'POST', url: () => '/messages/1/reply', body: { text: 'x' } },
  // docs/decisions/042: the moderation queue
  [staffKey('GET', '/moderation')]: { kind: 'staff', method: 'GET', url: () => '/moderation' },
  [staffKey('POST', '/moderation/:id/approve')]: { kind: 'staff', method: 'POST', url: () => '/moderation/1/approve', body: {} },
  [staffKey('POST', '/moderation/:id/reject')]: { kind: 'staff', method: 'POST', url: () => '/moderation/1/reject', body: {} },
  [staffKey('GET', '/articles')]: { kind: 'staff', method: 'GET', url: () => '/articles' },
  [staffKey('GET', '/articles/:id')]: { kind: 'staff', method: 'GET', url: () => '/articles/1' },
  [staffKey('POST', '/articles')]: { kind: 'staff', method: 'POST', url: () => '/articles', body: { categoryId: 1, title: 'x' } },
  [staffKey('POST', '/articles/:id')]: { kind: 'staff', method: 'POST', url: () => '/articles/1', body: { categoryId: 1, title: 'x' } },
  [staffKey('POST', '/articles/:id/delete')]: { kind: 'staff', method: 'POST', url: () => '/articles/1/delete', body: {} },
  [staffKey('GET', '/article-categories')]: { kind: 'staff', method: 'GET', url: () => '/article-categories' },
  [staffKey('GET', '/texts/missing')]: { kind: 'staff', method: 'GET', url: () => '/texts/missing' },
  [staffKey('POST', '/article-categories')]: { kind: 'staff', method: 'POST', url: () => '/article-categories', body: { name: 'x' } },
  [staffKey('GET', '/naming/summary')]: { kind: 'staff', method: 'GET', url: () => '/naming/summary' },
  [staffKey('GET', '/naming/areas')]: { kind: 'staff', method: 'GET', url: () => '/naming/areas' },
  [staffKey('GET', '/naming/areas/:id/seats')]: { kind: 'staff', method: 'GET', url: () => '/naming/areas/1/seats' },
  [staffKey('POST', '/naming/seats/:id')]: { kind: 'staff', method: 'POST', url: () => '/naming/seats/1', body: { show: true } },
  [staffKey('GET', '/naming/books')]: { kind: 'staff', method: 'GET', url: () => '/naming/books' },
  [staffKey('POST', '/naming/books/:id')]: { kind: 'staff', method: 'POST', url: () => '/naming/books/1', body: { stock: 1 } },
  [staffKey('GET', '/naming/maps')]: { kind: 'staff', method: 'GET', url: () => '/naming/maps' },
  [staffKey('POST', '/naming/maps/:id')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/naming/maps/1',
    body: {
      config: {
        width: 1,
        height: 1,
        scale: 1,
        minScale: 1,
        maxScale: 1,
        top: 0,
        left: 0,
        map: '',
        areaList: [],
        treeList: [],
        buildingList: [],
        areaIdList: [],
        vrUrl: ''
      }
    }
  },
  // the project editor (routes/staff/projects.ts; roles, tenancy and audit in staff-projects.test.ts)
  [staffKey('POST', '/uploads')]: { kind: 'staff', method: 'POST', url: () => '/uploads', body: {} },
  [staffKey('GET', '/projects')]: { kind: 'staff', method: 'GET', url: () => '/projects' },
  [staffKey('POST', '/projects')]: { kind: 'staff', method: 'POST', url: () => '/projects', body: { name: 'x' } },
  [staffKey('GET', '/projects/:id')]: { kind: 'staff', method: 'GET', url: () => '/projects/1' },
  [staffKey('POST', '/projects/:id')]: { kind: 'staff', method: 'POST', url: () => '/projects/1', body: { intro: 'x' } },
  [staffKey('POST', '/projects/:id/status')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/projects/1/status',
    body: { status: 'paused' }
  },
  [staffKey('GET', '/projects/:id/form')]: { kind: 'staff', method: 'GET', url: () => '/projects/1/form' },
  [staffKey('POST', '/projects/:id/form')]: { kind: 'staff', method: 'POST', url: () => '/projects/1/form', body: { fields: [] } },
  [staffKey('GET', '/projects/:id/progress')]: { kind: 'staff', method: 'GET', url: () => '/projects/1/progress' },
  [staffKey('POST', '/projects/:id/progress')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/projects/1/progress',
    body: { progressDate: '2026-11-22', content: 'x' }
  },
  [staffKey('POST', '/projects/:id/progress/:pid/delete')]: { kind: 'staff', method: 'POST', url: () => '/projects/1/progress/1/delete' },
  [staffKey('GET', '/projects/:id/publicity')]: { kind: 'staff', method: 'GET', url: () => '/projects/1/publicity' },
  [staffKey('POST', '/projects/:id/publicity')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/projects/1/publicity',
    body: { useDate: '2026-11-22', useTitle: 'x', useMoney: '1' }
  },
  [staffKey('POST', '/projects/:id/publicity/:pid/delete')]: { kind: 'staff', method: 'POST', url: () => '/projects/1/publicity/1/delete' },
  [staffKey('GET', '/projects/:id/preview')]: { kind: 'staff', method: 'GET', url: () => '/projects/1/preview' },
  [staffKey('GET', '/categories')]: { kind: 'staff', method: 'GET', url: () => '/categories' },
  [staffKey('POST', '/categories')]: { kind: 'staff', method: 'POST', url: () => '/categories', body: { name: 'x' } },
  [staffKey('GET', '/labels')]: { kind: 'staff', method: 'GET', url: () => '/labels' },
  [staffKey('POST', '/labels')]: { kind: 'staff', method: 'POST', url: () => '/labels', body: { labelTitle: 'x' } },
  // money (routes/staff/money.ts; roles, tenancy and audit in staff-money.test.ts)
  [staffKey('GET', '/ledger')]: { kind: 'staff', method: 'GET', url: () => '/ledger' },
  [staffKey('GET', '/ledger/:id')]: { kind: 'staff', method: 'GET', url: () => '/ledger/1' },
  [staffKey('POST', '/exports')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/exports',
    body: { kind: 'ledger', format: 'csv', filters: {} }
  },
  [staffKey('GET', '/exports/:id')]: { kind: 'staff', method: 'GET', url: () => '/exports/1' },
  [staffKey('GET', '/exports/:id/file')]: { kind: 'staff', method: 'GET', url: () => '/exports/1/file' },
  [staffKey('GET', '/offline-gifts/projects')]: { kind: 'staff', method: 'GET', url: () => '/offline-gifts/projects' },
  [staffKey('POST', '/offline-gifts')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/offline-gifts',
    body: { projectId: 1, amount: '1.00', donorName: 'x', donatedOn: '2026-01-01', channel: 'bank', note: '' }
  },
  [staffKey('POST', '/offline-gifts/:id')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/offline-gifts/1',
    body: { amount: '1.00', reason: 'x' }
  },
  [staffKey('POST', '/offline-gifts/:id/void')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/offline-gifts/1/void',
    body: { reason: 'x' }
  },
  [staffKey('GET', '/review')]: { kind: 'staff', method: 'GET', url: () => '/review' },
  [staffKey('POST', '/review/:id/resolve')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/review/1/resolve',
    body: { resolution: 'closed', reason: 'x' }
  },
  [staffKey('GET', '/reconciliation')]: { kind: 'staff', method: 'GET', url: () => '/reconciliation' },
  [staffKey('GET', '/dashboard')]: { kind: 'staff', method: 'GET', url: () => '/dashboard' },
  // refunds (docs/decisions/032-refunds.md; routes/staff/refunds.ts; roles, approval and audit in refunds.test.ts)
  [staffKey('POST', '/ledger/:id/refund')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/ledger/1/refund',
    body: { amount: '1.00', reason: 'x' }
  },
  [staffKey('GET', '/refunds')]: { kind: 'staff', method: 'GET', url: () => '/refunds' },
  [staffKey('POST', '/refunds/:id/approve')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/refunds/1/approve',
    body: { decision: 'approve' }
  },
  [staffKey('GET', '/refunds/naming')]: { kind: 'staff', method: 'GET', url: () => '/refunds/naming' },
  [staffKey('POST', '/refunds/naming/:id')]: { kind: 'staff', method: 'POST', url: () => '/refunds/naming/1', body: { decision: 'keep' } },
  [staffKey('GET', '/refunds/settings')]: { kind: 'staff', method: 'GET', url: () => '/refunds/settings' },
  [staffKey('POST', '/refunds/settings')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/refunds/settings',
    body: { approvalAmount: '5000.00' }
  },
  // giving days (docs/decisions/070-giving-days.md; routes/staff/giving-days.ts; flows in giving-day.test.ts)
  [staffKey('GET', '/giving-days')]: { kind: 'staff', method: 'GET', url: () => '/giving-days' },
  [staffKey('GET', '/giving-days/:id')]: { kind: 'staff', method: 'GET', url: () => '/giving-days/1' },
  [staffKey('POST', '/giving-days')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/giving-days',
    body: { title: '捐赠日', startsAt: '2033-01-01 08:00', endsAt: '2033-01-02 08:00' }
  },
  [staffKey('POST', '/giving-days/:id')]: { kind: 'staff', method: 'POST', url: () => '/giving-days/1', body: { goal: '1.00' } },
  [staffKey('POST', '/giving-days/:id/matches')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/giving-days/1/matches',
    body: { sponsor: 'S', kind: 'per_yuan', rate: '1.00', cap: '1.00' }
  },
  [staffKey('POST', '/giving-days/:id/matches/:matchId')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/giving-days/1/matches/1',
    body: { cap: '2.00' }
  },
  [staffKey('POST', '/giving-days/:id/challenges')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/giving-days/1/challenges',
    body: { sponsor: 'S', kind: 'donors', target: '3', reward: '1.00' }
  },
  [staffKey('POST', '/giving-days/:id/challenges/:challengeId')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/giving-days/1/challenges/1',
    body: { target: '4' }
  },
  // statements and failed sends (docs/decisions/050-yearly-statement.md; routes/staff/notices.ts; flows in statement.test.ts)
  [staffKey('GET', '/statements')]: { kind: 'staff', method: 'GET', url: () => '/statements' },
  // monthly plans (docs/decisions/071-monthly-giving.md; routes/staff/monthly.ts; flows in monthly.test.ts)
  [staffKey('GET', '/monthly-plans')]: { kind: 'staff', method: 'GET', url: () => '/monthly-plans' },
  [staffKey('GET', '/monthly-plans/export')]: { kind: 'staff', method: 'GET', url: () => '/monthly-plans/export' },
  [staffKey('POST', '/monthly-plans/collect')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/monthly-plans/collect',
    body: { date: '2026-01-01' }
  },
  [staffKey('POST', '/statements')]: { kind: 'staff', method: 'POST', url: () => '/statements', body: { year: 2025 } },
  [staffKey('GET', '/statements/:id')]: { kind: 'staff', method: 'GET', url: () => '/statements/1' },
  [staffKey('GET', '/notifications/failed')]: { kind: 'staff', method: 'GET', url: () => '/notifications/failed' },
  [staffKey('POST', '/notifications/:id/retry')]: { kind: 'staff', method: 'POST', url: () => '/notifications/1/retry' },
  // bill reconciliation (docs/decisions/038-bill-reconciliation.md; routes/staff/bills.ts; flows in reconciliation.test.ts)
  [staffKey('GET', '/bills')]: { kind: 'staff', method: 'GET', url: () => '/bills' },
  [staffKey('GET', '/bills/:id')]: { kind: 'staff', method: 'GET', url: () => '/bills/1' },
  [staffKey('POST', '/bills/run')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/bills/run',
    body: { date: '2026-01-01', provider: 'sandbox' }
  },
  [staffKey('POST', '/bills/findings/:id/apply')]: { kind: 'staff', method: 'POST', url: () => '/bills/findings/1/apply', body: {} },
  [staffKey('POST', '/bills/findings/:id/resolve')]: {
    kind: 'staff',
    method: 'POST',
    url: () => '/bills/findings/1/resolve',
    body: { note: 'x' }
  },
  // outside /api
  'GET /': { kind: 'static' },
  'OPTIONS *': { kind: 'static' },
  'OPTIONS /*': { kind: 'static' },
  'GET /config/index.json': { kind: 'static' },
  'GET /config/:school/index.json': { kind: 'static' },
  'POST /notify/:school/:provider': { kind: 'callback' },
  'POST /notify/:school/:provider/:payType': { kind: 'callback' },
  // the notify URL of an order paid with a channel's own AppID or merchant
  'POST /notify/:school/:provider/:payType/:channel': { kind: 'callback' },
  // monthly giving's agreement notifications (docs/decisions/079; verified by the provider, monthly-providers.test.ts)
  'POST /agreement-notify/:school/:provider/:payType': { kind: 'callback' },
  // docs/decisions/042: WeChat's message push (signed with the school's push token; moderation.test.ts)
  'GET /wechat-push/:school': { kind: 'callback' },
  'POST /wechat-push/:school': { kind: 'callback' },
  // unsubscribe links of notification e-mails: no session by design, the link's HMAC names the donor (notify.test.ts)
  'GET /unsubscribe': { kind: 'callback' },
  'POST /unsubscribe': { kind: 'callback' },
  // an SMS receipt's short link: a redirect to the receipt page only, which checks the signed-in owner (sms-receipt.test.ts)
  'GET /r/:code': { kind: 'public' }
}
/** registered only when an H5 build exists (static-h5.ts): classified, but not required to be present here */
const OPTIONAL = new Set(['GET /*', 'GET /files/*', 'HEAD /*', 'GET /admin', 'GET /admin*'])
TABLE['GET /*'] = { kind: 'static' }
// the staff console's pages (static-admin.ts, decision 020): static files; its data comes from /staff-api
TABLE['GET /admin'] = { kind: 'static' }
TABLE['GET /admin*'] = { kind: 'static' }
TABLE['GET /files/*'] = { kind: 'static' }

const entries = <K extends Entry['kind']>(kind: K) =>
  Object.entries(TABLE).filter((e): e is [string, Extract<Entry, { kind: K }>] => e[1].kind === kind)
const pathOf = (key: string) => key.replace(/^(GET|POST) \/api\/:school/, '')
const methodOf = (key: string) => key.split(' ')[0] as 'GET' | 'POST'

describe('access matrix', () => {
  it('classifies every route the server registers (a new route fails here until it is classified)', async () => {
    const registered = (await registeredRoutes(app)).map((r) => r.key)
    const unclassified = registered.filter((k) => !(k in TABLE))
    assert.deepEqual(unclassified, [], 'routes missing from the access matrix: add each to TABLE with its class and probe')
    const stale = Object.keys(TABLE).filter((k) => !OPTIONAL.has(k) && !registered.includes(k))
    assert.deepEqual(stale, [], 'matrix entries for routes that no longer exist')
  })

  it('user routes answer -997 without a session, and with a session of another school', async () => {
    const hhuToken = await login(app, 'hhu', 'matrix-alice')
    for (const [key, e] of entries('user')) {
      const path = pathOf(key)
      if (path === Api.fileUpload) {
        assert.equal((await upload('')).code, ResultCode.TOKEN_INVALID, key)
        assert.equal((await upload(hhuToken)).code, ResultCode.TOKEN_INVALID, key)
        continue
      }
      const r = e.req()
      for (const token of [undefined, hhuToken]) {
        const a = await call(app, 'demo', path, { method: methodOf(key), query: r.query, body: r.body, token })
        assert.equal(
          a.body.code,
          ResultCode.TOKEN_INVALID,
          `${key} ${token ? "with another school's token" : 'without a token'}: ${JSON.stringify(a.body)}`
        )
      }
    }
  })

  it("a second donor trying the first donor's ids is refused or gets none of her data", async () => {
    for (const [key, e] of [...entries('user'), ...entries('optional-user')]) {
      await e.probe().catch((err: Error) => {
        err.message = `${key}: ${err.message}`
        throw err
      })
    }
    for (const [key, e] of entries('public')) {
      if (e.probe)
        await e.probe().catch((err: Error) => {
          err.message = `${key}: ${err.message}`
          throw err
        })
    }
  })

  it('staff routes refuse a donor token however it is sent', async () => {
    for (const [key, e] of entries('staff')) {
      for (const auth of [bob, `Bearer ${bob}`, `Staff ${bob}`, `Staff ${alice.token}`]) {
        const res = await app.inject({
          method: e.method,
          url: `/staff-api/demo${e.url()}`,
          headers: { authorization: auth },
          ...(e.body !== undefined ? { payload: e.body as object } : {})
        })
        assert.ok(res.statusCode < 500, key)
        const body = res.json() as Envelope<unknown>
        assert.equal(body.code, ResultCode.TOKEN_INVALID, `${key} with "${auth.slice(0, 12)}…": ${JSON.stringify(body)}`)
      }
    }
    for (const [key] of entries('staff-login')) {
      // a donor's sign-in name and token are no staff credentials
      const res = await app.inject({
        method: 'POST',
        url: '/staff-api/demo/login',
        headers: { authorization: bob },
        payload: { username: 'matrix-bob', password: bob }
      })
      assert.equal((res.json() as Envelope<unknown>).code, ResultCode.ERROR, key)
    }
  })
})
