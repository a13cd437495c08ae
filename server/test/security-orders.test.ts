/**
 * Orders and money (docs/decisions/011-campus-card-and-provider-urls.md):
 * 1. a paid order opens the paper certificate and receipt asked for on the form, and records its awards, in the paid
 *    transaction, once (a duplicate notification opens nothing more);
 * 2. the campus card: a balance only for the donor's own proved card, one answer for "no such card" and "wrong
 *    password", a per-card guess limit, and a debit whose answer is lost waiting in 'reconciling' for the card
 *    system's word (the card system is a real HTTP server here: the only thing standing in is the school's system);
 * 3. the sandbox notify pays or closes an order only with that order's pay token;
 * 4. provider notify and return URLs from PUBLIC_BASE_URL, never the Host header; no start without it when a real
 *    provider is configured.
 */
import assert from 'node:assert/strict'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, ResultCode, type CertificateRecord, type Page, type ReceiptRecord } from '../../types'
import { buildApp } from '../src/app'
import { CARD_GUESS_LIMIT } from '../src/domain/order/campus-card'
import type { StaffApplication } from '../src/domain/fulfilment/applications'
import { createStaff } from '../src/domain/staff/service'
import { call, login, startApp, TEST_BUILD_DEFAULTS, type TestContext } from './helpers'
import { testClock, userIdOf } from './center-fixtures'
import { invalidateSchoolCache } from '../src/domain/school/cache'
import {
  demoBody,
  donate,
  orderPayToken,
  orderRow,
  placeOrder,
  projectIdOf,
  sandboxNotify,
  schoolIdOf,
  writeCounts
} from './order-fixtures'

const PUBLIC = 'https://give.example.edu.cn'
const CARD_SECRET = 'card-system-shared-secret'

let ctx: TestContext
let app: FastifyInstance
const clock = testClock()

before(async () => {
  ctx = await startApp({
    build: {
      now: clock.now,
      orders: { ...TEST_BUILD_DEFAULTS.orders, publicBaseUrl: PUBLIC },
      payments: { env: { T_CARD_SECRET: CARD_SECRET, SECRET_ENV_ALLOW: 'T_CARD_SECRET' } },
      // the fake card system listens on 127.0.0.1 (lib/outbound.ts: tests only)
      outbound: { allowLoopback: true }
    }
  })
  app = ctx.app
})
after(async () => {
  await ctx.close()
})

const count = async (
  table: 'certificate_request' | 'receipt_request' | 'award_record',
  where: { donationId?: number; userId?: number } = {}
) => {
  let q = app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'))
  if (where.donationId !== undefined && table !== 'award_record') q = q.where('donation_id' as never, '=', where.donationId as never)
  if (where.userId !== undefined) q = q.where('user_id' as never, '=', where.userId as never)
  return Number((await q.executeTakeFirstOrThrow()).n)
}

