/**
 * Limits that must hold when requests arrive together (docs/decisions/030-counted-limits-and-donor-text.md): SMS code
 * guesses (at most 5 compared, however many run in parallel), messages per donor, joint-donation launches per donor,
 * agreement generation (per donor, per address, the disk floor, render slots), and the last enabled admin of a
 * school, who can be neither demoted nor disabled, not even by two admins acting on each other at once.
 *
 * Run: npx tsx --test server/test/security-races.test.ts (add DATABASE_URL=postgres://… for PostgreSQL)
 */
import assert from 'node:assert/strict'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, ResultCode, SMS_LIMITS } from '../../types'
import { RenderSlots } from '../src/domain/agreement/limits'
import { updateAccount } from '../src/domain/staff/admin'
import type { AppError } from '../src/errors'
import { MESSAGE_RATE } from '../src/domain/message/service'
import { LAUNCH_LIMITS } from '../src/domain/together/service'
import { login, signedHeaders, signKeyOf, startApp, type TestContext } from './helpers'
import { AVENUE, recordingSms, testClock } from './center-fixtures'
import { projectIdOf, schoolIdOf } from './order-fixtures'
import { staffCall, staffLogin } from './staff-fixtures'

const clock = testClock()
const sms = recordingSms()
/** the per-address window of agreement generation in this app (default 100: too many renders for a test) */
const AGREEMENT_PER_IP = 8
let ctx: TestContext
let app: FastifyInstance

before(async () => {
  ctx = await startApp({ build: { identity: { now: clock.now, sms }, agreements: { perIp: AGREEMENT_PER_IP } } })
  app = ctx.app
})
after(async () => {
  await ctx.close()
})

type Answer<T = any> = { code: number; message: string; data: T }

/** A signed POST to the donor API from a chosen client address. */
async function post<T = any>(apiPath: string, body: unknown, opts: { ip?: string; token?: string; lang?: string; school?: string } = {}) {
  const school = opts.school ?? 'demo'
  const headers: Record<string, string> = { ...signedHeaders(await signKeyOf(app, school)), 'content-type': 'application/json' }
  if (opts.token) headers.authorization = opts.token
  if (opts.lang) headers.lang = opts.lang
  const res = await app.inject({
    method: 'POST',
    url: `/api/${school}${apiPath}`,
    headers,
    payload: JSON.stringify(body),
    remoteAddress: opts.ip ?? '10.40.0.1'
  })
  return res.json() as Answer<T>
}

let ipSeq = 0
const freshIp = () => `10.41.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`
const userIdOf = async (openId: string) =>
  Number((await app.db.selectFrom('app_user').select('id').where('open_id', '=', openId).executeTakeFirstOrThrow()).id)

describe('SMS code guesses in parallel', () => {
  it('25 parallel wrong guesses: at most 5 are compared, and the right code afterwards is refused', async () => {
    const mobile = '86-13600000901'
    assert.equal((await post(Api.getSmsCode, { mobile }, { ip: freshIp() })).code, 0)
    const code = sms.last(mobile)
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')
    const rs = await Promise.all(Array.from({ length: 25 }, (_, i) => post(Api.mobileLogin, { mobile, code: wrong(i) }, { ip: freshIp() })))
    assert.ok(rs.every((r) => r.code === ResultCode.ERROR))
    const row = await app.db.selectFrom('sms_code').select(['attempts', 'used_at']).where('mobile', '=', mobile).executeTakeFirstOrThrow()
    // every guess that was compared took an attempt first: the stored count is the number compared
    assert.equal(row.attempts, SMS_LIMITS.MAX_ATTEMPTS)
    const right = await post(Api.mobileLogin, { mobile, code }, { ip: freshIp() })
    assert.equal(right.code, ResultCode.ERROR, 'the code is burnt')
    assert.equal(right.message, '验证码错误或已失效')
  })

  it('4 wrong guesses, then the right one still signs in (the right guess is the fifth)', async () => {
    const mobile = '86-13600000902'
    clock.advance(61_000)
    assert.equal((await post(Api.getSmsCode, { mobile }, { ip: freshIp() })).code, 0)
    const code = sms.last(mobile)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < SMS_LIMITS.MAX_ATTEMPTS - 1; i++) assert.equal((await post(Api.mobileLogin, { mobile, code: wrong })).code, -1)
    const r = await post(Api.mobileLogin, { mobile, code }, { ip: freshIp() })
    assert.equal(r.code, 0, r.message)
  })
})

