/**
 * Security of identity: the signed middle-school hand-off (freshness, replay, the school's sandbox switch), donor
 * and staff password guessing (back-off per account at one IP and per IP, nobody can lock someone else out,
 * successful sign-ins not counted), the staff API's own CORS policy, add-school's production defaults and README's
 * example command, masked donor names in the directory search, and the per-user message limit.
 *
 * Run: npx tsx --test server/test/security-identity.test.ts (add DATABASE_URL=postgres://… for PostgreSQL)
 */
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, ResultCode, type DonationRecord, type Page } from '../../types'
import { ADD_SCHOOL_USAGE, parseAddSchoolArgs } from '../src/cli/add-school'
import { handoffSignature } from '../src/domain/identity/middle'
import { setDonorPassword, sha256Hex } from '../src/domain/identity/service'
import { loginSettings, saveLoginSettings } from '../src/domain/identity/settings'
import { MESSAGE_RATE } from '../src/domain/message/service'
import { createStaff } from '../src/domain/staff/service'
import { staffOrigins } from '../src/routes/staff'
import { call, login, signedHeaders, signKeyOf, startApp, type TestContext } from './helpers'
import { testClock } from './center-fixtures'
import { schoolIdOf } from './order-fixtures'

const ROOT = path.resolve(__dirname, '..', '..')
const HHU_SECRET = 'hhu-middle-secret-0123456789abcdef'
const CONSOLE = 'https://console.example.edu.cn'
const clock = testClock()
let ctx: TestContext
let app: FastifyInstance

before(async () => {
  ctx = await startApp({
    build: {
      identity: {
        now: clock.now,
        env: { HHU_MIDDLE_SECRET: HHU_SECRET, SECRET_ENV_ALLOW: 'HHU_MIDDLE_SECRET', STAFF_ORIGINS: `${CONSOLE}, not-an-origin` }
      }
    }
  })
  app = ctx.app
})
after(async () => {
  await ctx.close()
})

/** A signed POST to the donor API from a chosen client IP. */
async function post<T = any>(school: string, apiPath: string, body: unknown, opts: { ip?: string; lang?: string; token?: string } = {}) {
  const headers: Record<string, string> = { ...signedHeaders(await signKeyOf(app, school)), 'content-type': 'application/json' }
  if (opts.lang) headers.lang = opts.lang
  if (opts.token) headers.authorization = opts.token
  const res = await app.inject({
    method: 'POST',
    url: `/api/${school}${apiPath}`,
    headers,
    payload: JSON.stringify(body),
    remoteAddress: opts.ip ?? '10.9.0.1'
  })
  return res.json() as { code: number; message: string; data: T }
}

async function configureMiddle(school: string, secret: string) {
  await app.db
    .insertInto('oauth_config')
    .values({
      school_id: await schoolIdOf(app, school),
      platform: 'middle',
      app_id: 'issuer',
      credentials: JSON.stringify({ secret }),
      api_base: '',
      enabled: 1,
      updated_at: new Date().toISOString()
    })
    .execute()
}

const nowS = () => Math.floor(clock.now().getTime() / 1000)
const handoff = (openId: string, timestamp = nowS(), secret = HHU_SECRET) => ({
  openId,
  timestamp,
  signature: handoffSignature(secret, openId, timestamp)
})
const userOf = (token: string, school: string) =>
  app.db
    .selectFrom('session')
    .innerJoin('app_user', 'app_user.id', 'session.user_id')
    .innerJoin('school', 'school.id', 'session.school_id')
    .select(['app_user.source', 'app_user.open_id'])
    .where('school.code', '=', school)
    .where('session.token_hash', '=', sha256Hex(token))
    .executeTakeFirstOrThrow()