describe('1. what the donor asked for on the form opens with the payment', () => {
  it("paper certificate and receipt in the donor's centre and the staff queue, awards recorded; a duplicate notify adds nothing", async () => {
    const sid = await schoolIdOf(app, 'demo')
    const t = await login(app, 'demo', 'sec-form-donor')
    const uid = await userIdOf(app, 'demo', 'sec-form-donor')
    const scholarship = await projectIdOf(app, 'demo', '示范大学励志奖学金')
    const bill = await placeOrder(
      app,
      'demo',
      t,
      demoBody(scholarship, {
        currencyMoney: '200.00',
        isNeedPaper: 1,
        certificateWay: 2,
        certificateDonorName: '赟喆䶮',
        postalAddress: '南京市鼓楼区汉口路22号',
        postalContact: '张三',
        postalMobile: '86-13800138000',
        isNeedReceipt: 1,
        receiptType: 2,
        receiptWay: 3,
        receiptDonorType: 1,
        receiptDonorName: '张三',
        postalEmail: 'donor@example.com'
      })
    )
    const order = await orderRow(app, bill)
    assert.equal(await count('certificate_request', { donationId: order.id }), 0, 'nothing before the money')

    // the real notify path: the sandbox cashier's confirm with the order's pay token
    assert.equal((await sandboxNotify(app, 'demo', bill)).body.data.status, 'applied')
    const paid = await orderRow(app, bill)

    const certs = (await call<Page<CertificateRecord>>(app, 'demo', Api.certificatePage, { query: { isNeedPaper: 1 }, token: t })).body.data
    assert.deepEqual(
      certs.rows.map((r) => [r.donorName, r.certificateWay, r.status, r.postalAddress]),
      [['赟喆䶮', 2, 1, '南京市鼓楼区汉口路22号']]
    )
    const receipts = (await call<Page<ReceiptRecord>>(app, 'demo', Api.receiptPage, { token: t })).body.data
    assert.deepEqual(
      receipts.rows.map((r) => [r.donorName, r.receiptWay, r.postalEmail, r.status]),
      [['张三', 3, 'donor@example.com', 1]]
    )

    // the foundation sees both in its queue
    await createStaff(app.db, sid, { username: 'sec-staff', password: 'sec-staff-password' })
    const loginRes = await app.inject({
      method: 'POST',
      url: '/staff-api/demo/login',
      payload: { username: 'sec-staff', password: 'sec-staff-password' }
    })
    const staff = (loginRes.json() as { data: { token: string } }).data.token
    const queue = async (kind: string) =>
      (
        await app.inject({ url: `/staff-api/demo/applications?kind=${kind}&limit=100`, headers: { authorization: `Staff ${staff}` } })
      ).json() as { data: { rows: StaffApplication[] } }
    const c = (await queue('certificate')).data.rows.filter((r) => r.billNo === bill)
    const r = (await queue('receipt')).data.rows.filter((x) => x.billNo === bill)
    assert.deepEqual(
      c.map((x) => [x.origin, x.status, x.donorName]),
      [['donate', 1, '赟喆䶮']]
    )
    assert.deepEqual(
      r.map((x) => [x.origin, x.status, x.postalEmail]),
      [['donate', 1, 'donor@example.com']]
    )

    // the first paid gift earns 爱心达人, dated at the payment, from this donation
    const awards = await app.db
      .selectFrom('award_record')
      .innerJoin('award', 'award.id', 'award_record.award_id')
      .select(['award.code', 'award_record.earned_at', 'award_record.source'])
      .where('award_record.user_id', '=', uid)
      .execute()
    assert.deepEqual(awards, [{ code: 'loving_expert', earned_at: paid.paid_at, source: `donation:${paid.id}` }])

    // a duplicate notification (provider retry) opens nothing more
    assert.equal((await sandboxNotify(app, 'demo', bill)).body.data.status, 'duplicate')
    assert.deepEqual(
      [
        await count('certificate_request', { donationId: order.id }),
        await count('receipt_request', { donationId: order.id }),
        await count('award_record', { userId: uid })
      ],
      [1, 1, 1]
    )
  })
})

describe('1b. no function documented as wired is left uncalled', () => {
  it('the certificate job reports characters the certificate font cannot draw (certificateMissingGlyphs)', async () => {
    const lines: string[] = []
    // a second app on the same database with a logger we can read runs the job queue
    const worker = await buildApp({
      ...TEST_BUILD_DEFAULTS,
      dataDir: ctx.dataDir,
      databaseUrl: ctx.databaseUrl,
      h5Dir: ctx.dataDir,
      logger: {
        level: 'warn',
        stream: {
          write: (l: string) => {
            lines.push(l)
          }
        }
      }
    })
    try {
      const t = await login(app, 'demo', 'sec-rare-name')
      const scholarship = await projectIdOf(app, 'demo', '示范大学励志奖学金')
      const bill = await placeOrder(
        app,
        'demo',
        t,
        demoBody(scholarship, { formDataMap: { name: '王𪚥', mobile: '86-13800138000', isAlumni: '0' } })
      )
      await sandboxNotify(app, 'demo', bill)
      await worker.jobs.runJobsOnce()
      const order = await orderRow(app, bill)
      const cert = await app.db
        .selectFrom('certificate')
        .select(['file_url', 'certificate_no'])
        .where('donation_id', '=', order.id)
        .executeTakeFirstOrThrow()
      assert.ok(cert.file_url, 'issued all the same')
      const warned = lines
        .map((l) => JSON.parse(l) as { msg: string; missing?: string[]; certificateNo?: string })
        .filter((l) => l.msg === 'certificate text has characters the font cannot draw')
      assert.deepEqual(
        warned.map((w) => [w.certificateNo, w.missing]),
        [[cert.certificate_no, ['𪚥']]]
      )
    } finally {
      await worker.close()
    }
  })
})

