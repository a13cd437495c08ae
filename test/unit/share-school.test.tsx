/**
 * Shared cards carry the school they were shared from (docs/product §2 Sharing): the payloads the mini-programs hand
 * to WeChat/Alipay (onShareAppMessage, onShareTimeline) and the card H5 gives the JS-SDK, for the project detail, the
 * thank-you page's project, a campaign and the plain pages; the page configs that let the platforms ask for them; and
 * the running app switching school when a card of another school is opened. The HTTP boundary is stubbed.
 */
import fs from 'node:fs'
import path from 'node:path'
import { renderHook } from '@testing-library/react'
import { HOOKS_APP_ID, getPageInstance } from '@tarojs/runtime'
import { platform } from '@/platform'
import { store } from '@/platform/storage-keys'
import { shareAnswer, timelineAnswer, usePageShare, useShareCard, withSchool } from '@/features/share'
import { useCampaignShare } from '@/features/campaign/hooks/use-campaign-items'
import { bootstrap, switchSchoolFrom } from '@/lib/bootstrap'
import { useSession } from '@/store/session'
import { bootSession, ok, setQuery, stubApi } from './project-fixtures'

const root = path.resolve(__dirname, '../..')

/** What the mini-program asks the page for when the donor taps share (Taro keeps a page's hooks on its instance). */
function handler(name: 'onShareAppMessage' | 'onShareTimeline') {
  const registered = (getPageInstance(HOOKS_APP_ID) as any)?.[name] || []
  const list = Array.isArray(registered) ? registered : [registered]
  expect(list.length).toBeGreaterThan(0)
  return list[list.length - 1]({ from: 'menu' })
}

describe('withSchool', () => {
  const card = { title: 'T', path: '/pkg-project/detail/index?id=3' }
  it('adds the school to the query, keeping the page and its own parameters', () => {
    expect(withSchool(card, 'cpu').path).toBe('/pkg-project/detail/index?id=3&school=cpu')
    expect(withSchool({ title: 'T', path: '/pages/home/index' }, 'demo').path).toBe('/pages/home/index?school=demo')
  })
  it("replaces a school already in the path (a card is always the sharer's school)", () => {
    expect(withSchool({ title: 'T', path: '/pages/home/index?school=old&x=1' }, 'cpu').path).toBe('/pages/home/index?x=1&school=cpu')
  })
  it('leaves the card alone before the school is known', () => {
    expect(withSchool(card, '')).toBe(card)
  })
  it('the chat and the Moments payloads both carry it', () => {
    const c = withSchool({ ...card, imageUrl: 'https://x/y.png' }, 'cpu')
    expect(shareAnswer(c)).toEqual({ title: 'T', path: '/pkg-project/detail/index?id=3&school=cpu', imageUrl: 'https://x/y.png' })
    expect(timelineAnswer(c)).toEqual({ title: 'T', query: 'id=3&school=cpu', imageUrl: 'https://x/y.png' })
  })
})

describe('the share hooks answer with the school in use', () => {
  const appMessage = () => handler('onShareAppMessage')
  const timeline = () => handler('onShareTimeline')
  beforeEach(() => {
    jest.restoreAllMocks()
    bootSession()
    useSession.setState({ school: 'cpu', baseConfig: { shareTitle: '校友捐赠', shareDesc: '', shareImg: '' } as any })
  })

  it("project detail / the thank-you page's project: chat, Moments and the H5 card", () => {
    const card = { title: '图书馆', desc: 'd', path: '/pkg-project/detail/index?id=7', imageUrl: 'https://give.example.edu.cn/a.png' }
    renderHook(() => useShareCard(card, { title: 'x', path: '/pages/home/index' }))
    expect(appMessage()).toEqual({ title: '图书馆', path: '/pkg-project/detail/index?id=7&school=cpu', imageUrl: card.imageUrl })
    expect(timeline()).toEqual({ title: '图书馆', query: 'id=7&school=cpu', imageUrl: card.imageUrl })
    expect(platform.share.currentCard()?.path).toBe('/pkg-project/detail/index?id=7&school=cpu')
  })

  it('before its data has loaded a page shares its fallback, with the school', () => {
    renderHook(() => useShareCard(null, { title: '校友捐赠', path: '/pages/home/index' }))
    expect(appMessage()).toEqual({ title: '校友捐赠', path: '/pages/home/index?school=cpu' })
  })

  it('a campaign shares its own page (with its area) on chat and Moments, with the school', () => {
    renderHook(() => useCampaignShare('tree-naming-map', '认植校园树木', '', { area: 'north' }))
    expect(appMessage()).toMatchObject({ title: '认植校园树木', path: '/pkg-campaign/tree-naming-map/index?area=north&school=cpu' })
    expect(timeline()).toMatchObject({ query: 'area=north&school=cpu' })
  })

  it('a plain page (the tax result) shares its own query and the school', () => {
    setQuery('/pkg-tools/tax-result/index', { kind: 'personal', income: '100000' })
    renderHook(() => usePageShare('tax-result'))
    expect(appMessage()).toEqual({ title: '校友捐赠', path: '/pkg-tools/tax-result/index?kind=personal&income=100000&school=cpu' })
  })

  it('follows a school switch', () => {
    const { rerender } = renderHook(() => useShareCard(null, { title: 'x', path: '/pages/home/index' }))
    useSession.setState({ school: 'hhu' })
    rerender()
    expect(appMessage()).toEqual({ title: 'x', path: '/pages/home/index?school=hhu' })
  })
})