describe('middle-school hand-off (middle/auth)', () => {
  before(async () => {
    await configureMiddle('hhu', 'env:HHU_MIDDLE_SECRET')
    await configureMiddle('fzu', 'env:FZU_MIDDLE_SECRET_NOT_SET')
  })

  it('refuses an unsigned openId where the school switched the sandbox off (it used to sign anyone in)', async () => {
    await saveLoginSettings(app.db, await schoolIdOf(app, 'cpu'), { sandboxLogin: false })
    const r = await post('cpu', Api.middleAuth, { openId: 'victim-openid' })
    assert.equal(r.code, ResultCode.ERROR)
    assert.equal(r.message, '当前平台暂未开通登录')
    assert.equal(await app.db.selectFrom('app_user').select('id').where('open_id', '=', 'victim-openid').executeTakeFirst(), undefined)
  })

  it('where the sandbox is on and no issuer is configured, the openId is a sandbox identity, never a middle one', async () => {
    const r = await post('demo', Api.middleAuth, { openId: 'mp-sandbox-1' })
    assert.equal(r.code, 0, r.message)
    assert.deepEqual(await userOf(r.data.token, 'demo'), { source: 'sandbox', open_id: 'mp-sandbox-1' })
    // the same user getAuthToken's sandbox code signs in
    const viaCode = await login(app, 'demo', 'mp-sandbox-1')
    assert.deepEqual(await userOf(viaCode, 'demo'), { source: 'sandbox', open_id: 'mp-sandbox-1' })
  })

  it('with an issuer secret: unsigned or wrongly signed hand-offs are refused, in the request language', async () => {
    const unsigned = await post('hhu', Api.middleAuth, { openId: 'hhu-student-1' }, { lang: 'en' })
    assert.equal(unsigned.code, ResultCode.ERROR)
    assert.equal(unsigned.message, 'Invalid sign-in link, please open the page from the mini-program again')
    const forged = await post('hhu', Api.middleAuth, handoff('hhu-student-1', nowS(), 'a-guessed-secret-of-some-length'))
    assert.equal(forged.message, '登录链接无效，请从小程序重新进入')
    // a genuine signature for another openId does not carry over
    const other = handoff('hhu-student-2')
    assert.equal((await post('hhu', Api.middleAuth, { ...other, openId: 'hhu-student-1' })).code, ResultCode.ERROR)
  })

  it('a genuine hand-off signs in the middle identity once; a replay and a stale one are refused', async () => {
    const body = handoff('hhu-student-3')
    const r = await post('hhu', Api.middleAuth, body)
    assert.equal(r.code, 0, r.message)
    assert.deepEqual(await userOf(r.data.token, 'hhu'), { source: 'middle', open_id: 'hhu-student-3' })
    const replay = await post('hhu', Api.middleAuth, body, { ip: '10.9.9.9' })
    assert.equal(replay.code, ResultCode.ERROR)
    assert.equal(replay.message, '登录链接已使用，请从小程序重新进入')
    const stale = await post('hhu', Api.middleAuth, handoff('hhu-student-3', nowS() - 301))
    assert.equal(stale.message, '登录链接已过期，请从小程序重新进入')
    const future = await post('hhu', Api.middleAuth, handoff('hhu-student-3', nowS() + 301))
    assert.equal(future.message, '登录链接已过期，请从小程序重新进入')
    assert.equal((await post('hhu', Api.middleAuth, handoff('hhu-student-3', nowS() - 299))).code, 0)
  })

  it('a secret named as env:NAME that is not set refuses rather than falling back to the sandbox', async () => {
    const r = await post('fzu', Api.middleAuth, { openId: 'fzu-1' })
    assert.equal(r.code, ResultCode.ERROR)
    assert.equal(r.message, '登录失败，请重试')
  })
})

