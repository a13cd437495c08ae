/**
 * Peak-day order limits on the app's side (docs/decisions/033-peak-day-order-limits.md): the device id sent with every
 * request, and the order challenge answered by request() itself: solved, checked here against node:crypto's
 * SHA-256, and the same call sent once more with the proof.
 */
import Taro from '@tarojs/taro'
import { createHash } from 'node:crypto'
import { DEVICE_ID_PATTERN } from '@contract'
import { request } from '@/lib/request'
import { deviceId } from '@/lib/device'
import { challengeOf, leadingZeroBits, solveChallenge } from '@/lib/proof-of-work'
import { store } from '@/platform/storage-keys'
import { useSession } from '@/store/session'

const SEED = '0123456789abcdef0123456789abcdef'

const zeroBits = (s: string) => leadingZeroBits(new Uint8Array(createHash('sha256').update(s).digest()))

function ready() {
  useSession.setState({
    boot: 'ready',
    apiBase: '/api/demo',
    lang: 'zh_CN',
    token: 'tok-1',
    config: { api: '/api/demo', signKey: 'Ab3dEf6hIj9lMn2p', moduleName: 'm', theme: 'red', themeColor: '#c8102e' }
  })
}

const envelope = (body: unknown) => ({ statusCode: 200, data: body, header: {}, errMsg: 'request:ok' }) as any

describe('proof of work', () => {
  it('counts leading zero bits', () => {
    expect(leadingZeroBits(Uint8Array.from([0, 0x0f, 0xff]))).toBe(12)
    expect(leadingZeroBits(Uint8Array.from([0x80]))).toBe(0)
    expect(leadingZeroBits(Uint8Array.from([0, 0]))).toBe(16)
  })

  it('finds a counter whose SHA-256 (checked with node:crypto) starts with the asked zero bits', async () => {
    const proof = await solveChallenge({ seed: SEED, bits: 10 })
    expect(proof).toMatch(new RegExp(`^${SEED}\\.\\d+$`))
    expect(zeroBits(proof!)).toBeGreaterThanOrEqual(10)
    // the first such counter: every smaller one fails
    const counter = Number(proof!.split('.')[1])
    for (let i = 0; i < counter; i++) expect(zeroBits(`${SEED}.${i}`)).toBeLessThan(10)
  })

  it('reads only a well-formed challenge', () => {
    expect(challengeOf({ challenge: { seed: SEED, bits: 14, ttlSeconds: 120 } })).toEqual({ seed: SEED, bits: 14, ttlSeconds: 120 })
    expect(challengeOf(null)).toBeNull()
    expect(challengeOf({ errorCode: '0201' })).toBeNull()
    expect(challengeOf({ challenge: { seed: 'x', bits: 14 } })).toBeNull()
    expect(challengeOf({ challenge: { seed: SEED, bits: 60 } })).toBeNull()
    expect(challengeOf({ challenge: { seed: SEED, bits: 1.5 } })).toBeNull()
  })
})

describe('device id', () => {
  beforeEach(() => store.remove('device'))

  it('is made once, kept in storage and sent with every request', async () => {
    const id = deviceId()
    expect(id).toMatch(DEVICE_ID_PATTERN)
    expect(store.get('device')).toBe(id)
    expect(deviceId()).toBe(id)
    ready()
    const spy = jest.spyOn(Taro, 'request').mockResolvedValue(envelope({ code: 0, message: 'success', data: 1 }))
    await request({ path: '/x' })
    await request({ path: '/y', method: 'POST', data: {} })
    expect(spy.mock.calls.map((c) => (c[0] as any).header.device)).toEqual([id, id])
    spy.mockRestore()
  })

  it('replaces a stored value that is not a device id', () => {
    store.set('device', 'bad id')
    const id = deviceId()
    expect(id).toMatch(DEVICE_ID_PATTERN)
    expect(store.get('device')).toBe(id)
  })
})

describe('request answers an order challenge', () => {
  let toast: jest.SpyInstance
  beforeEach(() => {
    jest.restoreAllMocks()
    toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as any)
    ready()
  })

  const challenge = { code: -1, message: '请再试一次', data: { challenge: { seed: SEED, bits: 8, ttlSeconds: 120 } } }

  it('solves it and sends the same call again with the proof; the donor sees no refusal', async () => {
    const spy = jest
      .spyOn(Taro, 'request')
      .mockResolvedValueOnce(envelope(challenge))
      .mockResolvedValueOnce(envelope({ code: 0, message: 'success', data: { orderPayRequestDTO: { billNo: 'B1' } } }))
    const body = { itemsId: 1, currencyMoney: '100.00' }
    await expect(request({ path: '/donate', method: 'POST', data: body })).resolves.toEqual({ orderPayRequestDTO: { billNo: 'B1' } })
    expect(spy).toHaveBeenCalledTimes(2)
    const [first, second] = spy.mock.calls.map((c) => c[0] as any)
    expect(first.header.proof).toBeUndefined()
    expect(second.data).toEqual(body)
    expect(second.url).toBe(first.url)
    expect(second.header.nonce).not.toBe(first.header.nonce)
    expect(second.header.proof).toMatch(new RegExp(`^${SEED}\\.\\d+$`))
    expect(zeroBits(second.header.proof)).toBeGreaterThanOrEqual(8)
    expect(toast).not.toHaveBeenCalled()
  })

  it('answers once: a second refusal is shown and rejected as any -1', async () => {
    const spy = jest.spyOn(Taro, 'request').mockResolvedValue(envelope(challenge))
    await expect(request({ path: '/donate', method: 'POST', data: {} })).rejects.toMatchObject({ code: -1, message: '请再试一次' })
    expect(spy).toHaveBeenCalledTimes(2)
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '请再试一次' }))
  })

  it('leaves other refusals alone', async () => {
    const spy = jest.spyOn(Taro, 'request').mockResolvedValue(envelope({ code: -1, message: '下单过于频繁，请稍后再试', data: null }))
    await expect(request({ path: '/donate', method: 'POST', data: {} })).rejects.toMatchObject({ code: -1 })
    expect(spy).toHaveBeenCalledTimes(1)
  })
})
