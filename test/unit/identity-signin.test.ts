/**
 * ensureLogin (src/lib/bootstrap.ts): how each platform signs in when a page needs a token, and the -997 path.
 * The HTTP boundary is stubbed; the platform's env and code hand-off are spied on.
 */
import { waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { platform } from '@/platform'
import { ensureLogin, schoolOpensLogin, signInRoute } from '@/lib/bootstrap'
import { request, requestHooks } from '@/lib/request'
import { useSession } from '@/store/session'
import { bootSession, ok, setQuery, stubApi, toastSpy } from './project-fixtures'

const PAGE = 'https://give.example.edu.cn/mine'
const plain = { target: 'h5' as const, inWechatBrowser: false, inMiniProgram: false, isMobile: true }
const wechat = { ...plain, inWechatBrowser: true }

describe('signInRoute', () => {
  it('follows a same-origin (sandbox) authorisation URL anywhere', () => {
    expect(signInRoute(plain, '/mine?code=abc', PAGE, true)).toBe('redirect')
    expect(signInRoute(plain, 'https://give.example.edu.cn/mine?code=abc', PAGE, true)).toBe('redirect')
  })

  it('in a plain browser, WeChat OAuth gives way to the login page, or to the WeChat notice when login is closed', () => {
    const oauth = 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1#wechat_redirect'
    expect(signInRoute(plain, oauth, PAGE, true)).toBe('login-page')
    expect(signInRoute(plain, oauth, PAGE, false)).toBe('not-in-wechat')
    expect(signInRoute(wechat, oauth, PAGE, true)).toBe('redirect')
    expect(signInRoute({ ...plain, inMiniProgram: true }, oauth, PAGE, true)).toBe('redirect')
  })

  it('never follows the redirect again after its code was refused on this page load (no loop)', () => {
    expect(signInRoute(plain, '/mine?code=abc', PAGE, true, true)).toBe('login-page')
    expect(signInRoute(plain, '/mine?code=abc', PAGE, false, true)).toBe('failed')
    expect(signInRoute(wechat, 'https://open.weixin.qq.com/x', PAGE, true, true)).toBe('failed')
    expect(signInRoute({ ...plain, target: 'weapp', inMiniProgram: true }, '', PAGE, true, true)).toBe('redirect')
  })

  it('reads isOpenLogin from baseConfig when the server sends it (open by default)', () => {
    expect(schoolOpensLogin(null)).toBe(true)
    expect(schoolOpensLogin({ isOpenLogin: 0 } as any)).toBe(false)
    expect(schoolOpensLogin({ isOpenLogin: 1 } as any)).toBe(true)
    expect(schoolOpensLogin({ title: 'x' } as any)).toBe(true)
  })
})

describe('ensureLogin', () => {
  let handedUrl: string | null
  beforeEach(() => {
    jest.restoreAllMocks()
    bootSession()
    setQuery('/pages/mine/index', {})
    handedUrl = null
    jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route: 'pages/mine/index' }] as any)
    // the H5 adapter would leave the page for this URL: record it instead
    jest.spyOn(platform.auth, 'obtainCode').mockImplementation(async (getAuthUrl) => {
      handedUrl = await getAuthUrl(PAGE)
      return null
    })
  })

  it('opens the login page (with the way back) in a plain browser when only WeChat OAuth is offered', async () => {
    jest.spyOn(platform, 'env').mockReturnValue(plain)
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' } as any)
    stubApi({ getAuthUrl: () => ok('https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1#wechat_redirect') })
    await expect(ensureLogin()).resolves.toBe(false)
    expect(handedUrl).toBe('')
    expect(redirect).toHaveBeenCalledWith({ url: `/pages/login/index?from=${encodeURIComponent('/pages/mine/index')}` })
  })

  it('on H5 the way back is the page path of the route the browser shows (/award?id=3)', async () => {
    jest.spyOn(platform, 'env').mockReturnValue(plain)
    ;(Taro.getCurrentPages as unknown as jest.SpyInstance).mockReturnValue([{ route: 'award' }] as any)
    setQuery('/award', { id: '3' })
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' } as any)
    stubApi({ getAuthUrl: () => ok('https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1#wechat_redirect') })
    await expect(ensureLogin()).resolves.toBe(false)
    expect(redirect).toHaveBeenCalledWith({ url: `/pages/login/index?from=${encodeURIComponent('/pkg-mine/award/index?id=3')}` })
  })

  it('keeps the sandbox redirect for schools whose sandbox identity answers', async () => {
    jest.spyOn(platform, 'env').mockReturnValue(plain)
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' } as any)
    stubApi({ getAuthUrl: (c) => ok(`${c.query.get('url')}?code=sandbox123`) })
    await expect(ensureLogin()).resolves.toBe(false)
    expect(handedUrl).toBe(`${PAGE}?code=sandbox123`)
    expect(redirect).not.toHaveBeenCalled()
  })

  it('tells the visitor to open WeChat when the school has no mobile/password login', async () => {
    jest.spyOn(platform, 'env').mockReturnValue(plain)
    const toast = toastSpy()
    useSession.setState({ baseConfig: { isOpenLogin: 0 } as any })
    stubApi({ getAuthUrl: () => ok('https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1') })
    await expect(ensureLogin()).resolves.toBe(false)
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '请在微信公众号环境中打开' }))
  })

  it('mini-programs exchange the platform code once for concurrent callers, naming the platform', async () => {
    jest.spyOn(platform, 'env').mockReturnValue({ target: 'weapp', inWechatBrowser: false, inMiniProgram: true, isMobile: true })
    ;(platform.auth.obtainCode as jest.Mock).mockImplementation(async () => 'wx-code-1')
    const calls = stubApi({ getAuthToken: () => ok({ token: 'tok-weapp', expiresAt: '' }) })
    const [a, b] = await Promise.all([ensureLogin(), ensureLogin()])
    expect(a && b).toBe(true)
    const tokenCalls = calls.filter((c) => c.path.endsWith('/getAuthToken'))
    expect(tokenCalls).toHaveLength(1)
    expect(tokenCalls[0].query.get('code')).toBe('wx-code-1')
    expect(tokenCalls[0].query.get('platform')).toBe('weapp')
    expect(useSession.getState().token).toBe('tok-weapp')
  })

  it('-997 clears the token and signs in again through the same path (docs/product §4, §8)', async () => {
    jest.spyOn(platform, 'env').mockReturnValue({ target: 'alipay', inWechatBrowser: false, inMiniProgram: true, isMobile: true })
    ;(platform.auth.obtainCode as jest.Mock).mockImplementation(async () => 'ali-code')
    requestHooks.reauthorize = () => {
      ensureLogin().catch(() => undefined)
    }
    useSession.setState({ token: 'expired' })
    const calls = stubApi({
      my: () => ({ code: -997, message: '登录已失效，请重新登录', data: null }),
      getAuthToken: () => ok({ token: 'tok-fresh', expiresAt: '' })
    })
    await expect(request({ path: '/uplus-foundation/app/v1/donateu/user/center/my', silent: true })).rejects.toMatchObject({ code: -997 })
    // the re-authorisation runs in the background: wait for its outcome, not for an amount of time
    await waitFor(() => expect(useSession.getState().token).toBe('tok-fresh'))
    expect(calls.filter((c) => c.path.endsWith('/getAuthToken')).map((c) => c.query.get('platform'))).toEqual(['alipay'])
  })
})
