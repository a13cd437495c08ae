/**
 * The middle-school hand-off in bootstrap (src/lib/bootstrap.ts): a link carrying ?openId= never replaces
 * the session the visitor already has, and a hand-off sends the issuing system's timestamp and signature along.
 * The HTTP boundary is stubbed (every Taro.request); the launch openId is what the platform adapter reads.
 */
import { platform } from '@/platform'
import { store } from '@/platform/storage-keys'
import { bootstrap, middleAuthBody } from '@/lib/bootstrap'
import { useSession } from '@/store/session'
import { ok, stubApi } from './project-fixtures'

const SIGNATURE = 'ab'.repeat(32)
const LINK = { school: 'demo', openId: 'mp-openid-1', timestamp: '1767225600', signature: SIGNATURE }

function stubBoot(handoff: () => unknown) {
  return stubApi({
    'index.json': () => ({ api: '/api/demo', signKey: '0123456789abcdef', moduleName: 'x', theme: 'red', themeColor: '#c8102e' }) as any,
    baseConfig: () => ok({ title: 'x', settings: {} }),
    auth: handoff as any
  })
}

describe('middle-school hand-off', () => {
  beforeEach(() => {
    jest.restoreAllMocks()
    // the 5-minute token refresh would keep jest waiting
    jest.spyOn(global, 'setInterval').mockReturnValue(0 as any)
    jest.spyOn(platform.auth, 'takeCodeFromUrl').mockReturnValue(null)
    jest.spyOn(platform.auth, 'openIdFromLaunch').mockReturnValue(LINK.openId)
    store.set('school', 'demo')
    useSession.setState({ boot: 'idle', token: '', isMiddle: false, school: '', config: null, apiBase: '' })
  })

  it('keeps the session the visitor already has: no hand-off call, same token', async () => {
    useSession.getState().setToken('my-own-session')
    const calls = stubBoot(() => ok({ token: 'someone-elses', expiresAt: '' }))
    await bootstrap(LINK)
    expect(useSession.getState().boot).toBe('ready')
    expect(calls.filter((c) => c.path.endsWith('/middle/auth'))).toHaveLength(0)
    expect(useSession.getState().token).toBe('my-own-session')
    expect(useSession.getState().isMiddle).toBe(true)
  })

  it('without a session signs in with the openId, timestamp and signature of the link', async () => {
    const calls = stubBoot(() => ok({ token: 'tok-middle', expiresAt: '' }))
    await bootstrap(LINK)
    const handoff = calls.filter((c) => c.path.endsWith('/middle/auth'))
    expect(handoff).toHaveLength(1)
    expect(handoff[0].method).toBe('POST')
    expect(handoff[0].data).toEqual({ openId: 'mp-openid-1', timestamp: 1767225600, signature: SIGNATURE })
    expect(useSession.getState().token).toBe('tok-middle')
  })

  it('leaves malformed timestamp and signature out (the server then decides)', () => {
    expect(middleAuthBody('o', { timestamp: '12a', signature: 'xyz' })).toEqual({ openId: 'o' })
    expect(middleAuthBody('o', { timestamp: '1767225600', signature: SIGNATURE.toUpperCase() })).toEqual({
      openId: 'o',
      timestamp: 1767225600,
      signature: SIGNATURE
    })
  })
})

describe('which school a page opens', () => {
  beforeEach(() => {
    jest.restoreAllMocks()
    jest.spyOn(global, 'setInterval').mockReturnValue(0 as any)
    jest.spyOn(platform.auth, 'takeCodeFromUrl').mockReturnValue(null)
    jest.spyOn(platform.auth, 'openIdFromLaunch').mockReturnValue(null)
    useSession.setState({ boot: 'idle', token: '', isMiddle: false, school: '', config: null, apiBase: '' })
  })
  const configsAsked = (calls: Array<{ path: string }>) => calls.filter((c) => c.path.endsWith('/index.json')).map((c) => c.path)

  it('a page without ?school= (reached inside the app, or back from sign-in) stays at the remembered school', async () => {
    store.set('school', 'hhu')
    const calls = stubBoot(() => ok({ token: 'x', expiresAt: '' }))
    await bootstrap({})
    expect(useSession.getState().school).toBe('hhu')
    expect(configsAsked(calls)).toEqual(['/config/hhu/index.json'])
  })

  it('?school= wins over the remembered school, and nothing remembered asks the server', async () => {
    store.set('school', 'hhu')
    let calls = stubBoot(() => ok({ token: 'x', expiresAt: '' }))
    await bootstrap({ school: 'cpu' })
    expect(useSession.getState().school).toBe('cpu')
    expect(configsAsked(calls)).toEqual(['/config/cpu/index.json'])
    store.remove('school')
    useSession.setState({ boot: 'idle' })
    calls = stubApi({
      'index.json': (c) =>
        (c.path === '/config/index.json'
          ? { school: 'demo' }
          : { api: '/api/demo', signKey: '0123456789abcdef', moduleName: 'x', theme: 'red', themeColor: '#c8102e' }) as any,
      baseConfig: () => ok({ title: 'x', settings: {} })
    })
    await bootstrap({})
    expect(configsAsked(calls)).toEqual(['/config/index.json', '/config/demo/index.json'])
  })
})
