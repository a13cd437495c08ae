/**
 * Fuzz: every registered route (route-list.ts: a route added later is fuzzed without being listed here)
 * gets malformed, oversized, wrong-typed and unicode-edge values in its query, body and path, with and without a
 * valid session. Whatever comes back: no 5xx, the process keeps answering, every envelope refusal has code -1
 * (or -997 for a missing/foreign session, -998 for checkPermission's alumni gate, both fixed by docs/product §8) and a
 * message in the request's language (every request says lang=en, so no message may contain Chinese).
 *
 * Deterministic: the values come from a seeded generator (FUZZ_SEED to replay another run); bounded: a fixed
 * number of requests per route. A failure lists each offending request so it can be replayed by hand.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { Api, ResultCode } from '../../types'
import { createStaff } from '../src/domain/staff/service'
import { rngFor, type Rng } from '../src/seed/rng'
import { login, signedHeaders, signKeyOf, startApp, type TestContext } from './helpers'
import { SCHOLARSHIP, paidGift, userIdOf } from './center-fixtures'
import { demoBody, placeOrder, projectIdOf, schoolIdOf } from './order-fixtures'
import { registeredRoutes, type RouteEntry } from './route-list'

const SEED = process.env.FUZZ_SEED ?? 'issue-8'
/** random requests per route and session state (plus every malformed body on POST routes): about 3,300 in all */
const CASES = Number(process.env.FUZZ_CASES ?? 16)

let ctx: TestContext
let app: FastifyInstance
let donorToken: string
let staffToken: string
let valid: Record<string, unknown>

before(async () => {
  // the fuzz hammers sign-in and uploads far beyond their per-minute limits; a refusal there is still checked
  ctx = await startApp({ build: { uploads: { ratePerUser: 100_000, ratePerIp: 100_000 } } })
  app = ctx.app
  donorToken = await login(app, 'demo', 'fuzz-donor')
  const scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
  const gift = await paidGift(app, 'demo', donorToken, scholarship)
  const pending = await placeOrder(app, 'demo', donorToken, demoBody(scholarship))
  const sid = await schoolIdOf(app, 'demo')
  await createStaff(app.db, sid, { username: 'fuzz-staff', password: 'staff-password-1' })
  const s = (
    await app.inject({ method: 'POST', url: '/staff-api/demo/login', payload: { username: 'fuzz-staff', password: 'staff-password-1' } })
  ).json()
  staffToken = s.data.token
  // values each field takes in a well-formed call: a case starts from some of these and spoils a few
  valid = {
    itemsId: scholarship,
    id: scholarship,
    articleId: 1,
    awardId: 1,
    userId: await userIdOf(app, 'demo', 'fuzz-donor'),
    typeId: 1,
    labelId: 1,
    categoryId: 1,
    websiteId: 1,
    limit: 10,
    offset: 0,
    s: '奖学金',
    order: '1',
    key: 'school_logo',
    parentId: '110000',
    donatePlatOrder: pending,
    payToken: 'x',
    code: 'fuzz-code',
    url: 'https://example.edu.cn/a?b=1',
    billType: '2',
    platform: 'h5',
    openId: 'fuzz-open',
    mobile: '86-13800138000',
    username: 'fuzz-staff',
    password: 'x',
    nickname: '小明',
    avatar: '/files/none.png',
    content: 'hello',
    stuWorkNo: '20230001',
    certificateWay: 1,
    donateIds: [gift.id],
    donorType: 1,
    donorName: '张三',
    creditCode: '',
    receiptType: 1,
    receiptWay: 1,
    donateRecordIds: [gift.id],
    postalEmail: 'a@example.com',
    postalAddress: '南京',
    postalContact: '张三',
    postalMobile: '86-13800138000',
    area: '86',
    payType: 1,
    itemsType: 1,
    currencyMoney: '1.00',
    donateFrom: 'U1',
    currency: 'CNY',
    isAnonymous: 0,
    isAgree: 1,
    formDataMap: { name: '张三', mobile: '86-13800138000' },
    subItemsId: null,
    donateTogetherId: null,
    isNeedPaper: 0,
    isNeedReceipt: 0,
    status: 0,
    tab: 0,
    billNo: pending,
    outcome: 'failed',
    amount: '1.00',
    kind: 'certificate',
    to: 2,
    expressCompany: 'SF',
    expressNo: 'SF123',
    seatList: [],
    bookList: [],
    namingType: 1,
    donateMaterialNumber: 1
  }
})
after(async () => {
  await ctx.close()
})

// ------------------------------------------------------------------------------------------------ values

