/**
 * The tab bar's labels in the donor's language (src/components/tab-bar): H5's bar takes setTabBarItem only while it
 * listens and leaves the call unsettled otherwise, so labels nobody took are sent again until one call is answered;
 * answered labels are not sent again.
 */
import Taro from '@tarojs/taro'
import { applyTabBar } from '@/components/tab-bar'

describe('tab bar labels', () => {
  beforeEach(() => {
    jest.useFakeTimers()
    jest.spyOn(Taro, 'setTabBarStyle').mockResolvedValue({ errMsg: 'ok' } as any)
  })
  afterEach(() => {
    jest.useRealTimers()
    jest.restoreAllMocks()
  })

  it('sends the labels again while the bar is not listening, then stops once it answers', async () => {
    let listening = false
    const set = jest
      .spyOn(Taro, 'setTabBarItem')
      .mockImplementation((() => (listening ? Promise.resolve({ errMsg: 'setTabBarItem:ok' }) : new Promise(() => undefined))) as any)
    applyTabBar(['Home', 'Projects', 'Donors', 'Me'], '#aa0000')
    expect(set).toHaveBeenCalledTimes(4)
    await jest.advanceTimersByTimeAsync(500)
    expect(set).toHaveBeenCalledTimes(8)
    listening = true
    await jest.advanceTimersByTimeAsync(500)
    expect(set).toHaveBeenCalledTimes(12)
    expect(set).toHaveBeenLastCalledWith({ index: 3, text: 'Me' })
    await jest.advanceTimersByTimeAsync(5000)
    expect(set).toHaveBeenCalledTimes(12)
  })

  it('sends answered labels once', async () => {
    const set = jest.spyOn(Taro, 'setTabBarItem').mockResolvedValue({ errMsg: 'setTabBarItem:ok' } as any)
    applyTabBar(['首页', '项目', '名录', '我的'], '#00aa00')
    await jest.advanceTimersByTimeAsync(5000)
    expect(set).toHaveBeenCalledTimes(4)
  })
})
