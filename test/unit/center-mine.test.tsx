/**
 * The personal centre against a stubbed HTTP boundary: mine (profile, default nickname, receipts link, awards,
 * bind prompt, nickname popup), award?id states, mine-don by project and by time.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import MinePage from '@/pages/mine/index'
import AwardPage from '@/pkg-mine/award/index'
import MineDonPage from '@/pkg-mine/mine-don/index'
import { greetingKey, nicknameProblem } from '@/features/center/model/profile'
import { giftRow } from '@/features/center/model/donations'
import { translate } from '@/lib/i18n'
import { useSession } from '@/store/session'
import { bootSession, ok, page, setQuery, stubApi, toastSpy, typeInto, type Call } from './project-fixtures'
import { AWARDS, award, gift, group, receiptConfig, userCenter } from './center-fixtures'

const titles = (spy: jest.SpyInstance) => spy.mock.calls.map((c) => c[0].title)
const count = (calls: Call[], name: string) => calls.filter((c) => c.path.endsWith(`/${name}`)).length

function stubMine(extra: Record<string, (c: Call) => any> = {}) {
  return stubApi({
    my: () => ok(userCenter()),
    awardList: () => ok(AWARDS),
    detail: () => ok(receiptConfig()),
    ...extra
  })
}

async function openMine() {
  setQuery('/pages/mine/index', {})
  render(<MinePage />)
  return screen.findByTestId('mine-screen')
}

beforeEach(() => {
  jest.restoreAllMocks()
  bootSession()
  useSession.setState({
    token: 'tok-41',
    baseConfig: {
      title: '校友基金会',
      isShowTechnicalSupport: 0,
      agreeTitle: '',
      agreeContent: '',
      shareTitle: '',
      shareDesc: '',
      shareImg: '',
      loginBg: '',
      awardExplain: '<p>捐赠即可点亮勋章</p><script>alert(1)</script>',
      settings: useSession.getState().settings
    }
  })
})

describe('profile rules (pure)', () => {
  it('greets by the time of day', () => {
    expect(greetingKey(3)).toBe('center.greet.night')
    expect(greetingKey(8)).toBe('center.greet.morning')
    expect(greetingKey(12)).toBe('center.greet.noon')
    expect(greetingKey(15)).toBe('center.greet.afternoon')
    expect(greetingKey(21)).toBe('center.greet.evening')
  })

  it('accepts nicknames of 1 to 20 characters counted as the server counts (code points)', () => {
    expect(nicknameProblem('  ')).toBe('center.nickname.required')
    expect(nicknameProblem('赟'.repeat(20))).toBeNull()
    expect(nicknameProblem('𠀀'.repeat(20))).toBeNull()
    expect(nicknameProblem('a'.repeat(21))).toBe('center.nickname.tooLong')
    expect(nicknameProblem('a\u0007b')).toBe('center.nickname.invalid')
  })
})

describe('mine', () => {
  it('shows the donor, greeting, statistics, links (receipts on) and awards earned/total from the server', async () => {
    const calls = stubMine()
    await openMine()
    expect(screen.getByTestId('mine-name').textContent).toBe('王赟喆')
    expect(screen.getByTestId('mine-greeting').textContent).toBe(translate('zh_CN', greetingKey(new Date().getHours())))
    expect(screen.getByTestId('mine-money').textContent).toBe('¥12,345.60')
    expect(screen.getByTestId('mine-items').textContent).toBe('3')
    expect(screen.getByTestId('mine-launch').textContent).toBe('2')
    const menu = screen.getByTestId('mine-menu')
    expect(within(menu).getByTestId('menu-mine-paper').textContent).toContain('我的票据')
    expect(within(menu).getByTestId('menu-mine-certificate').textContent).toContain('我的证书')
    expect(screen.getByTestId('awards-count').textContent).toBe('2/5')
    expect(screen.getByTestId('award-1').getAttribute('data-earned')).toBe('1')
    expect(screen.getByTestId('award-2').getAttribute('data-earned')).toBe('0')
    expect(screen.queryByTestId('bind-prompt')).toBeNull()
    // the token goes along on every centre call
    const spy = Taro.request as unknown as jest.SpyInstance
    for (const c of spy.mock.calls) expect(c[0].header.Authorization).toBe('tok-41')
    expect(count(calls, 'my')).toBe(1)
  })

  it('shows the default avatar, never a broken image, when the avatar fails to load, and with no avatar', async () => {
    stubMine()
    await openMine()
    const img = screen.getByTestId('mine-avatar-img')
    expect(img.getAttribute('src')).toBe('/files/uploads/demo/avatar-41.jpg')
    expect(screen.queryByTestId('mine-avatar-default')).toBeNull()
    act(() => {
      fireEvent.error(img)
    })
    await waitFor(() => expect(screen.getByTestId('mine-avatar-default')).toBeTruthy())
    expect(screen.queryByTestId('mine-avatar-img')).toBeNull()

    document.body.innerHTML = ''
    jest.restoreAllMocks()
    stubMine({ my: () => ok(userCenter({ avatar: '' })) })
    await openMine()
    expect(screen.getByTestId('mine-avatar-default')).toBeTruthy()
  })

  it("shows 爱心校友 / A caring alumnus (the server's words) for the WeChat default nickname", async () => {
    stubMine({ my: () => ok(userCenter({ nickname: '微信用户', isDefaultNickname: 1 })) })
    await openMine()
    expect(screen.getByTestId('mine-name').textContent).toBe('爱心校友')
    act(() => useSession.setState({ lang: 'en' }))
    await waitFor(() => expect(screen.getByTestId('mine-name').textContent).toBe('A caring alumnus'))
  })

  it('hides the receipts link when receipts are off, or when the switch cannot be read', async () => {
    stubMine({ detail: () => ok(receiptConfig({ isOpenReceipt: 0 })) })
    await openMine()
    expect(screen.queryByTestId('menu-mine-paper')).toBeNull()
    expect(screen.getByTestId('menu-mine-don')).toBeTruthy()

    document.body.innerHTML = ''
    jest.restoreAllMocks()
    stubMine({ detail: () => ({ code: -1, message: 'no', data: null }) })
    await openMine()
    expect(screen.queryByTestId('menu-mine-paper')).toBeNull()
  })

  it('links: records and awards navigate; the receipts page opens at its route', async () => {
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    stubMine()
    await openMine()
    fireEvent.click(screen.getByTestId('menu-mine-don'))
    expect(nav).toHaveBeenLastCalledWith({ url: '/pkg-mine/mine-don/index' })
    fireEvent.click(screen.getByTestId('menu-mine-paper'))
    expect(nav).toHaveBeenLastCalledWith({ url: '/pkg-cert/mine-paper/index' })
    fireEvent.click(screen.getByTestId('award-3'))
    expect(nav).toHaveBeenLastCalledWith({ url: '/pkg-mine/award/index?id=3' })
    fireEvent.click(screen.getByTestId('mine-avatar'))
    expect(nav).toHaveBeenLastCalledWith({ url: '/pkg-mine/cut/index' })
  })

  it("the awards explanation shows the school's sanitised text", async () => {
    stubMine()
    await openMine()
    fireEvent.click(screen.getByTestId('awards-help'))
    await waitFor(() => expect(document.querySelector('.at-modal--active [data-testid="award-explain"]')).toBeTruthy())
    const box = document.querySelector('.at-modal--active [data-testid="award-explain"]')!
    await waitFor(() => expect(box.textContent).toContain('捐赠即可点亮勋章'))
    expect(box.innerHTML).not.toContain('script')
  })

  it('offers bind mobile with the login note only for account type 1 at a school with open login', async () => {
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    stubMine({ my: () => ok(userCenter({ accountType: 1 })) })
    await openMine()
    expect(screen.getByTestId('bind-notes').textContent).toBe('绑定手机号后可在网页和小程序查看同一份捐赠记录')
    fireEvent.click(screen.getByTestId('bind-prompt'))
    expect(nav).toHaveBeenCalledWith({ url: '/pages/login/index?bind=1' })

    document.body.innerHTML = ''
    jest.restoreAllMocks()
    stubMine({ my: () => ok(userCenter({ accountType: 1, isOpenLogin: 0 })) })
    await openMine()
    expect(screen.queryByTestId('bind-prompt')).toBeNull()
  })

  it('nickname popup: 1..20 characters under the input, saves, toasts success and reloads', async () => {
    const toast = toastSpy()
    let nickname = '王赟喆'
    const calls = stubMine({
      my: () => ok(userCenter({ nickname })),
      updateUser: (c) => {
        nickname = c.data.nickname
        return ok(null)
      }
    })
    await openMine()
    fireEvent.click(screen.getByTestId('mine-nickname'))
    const input = screen.getByTestId('nickname-input')
    const save = () => fireEvent.click(screen.getByTestId('nickname-save').querySelector('.at-button')!)
    act(() => typeInto(input, '   '))
    save()
    expect(screen.getByTestId('error-nickname').textContent).toBe('昵称不能为空')
    expect((input as any).nativeProps).toEqual(expect.objectContaining({ 'aria-invalid': 'true', 'aria-describedby': 'fe-nickname' }))
    act(() => typeInto(input, '一二三四五六七八九十一二三四五六七八九十一'))
    expect(screen.queryByTestId('error-nickname')).toBeNull()
    save()
    expect(screen.getByTestId('error-nickname').textContent).toBe('昵称不能超过20个字')
    expect(toast).not.toHaveBeenCalled()
    expect(count(calls, 'updateUser')).toBe(0)
    act(() => typeInto(input, ' 赟喆校友 '))
    save()
    await waitFor(() => expect(titles(toast)).toContain('修改成功'))
    expect(calls.find((c) => c.path.endsWith('/updateUser'))!.data).toEqual({ nickname: '赟喆校友' })
    await waitFor(() => expect(screen.getByTestId('mine-name').textContent).toBe('赟喆校友'))
    expect(count(calls, 'my')).toBe(2)
  })

  it("nickname popup: the server's refusal of the nickname shows under the input, in English too", async () => {
    useSession.setState({ lang: 'en' })
    const toast = toastSpy()
    const calls = stubMine({
      my: () => ok(userCenter({ nickname: 'Wang' })),
      updateUser: () => ({ code: -1, message: 'Nickname must be 1 to 20 characters', data: { field: 'nickname' } })
    })
    await openMine()
    fireEvent.click(screen.getByTestId('mine-nickname'))
    const input = screen.getByTestId('nickname-input')
    act(() => typeInto(input, ''))
    fireEvent.click(screen.getByTestId('nickname-save').querySelector('.at-button')!)
    expect(screen.getByTestId('error-nickname').textContent).toBe('Nickname cannot be empty')
    act(() => typeInto(input, 'Alumnus'))
    fireEvent.click(screen.getByTestId('nickname-save').querySelector('.at-button')!)
    expect((await screen.findByTestId('error-nickname')).textContent).toBe('Nickname must be 1 to 20 characters')
    expect(count(calls, 'updateUser')).toBe(1)
    expect(toast).not.toHaveBeenCalled()
  })

  it('a failed load offers a retry', async () => {
    let fail = true
    stubMine({ my: () => (fail ? { code: -1, message: 'down', data: null } : ok(userCenter())) })
    setQuery('/pages/mine/index', {})
    render(<MinePage />)
    const retry = await screen.findByTestId('mine-retry')
    fail = false
    fireEvent.click(retry)
    await screen.findByTestId('mine-screen')
  })
})

describe('award?id', () => {
  async function openAward(id: string, answer: (c: Call) => any) {
    const calls = stubApi({ awardDetail: answer })
    setQuery('/pkg-mine/award/index', { id })
    render(<AwardPage />)
    return calls
  }

  it('an earned award shows ranking, picture, name, description and the obtain time to the minute', async () => {
    const calls = await openAward('1', () => ok(award()))
    await screen.findByTestId('award-screen')
    expect(calls[0].query.get('awardId')).toBe('1')
    expect(screen.getByTestId('award-name').textContent).toBe('爱心达人')
    expect(screen.getByTestId('award-ranking').textContent).toBe('第 7 位获得者')
    expect(screen.getByTestId('award-picture').getAttribute('src')).toBe('/files/awards/demo/loving_expert.png')
    expect(screen.getByTestId('award-description').textContent).toBe('完成第一笔捐赠，爱心从这里开始。')
    expect(screen.getByTestId('award-time').textContent).toBe('2025-05-20 14:32')
    expect(screen.queryByTestId('award-not-obtained')).toBeNull()
  })

  it('recordCount 0 says not yet obtained and shows no ranking or time', async () => {
    await openAward('2', () => ok(award({ id: 2, recordCount: 0, ranking: 0, awardTime: '' })))
    await screen.findByTestId('award-screen')
    expect(screen.getByTestId('award-not-obtained').textContent).toBe('尚未获得')
    expect(screen.queryByTestId('award-ranking')).toBeNull()
    expect(screen.getByTestId('award-time').textContent).toBe('尚未获得')
  })

  it('no id: not found; a failure: retry', async () => {
    await openAward('', () => ok(award()))
    expect((await screen.findByTestId('award-missing')).textContent).toContain('勋章不存在')
    document.body.innerHTML = ''
    let fail = true
    await openAward('3', () => (fail ? { code: -1, message: '勋章不存在', data: null } : ok(award({ id: 3 }))))
    const err = await screen.findByTestId('award-error')
    fail = false
    fireEvent.click(within(err).getByText('重新加载'))
    await screen.findByTestId('award-screen')
  })
})

describe('mine-don', () => {
  it('groups by project (totals, counts, expandable gifts), then by time paged 10', async () => {
    const scholarship = [
      gift(),
      gift({ id: 9002, donateMoney: '1000.00', donateTime: '2025-04-01 08:00:00', donatePlatOrder: 'D202504010007' })
    ]
    const goods = [
      gift({ id: 9003, itemsId: 8, itemsName: '图书捐赠', crowdType: 2, donateMoney: '0.00', donateMaterialNumber: 12, materialUnit: '册' })
    ]
    const calls = stubApi({
      itemsDonateGroup: () => ok([group(scholarship, { donateMoney: '1200.00' }), group(goods)]),
      donateRecordList: (c) => ok(page([...scholarship, ...goods].slice(Number(c.query.get('offset'))), 13))
    })
    setQuery('/pkg-mine/mine-don/index', {})
    render(<MineDonPage />)
    const groups = await screen.findAllByTestId('don-group')
    expect(groups.map((g) => within(g).getByTestId('don-group-name').textContent)).toEqual(['励志奖学金', '图书捐赠'])
    expect(within(groups[0]).getByTestId('don-group-total').textContent).toBe('¥1,200.00')
    expect(within(groups[1]).getByTestId('don-group-total').textContent).toBe('12 册')
    expect(within(groups[0]).queryAllByTestId('gift-row')).toHaveLength(0)
    fireEvent.click(within(groups[0]).getByText('励志奖学金'))
    expect(
      within(groups[0])
        .getAllByTestId('gift-amount')
        .map((e) => e.textContent)
    ).toEqual(['¥200.00', '¥1,000.00'])
    expect(count(calls, 'donateRecordList')).toBe(0)

    fireEvent.click(screen.getByTestId('don-mode-time'))
    await screen.findByTestId('don-by-time')
    await waitFor(() => expect(screen.getAllByTestId('gift-row')).toHaveLength(3))
    const first = calls.find((c) => c.path.endsWith('/donateRecordList'))!
    expect(first.query.get('offset')).toBe('0')
    expect(first.query.get('limit')).toBe('10')
    expect(screen.getAllByTestId('gift-project').map((e) => e.textContent)).toEqual(['励志奖学金', '励志奖学金', '图书捐赠'])
    expect(screen.getAllByTestId('gift-amount').map((e) => e.textContent)).toEqual(['¥200.00', '¥1,000.00', '12 册'])
  })

  it('shows a refunded gift with what went back and why its certificate is void, in both languages', async () => {
    const refunded = [
      gift({ refundMoney: '50.00', refundState: 1 }),
      gift({
        id: 9002,
        donateMoney: '1000.00',
        refundMoney: '1000.00',
        refundState: 2,
        certificateVoidReason: '捐赠已全额退款，证书作废'
      })
    ]
    stubApi({
      itemsDonateGroup: () => ok([group(refunded, { donateMoney: '150.00' })]),
      donateRecordList: () => ok(page(refunded, 2))
    })
    setQuery('/pkg-mine/mine-don/index', {})
    render(<MineDonPage />)
    fireEvent.click(screen.getByTestId('don-mode-time'))
    await waitFor(() => expect(screen.getAllByTestId('gift-row')).toHaveLength(2))
    expect(screen.getAllByTestId('gift-amount').map((e) => e.textContent)).toEqual(['¥200.00', '¥1,000.00'])
    expect(screen.getAllByTestId('gift-refund').map((e) => e.textContent)).toEqual(['已退款 ¥50.00', '已全额退款 ¥1,000.00'])
    expect(screen.getAllByTestId('gift-certificate-note').map((e) => e.textContent)).toEqual(['捐赠已全额退款，证书作废'])
    const en: Parameters<typeof giftRow>[1] = (key, params) => translate('en', key, params)
    expect(refunded.map((d) => giftRow(d, en).refund)).toEqual(['Refunded: ¥50.00', 'Refunded in full: ¥1,000.00'])
    expect(giftRow(gift(), en).refund).toBe('')
  })

  it('says so when there are no gifts yet', async () => {
    stubApi({ itemsDonateGroup: () => ok([]) })
    setQuery('/pkg-mine/mine-don/index', {})
    render(<MineDonPage />)
    expect((await screen.findByTestId('empty-state')).textContent).toContain('暂无捐赠记录')
  })
})