const BIG = 'a'.repeat(100_000)
const STRINGS = [
  '',
  ' ',
  BIG,
  '\ud800',
  '\udfff',
  'a\ud800b',
  '\u202eevil\u202c',
  '\u200f\u200b\ufeff',
  '😀👩‍👩‍👧‍👦',
  'e\u0301',
  '赟喆䶮',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e300',
  '-1',
  '0',
  '-0',
  '9007199254740993',
  '99999999999999999999',
  '0x10',
  '1.5',
  '12abc',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '\u0000',
  'a\u0000b',
  '\r\n',
  '\u00a0',
  '１２',
  '__proto__',
  'constructor'
]
const NUMBERS = [0, -1, 1.5, 1e300, -1e300, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), Number.MAX_VALUE, 1e-300, 32768]

function deepObject(depth: number): unknown {
  let v: unknown = 'x'
  for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v]
  return v
}

function hostile(r: Rng): unknown {
  switch (r.int(0, 9)) {
    case 0:
    case 1:
    case 2:
      return r.pick(STRINGS)
    case 3:
    case 4:
      return r.pick(NUMBERS)
    case 5:
      return r.pick([true, false, null])
    case 6:
      return r.pick([[], [1, 2], ['a'], [null], Array.from({ length: 5000 }, (_, i) => i)])
    case 7:
      return r.pick<object>([{}, { a: 1 }, { toString: 'x' }, { length: 1e9 }])
    case 8:
      return deepObject(r.pick([40, 200]))
    default:
      return `${r.pick(STRINGS).slice(0, 40)}${r.pick(STRINGS).slice(0, 40)}`
  }
}

/** a value as query text: strings as they are, everything else as its JSON text */
const text = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))

/** A query value: arrays as repeated keys, the rest as text. */
function queryPairs(key: string, v: unknown): [string, string][] {
  if (Array.isArray(v) && v.length < 10) return v.map((x) => [key, text(x)])
  return [[key, text(v)]]
}

/** encodeURIComponent, except that lone surrogates go out as the raw (invalid UTF-8) bytes a hostile client sends */
function enc(s: string): string {
  try {
    return encodeURIComponent(s)
  } catch {
    return [...s]
      .map((c) => {
        try {
          return encodeURIComponent(c)
        } catch {
          return '%ED%A0%80'
        }
      })
      .join('')
  }
}

