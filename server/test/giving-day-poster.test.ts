/**
 * A giving-day ambassador's poster (docs/decisions/084-joint-invite-poster-and-link.md, addendum). Runs on SQLite and,
 * with DATABASE_URL, on PostgreSQL.
 *
 * - `givingDay/poster?id&ambassador` answers a 750x1200 PNG in the school's colour whose QR modules are exactly those
 *   of the ambassador's landing link `{origin}/giving-day?id&ambassador&school`, without a session.
 * - what is drawn (read through the service's render seam): the ambassador named as the board names them (masked by
 *   the school's rule), the day's title in the request's language, raised against the goal and the donors.
 * - an unknown day, an unknown code and another day's code are -1 in the request's language.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, type GivingDayAmbassador, type GivingDayPoster } from '../../types'
import type { StaffGivingDay } from '../../types/schema/staff-giving-day'
import { StaffApi } from '../../types/staff-api'
import type { GivingDayPosterData } from '../src/documents/giving-day-poster'
import { renderGivingDayPoster } from '../src/documents/giving-day-poster'
import { givingDayPoster } from '../src/domain/giving-day/service'
import { toWireDate } from '../src/lib/dates'
import { call, login, startApp, type TestContext } from './helpers'
import { AVENUE } from './center-fixtures'
import { readPoster } from './poster-fixtures'
import { projectIdOf, schoolIdOf, setNameMasking } from './order-fixtures'
import { staffCall, staffLogin } from './staff-fixtures'

let ctx: TestContext
let app: FastifyInstance
let sid: number
let day: number
let otherDay: number
let code: string
let otherCode: string

const HOUR = 3600_000
const beijing = (d: Date) => toWireDate(d.toISOString()).slice(0, 16)
const HOST = 'give.example.test'

const poster = (id: number, ambassador: string, lang?: 'en') =>
  call<GivingDayPoster>(app, 'demo', Api.givingDayPoster, { query: { id, ambassador, ...(lang ? { lang } : {}) }, headers: { host: HOST } })

const setMask = (on: boolean) => setNameMasking(app, sid, on)

before(async () => {
  ctx = await startApp()
  app = ctx.app
  sid = await schoolIdOf(app, 'demo')
  const admin = await staffLogin(app, 'demo', ['admin'], 'gdp.admin')
  const avenue = await projectIdOf(app, 'demo', AVENUE)
  const now = Date.now()
  const window = { startsAt: beijing(new Date(now - HOUR)), endsAt: beijing(new Date(now + 2 * HOUR)) }
  const create = async (body: object) => {
    const r = await staffCall<StaffGivingDay>(app, 'demo', 'POST', StaffApi.givingDays, { token: admin.token, body })
    assert.equal(r.body.code, 0, r.body.message)
    return r.body.data.id
  }
  day = await create({ title: '海报捐赠日', titleEn: 'Poster Giving Day', goal: '10000.00', ...window, projects: [avenue] })
  otherDay = await create({ title: '另一个捐赠日', ...window, projects: [avenue] })
  const token = await login(app, 'demo', 'gdp-ambassador')
  await app.db.updateTable('app_user').set({ nickname: '王大使' }).where('open_id', '=', 'gdp-ambassador').execute()
  const ask = async (id: number, t: string) => {
    const r = await call<GivingDayAmbassador>(app, 'demo', Api.givingDayAmbassador, { method: 'POST', body: { id }, token: t })
    assert.equal(r.body.code, 0, r.body.message)
    return r.body.data.code
  }
  code = await ask(day, token)
  otherCode = await ask(otherDay, await login(app, 'demo', 'gdp-other'))
})
after(async () => {
  await setMask(false)
  await ctx.close()
})

describe('an ambassador’s poster (docs/decisions/084-joint-invite-poster-and-link.md, addendum)', () => {
  it('is a 750x1200 PNG in the school colour whose QR code carries the ambassador’s landing link, without a session', async () => {
    const r = await poster(day, code.toLowerCase())
    assert.equal(r.body.code, 0, r.body.message)
    const url = `http://${HOST}/giving-day?id=${day}&ambassador=${code}&school=demo`
    assert.equal(r.body.data.url, url)
    assert.equal(r.body.data.fileName, `giving-day-${day}-${code}.png`)
    const drawn = await readPoster(r.body.data.png)
    assert.deepEqual(drawn.size, [750, 1200])
    const school = await app.db.selectFrom('school').select('theme_color').where('code', '=', 'demo').executeTakeFirstOrThrow()
    assert.equal(drawn.corner, school.theme_color.toLowerCase())
    // the QR modules drawn are exactly those of the ambassador's link: another address gives another matrix
    assert.equal(drawn.qrMismatches(url), 0)
    assert.notEqual(drawn.qrMismatches(url.replace(code, 'ZZZZZZZZ')), 0)
  })

  it('names the ambassador as the board does (masked by the school’s rule) and the day in the request’s language', async () => {
    const school = await app.db.selectFrom('school').selectAll().where('code', '=', 'demo').executeTakeFirstOrThrow()
    const drawn: GivingDayPosterData[] = []
    const seam = async (d: GivingDayPosterData) => {
      drawn.push(d)
      return renderGivingDayPoster(d)
    }
    await givingDayPoster(app.db, school, day, code, 'zh_CN', 'https://x.test', seam)
    await givingDayPoster(app.db, school, day, code, 'en', 'https://x.test', seam)
    await setMask(true)
    await givingDayPoster(app.db, school, day, code, 'zh_CN', 'https://x.test', seam)
    const [zh, en, masked] = drawn
    assert.equal(zh.inviter, '王大使')
    assert.equal(zh.title, '海报捐赠日')
    assert.equal(zh.lang, 'zh')
    assert.deepEqual([zh.raised, zh.goal, zh.percent, zh.donors], ['¥0.00', '¥10,000.00', 0, 0])
    assert.equal(zh.url, `https://x.test/giving-day?id=${day}&ambassador=${code}&school=demo`)
    assert.deepEqual([en.lang, en.title], ['en', 'Poster Giving Day'])
    assert.notEqual(masked.inviter, '王大使')
    assert.ok(masked.inviter.startsWith('王'), masked.inviter)
  })

  it('an unknown day, an unknown code or another day’s code is -1 in the request’s language', async () => {
    const gone = await poster(999_999, code)
    assert.deepEqual([gone.body.code, gone.body.message], [-1, '捐赠日不存在'])
    for (const [id, c] of [
      [day, 'ZZZZZZZZ'],
      [day, otherCode],
      [otherDay, code],
      [day, 'not a code!']
    ] as const) {
      const zh = await poster(id, c)
      assert.deepEqual([zh.body.code, zh.body.message], [-1, '捐赠大使链接无效，请向分享者确认或直接捐赠'], `${id} ${c}`)
      const en = await poster(id, c, 'en')
      assert.equal(en.body.code, -1)
      assert.match(en.body.message, /^This ambassador link is not valid/)
    }
  })
})