describe("3. the sandbox notify needs the order's pay token", () => {
  it("without a token, with another order's, or a tampered one: refused, order unchanged; with its own: paid", async () => {
    const scholarship = await projectIdOf(app, 'demo', '示范大学励志奖学金')
    const avenue = await projectIdOf(app, 'demo', '校园林荫大道改造')
    const victim = await login(app, 'demo', 'sec-sbx-victim')
    const attacker = await login(app, 'demo', 'sec-sbx-attacker')
    const bill = await placeOrder(app, 'demo', victim, demoBody(scholarship))
    const own = await placeOrder(app, 'demo', attacker, demoBody(avenue))
    const ownToken = await orderPayToken(app, 'demo', own)
    const good = await orderPayToken(app, 'demo', bill)
    const tampered = `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`
    const before = await writeCounts(app)
    for (const [label, token] of [
      ['none', null],
      ['empty', ''],
      ["another order's", ownToken],
      ['tampered', tampered]
    ] as const) {
      for (const outcome of ['paid', 'failed'] as const) {
        const r = await sandboxNotify(app, 'demo', bill, outcome, undefined, token)
        assert.equal(r.status, 403, `${label}/${outcome}`)
        assert.equal(r.body.code, ResultCode.ERROR)
        assert.match(r.body.message, /支付凭证无效/)
      }
    }
    const en = await call(app, 'demo', Api.sandboxNotify, {
      method: 'POST',
      body: { billNo: bill, outcome: 'paid' },
      headers: { lang: 'en' }
    })
    assert.match(en.body.message, /pay(ment)? token/i)
    assert.equal((await orderRow(app, bill)).status, 'pending')
    assert.deepEqual(await writeCounts(app), before, 'no notification, no job')
    // a token for a bill number that has no order opens nothing either: refused the same way, before any lookup
    assert.equal((await sandboxNotify(app, 'demo', 'D20260101000000NOSUCHBILL', 'paid', undefined, ownToken)).status, 403)

    assert.equal((await sandboxNotify(app, 'demo', bill, 'paid', undefined, good)).body.data.status, 'applied')
    assert.equal((await orderRow(app, bill)).status, 'paid')
  })
})

