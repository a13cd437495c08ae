/**
 * Peak days (docs/decisions/033-peak-day-order-limits.md): with the real default order limits, thousands of donors
 * behind one address (a campus NAT, or a proxy TRUST_PROXY does not name) are all accepted, while one donor or one
 * device is limited; past the address's challenge threshold a donor without a paid gift solves a challenge (a refusal
 * only past the address's ceiling); a proxy the server does not believe is said in the log and on the dashboard.
 *
 * The order clock is frozen in the limit tests, so every order falls in one minute's window however slow the machine.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { after, before, describe, it } from 'node:test'
import { Api, ResultCode, type DonateAnswer, type OrderChallenge } from '../../types'
import { buildApp } from '../src/app'
import { proofHolds } from '../src/domain/order/challenge'
import { DEFAULT_ORDER_RATE_LIMITS, orderRateLimits } from '../src/domain/order/rate-limit'
import { SUSPECT_AFTER } from '../src/lib/proxy-watch'
import { call, login, startApp, type TestContext } from './helpers'
import { demoBody, projectIdOf, sandboxNotify } from './order-fixtures'
import { staffCall, staffToken } from './staff-fixtures'

const SCHOOL = 'demo'
const DONORS = 2_000
const PARALLEL = 8

/** runs `fn` over 0..n-1, `width` at a time */
async function inBatches<T>(n: number, width: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n)
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) {
        const i = next++
        out[i] = await fn(i)
      }
    })
  )
  return out
}

const donateAs = (c: TestContext, token: string, itemsId: number, headers: Record<string, string> = {}) =>
  call<DonateAnswer | OrderChallenge | null>(c.app, SCHOOL, Api.donate, { method: 'POST', body: demoBody(itemsId), token, headers })

/** a counter answering the challenge, found as the app finds it (src/lib/proof-of-work.ts) */
function solve(ch: OrderChallenge['challenge']): string {
  for (let i = 0; ; i++) if (proofHolds(ch.seed, String(i), ch.bits)) return `${ch.seed}.${i}`
}
/** a counter that does not answer it */
function wrong(ch: OrderChallenge['challenge']): string {
  for (let i = 0; ; i++) if (!proofHolds(ch.seed, String(i), ch.bits)) return `${ch.seed}.${i}`
}

it('the defaults, and what follows from a raised limit', () => {
  assert.deepEqual(orderRateLimits({}), { perUser: 10, perDevice: 20, perIp: 6_000, challengeIp: 3_000, windowMs: 60_000 })
  assert.deepEqual(DEFAULT_ORDER_RATE_LIMITS, orderRateLimits({}))
  // a load test raising the donor and address limits is not stopped by the device limit or the challenge
  const raised = orderRateLimits({ ORDER_RATE_PER_USER: '1000000', ORDER_RATE_PER_IP: '1000000' })
  assert.equal(raised.perDevice, 2_000_000)
  assert.equal(raised.challengeIp, 500_000)
  // a lowered ceiling keeps the threshold (it then never asks: the ceiling refuses first)
  assert.equal(orderRateLimits({}, { perUser: 3, perIp: 5 }).challengeIp, 3_000)
  const set = orderRateLimits({ ORDER_RATE_PER_DEVICE: '7', ORDER_RATE_CHALLENGE_PER_IP: '0', ORDER_RATE_PER_IP: 'x' })
  assert.deepEqual([set.perDevice, set.challengeIp, set.perIp], [7, 0, 6_000])
})