describe('donor password guessing', () => {
  before(async () => {
    await setDonorPassword(app.db, await schoolIdOf(app, 'demo'), { username: 'guarded.donor', clientHash: sha256Hex('right-one') })
  })
  const pass = (password: string, ip: string, lang?: string) =>
    post<{ isRegister: number; token?: string }>(
      'demo',
      Api.passLogin,
      { username: 'guarded.donor', password: sha256Hex(password) },
      { ip, lang }
    )

  it('strangers guessing from other IPs cannot lock the donor out; the guesser waits with back-off', async () => {
    // 15 wrong guesses at the account from three IPs (the old per-account limit locked it after 10)
    for (const ip of ['10.20.0.1', '10.20.0.2', '10.20.0.3']) {
      for (let i = 0; i < 5; i++) assert.equal((await pass('wrong', ip)).message, '账号或密码错误')
    }
    const own = await pass('right-one', '10.20.0.9')
    assert.equal(own.code, 0, own.message)
    assert.equal(own.data.isRegister, 1)
    // the guesser's sixth try waits 30 s, even with the right password, and says so in its language
    const waiting = await pass('right-one', '10.20.0.1', 'en')
    assert.equal(waiting.code, ResultCode.ERROR)
    assert.equal(waiting.message, 'Too many attempts, please try again in 30 seconds')
    clock.advance(31_000)
    assert.equal((await pass('wrong', '10.20.0.1')).message, '账号或密码错误')
    // the next wait doubles
    assert.equal((await pass('wrong', '10.20.0.1')).message, '尝试次数过多，请60秒后再试')
  })

  it('successful sign-ins are not counted', async () => {
    for (let i = 0; i < 15; i++) {
      const r = await pass('right-one', '10.20.1.1')
      assert.equal(r.code, 0, `sign-in ${i + 1}: ${r.message}`)
    }
    // and a typo after them still gets the plain answer
    assert.equal((await pass('wrong', '10.20.1.1')).message, '账号或密码错误')
  })
})

describe('staff sign-in guessing', () => {
  const staffLogin = async (username: string, password: string, ip: string, lang?: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/staff-api/demo/login',
      remoteAddress: ip,
      headers: lang ? { lang } : {},
      payload: { username, password }
    })
    return res.json() as { code: number; message: string; data: { token: string } }
  }
  before(async () => {
    await createStaff(app.db, await schoolIdOf(app, 'demo'), { username: 'guard.staff', password: 'staff-password-9' })
  })

  it('five wrong passwords from one IP make that IP wait for that account; the member of staff elsewhere signs in', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await staffLogin('guard.staff', 'nope', '10.30.0.1')).message, '账号或密码错误')
    const blocked = await staffLogin('guard.staff', 'staff-password-9', '10.30.0.1')
    assert.equal(blocked.code, ResultCode.ERROR)
    assert.match(blocked.message, /^尝试次数过多，请60秒后再试$/)
    const elsewhere = await staffLogin('guard.staff', 'staff-password-9', '10.30.0.2')
    assert.equal(elsewhere.code, 0, elsewhere.message)
    assert.ok(elsewhere.data.token)
  })

  it('one IP trying many names waits too (unknown names count the same as known ones)', async () => {
    for (let i = 0; i < 10; i++) assert.equal((await staffLogin(`someone${i}`, 'nope', '10.30.1.1')).code, ResultCode.ERROR)
    const r = await staffLogin('guard.staff', 'staff-password-9', '10.30.1.1', 'en')
    assert.equal(r.message, 'Too many attempts, please try again in 60 seconds')
    assert.equal((await staffLogin('guard.staff', 'staff-password-9', '10.30.1.2')).code, 0)
  })
})

describe('staff API CORS', () => {
  const preflight = (origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/staff-api/demo/login',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' }
    })

  it('answers no other origin: no CORS headers on a preflight or a request', async () => {
    const pre = await preflight('https://evil.example')
    assert.equal(pre.headers['access-control-allow-origin'], undefined)
    assert.notEqual(pre.statusCode, 204)
    const res = await app.inject({
      method: 'POST',
      url: '/staff-api/demo/login',
      headers: { origin: 'https://evil.example' },
      payload: { username: 'x', password: 'y' }
    })
    assert.equal(res.headers['access-control-allow-origin'], undefined)
  })

  it('answers the origins of STAFF_ORIGINS', async () => {
    const pre = await preflight(CONSOLE)
    assert.equal(pre.statusCode, 204)
    assert.equal(pre.headers['access-control-allow-origin'], CONSOLE)
    assert.match(String(pre.headers['access-control-allow-headers']), /authorization/)
    const res = await app.inject({ method: 'GET', url: '/staff-api/demo/applications?kind=certificate', headers: { origin: CONSOLE } })
    assert.equal(res.headers['access-control-allow-origin'], CONSOLE)
  })

  it('none by default; only exact http(s) origins are taken from STAFF_ORIGINS', () => {
    assert.equal(staffOrigins(undefined).size, 0)
    assert.equal(staffOrigins('').size, 0)
    assert.deepEqual(
      [...staffOrigins(`${CONSOLE}/, *, https://a.example/path, ftp://b.example, http://c.example:8080`)],
      [CONSOLE, 'http://c.example:8080']
    )
  })
})