describe('4. provider URLs come from PUBLIC_BASE_URL', () => {
  const thirdParty = async (a: FastifyInstance) => {
    const cpu = await schoolIdOf(a, 'cpu')
    await a.db
      .insertInto('payment_config')
      .values({
        school_id: cpu,
        pay_type: 14,
        provider: 'thirdparty',
        enabled: 1,
        updated_at: new Date().toISOString(),
        credentials: JSON.stringify({
          payUrl: 'https://pay.example-platform.cn/cashier',
          merchantId: 'M1001',
          secret: 'third-party-secret'
        })
      })
      .onConflict((oc) => oc.columns(['school_id', 'pay_type']).doNothing())
      .execute()
    invalidateSchoolCache()
  }
  const cpuBody = async (a: FastifyInstance) =>
    demoBody(await projectIdOf(a, 'cpu', '药大励志奖学金'), { payType: 14, formDataMap: { name: '王五', mobile: '13700137000' } })

  it("a forged Host header does not reach the provider: notify and return URLs are PUBLIC_BASE_URL's", async () => {
    await thirdParty(app)
    const t = await login(app, 'cpu', 'sec-host')
    const r = await call(app, 'cpu', Api.donate, {
      method: 'POST',
      body: await cpuBody(app),
      token: t,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' }
    })
    assert.equal(r.body.code, 0, JSON.stringify(r.body))
    const url = new URL(r.body.data.data.url)
    assert.equal(url.origin, 'https://pay.example-platform.cn')
    assert.equal(url.searchParams.get('notifyUrl'), `${PUBLIC}/notify/cpu/thirdparty/14`)
    assert.ok(url.searchParams.get('returnUrl')?.startsWith(`${PUBLIC}/pay-back?`), url.searchParams.get('returnUrl') ?? '')
    assert.ok(!r.body.data.data.url.includes('evil'), 'the forged host appears nowhere')
  })

  it('without PUBLIC_BASE_URL: no start when a real provider is configured; a provider enabled later is refused, nothing written', async () => {
    const c = await startApp({ build: { orders: { ...TEST_BUILD_DEFAULTS.orders, publicBaseUrl: '' } } })
    try {
      // the seeded schools use the sandbox and the demo card system only: the server starts and the sandbox works
      const t = await login(c.app, 'cpu', 'sec-no-base')
      await thirdParty(c.app) // enabled while running (staff CLI, SQL)
      const before = await writeCounts(c.app)
      const r = await call(c.app, 'cpu', Api.donate, {
        method: 'POST',
        body: await cpuBody(c.app),
        token: t,
        headers: { host: 'evil.example' }
      })
      assert.equal(r.body.code, ResultCode.ERROR, JSON.stringify(r.body))
      assert.match(r.body.message, /暂未开通/)
      assert.deepEqual(await writeCounts(c.app), before)

      const build = (publicBaseUrl: string) =>
        buildApp({
          ...TEST_BUILD_DEFAULTS,
          dataDir: c.dataDir,
          databaseUrl: c.databaseUrl,
          logger: false,
          h5Dir: c.dataDir,
          orders: { publicBaseUrl }
        })
      await assert.rejects(
        build(''),
        (err: Error) => /PUBLIC_BASE_URL/.test(err.message) && /cpu \(thirdparty, pay type 14\)/.test(err.message)
      )
      await assert.rejects(build('give.example.edu.cn'), /PUBLIC_BASE_URL must be an absolute http\(s\) URL/)
      const ok = await build('https://give.example.edu.cn/')
      await ok.close()
    } finally {
      await c.close()
    }
  })
})

describe('2. campus card, with the demo card system (hhu as seeded)', () => {
  it('the number alone shows no balance and tells nothing about which cards exist', async () => {
    const t = await login(app, 'hhu', 'sec-demo-stranger')
    const get = async (stuWorkNo: string) => (await call(app, 'hhu', Api.getCardBlance, { query: { stuWorkNo }, token: t })).body
    const real = await get('20230001') // 张同学's card, ¥5,000.00
    const none = await get('20990001')
    assert.equal(real.code, ResultCode.ERROR, JSON.stringify(real))
    assert.deepEqual([real.code, real.message, real.data], [none.code, none.message, none.data])
    const frozen = await get('20239998')
    assert.deepEqual([frozen.code, frozen.message], [none.code, none.message], 'a frozen card is not told apart either')
  })
})

/**
 * A school's card system speaking the contract of providers/campus-card/http.ts over real HTTP, with the faults of
 * the real world on demand: the debit done and its answer lost (timeout, connection reset, 502), a 503 before the
 * debit, the lookup down.
 */
