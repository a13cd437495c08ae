/**
 * Campaign settings in the console (docs/decisions/047-agreements-for-staff.md; routes/staff/campaigns.ts): an admin
 * moves a campaign to another project, sets its music, alumni-only, the alumni hand-off, the cpu account page's bank
 * account and a map's panorama link, and the donor API shows each at once; every bad part is refused in the request's
 * language with nothing written; only admins, only their own school; one audit row per save.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { AGREEMENT_BANK_SETTING, Api, CampaignKey, NAMING_MUSIC_SETTING, SettingKey, type BaseConfig } from '../../types'
import type { CampaignSettings } from '../src/domain/naming-map/campaigns'
import { call, startApp, type TestContext } from './helpers'
import { staffCall, staffLogin, type StaffLogin } from './staff-fixtures'

let ctx: TestContext
let app: FastifyInstance
let admin: StaffLogin
let editor: StaffLogin
let cpuAdmin: StaffLogin

before(async () => {
  ctx = await startApp()
  app = ctx.app
  admin = await staffLogin(app, 'demo', ['admin'])
  editor = await staffLogin(app, 'demo', ['editor', 'fulfilment', 'finance'])
  cpuAdmin = await staffLogin(app, 'cpu', ['admin'])
})
after(() => ctx.close())

const get = async (who = admin, school = 'demo') =>
  (await staffCall<CampaignSettings>(app, school, 'GET', '/campaigns', { token: who.token })).body
const save = (body: unknown, lang?: 'en', who = admin, school = 'demo') =>
  staffCall<CampaignSettings>(app, school, 'POST', '/campaigns', { token: who.token, body, lang })
const setting = async (school: string, key: string) => (await call<string>(app, school, Api.getSettingValue, { query: { key } })).body.data

describe('campaign settings', () => {
  it('only admins read or change them', async () => {
    const r = await get(editor)
    assert.equal(r.code, -1)
    assert.match(r.message, /管理员/)
    assert.equal((await save({ music: {} }, undefined, editor)).body.code, -1)
  })

  it('answers every campaign key, the projects, the maps with their panorama links', async () => {
    const r = await get()
    assert.equal(r.code, 0, r.message)
    assert.deepEqual(
      r.data.campaigns.map((c) => c.key),
      Object.values(CampaignKey)
    )
    const wall = r.data.campaigns.find((c) => c.key === CampaignKey.WALL_NAMING)!
    assert.ok(wall.itemId && r.data.projects.some((p) => p.id === wall.itemId))
    assert.ok(r.data.maps.length > 0)
    assert.ok(r.data.maps.every((m) => typeof m.vrUrl === 'string'))
  })

  it('a change shows in the donor API at once, with one audit row', async () => {
    const s = (await get()).data
    const normal = s.projects.find((p) => p.itemsType === 1)!
    const wall = s.campaigns.find((c) => c.key === CampaignKey.WALL_NAMING)!.itemId!
    const map = s.maps[0]
    const r = await save({
      campaignItems: { [CampaignKey.TREE_NAMING_CPU]: wall, [CampaignKey.HHU_SEAT]: null },
      music: { [String(wall)]: '/files/naming/wall-bgm.mp3' },
      alumniOnly: { [String(normal.id)]: true },
      alumniHandoff: { appid: 'wx0123456789abcdef', path: 'pages/auth/index?from=uplus', originalId: 'gh_0123456789ab' },
      bank: { bankName: '中国银行示范支行', accountName: '示范大学教育发展基金会', accountNo: '6217 0000 1234 5678' },
      vrUrls: { [String(map.id)]: 'https://vr.example.edu.cn/demo/new-pano' }
    })
    assert.equal(r.body.code, 0, r.body.message)

    const cfg = (await call<BaseConfig>(app, 'demo', Api.baseConfig)).body.data
    assert.equal(cfg.settings.campaignItems[CampaignKey.TREE_NAMING_CPU], wall)
    assert.equal(cfg.settings.campaignItems[CampaignKey.HHU_SEAT], undefined)
    assert.deepEqual(JSON.parse(await setting('demo', NAMING_MUSIC_SETTING))[String(wall)], '/files/naming/wall-bgm.mp3')
    assert.deepEqual(JSON.parse(await setting('demo', SettingKey.ALUMNI_AUTH_SKIP)), {
      appid: 'wx0123456789abcdef',
      path: 'pages/auth/index?from=uplus',
      originalId: 'gh_0123456789ab'
    })
    assert.equal(JSON.parse(await setting('demo', AGREEMENT_BANK_SETTING)).accountNo, '6217 0000 1234 5678')
    const proj = await app.db.selectFrom('project').select('alumni_only').where('id', '=', normal.id).executeTakeFirstOrThrow()
    assert.equal(Number(proj.alumni_only), 1)
    const m = await call<{ vrUrl: string }>(app, 'demo', Api.namingMap, { query: { id: map.mapKey } })
    assert.equal(m.body.code, 0, m.body.message)
    assert.equal(m.body.data.vrUrl, 'https://vr.example.edu.cn/demo/new-pano')

    const audit = await app.db.selectFrom('audit_log').select(['action', 'staff_id']).where('entity', '=', 'campaign_settings').execute()
    assert.deepEqual(
      audit.map((a) => [a.action, Number(a.staff_id)]),
      [['campaigns.update', admin.staffId]]
    )

    // removing: '' music, null hand-off and bank
    const off = await save({ music: { [String(wall)]: '' }, alumniHandoff: null, bank: null, alumniOnly: { [String(normal.id)]: false } })
    assert.equal(off.body.code, 0, off.body.message)
    assert.equal(off.body.data.music[String(wall)], undefined)
    assert.equal(off.body.data.alumniHandoff, null)
    assert.equal(off.body.data.bank, null)
    assert.equal(await setting('demo', AGREEMENT_BANK_SETTING), '')
  })

  it('refuses each bad part in the request language and writes nothing', async () => {
    const before = (await get()).data
    const other = (await get(cpuAdmin, 'cpu')).data.projects[0].id
    const map = before.maps[0]
    const cases: Array<[unknown, string]> = [
      [{ campaignItems: { noSuchCampaign: before.projects[0].id } }, 'campaignItems.noSuchCampaign'],
      [{ campaignItems: { [CampaignKey.WALL_NAMING]: other } }, `campaignItems.${CampaignKey.WALL_NAMING}`],
      [{ music: { [String(before.projects[0].id)]: 'http://example.com/a.mp3' } }, `music.${before.projects[0].id}`],
      [{ music: { [String(before.projects[0].id)]: '/files/x/song.exe' } }, `music.${before.projects[0].id}`],
      [{ music: { [String(other)]: '/files/a.mp3' } }, `music.${other}`],
      [{ alumniOnly: { [String(other)]: true } }, `alumniOnly.${other}`],
      [{ alumniHandoff: { appid: 'not-an-appid', path: '', originalId: '' } }, 'alumniHandoff.appid'],
      [{ alumniHandoff: { appid: 'wx0123456789abcdef', path: 'https://evil.example', originalId: '' } }, 'alumniHandoff.path'],
      [{ bank: { bankName: '中国银行', accountName: '基金会', accountNo: '12ab' } }, 'bank.accountNo'],
      [{ bank: { bankName: ' ', accountName: '基金会', accountNo: '6217000012345678' } }, 'bank.bankName'],
      [{ vrUrls: { [String(map.id)]: 'javascript:alert(1)' } }, `vrUrls.${map.id}`],
      [{ vrUrls: { '999999999': 'https://vr.example.edu.cn/x' } }, 'vrUrls.999999999']
    ]
    for (const [body, field] of cases) {
      // a good part beside the bad one must not be written either
      const r = await save({
        ...(body as object),
        bank: (body as { bank?: unknown }).bank ?? { bankName: '不应写入', accountName: 'x', accountNo: '62170000123456789' }
      })
      assert.deepEqual([r.body.code, r.body.message], [-1, `设置 ${field} 不正确`], JSON.stringify(body))
    }
    const en = await save({ vrUrls: { [String(map.id)]: 'ftp://x' } }, 'en')
    assert.deepEqual([en.body.code, en.body.message], [-1, `Invalid setting: vrUrls.${map.id}`])
    const typed = await save({ alumniOnly: { '1': 'yes' } })
    assert.equal(typed.body.code, -1)
    assert.deepEqual((await get()).data, before)
  })
})