describe('the default order limits on a giving day', () => {
  let c: TestContext
  let itemsId: number
  before(async () => {
    const frozen = new Date()
    // the real defaults, not the test builds' 100,000 (helpers.ts TEST_BUILD_DEFAULTS)
    c = await startApp({ build: { orders: { rateLimits: { ...DEFAULT_ORDER_RATE_LIMITS } }, now: () => frozen } })
    itemsId = await projectIdOf(c.app, SCHOOL, '示范大学励志奖学金')
  })
  after(async () => c.close())

  it(`${DONORS.toLocaleString('en')} different signed-in donors from one address within a minute are all accepted`, async () => {
    const tokens = await inBatches(DONORS, PARALLEL, (i) => login(c.app, SCHOOL, `openid-peak-${i}`))
    assert.equal(new Set(tokens).size, DONORS)
    // every call comes from inject's one address (127.0.0.1), each donor's app with its own device id
    const answers = await inBatches(DONORS, PARALLEL, (i) =>
      donateAs(c, tokens[i], itemsId, { device: `peak-device-${String(i).padStart(8, '0')}` })
    )
    const refused = answers.filter((a) => a.body.code !== 0)
    assert.deepEqual(
      refused.slice(0, 3).map((a) => a.body.message),
      [],
      `${refused.length} of ${DONORS} refused`
    )
    const orders = await c.app.db
      .selectFrom('donation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        'bill_no',
        'in',
        answers.map((a) => (a.body.data as DonateAnswer).orderPayRequestDTO.billNo)
      )
      .executeTakeFirstOrThrow()
    assert.equal(Number(orders.n), DONORS)
  })

  it('one donor placing 50 orders is limited after 10; another donor from the same address is not', async () => {
    const one = await login(c.app, SCHOOL, 'openid-peak-greedy')
    const answers = []
    for (let i = 0; i < 50; i++) answers.push(await donateAs(c, one, itemsId))
    assert.equal(answers.filter((a) => a.body.code === 0).length, DEFAULT_ORDER_RATE_LIMITS.perUser)
    const refused = answers.slice(DEFAULT_ORDER_RATE_LIMITS.perUser)
    assert.ok(refused.every((a) => a.status === 429 && a.body.code === ResultCode.ERROR && /过于频繁/.test(a.body.message)))
    const en = await call(c.app, SCHOOL, Api.donate, { method: 'POST', body: demoBody(itemsId), token: one, headers: { lang: 'en' } })
    assert.match(en.body.message, /Too many orders/)
    const other = await donateAs(c, await login(c.app, SCHOOL, 'openid-peak-other'), itemsId)
    assert.equal(other.body.code, 0, other.body.message)
  })

  it('one device cycling through accounts is limited after 20, whichever account it uses', async () => {
    const device = 'one-phone-with-many-accounts'
    const tokens = await Promise.all([0, 1, 2].map((i) => login(c.app, SCHOOL, `openid-peak-household-${i}`)))
    const answers = []
    for (let i = 0; i < 24; i++) answers.push(await donateAs(c, tokens[i % 3], itemsId, { device }))
    assert.equal(answers.filter((a) => a.body.code === 0).length, DEFAULT_ORDER_RATE_LIMITS.perDevice)
    assert.ok(answers.slice(DEFAULT_ORDER_RATE_LIMITS.perDevice).every((a) => a.status === 429))
    // the same accounts on another phone still have room (each has placed 8 of its 10)
    assert.equal((await donateAs(c, tokens[0], itemsId, { device: 'another-phone-entirely' })).body.code, 0)
  })
})

describe('past the address threshold: a challenge for donors without a paid gift, then the ceiling', () => {
  let c: TestContext
  let itemsId: number
  before(async () => {
    const frozen = new Date()
    c = await startApp({
      build: {
        orders: { rateLimits: { ...DEFAULT_ORDER_RATE_LIMITS, perIp: 12, challengeIp: 4 }, challengeBits: 8 },
        now: () => frozen
      }
    })
    itemsId = await projectIdOf(c.app, SCHOOL, '示范大学励志奖学金')
  })
  after(async () => c.close())

  it('new donors solve it and are accepted, donors with a paid gift pass, a solution works once for its donor', async () => {
    const challengeOf = (a: { status: number; body: { code: number; data: unknown } }) => {
      assert.equal(a.status, 429)
      assert.equal(a.body.code, ResultCode.ERROR)
      const ch = (a.body.data as OrderChallenge).challenge
      assert.match(ch.seed, /^[0-9a-f]{32}$/)
      assert.equal(ch.bits, 8)
      return ch
    }
    // 1: a donor who then pays: from now on they have history
    const held = await login(c.app, SCHOOL, 'openid-history')
    const first = await donateAs(c, held, itemsId)
    assert.equal(first.body.code, 0)
    assert.equal((await sandboxNotify(c.app, SCHOOL, (first.body.data as DonateAnswer).orderPayRequestDTO.billNo)).body.code, 0)
    // 2..4: within the threshold nobody is asked
    for (const n of [1, 2, 3]) assert.equal((await donateAs(c, await login(c.app, SCHOOL, `openid-new-${n}`), itemsId)).body.code, 0)
    // 5: past it, a new donor is asked, in the request's language
    const n4 = await login(c.app, SCHOOL, 'openid-new-4')
    const asked = await donateAs(c, n4, itemsId)
    const ch1 = challengeOf(asked)
    assert.match(asked.body.message, /安全验证/)
    // 6: a wrong answer is asked again (a new seed)
    const again = await call(c.app, SCHOOL, Api.donate, {
      method: 'POST',
      body: demoBody(itemsId),
      token: n4,
      headers: { proof: wrong(ch1), lang: 'en' }
    })
    const ch2 = challengeOf(again)
    assert.notEqual(ch2.seed, ch1.seed)
    assert.match(again.body.message, /security check/)
    // 7: the right answer is accepted
    const proof = solve(ch2)
    assert.equal((await donateAs(c, n4, itemsId, { proof })).body.code, 0)
    // 8: the same answer a second time is asked again
    challengeOf(await donateAs(c, n4, itemsId, { proof }))
    // 9: another donor cannot use a challenge issued to n4
    const n5 = await login(c.app, SCHOOL, 'openid-new-5')
    const ch5 = challengeOf(await donateAs(c, n5, itemsId, { proof: solve(ch1) }))
    // 10: the donor with a paid gift is not asked
    assert.equal((await donateAs(c, held, itemsId)).body.code, 0)
    // 11: n5 answers its own
    assert.equal((await donateAs(c, n5, itemsId, { proof: solve(ch5) })).body.code, 0)
    // 12: the last within the ceiling
    assert.equal((await donateAs(c, held, itemsId)).body.code, 0)
    // 13: past the ceiling everyone from the address is refused, history or not
    const over = await donateAs(c, held, itemsId)
    assert.equal(over.status, 429)
    assert.match(over.body.message, /过于频繁/)
    assert.equal(over.body.data, null)
  })
})