describe('add-school', () => {
  it("runs README's example as written: a production school with sandbox sign-in and payments off", async () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8')
    const section = readme.split(/^## /m).find((s) => s.startsWith('Add a school'))
    assert.ok(section, 'README.md has an "Add a school" section')
    const command = /^npx tsx server\/src\/cli\/add-school\.ts .*$/m.exec(section)?.[0]
    assert.ok(command, 'the section gives the add-school command')
    const { stdout } = await promisify(execFile)('sh', ['-c', command], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: ctx.dataDir, DATABASE_URL: ctx.databaseUrl ?? '' }
    })
    assert.match(stdout, /added school abc/)
    const school = await app.db.selectFrom('school').selectAll().where('code', '=', 'abc').executeTakeFirstOrThrow()
    assert.equal(school.name, '某某大学教育发展基金会')
    assert.equal(school.module_name, '某某大学校友捐赠')
    assert.equal(school.theme_color, '#0b5394')
    assert.match(school.sign_key, /^[A-Za-z0-9]{16}$/)
    const setting = await app.db
      .selectFrom('school_setting')
      .select('sandbox_enabled')
      .where('school_id', '=', school.id)
      .executeTakeFirstOrThrow()
    assert.equal(Number(setting.sandbox_enabled), 0)
    assert.equal((await loginSettings(app.db, school.id)).sandboxLogin, false)
    // and the server holds to it: neither a sandbox code nor an unsigned hand-off signs anyone in
    const code = await call(app, 'abc', Api.getAuthToken, { query: { code: 'anyone' } })
    assert.equal(code.body.code, ResultCode.ERROR)
    assert.equal((await post('abc', Api.middleAuth, { openId: 'anyone' })).code, ResultCode.ERROR)
  })

  it("knows README's spellings, --help and --sandbox", () => {
    assert.deepEqual(parseAddSchoolArgs(['--help']), { help: true })
    for (const flag of ['--module', '--module-name', '--color', '--theme-color', '--sandbox'])
      assert.ok(ADD_SCHOOL_USAGE.includes(flag), flag)
    const short = parseAddSchoolArgs(['--code', 'xy', '--name', 'N', '--module', 'M', '--color', '#0b5394'])
    const long = parseAddSchoolArgs(['--code', 'xy', '--name', 'N', '--module-name', 'M', '--theme-color', '#0b5394'])
    assert.deepEqual(short, long)
    assert.ok(!short.help && short.school.moduleName === 'M' && short.school.themeColor === '#0b5394' && short.school.sandbox === false)
    const trial = parseAddSchoolArgs(['--code', 'xy', '--name', 'N', '--sandbox'])
    assert.ok(!trial.help && trial.school.sandbox === true)
    assert.throws(() => parseAddSchoolArgs(['--code', 'xy', '--name', 'N', '--color', 'red']), /theme-color/)
  })

  it('the demo schools keep their sandbox on', async () => {
    for (const code of ['demo', 'hhu', 'fzu']) {
      const id = await schoolIdOf(app, code)
      const s = await app.db.selectFrom('school_setting').select('sandbox_enabled').where('school_id', '=', id).executeTakeFirstOrThrow()
      assert.equal(Number(s.sandbox_enabled), 1, code)
      assert.equal((await loginSettings(app.db, id)).sandboxLogin, true, code)
    }
  })
})