type DebitFault = 'none' | 'timeout-after-debit' | 'reset-after-debit' | '502-after-debit' | '503-before-debit'
class CardSystem {
  readonly cards = new Map<string, { password: string; balanceFen: number }>([
    ['C1001', { password: '135790', balanceFen: 100_000 }],
    ['C1002', { password: '246801', balanceFen: 50_000 }],
    ['C1003', { password: '112233', balanceFen: 50_000 }],
    ['C1004', { password: '864200', balanceFen: 50_000 }]
  ])
  readonly debits = new Map<string, { tradeNo: string; amountFen: number; stuWorkNo: string; paidAt: string }>()
  readonly calls: { method: string; path: string }[] = []
  fault: DebitFault = 'none'
  lookupDown = false
  private held: ServerResponse[] = []
  private server!: Server
  url = ''

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res))
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  async stop() {
    for (const r of this.held) r.destroy()
    this.server.closeAllConnections()
    await new Promise<void>((r) => this.server.close(() => r()))
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = ''
    for await (const chunk of req) raw += chunk
    const path = new URL(req.url ?? '/', 'http://x').pathname
    this.calls.push({ method: req.method ?? '', path })
    const ts = String(req.headers['x-card-timestamp'] ?? '')
    const want = createHmac('sha256', CARD_SECRET).update(`${ts}\n${req.method}\n${path}\n${raw}`).digest()
    const got = Buffer.from(String(req.headers['x-card-signature'] ?? ''), 'hex')
    const send = (status: number, body: object = {}) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (got.length !== want.length || !timingSafeEqual(got, want)) return send(403, { error: 'signature' })
    const body = raw
      ? (JSON.parse(raw) as { stuWorkNo: string; password?: string; billNo?: string; amountFen?: number })
      : { stuWorkNo: '' }
    const card = this.cards.get(body.stuWorkNo)

    if (req.method === 'POST' && path === '/balance') {
      // the platform may look a card up without the password (it has proved it before)
      if (!card || (body.password !== undefined && body.password !== card.password)) return send(401)
      return send(200, { balanceFen: card.balanceFen })
    }
    if (req.method === 'POST' && path === '/debit') {
      if (this.fault === '503-before-debit') return send(503)
      if (!card || body.password !== card.password) return send(401)
      if (!this.debits.has(body.billNo!)) {
        if (card.balanceFen < body.amountFen!) return send(402)
        card.balanceFen -= body.amountFen!
        this.debits.set(body.billNo!, {
          tradeNo: `T${this.debits.size + 1}`,
          amountFen: body.amountFen!,
          stuWorkNo: body.stuWorkNo,
          paidAt: new Date().toISOString()
        })
      }
      if (this.fault === 'timeout-after-debit') return void this.held.push(res)
      if (this.fault === 'reset-after-debit') return void req.socket.destroy()
      if (this.fault === '502-after-debit') return send(502)
      return send(200, { tradeNo: this.debits.get(body.billNo!)!.tradeNo })
    }
    const lookup = /^\/debits\/([^/]+)$/.exec(path)
    if (req.method === 'GET' && lookup) {
      if (this.lookupDown) return send(503)
      const d = this.debits.get(decodeURIComponent(lookup[1]))
      return d ? send(200, d) : send(404)
    }
    return send(404)
  }
}