it('an origin allowed by CORS_ORIGINS may send the device id and the proof (the app sends them on every call)', async () => {
  const c = await startApp({ build: { corsOrigins: ['https://h5.example.edu.cn'] } })
  try {
    const pre = await c.app.inject({
      method: 'OPTIONS',
      url: `/api/${SCHOOL}${Api.donate}`,
      headers: {
        origin: 'https://h5.example.edu.cn',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,signature,nonce,authorization,lang,device,proof'
      }
    })
    assert.equal(pre.statusCode, 204)
    const allowed = String(pre.headers['access-control-allow-headers'])
      .split(',')
      .map((h) => h.trim())
    for (const h of ['device', 'proof']) assert.ok(allowed.includes(h), h)
  } finally {
    await c.close()
  }
})

describe('a proxy that TRUST_PROXY does not name', () => {
  const forwarded = (n: number, c: TestContext, remoteAddress = '10.0.0.7') =>
    Promise.all(
      Array.from({ length: n }, (_, i) =>
        c.app.inject({ url: '/config/index.json', remoteAddress, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } })
      )
    )
  const warnings = async (c: TestContext) => {
    const d = await staffCall(c.app, SCHOOL, 'GET', '/dashboard', { token: await staffToken(c.app, SCHOOL, ['editor']) })
    assert.equal(d.body.code, 0, d.body.message)
    return d.body.data.warnings as { kind: string; address: string; header: string; seenAt: string }[]
  }

  it('shows on the console dashboard of every school once requests keep coming through it', async () => {
    const c = await startApp({ build: { trustProxy: '' } })
    try {
      assert.deepEqual(await warnings(c), [])
      await forwarded(SUSPECT_AFTER - 1, c)
      assert.deepEqual(await warnings(c), [], 'a few stray forwarded headers are not a proxy')
      await forwarded(1, c)
      const [w] = await warnings(c)
      assert.equal(w.kind, 'proxyNotTrusted')
      assert.equal(w.address, '10.0.0.7')
      assert.equal(w.header, 'x-forwarded-for')
      // the deployment's warning, on every school's dashboard
      const other = await staffCall(c.app, 'hhu', 'GET', '/dashboard', { token: await staffToken(c.app, 'hhu', ['finance']) })
      assert.equal(other.body.data.warnings[0].address, '10.0.0.7')
    } finally {
      await c.close()
    }
  })

  it('stays quiet when TRUST_PROXY names the proxy, or when requests carry no forwarding header', async () => {
    const c = await startApp({ build: { trustProxy: '10.0.0.7' } })
    try {
      await forwarded(SUSPECT_AFTER * 2, c)
      await Promise.all(
        Array.from({ length: SUSPECT_AFTER * 2 }, () => c.app.inject({ url: '/config/index.json', remoteAddress: '10.0.0.8' }))
      )
      assert.deepEqual(await warnings(c), [])
    } finally {
      await c.close()
    }
  })

  it('says so loudly in the log: a line at start, an error at first detection, once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'uplus-peak-'))
    const lines: { level: number; msg: string; address?: string }[] = []
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l))
        cb()
      }
    })
    const app = await buildApp({
      dataDir,
      logger: { level: 'info', stream },
      seed: false,
      jobs: { autoStart: false },
      trustProxy: '',
      h5Dir: path.join(dataDir, 'none')
    })
    try {
      assert.ok(lines.some((l) => l.level === 30 && /TRUST_PROXY is unset/.test(l.msg)))
      for (let i = 0; i < SUSPECT_AFTER * 3; i++) {
        await app.inject({ url: '/config/index.json', remoteAddress: '10.0.0.9', headers: { 'x-forwarded-for': '198.51.100.4' } })
      }
      const errors = lines.filter((l) => l.level === 50 && /TRUST_PROXY does not name/.test(l.msg))
      assert.equal(errors.length, 1)
      assert.equal(errors[0].address, '10.0.0.9')
    } finally {
      await app.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
