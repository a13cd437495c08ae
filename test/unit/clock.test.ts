/**
 * The server's clock as the device sees it (src/lib/clock.ts, docs/decisions/040-clock-tolerance.md): the offset
 * learned from Date headers and refusals, and the request module's one retry of a call refused for its timestamp.
 */
import Taro from '@tarojs/taro'
import { createDecipheriv } from 'node:crypto'
import {
  clockOffset,
  dateHeaderOf,
  learnFromDate,
  learnFromServerTime,
  MAX_SAMPLE_SPAN_MS,
  nextOffset,
  resetClock,
  serverNow,
  serverTimeOf
} from '@/lib/clock'
import { request, uploadFile } from '@/lib/request'
import { useSession } from '@/store/session'

const KEY = 'Ab3dEf6hIj9lMn2p'
const TEN_MINUTES = 600_000

/** the timestamp a call was signed with, decrypted as the server does (decision 006) */
function signedAt(header: Record<string, string>): number {
  const d = createDecipheriv('aes-128-cbc', Buffer.from(KEY), Buffer.from(header.nonce.slice(0, 16)))
  return Number(Buffer.concat([d.update(Buffer.from(header.signature, 'base64')), d.final()]).toString())
}

const httpDate = (ms: number) => new Date(ms).toUTCString()

describe('nextOffset', () => {
  it('keeps the offset an answer agrees with, 0 included: a right clock signs as before', () => {
    // the server said 12:00:00 (any ms of that second) while the call was out between ...00.200 and ...00.400
    const s = Date.UTC(2025, 0, 1, 12)
    expect(nextOffset(0, s, s + 999, s + 200, s + 400)).toBe(0)
    expect(nextOffset(250, s, s + 999, s + 200, s + 400)).toBe(250)
    expect(nextOffset(-400, s, s + 999, s + 200, s + 400)).toBe(-400)
  })

  it('moves to the middle of what the answer allows when the kept offset falls outside it', () => {
    const s = Date.UTC(2025, 0, 1, 12)
    // the device is ten minutes fast: it sent at s+10min+200 and heard back at s+10min+400
    const next = nextOffset(0, s, s + 999, s + TEN_MINUTES + 200, s + TEN_MINUTES + 400)
    // allowed: [s - (s+10min+400), s+999 - (s+10min+200)] = [-600400, -599201]
    expect(next).toBe(Math.round((-600_400 + -599_201) / 2))
    // the device ten minutes slow, learned from a refusal's exact ms
    expect(nextOffset(0, s, s, s - TEN_MINUTES - 50, s - TEN_MINUTES + 50)).toBe(TEN_MINUTES)
    // a kept offset that was right before the device's clock was changed is replaced
    expect(nextOffset(TEN_MINUTES, s, s, s - 50, s + 50)).toBe(0)
  })

  it('ignores answers that say nothing usable', () => {
    const s = Date.UTC(2025, 0, 1, 12)
    expect(nextOffset(7, NaN, NaN, s, s + 100)).toBe(7)
    // the device clock went backwards while the call was out
    expect(nextOffset(7, s, s, s + 100, s)).toBe(7)
    // a call out for longer than the span it can tell anything within
    expect(nextOffset(7, s, s, s - TEN_MINUTES, s - TEN_MINUTES + MAX_SAMPLE_SPAN_MS + 1)).toBe(7)
    expect(nextOffset(7, s, s, s - TEN_MINUTES, s - TEN_MINUTES + MAX_SAMPLE_SPAN_MS)).not.toBe(7)
  })
})

describe('the kept offset', () => {
  beforeEach(() => resetClock())

  it('learns from a Date header and from a refusal, and corrects the time to sign with', () => {
    const now = Date.now()
    learnFromDate(httpDate(now - TEN_MINUTES), now - 100, now)
    expect(Math.abs(clockOffset() + TEN_MINUTES)).toBeLessThan(1_500)
    expect(Math.abs(serverNow(now) - (now - TEN_MINUTES))).toBeLessThan(1_500)
    learnFromServerTime(now + 3_600_000, now - 20, now)
    expect(Math.abs(clockOffset() - 3_600_000)).toBeLessThanOrEqual(20)
    learnFromDate('not a date', now - 100, now)
    learnFromDate('', now - 100, now)
    expect(Math.abs(clockOffset() - 3_600_000)).toBeLessThanOrEqual(20)
  })

  it('reads the Date header in any case and the server time of a refusal only', () => {
    expect(dateHeaderOf({ Date: 'Wed, 01 Jan 2025 12:00:00 GMT' })).toBe('Wed, 01 Jan 2025 12:00:00 GMT')
    expect(dateHeaderOf({ date: 'x' })).toBe('x')
    expect(dateHeaderOf({ DATE: ['y'] })).toBe('y')
    expect(dateHeaderOf(undefined)).toBe('')
    expect(dateHeaderOf({ 'content-type': 'application/json' })).toBe('')
    expect(serverTimeOf({ serverTime: 1735732800000 })).toBe(1735732800000)
    expect(serverTimeOf(null)).toBeNull()
    expect(serverTimeOf({ errorCode: '0201' })).toBeNull()
    expect(serverTimeOf({ serverTime: '1735732800000' })).toBeNull()
    expect(serverTimeOf({ serverTime: -1 })).toBeNull()
  })
})

/**
 * A server ten minutes behind this device, at the HTTP boundary (Taro.request stubbed): it refuses a timestamp more
 * than 300 s from its own clock with {code: -1, data: {serverTime}} and HTTP 401, as plugins/signature.ts does, and
 * dates every answer.
 */