describe('page configs let the platforms ask for the share', () => {
  const configOf = (page: string) => {
    const text = fs.readFileSync(path.join(root, 'src', page, 'index.config.ts'), 'utf8')
    return { chat: /enableShareAppMessage:\s*true/.test(text), moments: /enableShareTimeline:\s*true/.test(text) }
  }
  it('the thank-you page shares to a chat (its project, never its own link)', () => {
    expect(configOf('pkg-donate/success')).toEqual({ chat: true, moments: false })
  })
  it('project detail and every campaign page share to a chat and to Moments', () => {
    const campaigns = fs
      .readdirSync(path.join(root, 'src/pkg-campaign'))
      .filter((d) => !d.includes('donateList') && fs.existsSync(path.join(root, 'src/pkg-campaign', d, 'index.config.ts')))
      .map((d) => `pkg-campaign/${d}`)
    expect(campaigns.length).toBeGreaterThan(10)
    for (const page of ['pkg-project/detail', ...campaigns]) expect([page, configOf(page)]).toEqual([page, { chat: true, moments: true }])
  })
  it('every page that shares registers a handler (no share without the school)', () => {
    for (const page of ['pages/subject', 'pages/subject-cpu', 'pkg-tools/tax-tool', 'pkg-tools/tax-result']) {
      expect([page, configOf(page).chat]).toEqual([page, true])
      expect(fs.readFileSync(path.join(root, 'src', page, 'index.tsx'), 'utf8')).toMatch(/usePageShare\(/)
    }
  })
})

describe('a shared card of another school opened while the app runs', () => {
  function stubSchools() {
    return stubApi({
      'index.json': (call) =>
        ({
          api: `/api/${call.path.split('/')[2]}`,
          signKey: '0123456789abcdef',
          moduleName: call.path.split('/')[2],
          theme: 'red',
          themeColor: '#c8102e'
        }) as any,
      baseConfig: () => ok({ title: 'x', settings: {} })
    })
  }
  let calls: ReturnType<typeof stubApi> = []
  beforeEach(async () => {
    jest.restoreAllMocks()
    jest.spyOn(global, 'setInterval').mockReturnValue(0 as any)
    jest.spyOn(platform.auth, 'takeCodeFromUrl').mockReturnValue(null)
    jest.spyOn(platform.auth, 'openIdFromLaunch').mockReturnValue(null)
    store.set('school', 'demo')
    useSession.setState({ boot: 'idle', token: 'demo-token', school: '', config: null, apiBase: '' })
    calls = stubSchools()
    await bootstrap({ school: 'demo' })
    expect(useSession.getState()).toMatchObject({ boot: 'ready', school: 'demo', token: 'demo-token' })
  })

  it("boots the card's school: its config and API base, and the other school's token is dropped", async () => {
    expect(switchSchoolFrom({ school: 'cpu', id: '3' })).toBe(true)
    expect(useSession.getState().boot).not.toBe('ready')
    // waitFor polls with setInterval, which the token refresh's stub stops: poll by hand
    for (let i = 0; i < 100 && useSession.getState().boot !== 'ready'; i++) await new Promise((r) => setTimeout(r, 50))
    expect(useSession.getState().boot).toBe('ready')
    expect(useSession.getState().bootError).toBe('')
    expect(useSession.getState()).toMatchObject({ school: 'cpu', apiBase: '/api/cpu', token: '' })
    expect(store.get('school')).toBe('cpu')
    expect(calls.map((c) => c.path).slice(2)).toEqual([
      '/config/cpu/index.json',
      '/api/cpu/uplus-foundation/app/v1/donateu/index/baseConfig'
    ])
  })

  it('stays put for its own school, no school, a malformed one or a boot in progress', () => {
    expect(switchSchoolFrom({ school: 'demo' })).toBe(false)
    expect(switchSchoolFrom({ id: '3' })).toBe(false)
    expect(switchSchoolFrom(undefined)).toBe(false)
    expect(switchSchoolFrom({ school: '../x' })).toBe(false)
    useSession.setState({ boot: 'loading' })
    expect(switchSchoolFrom({ school: 'cpu' })).toBe(false)
    expect(useSession.getState()).toMatchObject({ school: 'demo', token: 'demo-token' })
  })
})
