/**
 * A toast belongs to the page that showed it (src/lib/quiet.ts): when that page hides or closes, PageShell drops
 * it, so a stale error never follows the donor onto the next page; another page's hide leaves it alone.
 */
import Taro from '@tarojs/taro'
import { currentPageKey, dropToastOf, toast } from '@/lib/quiet'

describe('toasts stay on their page', () => {
  let path = '/pkg-donate/form/index?$taroTimestamp=1'
  let hide: jest.SpyInstance
  beforeEach(() => {
    jest.spyOn(Taro, 'getCurrentInstance').mockImplementation(() => ({ router: { $taroPath: path, path } }) as any)
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as any)
    hide = jest.spyOn(Taro, 'hideToast').mockImplementation((() => undefined) as any)
  })
  afterEach(() => jest.restoreAllMocks())

  it("hides the form's error when the form page hides, not when another page does", () => {
    const form = currentPageKey()
    toast('请输入正确的手机号', 2000)
    path = '/pkg-donate/success/index?$taroTimestamp=2'
    dropToastOf(currentPageKey())
    expect(hide).not.toHaveBeenCalled()
    dropToastOf(form)
    expect(hide).toHaveBeenCalledTimes(1)
    // once dropped, a second hide of the same page does nothing
    dropToastOf(form)
    expect(hide).toHaveBeenCalledTimes(1)
  })

  it('a later toast on the next page is not hidden by the first page closing', () => {
    path = '/a?$taroTimestamp=3'
    const first = currentPageKey()
    toast('first')
    path = '/b?$taroTimestamp=4'
    toast('second')
    dropToastOf(first)
    expect(hide).not.toHaveBeenCalled()
    dropToastOf(currentPageKey())
    expect(hide).toHaveBeenCalledTimes(1)
  })
})

describe('toasts that announce the move', () => {
  it('cross over to the next page (a cancelled payment, then back to the form)', () => {
    jest.spyOn(Taro, 'getCurrentInstance').mockImplementation(() => ({ router: { $taroPath: '/cashier?$taroTimestamp=9' } }) as any)
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as any)
    const hide = jest.spyOn(Taro, 'hideToast').mockImplementation((() => undefined) as any)
    toast('已取消支付', 1000, { announcesNavigation: true })
    dropToastOf('/cashier?$taroTimestamp=9')
    expect(hide).not.toHaveBeenCalled()
    jest.restoreAllMocks()
  })
})