function serverBehind(skewMs: number, answer: () => unknown = () => ({ rows: [], total: 0 }), opts: { dateHeader?: boolean } = {}) {
  const seen: number[] = []
  const spy = jest.spyOn(Taro, 'request').mockImplementation((async (o: { header: Record<string, string> }) => {
    const serverTime = Date.now() - skewMs
    const header: Record<string, string> = opts.dateHeader === false ? {} : { Date: httpDate(serverTime) }
    const ts = signedAt(o.header)
    seen.push(ts - serverTime)
    if (Math.abs(ts - serverTime) > 300_000) {
      return { statusCode: 401, header, data: { code: -1, message: '请求已过期，请检查设备时间', data: { serverTime } } }
    }
    return { statusCode: 200, header, data: { code: 0, message: 'success', data: answer() } }
  }) as any)
  return { spy, seen }
}

describe('request, with the device clock ten minutes fast', () => {
  let toast: jest.SpyInstance
  beforeEach(() => {
    jest.restoreAllMocks()
    resetClock()
    toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as any)
    useSession.setState({
      boot: 'ready',
      apiBase: '/api/demo',
      lang: 'zh_CN',
      token: '',
      config: { api: '/api/demo', signKey: KEY, moduleName: 'm', theme: 'red', themeColor: '#c8102e' }
    })
  })

  it('the refused call is sent once more, signed with the corrected time, and answers; no toast', async () => {
    const { spy, seen } = serverBehind(TEN_MINUTES)
    await expect(request({ path: '/items/itemsList' })).resolves.toEqual({ rows: [], total: 0 })
    expect(spy).toHaveBeenCalledTimes(2)
    expect(seen[0]).toBeGreaterThan(590_000)
    expect(Math.abs(seen[1])).toBeLessThan(2_000)
    // a new nonce for the second try (the server refuses a nonce seen before)
    const [first, second] = spy.mock.calls.map((c) => (c[0] as any).header.nonce)
    expect(second).not.toBe(first)
    expect(toast).not.toHaveBeenCalled()
    // the next call is signed right the first time
    await request({ path: '/items/itemsList' })
    expect(spy).toHaveBeenCalledTimes(3)
    expect(Math.abs(seen[2])).toBeLessThan(2_000)
  })

  it('learns from the Date header of any answer before a signature is refused', async () => {
    // a clock 4 minutes fast is still accepted; the Date header of that answer corrects it
    const { spy, seen } = serverBehind(240_000)
    await request({ path: '/a' })
    expect(seen[0]).toBeGreaterThan(230_000)
    await request({ path: '/b' })
    expect(spy).toHaveBeenCalledTimes(2)
    expect(Math.abs(seen[1])).toBeLessThan(2_000)
  })

  it('also without a Date header (the refusal carries the time)', async () => {
    const { spy, seen } = serverBehind(TEN_MINUTES, undefined, { dateHeader: false })
    await expect(request({ path: '/x' })).resolves.toEqual({ rows: [], total: 0 })
    expect(spy).toHaveBeenCalledTimes(2)
    expect(Math.abs(seen[1])).toBeLessThan(2_000)
  })

  it('retries once only: a second refusal is the answer, toasted, never a third call', async () => {
    // a server that refuses every timestamp, each time saying a time that is again ten minutes off
    let n = 0
    const spy = jest.spyOn(Taro, 'request').mockImplementation((async () => {
      n++
      return {
        statusCode: 401,
        header: {},
        data: { code: -1, message: '请求已过期，请检查设备时间', data: { serverTime: Date.now() + (n % 2 ? -1 : 1) * TEN_MINUTES } }
      }
    }) as any)
    await expect(request({ path: '/x' })).rejects.toMatchObject({ code: -1, message: '请求已过期，请检查设备时间' })
    expect(spy).toHaveBeenCalledTimes(2)
    expect(toast).toHaveBeenCalledTimes(1)
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '请求已过期，请检查设备时间' }))
  })

  it('other refusals are not retried', async () => {
    const spy = jest.spyOn(Taro, 'request').mockResolvedValue({
      statusCode: 401,
      header: {},
      data: { code: -1, message: '签名无效', data: null }
    } as any)
    await expect(request({ path: '/x' })).rejects.toMatchObject({ code: -1 })
    expect(spy).toHaveBeenCalledTimes(1)
    expect(clockOffset()).toBe(0)
  })

  it('an upload refused for its timestamp goes once more with the corrected time', async () => {
    const seen: number[] = []
    const spy = jest.spyOn(Taro, 'uploadFile').mockImplementation(((o: { header: Record<string, string> }) => {
      const serverTime = Date.now() - TEN_MINUTES
      const ts = signedAt(o.header)
      seen.push(ts - serverTime)
      const refused = Math.abs(ts - serverTime) > 300_000
      // the mini-programs hand the upload's body back as text, without headers
      const data = refused
        ? { code: -1, message: '请求已过期，请检查设备时间', data: { serverTime } }
        : { code: 0, message: 'success', data: { url: '/files/a.png' } }
      return Promise.resolve({ statusCode: refused ? 401 : 200, data: JSON.stringify(data) })
    }) as any)
    await expect(uploadFile({ path: '/upload', filePath: 'tmp://a.png' })).resolves.toEqual({ url: '/files/a.png' })
    expect(spy).toHaveBeenCalledTimes(2)
    expect(Math.abs(seen[1])).toBeLessThan(2_000)
    expect(toast).not.toHaveBeenCalled()
  })
})