describe('directory search at a school that masks names (cpu)', () => {
  const search = async (s: string) =>
    (await call<Page<DonationRecord>>(app, 'cpu', Api.donateRecordPage, { query: { s, limit: 500 } })).body.data
  let rareId = 0
  before(async () => {
    rareId = (
      await app.db
        .selectFrom('donation')
        .innerJoin('school', 'school.id', 'donation.school_id')
        .select('donation.id')
        .where('school.code', '=', 'cpu')
        .where('donation.donor_name', '=', '赟喆䶮')
        .where('donation.status', '=', 'paid')
        .executeTakeFirstOrThrow()
    ).id
  })

  it('the hidden part of a name finds nothing (it used to find the donor)', async () => {
    assert.equal(
      (await search('赟喆䶮')).rows.some((r) => r.id === rareId),
      false
    )
    assert.equal(
      (await search('喆')).rows.some((r) => r.id === rareId),
      false
    )
    assert.equal(
      (await search('赟喆')).rows.some((r) => r.id === rareId),
      false
    )
  })

  it('what is shown finds the donor: the first character, with or without the asterisks', async () => {
    for (const s of ['赟', '赟*', '赟**']) {
      const page = await search(s)
      assert.ok(
        page.rows.some((r) => r.id === rareId && r.name === '赟**'),
        s
      )
      assert.ok(
        page.rows.every((r) => r.name.startsWith('赟') || r.itemsName.includes(s)),
        s
      )
    }
  })

  it('schools that do not mask still search the whole name', async () => {
    const demo = (await call<Page<DonationRecord>>(app, 'demo', Api.donateRecordPage, { query: { s: '喆䶮' } })).body.data
    assert.ok(demo.rows.some((r) => r.name === '赟喆䶮'))
  })
})

describe('messages per user', () => {
  let itemsId = 0
  before(async () => {
    const p = await app.db
      .selectFrom('project')
      .select('id')
      .where('school_id', '=', await schoolIdOf(app, 'demo'))
      .where('is_leave_message', '=', 1)
      .where('is_audit_message', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    itemsId = p.id
  })
  const leave = (token: string, content: string, lang?: string) => post('demo', Api.insertLeaveword, { itemsId, content }, { token, lang })

  it(`${MESSAGE_RATE.burst} in ${MESSAGE_RATE.burstMs / 60_000} minutes, then a clear -1 in the request language; others unaffected`, async () => {
    const token = await login(app, 'demo', 'chatty-donor')
    for (let i = 0; i < MESSAGE_RATE.burst; i++) assert.equal((await leave(token, `留言 ${i}`)).code, 0)
    const zh = await leave(token, 'one more')
    assert.equal(zh.code, ResultCode.ERROR)
    assert.equal(zh.message, '留言过于频繁，请10分钟后再试')
    const en = await leave(token, 'one more', 'en')
    assert.equal(en.message, 'You are leaving messages too often, please try again in 10 minutes')
    assert.equal((await leave(await login(app, 'demo', 'quiet-donor'), 'hello')).code, 0)
    // once the messages are older than the window, the donor may write again
    const userId = (await app.db.selectFrom('app_user').select('id').where('open_id', '=', 'chatty-donor').executeTakeFirstOrThrow()).id
    await app.db
      .updateTable('leave_message')
      .set({ created_at: new Date(Date.now() - MESSAGE_RATE.burstMs - 60_000).toISOString() })
      .where('user_id', '=', userId)
      .execute()
    assert.equal((await leave(token, 'later')).code, 0)
  })

  it(`${MESSAGE_RATE.daily} a day`, async () => {
    const token = await login(app, 'demo', 'daily-donor')
    const userId = (await app.db.selectFrom('app_user').select('id').where('open_id', '=', 'daily-donor').executeTakeFirstOrThrow()).id
    const schoolId = await schoolIdOf(app, 'demo')
    // spread over the day, each older than the burst window: only the daily limit can refuse
    const earlier = new Date(Date.now() - 3 * 3600_000).toISOString()
    await app.db
      .insertInto('leave_message')
      .values(
        Array.from({ length: MESSAGE_RATE.daily }, (_, i) => ({
          school_id: schoolId,
          items_id: itemsId,
          user_id: userId,
          content: `m${i}`,
          status: 'visible' as const,
          reply_content: '',
          created_at: earlier
        }))
      )
      .execute()
    const r = await leave(token, 'too many today', 'en')
    assert.equal(r.code, ResultCode.ERROR)
    assert.equal(r.message, "You have reached today's message limit, please try again tomorrow")
  })
})