describe('messages in parallel', () => {
  it(`15 parallel posts of one donor: exactly ${MESSAGE_RATE.burst} accepted`, async () => {
    const p = await app.db
      .selectFrom('project')
      .select('id')
      .where('school_id', '=', await schoolIdOf(app, 'demo'))
      .where('is_leave_message', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const token = await login(app, 'demo', 'race-messenger')
    const rs = await Promise.all(
      Array.from({ length: 15 }, (_, i) => post(Api.insertLeaveword, { itemsId: p.id, content: `留言 ${i}` }, { token, lang: 'en' }))
    )
    assert.equal(rs.filter((r) => r.code === 0).length, MESSAGE_RATE.burst)
    const refused = rs.filter((r) => r.code !== 0)
    assert.ok(
      refused.every((r) => r.message === 'You are leaving messages too often, please try again in 10 minutes'),
      refused[0]?.message
    )
    const stored = await app.db
      .selectFrom('leave_message')
      .select('id')
      .where('user_id', '=', await userIdOf('race-messenger'))
      .execute()
    assert.equal(stored.length, MESSAGE_RATE.burst)
  })
})

describe('joint-donation launches', () => {
  let avenue = 0
  before(async () => {
    avenue = await projectIdOf(app, 'demo', AVENUE)
  })
  const launch = (token: string, lang?: string) =>
    post<number>(
      Api.insertTogether,
      { itemsId: avenue, sponsor: '王同学', slogan: '一起为母校种树', targetMoney: '1000.00' },
      { token, lang }
    )

  it(`10 parallel launches: ${LAUNCH_LIMITS.open} open at most; a cancelled one frees a place`, async () => {
    const token = await login(app, 'demo', 'race-launcher')
    const rs = await Promise.all(Array.from({ length: 10 }, () => launch(token, 'en')))
    const ok = rs.filter((r) => r.code === 0)
    assert.equal(ok.length, LAUNCH_LIMITS.open)
    assert.equal(
      rs.find((r) => r.code !== 0)?.message,
      `You already have ${LAUNCH_LIMITS.open} joint donations without a gift yet; share or cancel one before launching another`
    )
    const zh = await launch(token)
    assert.equal(zh.message, `您已有${LAUNCH_LIMITS.open}个尚未收到捐赠的一起捐，请先分享或取消后再发起`)
    const userId = await userIdOf('race-launcher')
    const rows = await app.db.selectFrom('together_donation').select('id').where('user_id', '=', userId).execute()
    assert.equal(rows.length, LAUNCH_LIMITS.open)
    // cancelling one frees its place
    const del = await app.inject({
      method: 'GET',
      url: `/api/demo${Api.togetherDelete}?id=${ok[0].data}`,
      headers: { ...signedHeaders(await signKeyOf(app, 'demo')), authorization: token }
    })
    assert.equal(del.json().code, 0, del.body)
    assert.equal((await launch(token)).code, 0)
  })

  it(`${LAUNCH_LIMITS.daily} launches in 24 hours, cancelled ones included`, async () => {
    const token = await login(app, 'demo', 'race-launcher-daily')
    const userId = await userIdOf('race-launcher-daily')
    const schoolId = await schoolIdOf(app, 'demo')
    await app.db
      .insertInto('together_donation')
      .values(
        Array.from({ length: LAUNCH_LIMITS.daily }, () => ({
          school_id: schoolId,
          items_id: avenue,
          user_id: userId,
          sponsor: '王同学',
          avatar: '',
          slogan: '一起',
          is_target: 0,
          target_fen: 0,
          status: 'cancelled',
          gift_count: 0,
          created_at: new Date(Date.now() - 3600_000).toISOString(),
          cancelled_at: new Date().toISOString()
        }))
      )
      .execute()
    const r = await launch(token, 'en')
    assert.equal(r.code, ResultCode.ERROR)
    assert.equal(r.message, `You have launched ${LAUNCH_LIMITS.daily} joint donations today, please try again tomorrow`)
    // a day later the window has moved on
    await app.db
      .updateTable('together_donation')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('user_id', '=', userId)
      .execute()
    assert.equal((await launch(token)).code, 0)
  })
})

describe('agreement generation', () => {
  const person = (i: number) => ({ name: `签约人${i}`, mobile: '13800138000', donationAmount: '2000' })
  const generate = (token: string, i: number, ip = freshIp(), lang?: string) =>
    post<string>(Api.hhuAgreementGeneration, person(i), { token, ip, lang })
  const agreementsOf = async (openId: string) =>
    (
      await app.db
        .selectFrom('agreement')
        .select('id')
        .where('user_id', '=', await userIdOf(openId))
        .execute()
    ).length

  it('15 parallel generations of one donor from different addresses: 6 rendered, the rest refused', async () => {
    const token = await login(app, 'demo', 'race-signer')
    const rs = await Promise.all(Array.from({ length: 15 }, (_, i) => generate(token, i, freshIp(), 'en')))
    assert.equal(rs.filter((r) => r.code === 0).length, 6)
    assert.ok(rs.filter((r) => r.code !== 0).every((r) => r.message === 'Too many agreements generated, please try again later'))
    assert.equal(await agreementsOf('race-signer'), 6)
  })

  it(`per address: ${AGREEMENT_PER_IP} in the window from one address, whoever the donors are`, async () => {
    const tokens = await Promise.all(Array.from({ length: 12 }, (_, i) => login(app, 'demo', `race-neighbour-${i}`)))
    const rs = await Promise.all(tokens.map((t, i) => generate(t, i, '10.42.0.1')))
    assert.equal(rs.filter((r) => r.code === 0).length, AGREEMENT_PER_IP)
    assert.equal(rs.find((r) => r.code !== 0)?.message, '生成协议过于频繁，请稍后再试')
    // another address is not affected
    assert.equal((await generate(await login(app, 'demo', 'race-elsewhere'), 0, '10.42.0.2')).code, 0)
  })

  it('below the disk floor: refused with nothing written', async () => {
    const token = await login(app, 'demo', 'race-disk')
    const floor = app.uploads.policy.minFreeBytes
    const folders = () => readdirSync(path.join(ctx.dataDir, 'files', 'agreements', 'demo')).length
    const before = folders()
    app.uploads.policy.minFreeBytes = Number.MAX_SAFE_INTEGER
    try {
      const r = await generate(token, 0, freshIp(), 'en')
      assert.equal(r.code, ResultCode.ERROR)
      assert.equal(r.message, 'The server is short of storage space; agreements can not be generated now, please try again later')
    } finally {
      app.uploads.policy.minFreeBytes = floor
    }
    assert.equal(await agreementsOf('race-disk'), 0)
    assert.equal(folders(), before)
    assert.equal((await generate(token, 1)).code, 0)
  })

  it('render slots: never more than the limit at once, a bounded queue, the rest refused at once', async () => {
    const slots = new RenderSlots(2, 3)
    let running = 0
    let most = 0
    const gates: (() => void)[] = []
    const task = () =>
      new Promise<string>((resolve) => {
        running++
        most = Math.max(most, running)
        gates.push(() => {
          running--
          resolve('done')
        })
      })
    const outs = Array.from({ length: 8 }, () => slots.run(task))
    await new Promise((r) => setImmediate(r))
    assert.deepEqual(slots.busy, { running: 2, waiting: 3 })
    while (gates.length || slots.busy.running) {
      gates.shift()?.()
      await new Promise((r) => setImmediate(r))
    }
    const results = await Promise.all(outs)
    assert.equal(results.filter((r) => r === 'done').length, 5)
    assert.equal(results.filter((r) => r === null).length, 3)
    assert.equal(most, 2)
    assert.deepEqual(slots.busy, { running: 0, waiting: 0 })
  })
})

describe('the last admin of a school', () => {
  /** Leaves exactly two enabled admins at hhu (the seeded ones step back to editor), signed in. */
  async function twoAdmins() {
    const schoolId = await schoolIdOf(app, 'hhu')
    await app.db.updateTable('staff').set({ roles: 'editor' }).where('school_id', '=', schoolId).execute()
    const a = await staffLogin(app, 'hhu', ['admin'])
    const b = await staffLogin(app, 'hhu', ['admin'])
    return { a, b, schoolId }
  }
  const enabledAdmins = async (schoolId: number) =>
    (await app.db.selectFrom('staff').select('roles').where('school_id', '=', schoolId).where('enabled', '=', 1).execute()).filter((r) =>
      r.roles.split(',').includes('admin')
    ).length
  const change = (by: { token: string }, id: number, body: object) =>
    staffCall(app, 'hhu', 'POST', `/staff/${id}`, { token: by.token, body, lang: 'en' })

  it('no change leaves the school without an enabled admin, whoever makes it (the CLI or a staff id without admin)', async () => {
    const { a, b, schoolId } = await twoAdmins()
    assert.equal((await change(a, b.staffId, { roles: ['finance'] })).body.code, 0)
    assert.equal(await enabledAdmins(schoolId), 1)
    for (const p of [{ roles: ['editor'] }, { enabled: false }]) {
      await assert.rejects(updateAccount(app.db, schoolId, b.staffId, a.staffId, p), (err: AppError) => err.key === 'staffLastAdmin')
    }
    assert.equal(await enabledAdmins(schoolId), 1)
    // other changes to the last admin still go through
    assert.equal((await updateAccount(app.db, schoolId, b.staffId, a.staffId, { displayName: '最后的管理员' })).displayName, '最后的管理员')
  })

  for (const [what, bodyOf] of [
    ['demote each other', () => ({ roles: ['editor'] })],
    ['disable each other', () => ({ enabled: false })],
    ['one demotes, the other disables', (i: number) => (i === 0 ? { roles: ['editor'] } : { enabled: false })]
  ] as const) {
    it(`two admins who ${what} at the same moment: one admin is always left (5 rounds)`, async () => {
      for (let round = 0; round < 5; round++) {
        const { a, b, schoolId } = await twoAdmins()
        const [ra, rb] = await Promise.all([change(a, b.staffId, bodyOf(0)), change(b, a.staffId, bodyOf(1))])
        const oks = [ra, rb].filter((r) => r.body.code === 0).length
        assert.equal(oks, 1, `round ${round}: ${ra.body.message} / ${rb.body.message}`)
        assert.equal(await enabledAdmins(schoolId), 1, `round ${round}`)
        const refused = [ra, rb].find((r) => r.body.code !== 0)!
        // refused either by the last-admin rule or, if the other change committed first, by the role check
        assert.match(refused.body.message, /at least one enabled admin|needs: admin|not authorised|sign in/i, refused.body.message)
      }
    })
  }
})