const RAW_BODIES: { type?: string; payload: string | Buffer }[] = [
  { type: 'application/json', payload: '[]' },
  { type: 'application/json', payload: '"text"' },
  { type: 'application/json', payload: '123' },
  { type: 'application/json', payload: 'null' },
  { type: 'application/json', payload: '{"a":' },
  { type: 'application/json', payload: '{"__proto__":{"admin":1}}' },
  { type: 'application/json', payload: '{"constructor":{"prototype":{"admin":1}}}' },
  { type: 'application/json', payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { type: 'application/json', payload: `{"s":"${'x'.repeat(1_100_000)}"}` },
  { type: 'application/json', payload: Buffer.from([0xff, 0xfe, 0x7b, 0x00]) },
  { type: 'text/plain', payload: 'hello' },
  { type: 'application/x-www-form-urlencoded', payload: 'itemsId=1&content=x' },
  { type: 'multipart/form-data; boundary=zz', payload: '--zz\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc' },
  { type: 'multipart/form-data', payload: 'garbage' },
  { payload: '{"itemsId":1}' }
]

// ------------------------------------------------------------------------------------------------ requests

interface Case {
  route: string
  session: boolean
  req: InjectOptions
}

function pathFor(r: Rng, route: RouteEntry): string {
  const param: Record<string, () => string> = {
    school: () => (r.chance(0.85) ? 'demo' : enc(r.pick(STRINGS).slice(0, 200)) || 'x'),
    kind: () => r.pick(['certificate', 'receipt', enc(r.pick(STRINGS).slice(0, 50)) || 'x']),
    id: () => (r.chance(0.5) ? '1' : enc(text(hostile(r)).slice(0, 100)) || '0'),
    provider: () => r.pick(['sandbox', 'wechatpay', 'alipay', 'thirdparty', 'campus', enc(r.pick(STRINGS).slice(0, 50)) || 'x']),
    payType: () => r.pick(['1', '2', '99999999999999999999', 'abc', '-1'])
  }
  let p = route.path.replace(/:(\w+)/g, (_, name: string) => (param[name] ?? (() => 'x'))())
  if (p === '*' || p.endsWith('*')) p = p.replace(/\*$/, enc(r.pick(STRINGS).slice(0, 60)))
  return p.startsWith('/') ? p : `/${p}`
}

async function makeCase(r: Rng, route: RouteEntry, session: boolean, raw?: (typeof RAW_BODIES)[number]): Promise<Case> {
  const fields = Object.keys(valid)
  const values: Record<string, unknown> = {}
  for (const f of fields) if (r.chance(0.35)) values[f] = valid[f]
  for (let i = r.int(1, 3); i > 0; i--)
    values[r.chance(0.9) ? r.pick(fields) : r.pick(['junk', 'a.b', '__proto__', '😀', 'x'.repeat(300)])] = hostile(r)

  const path = pathFor(r, route)
  const headers: Record<string, string> = { lang: 'en' }
  if (path.startsWith('/api/')) {
    const school = path.split('/')[2] ?? ''
    if (school === 'demo' || school === 'hhu') Object.assign(headers, signedHeaders(await signKeyOf(app, school)))
  }
  if (session) headers.authorization = path.startsWith('/staff-api/') ? `Staff ${staffToken}` : donorToken

  const method = route.method === 'OPTIONS' ? 'OPTIONS' : route.method
  const query: [string, string][] = [['lang', 'en']]
  const inBody = method === 'POST' && (raw !== undefined || r.chance(0.85))
  if (!inBody) for (const [k, v] of Object.entries(values)) query.push(...queryPairs(k, v))
  const url = `${path}?${query.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')}`
  const req: InjectOptions = { method: method as InjectOptions['method'], url, headers }
  if (method === 'OPTIONS') headers.origin = 'https://evil.example'
  if (inBody) {
    if (raw) {
      if (raw.type) headers['content-type'] = raw.type
      req.payload = raw.payload
    } else {
      headers['content-type'] = 'application/json'
      req.payload = JSON.stringify(values)
    }
  }
  return { route: route.key, session, req }
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/
const ALLOWED_CODES = new Set<number>([ResultCode.OK, ResultCode.ERROR, ResultCode.TOKEN_INVALID, ResultCode.NOT_REGISTERED])

/** What is wrong with an answer, or null. */
function problem(res: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode}: ${res.body.slice(0, 200)}`
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) return null
  let body: { code?: unknown; message?: unknown }
  try {
    body = JSON.parse(res.body)
  } catch {
    return `JSON content type, unparsable body: ${res.body.slice(0, 100)}`
  }
  if (typeof body !== 'object' || body === null || !('code' in body)) return null // raw JSON (config/*.json, provider acks)
  if (!ALLOWED_CODES.has(body.code as number)) return `code ${String(body.code)}`
  if (res.statusCode >= 400 && body.code !== ResultCode.ERROR) return `HTTP ${res.statusCode} with code ${String(body.code)}`
  if (body.code !== ResultCode.OK && (typeof body.message !== 'string' || !body.message)) return 'refusal without a message'
  if (typeof body.message === 'string' && CJK.test(body.message)) return `message not in English: ${body.message.slice(0, 120)}`
  return null
}

const describeReq = (c: Case) => {
  const p = c.req.payload
  const payload = p === undefined ? '' : ` body=${(Buffer.isBuffer(p) ? `<${p.length} bytes>` : String(p)).slice(0, 160)}`
  return `${c.route} [${c.session ? 'session' : 'no session'}] ${String(c.req.method)} ${String(c.req.url).slice(0, 200)}${payload}`
}

describe(`fuzz (seed ${SEED})`, () => {
  it('no 5xx, no crash, code -1 and an English message on every refusal, on every route', async (t) => {
    const routes = await registeredRoutes(app)
    const r = rngFor(SEED)
    const findings: string[] = []
    let sent = 0
    for (const route of routes) {
      for (const session of [false, true]) {
        // every malformed body once on every POST route, then random values
        const raws = route.method === 'POST' ? RAW_BODIES : []
        for (let i = 0; i < raws.length + CASES; i++) {
          const c = await makeCase(r, route, session, raws[i])
          let res
          try {
            res = await app.inject(c.req)
          } catch (err) {
            findings.push(`${describeReq(c)}\n    inject threw: ${(err as Error).message}`)
            continue
          }
          sent++
          const p = problem({ statusCode: res.statusCode, headers: res.headers, body: res.body })
          if (p) findings.push(`${describeReq(c)}\n    ${p}`)
        }
      }
    }
    t.diagnostic(`${sent} requests over ${routes.length} routes`)
    assert.ok(sent >= routes.length * CASES, `sent ${sent}`)
    assert.equal(findings.length, 0, `${findings.length} findings (seed ${SEED}), the first 40:\n${findings.slice(0, 40).join('\n')}`)
    // still serving, and still serving the right thing
    const probe = await app.inject({ url: `/api/demo${Api.typeList}`, headers: signedHeaders(await signKeyOf(app, 'demo')) })
    assert.deepEqual([probe.statusCode, probe.json().code], [200, 0])
  })
})
