/** Sandbox identity, sessions bound to schools, refresh, base info, bootstrap dictionaries. */
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { Api, SettingKey } from '../../types'
import { STALE_DEFAULT_AVATARS, m024DefaultAvatarsJpeg } from '../src/db/migrations/024-default-avatars-jpeg'
import { DEFAULT_AVATARS } from '../src/domain/identity/service'
import { call, login, startApp, type TestContext } from './helpers'

let ctx: TestContext
before(async () => {
  ctx = await startApp()
})
after(async () => {
  await ctx.close()
})

describe('sandbox login', () => {
  it('signs the same code in as the same user, a new code as a new user', async () => {
    const a1 = await login(ctx.app, 'demo', 'alumni-001')
    const a2 = await login(ctx.app, 'demo', 'alumni-001')
    const b = await login(ctx.app, 'demo', 'alumni-002')
    assert.notEqual(a1, a2)
    const users = await ctx.app.db
      .selectFrom('app_user')
      .select(['id', 'open_id', 'nickname'])
      .where('open_id', 'in', ['alumni-001', 'alumni-002'])
      .execute()
    assert.equal(users.length, 2)
    assert.ok(users.every((u) => u.nickname === '爱心校友'))
    const info = await call(ctx.app, 'demo', Api.baseInfo, { token: b })
    assert.equal(info.body.code, 0)
    assert.equal(info.body.data.nickname, '爱心校友')
    assert.match(info.body.data.avatar, /^\/files\/seed\/avatar-\d\.jpg$/)
  })
  it('gives default avatars that the server serves (a fresh DATA_DIR has only the images the seed writes)', async () => {
    for (const url of DEFAULT_AVATARS) {
      const r = await ctx.app.inject({ method: 'GET', url })
      assert.equal(r.statusCode, 200, url)
      assert.match(String(r.headers['content-type']), /^image\//, url)
    }
  })
  it('migration 024 gives donors stored with a .png default avatar its JPEG, and leaves uploaded avatars alone', async () => {
    const db = ctx.app.db
    await login(ctx.app, 'demo', 'png-avatar')
    await login(ctx.app, 'demo', 'own-avatar')
    await db.updateTable('app_user').set({ avatar: '/files/seed/avatar-3.png' }).where('open_id', '=', 'png-avatar').execute()
    await db.updateTable('app_user').set({ avatar: '/files/u/me.png' }).where('open_id', '=', 'own-avatar').execute()
    await m024DefaultAvatarsJpeg.up(db)
    const rows = await db
      .selectFrom('app_user')
      .select(['open_id', 'avatar'])
      .where('open_id', 'in', ['png-avatar', 'own-avatar'])
      .execute()
    assert.deepEqual(Object.fromEntries(rows.map((r) => [r.open_id, r.avatar])), {
      'png-avatar': '/files/seed/avatar-3.jpg',
      'own-avatar': '/files/u/me.png'
    })
    for (const [, jpg] of STALE_DEFAULT_AVATARS) assert.ok(DEFAULT_AVATARS.includes(jpg), jpg)
  })
  it('stores only the sha256 of tokens', async () => {
    const token = await login(ctx.app, 'demo', 'hash-check')
    const rows = await ctx.app.db.selectFrom('session').select('token_hash').execute()
    assert.ok(rows.every((r) => r.token_hash !== token))
    assert.ok(rows.some((r) => r.token_hash === createHash('sha256').update(token).digest('hex')))
  })
  it('returns a redirect URL with a fresh code appended', async () => {
    // without PUBLIC_BASE_URL the school's own origin is the one the request came to (inject: http://localhost)
    const r1 = await call(ctx.app, 'demo', Api.getAuthUrl, { query: { billType: 2, url: 'http://localhost/mine' } })
    const r2 = await call(ctx.app, 'demo', Api.getAuthUrl, { query: { billType: 2, url: 'http://localhost/mine?from=share' } })
    assert.match(r1.body.data, /^http:\/\/localhost\/mine\?code=[A-Za-z0-9]{24}$/)
    assert.match(r2.body.data, /^http:\/\/localhost\/mine\?from=share&code=[A-Za-z0-9]{24}$/)
    assert.notEqual(new URL(r1.body.data).searchParams.get('code'), new URL(r2.body.data).searchParams.get('code'))
    const bad = await call(ctx.app, 'demo', Api.getAuthUrl, { query: { url: 'javascript:alert(1)' } })
    assert.equal(bad.body.code, -1)
  })
  it('middle-school edition signs in by openId (POST)', async () => {
    const r = await call(ctx.app, 'demo', Api.middleAuth, { method: 'POST', body: { openId: 'mp-openid-1' } })
    assert.equal(r.body.code, 0)
    const info = await call(ctx.app, 'demo', Api.baseInfo, { token: r.body.data.token })
    assert.equal(info.body.code, 0)
  })
})

describe('sessions', () => {
  it('answers -997 without a token or with a garbage token', async () => {
    assert.equal((await call(ctx.app, 'demo', Api.baseInfo)).body.code, -997)
    assert.equal((await call(ctx.app, 'demo', Api.baseInfo, { token: 'nope' })).body.code, -997)
  })
  it('binds a token to its school', async () => {
    const token = await login(ctx.app, 'demo', 'cross-school')
    assert.equal((await call(ctx.app, 'demo', Api.baseInfo, { token })).body.code, 0)
    const other = await call(ctx.app, 'hhu', Api.baseInfo, { token })
    assert.equal(other.body.code, -997)
    assert.equal(other.body.message, '登录已失效，请重新登录')
  })
  it('refresh issues a new token and ends the old one', async () => {
    const old = await login(ctx.app, 'demo', 'refresher')
    const r = await call(ctx.app, 'demo', Api.tokenRefresh, { token: old })
    assert.equal(r.body.code, 0)
    assert.notEqual(r.body.data.token, old)
    assert.match(r.body.data.expiresAt, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    assert.equal((await call(ctx.app, 'demo', Api.baseInfo, { token: old })).body.code, -997)
    assert.equal((await call(ctx.app, 'demo', Api.baseInfo, { token: r.body.data.token })).body.code, 0)
  })
  it('expires after its expiry time', async () => {
    const token = await login(ctx.app, 'demo', 'expiring')
    const hash = createHash('sha256').update(token).digest('hex')
    await ctx.app.db
      .updateTable('session')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hash)
      .execute()
    assert.equal((await call(ctx.app, 'demo', Api.baseInfo, { token })).body.code, -997)
  })
  it('accepts "Bearer <token>" and a token query parameter', async () => {
    const token = await login(ctx.app, 'demo', 'bearer')
    assert.equal((await call(ctx.app, 'demo', Api.baseInfo, { headers: { authorization: `Bearer ${token}` } })).body.code, 0)
    assert.equal((await call(ctx.app, 'demo', Api.baseInfo, { query: { token } })).body.code, 0)
  })
})

describe('wechat share (sandbox)', () => {
  it('returns a JS-SDK signature recomputable from the sandbox ticket', async () => {
    const url = 'https://h5.example.cn/subject-detail?id=3#x'
    const r = await call(ctx.app, 'hhu', Api.getWechatShare, { query: { billType: 2, url } })
    const d = r.body.data
    assert.equal(d.appId, 'wxsandboxhhu')
    const expected = createHash('sha1')
      .update(
        `jsapi_ticket=sandbox-jsapi-ticket-hhu&noncestr=${d.nonceStr}&timestamp=${d.timestamp}&url=https://h5.example.cn/subject-detail?id=3`
      )
      .digest('hex')
    assert.equal(d.signature, expected)
    assert.ok(Math.abs(d.timestamp - Date.now() / 1000) < 60)
  })
})

describe('bootstrap dictionaries', () => {
  it('lists dialling codes with Greater China first, in zh and en', async () => {
    const zh = (await call(ctx.app, 'demo', Api.areaList4sort)).body.data
    const en = (await call(ctx.app, 'demo', Api.areaList4sort, { query: { lang: 'en' } })).body.data
    assert.ok(zh.length >= 30)
    assert.deepEqual(zh.slice(0, 2), [
      { area: '中国大陆', areaCode: '+86' },
      { area: '中国香港', areaCode: '+852' }
    ])
    assert.equal(en[0].area, 'Chinese Mainland')
    assert.ok(en.some((a: { area: string; areaCode: string }) => a.area === 'United Kingdom' && a.areaCode === '+44'))
    const rest = en.slice(4).map((a: { area: string }) => a.area)
    assert.deepEqual(
      rest,
      [...rest].sort((a, b) => a[0].localeCompare(b[0]) || a.localeCompare(b, 'en'))
    )
  })
  it('groups dialling codes by initial letter', async () => {
    const groups = (await call(ctx.app, 'demo', Api.areaGroupList)).body.data as { group: string; areaList: { area: string }[] }[]
    const letters = groups.map((g) => g.group)
    assert.deepEqual(letters, [...letters].sort())
    assert.ok(groups.find((g) => g.group === 'Z')!.areaList.some((a) => a.area === '中国大陆'))
    assert.ok(groups.find((g) => g.group === 'R')!.areaList.some((a) => a.area === '日本'))
  })
  it('walks the Chinese divisions from provinces to district leaves', async () => {
    const provinces = (await call(ctx.app, 'demo', Api.areaDictionary, { query: { parentId: '' } })).body.data
    assert.equal(provinces.length, 31)
    const js = provinces.find((p: { title: string }) => p.title === '江苏省')
    assert.deepEqual(js, { id: '32', title: '江苏省', isLeaf: 0, parentId: '0' })
    const cities = (await call(ctx.app, 'demo', Api.areaDictionary, { query: { parentId: '32' } })).body.data
    const nj = cities.find((c: { title: string }) => c.title === '南京市')
    assert.equal(nj.id, '3201')
    const districts = (await call(ctx.app, 'demo', Api.areaDictionary, { query: { parentId: '3201' } })).body.data
    assert.ok(districts.some((d: { title: string; isLeaf: number }) => d.title === '玄武区' && d.isLeaf === 1))
    assert.deepEqual((await call(ctx.app, 'demo', Api.areaDictionary, { query: { parentId: '320102' } })).body.data, [])
    assert.equal((await call(ctx.app, 'demo', Api.areaDictionary, { query: { parentId: '0' } })).body.data.length, 31)
  })
  it('lists base settings including the school logo', async () => {
    const list = (await call(ctx.app, 'cpu', Api.settingBaseList)).body.data as { settingKey: string; settingValue: string }[]
    assert.equal(list.find((s) => s.settingKey === SettingKey.SCHOOL_LOGO)?.settingValue, '/files/seed/crest-cpu.png')
    const logo = await ctx.app.inject({ url: '/files/seed/crest-cpu.png' })
    assert.equal(logo.statusCode, 200)
  })
})
