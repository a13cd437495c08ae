/**
 * The subscribe-message consent of the app (docs/decisions/049-subscribe-messages.md) with the Alipay adapter: only
 * the school's template ids for the kinds asked (at most 3, no repeats) go to my.requestSubscribeMessage, the answer
 * (result.subscribeEntityIds) is reported to notice/subscribe at the HTTP boundary (Taro.request), and nothing is
 * asked without a template or a sign-in. The WeChat adapter runs compiled in test/mini/notice.test.js.
 */
import Taro from '@tarojs/taro'
import { useSession } from '@/store/session'

jest.mock('@/platform/notice', () => jest.requireActual('@/platform/notice/index.alipay'))
// imported after the mock: the feature takes the Alipay adapter
import { requestNoticeConsent, templateIdsFor } from '@/features/notice'

const KEY = 'Ab3dEf6hIj9lMn2p'
const asked: string[][] = []

function ready(token: string) {
  useSession.setState({
    boot: 'ready',
    apiBase: '/api/demo',
    lang: 'zh_CN',
    token,
    config: {
      api: '/api/demo',
      signKey: KEY,
      moduleName: 'm',
      theme: 'red',
      themeColor: '#c8102e',
      noticeTemplates: { wechat: { paid: 'wx-1' }, alipay: { paid: 'ali-paid', certificate: 'ali-cert', receipt: 'ali-paid' } }
    }
  })
}

beforeEach(() => {
  jest.restoreAllMocks()
  asked.length = 0
  ;(globalThis as any).my = {
    requestSubscribeMessage(opts: { entityIds: string[]; success(res: unknown): void }) {
      asked.push(opts.entityIds)
      opts.success({ behavior: 'subscribe', result: { subscribeEntityIds: ['ali-paid'], unsubscribedEntityIds: ['ali-cert'] } })
    }
  }
})

it('asks for the school ids of the kinds once each and reports the answer', async () => {
  ready('tok-1')
  expect(templateIdsFor(['paid', 'receipt', 'certificate', 'refund'])).toEqual(['ali-paid', 'ali-cert'])
  const spy = jest
    .spyOn(Taro, 'request')
    .mockResolvedValue({ statusCode: 200, data: { code: 0, message: 'success', data: { granted: 1 } }, header: {}, errMsg: 'ok' } as any)
  await requestNoticeConsent(['paid', 'certificate'])
  expect(asked).toEqual([['ali-paid', 'ali-cert']])
  const call = spy.mock.calls[0][0] as any
  expect(call.url).toBe('/api/demo/uplus-foundation/app/v1/donateu/notice/subscribe')
  expect(call.method).toBe('POST')
  expect(call.header.Authorization).toBe('tok-1')
  expect(JSON.parse(typeof call.data === 'string' ? call.data : JSON.stringify(call.data))).toEqual({
    channel: 'alipay',
    results: [
      { templateId: 'ali-paid', accepted: true },
      { templateId: 'ali-cert', accepted: false }
    ]
  })
})

it('asks nothing for a kind without a template, nor when signed out', async () => {
  const spy = jest.spyOn(Taro, 'request')
  ready('tok-1')
  await requestNoticeConsent(['refund'])
  ready('')
  await requestNoticeConsent(['paid'])
  expect(asked).toEqual([])
  expect(spy).not.toHaveBeenCalled()
})
