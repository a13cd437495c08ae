/**
 * The request module against the HTTP boundary (Taro.request stubbed with envelopes as the server sends them):
 * headers, language, and the result-code handling of docs/product §8.
 */
import Taro from '@tarojs/taro'
import { createDecipheriv } from 'node:crypto'
import { request, requestHooks, ApiError } from '@/lib/request'
import { useSession } from '@/store/session'

const KEY = 'Ab3dEf6hIj9lMn2p'

function ready(token = '') {
  useSession.setState({
    boot: 'ready',
    apiBase: '/api/demo',
    lang: 'zh_CN',
    token,
    config: { api: '/api/demo', signKey: KEY, moduleName: 'm', theme: 'red', themeColor: '#c8102e' }
  })
}

function answer(body: unknown, statusCode = 200) {
  return jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode, data: body, header: {}, errMsg: 'request:ok' } as any)
}

describe('request', () => {
  let toast: jest.SpyInstance
  beforeEach(() => {
    jest.restoreAllMocks()
    toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as any)
    ready('tok-1')
  })

  it('signs the call, adds lang to GETs and sends the token in the Authorization header only', async () => {
    const spy = answer({ code: 0, message: 'success', data: { rows: [], total: 0 } })
    const data = await request({ path: '/x/list', query: { limit: 10 } })
    expect(data).toEqual({ rows: [], total: 0 })
    const call = spy.mock.calls[0][0] as any
    expect(call.url).toBe('/api/demo/x/list?limit=10&lang=zh_CN')
    expect(call.url).not.toContain('tok-1')
    expect(call.header.Authorization).toBe('tok-1')
    expect(call.header.nonce).toMatch(/^[A-Za-z0-9]{32}$/)
    const d = createDecipheriv('aes-128-cbc', Buffer.from(KEY), Buffer.from(call.header.nonce.slice(0, 16)))
    const ts = Number(Buffer.concat([d.update(Buffer.from(call.header.signature, 'base64')), d.final()]).toString())
    expect(Math.abs(Date.now() - ts)).toBeLessThan(5000)
  })

  it('leaves the token out when auth is false', async () => {
    const spy = answer({ code: 0, message: 'success', data: 1 })
    await request({ path: '/x', auth: false })
    expect((spy.mock.calls[0][0] as any).header.Authorization).toBeUndefined()
  })

  it('toasts the server message for 2 s on code -1 and rejects', async () => {
    answer({ code: -1, message: '项目不存在', data: null })
    await expect(request({ path: '/x' })).rejects.toMatchObject({ code: -1, message: '项目不存在' })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '项目不存在', duration: 2000 }))
  })

  it('clears the token and re-authorises on -997', async () => {
    const reauth = jest.fn()
    requestHooks.reauthorize = reauth
    answer({ code: -997, message: 'expired', data: null })
    await expect(request({ path: '/x' })).rejects.toBeInstanceOf(ApiError)
    expect(useSession.getState().token).toBe('')
    expect(reauth).toHaveBeenCalledTimes(1)
  })

  it('hands 0201 on -998 to the caller without clearing the token', async () => {
    const reauth = jest.fn()
    requestHooks.reauthorize = reauth
    answer({ code: -998, message: 'alumni only', data: { errorCode: '0201' } })
    await expect(request({ path: '/x' })).rejects.toMatchObject({ permissionCode: '0201' })
    expect(useSession.getState().token).toBe('tok-1')
    expect(reauth).not.toHaveBeenCalled()
  })

  it('clears the token on -998 without 0201', async () => {
    requestHooks.reauthorize = jest.fn()
    answer({ code: -998, message: 'not registered', data: null })
    await expect(request({ path: '/x' })).rejects.toMatchObject({ code: -998 })
    expect(useSession.getState().token).toBe('')
  })

  it('shows the network message when the call fails', async () => {
    jest.spyOn(Taro, 'request').mockRejectedValue(new Error('request:fail'))
    await expect(request({ path: '/x' })).rejects.toMatchObject({ network: true })
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '连接失败，请检查网络设置' }))
  })

  describe('before the school config has arrived (docs/product §9: retry every 500 ms)', () => {
    beforeEach(() => jest.useFakeTimers())
    afterEach(() => jest.useRealTimers())

    it('waits while the API base is unset and goes at the next retry once it is', async () => {
      useSession.setState({ apiBase: '', config: null, boot: 'loading' })
      const spy = answer({ code: 0, message: 'success', data: 'late' })
      const p = request({ path: '/x' })
      await jest.advanceTimersByTimeAsync(1600)
      expect(spy).not.toHaveBeenCalled()
      ready()
      expect(spy).not.toHaveBeenCalled()
      await jest.advanceTimersByTimeAsync(500)
      expect(spy).toHaveBeenCalledTimes(1)
      await expect(p).resolves.toBe('late')
    })

    it('gives up after 30 s with the boot failure message', async () => {
      useSession.setState({ apiBase: '', config: null, boot: 'loading', bootError: '' })
      const spy = answer({ code: 0, message: 'success', data: 'never' })
      const p = request({ path: '/x' })
      const outcome = p.then(
        () => 'resolved',
        (e: ApiError) => e
      )
      await jest.advanceTimersByTimeAsync(29_500)
      expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending')
      await jest.advanceTimersByTimeAsync(1_000)
      expect(await outcome).toMatchObject({ network: true, message: '应用配置加载失败' })
      expect(spy).not.toHaveBeenCalled()
    })
  })
})