describe('2. campus card', () => {
  let hhu: number
  let itemsId: number
  const card = new CardSystem()
  before(async () => {
    await card.start()
    hhu = await schoolIdOf(app, 'hhu')
    itemsId = await projectIdOf(app, 'hhu', '河海励志奖学金')
    await app.db
      .updateTable('payment_config')
      .set({
        credentials: JSON.stringify({ mode: 'http', baseUrl: card.url, secret: 'env:T_CARD_SECRET', timeoutMs: 400 }),
        updated_at: new Date().toISOString()
      })
      .where('school_id', '=', hhu)
      .where('pay_type', '=', 9)
      .execute()
    invalidateSchoolCache()
  })
  after(async () => {
    await card.stop()
  })

  const body = (stuWorkNo: string, passwork: string, money = '100.00') =>
    demoBody(itemsId, { payType: 9, currencyMoney: money, formDataMap: { name: '张同学', mobile: '13800138000', stuWorkNo, passwork } })
  const balance = async (token: string, stuWorkNo: string, password?: string, lang?: string) =>
    (
      await call<{ balance: string }>(
        app,
        'hhu',
        Api.getCardBlance,
        password === undefined
          ? { query: { stuWorkNo }, token, headers: lang ? { lang } : {} }
          : { method: 'POST', body: { stuWorkNo, password }, token, headers: lang ? { lang } : {} }
      )
    ).body
  const cardCalls = () => card.calls.length

  it("a balance only for the donor's own proved card; one answer for an unknown card and someone else's", async () => {
    const owner = await login(app, 'hhu', 'sec-card-owner')
    const other = await login(app, 'hhu', 'sec-card-other')
    const before = cardCalls()
    const existing = await balance(other, 'C1001')
    const missing = await balance(other, 'NO-SUCH-CARD')
    assert.equal(existing.code, ResultCode.ERROR)
    assert.deepEqual([missing.code, missing.message, missing.data], [existing.code, existing.message, existing.data], 'no existence oracle')
    assert.match(existing.message, /请输入该一卡通的密码/)
    assert.equal(cardCalls(), before, 'the card system is not even asked')
    // the old query parameter is gone: a password in a URL is not read
    assert.equal(
      (await call(app, 'hhu', Api.getCardBlance, { query: { stuWorkNo: 'C1001', password: '135790' }, token: other })).body.code,
      ResultCode.ERROR
    )

    // proving the card with its password (POST body) answers the balance and remembers the card for this donor only
    assert.deepEqual((await balance(owner, 'C1001', '135790')).data, { balance: '1000.00' })
    assert.deepEqual((await balance(owner, 'C1001')).data, { balance: '1000.00' })
    assert.equal((await balance(other, 'C1001')).message, existing.message)
    // and a paid campus-card gift proves it too
    const payer = await login(app, 'hhu', 'sec-card-payer')
    const r = await donate(app, 'hhu', payer, body('C1003', '112233', '10.00'))
    assert.equal(r.body.data.data?.paid, true, JSON.stringify(r.body))
    assert.deepEqual((await balance(payer, 'C1003')).data, { balance: '490.00' })
  })

  it('wrong password and unknown card: the same answer, in both languages', async () => {
    const t = await login(app, 'hhu', 'sec-card-guesser')
    const wrong = await balance(t, 'C1002', '000000')
    const unknown = await balance(t, 'C9999', '000000')
    assert.deepEqual([wrong.code, wrong.message], [unknown.code, unknown.message])
    assert.match(wrong.message, /学号\/工号或一卡通密码错误/)
    const en = [await balance(t, 'C1002', '000001', 'en'), await balance(t, 'C9998', '000001', 'en')]
    assert.equal(en[0].message, en[1].message)
    assert.match(en[0].message, /Wrong student\/staff number or card password/)
    const d1 = await donate(app, 'hhu', t, body('C1002', '000002'))
    const d2 = await donate(app, 'hhu', t, body('C9997', '000002'))
    assert.deepEqual([d1.body.code, d1.body.message], [d2.body.code, d2.body.message])
  })

  it(`at most ${CARD_GUESS_LIMIT} password checks per card in the window, concurrent ones included; balance and donate share them`, async () => {
    const a = await login(app, 'hhu', 'sec-card-spray-a')
    const b = await login(app, 'hhu', 'sec-card-spray-b')
    const before = card.calls.filter((c) => c.path === '/balance').length
    // twenty concurrent guesses from two accounts: only the limit reaches the card system
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => balance(i % 2 ? a : b, 'C1004', String(100000 + i))))
    assert.equal(card.calls.filter((c) => c.path === '/balance').length - before, CARD_GUESS_LIMIT)
    assert.equal(answers.filter((x) => /密码错误次数过多/.test(x.message)).length, 20 - CARD_GUESS_LIMIT)
    // now even the right password is refused, by balance and by donate, and donate writes nothing
    assert.match((await balance(a, 'C1004', '864200')).message, /密码错误次数过多，请30分钟后再试/)
    const counts = await writeCounts(app)
    const d = await donate(app, 'hhu', a, body('C1004', '864200'))
    assert.match(d.body.message, /密码错误次数过多/)
    assert.deepEqual(await writeCounts(app), counts)
    // an unknown number is limited exactly the same way (no oracle)
    for (let i = 0; i < CARD_GUESS_LIMIT; i++) assert.match((await balance(a, 'C7777', `99999${i}`)).message, /密码错误/)
    assert.match((await balance(a, 'C7777', '999990')).message, /次数过多/)
    // another card is not affected; the window ends
    assert.deepEqual((await balance(b, 'C1001', '135790')).data, { balance: '1000.00' })
    clock.advance(31 * 60_000)
    assert.deepEqual((await balance(a, 'C1004', '864200')).data, { balance: '500.00' })
  })

  it('right passwords do not use up the limit', async () => {
    const t = await login(app, 'hhu', 'sec-card-regular')
    for (let i = 0; i < CARD_GUESS_LIMIT * 2; i++) assert.equal((await balance(t, 'C1001', '135790')).code, 0)
    assert.equal((await balance(t, 'C1001', '135790')).code, 0)
  })

  describe('a debit whose answer is lost is never silently cancelled', () => {
    const reconcile = (minutesAhead: number) => app.jobs.reconcileOnce(new Date(clock.now().getTime() + minutesAhead * 60_000))

    for (const fault of ['timeout-after-debit', 'reset-after-debit', '502-after-debit'] as const) {
      it(`${fault}: 'reconciling', untouched by cancel and expiry, then paid from the card system's record`, async () => {
        const t = await login(app, 'hhu', `sec-lost-${fault}`)
        card.fault = fault
        const r = await donate(app, 'hhu', t, body('C1001', '135790', '12.34'))
        card.fault = 'none'
        assert.equal(r.body.code, ResultCode.ERROR)
        assert.match(r.body.message, /确认中/)
        const row = await app.db
          .selectFrom('donation')
          .selectAll()
          .where('school_id', '=', hhu)
          .where('pay_type', '=', 9)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow()
        assert.deepEqual([row.status, row.amount_fen], ['reconciling', 1234])
        assert.ok(card.debits.has(row.bill_no), 'the card system did take the money')
        // neither the donor, a new order, nor the expiry closes it
        assert.equal(
          (await call(app, 'hhu', Api.cancel, { query: { donatePlatOrder: row.bill_no }, token: t })).body.code,
          ResultCode.ERROR
        )
        await reconcile(1)
        assert.equal((await orderRow(app, row.bill_no)).status, 'reconciling', 'not asked before two minutes')
        await reconcile(3)
        const paid = await orderRow(app, row.bill_no)
        assert.deepEqual([paid.status, paid.provider_trade_no], ['paid', card.debits.get(row.bill_no)!.tradeNo])
        const recorded = await app.db
          .selectFrom('payment_notification')
          .select(['provider', 'result', 'amount_fen'])
          .where('bill_no', '=', row.bill_no)
          .execute()
        assert.deepEqual(recorded, [{ provider: 'campus', result: 'applied', amount_fen: 1234 }])
      })
    }

    it('503 before the debit: reconciling until the card system says nothing was taken, then closed; the lookup down keeps it open past expiry', async () => {
      const t = await login(app, 'hhu', 'sec-lost-503')
      const balanceBefore = card.cards.get('C1001')!.balanceFen
      card.fault = '503-before-debit'
      const r = await donate(app, 'hhu', t, body('C1001', '135790', '20.00'))
      card.fault = 'none'
      assert.match(r.body.message, /确认中/)
      const row = await app.db
        .selectFrom('donation')
        .selectAll()
        .where('school_id', '=', hhu)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow()
      assert.equal(row.status, 'reconciling')
      card.lookupDown = true
      await reconcile(60)
      assert.equal((await orderRow(app, row.bill_no)).status, 'reconciling', 'an unanswered lookup neither pays nor expires it')
      card.lookupDown = false
      await reconcile(61)
      const closed = await orderRow(app, row.bill_no)
      assert.deepEqual([closed.status, closed.close_reason, closed.refund_review], ['cancelled', 'payment_failed', 0])
      assert.equal(card.cards.get('C1001')!.balanceFen, balanceBefore)
    })

    it('a refusal the card system did answer (402, 401) closes the order at once', async () => {
      const t = await login(app, 'hhu', 'sec-card-poor')
      const r = await donate(app, 'hhu', t, body('C1003', '112233', '900.00'))
      assert.match(r.body.message, /一卡通余额不足/)
      const row = await app.db
        .selectFrom('donation')
        .selectAll()
        .where('school_id', '=', hhu)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow()
      assert.deepEqual([row.status, row.close_reason], ['cancelled', 'provider_error'])
    })
  })
})
