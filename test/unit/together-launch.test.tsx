/**
 * Launch page (`together?id`, docs/product §5 joint launch): the sponsor prefilled, presets fill the slogan, each rule
 * shown under its field in the donor's language with nothing sent (decision 081), a server refusal naming a field
 * under that field, the no-target option sends 0, a valid launch posts the body and
 * lands on the invite page; a refusal keeps what was typed. Only Taro.request is stubbed.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import LaunchPage from '@/pkg-together/together/index'
import { checkLaunch, launchBody } from '@/features/together/model/launch'
import { platform } from '@/platform'
import { useSession } from '@/store/session'
import { bootSession, ok, setQuery, stubApi, toastSpy, typeInto, type Call } from './project-fixtures'
import { launchInfo } from './together-fixtures'

const titles = (spy: jest.SpyInstance) => spy.mock.calls.map((c) => c[0].title)
const posts = (calls: Call[]) => calls.filter((c) => c.path.endsWith('/insertTogether'))
const tapSubmit = () => fireEvent.click(screen.getByTestId('launch-submit').querySelector('.at-button')!)
const input = (id: string) => screen.getByTestId(id)

let redirect: jest.SpyInstance
beforeEach(() => {
  jest.restoreAllMocks()
  bootSession()
  useSession.setState({ token: 'tok-1', school: 'demo' })
  setQuery('/pkg-together/together/index', { id: '5' })
  redirect = jest.spyOn(platform.nav, 'redirect').mockImplementation(() => undefined)
})

async function open(lang: 'zh_CN' | 'en' = 'zh_CN', over = {}) {
  if (lang === 'en') useSession.setState({ lang })
  const calls = stubApi({ launchDetail: () => ok(launchInfo(over)), insertTogether: () => ok(77) })
  render(<LaunchPage />)
  await screen.findByTestId('together-launch')
  return calls
}

describe('launch model', () => {
  const d = { sponsor: '王', slogan: '一起', target: '100', noTarget: false }
  it.each([
    [{ sponsor: ' ' }, 'together.error.sponsor'],
    [{ slogan: '\n' }, 'together.error.slogan'],
    [{ target: '' }, 'together.error.money'],
    [{ target: '0' }, 'together.error.money'],
    [{ target: '-5' }, 'together.error.money'],
    [{ target: '1.234' }, 'together.error.money'],
    [{ target: '100000000.01' }, 'together.error.money'],
    [{ target: '', noTarget: true }, null],
    [{ target: '0.01' }, null]
  ])('%j -> %s', (over, key) => {
    expect(checkLaunch({ ...d, ...over })?.key ?? null).toBe(key)
  })
  it('names the field of each rule as the body does', () => {
    expect(checkLaunch({ ...d, sponsor: '' })?.field).toBe('sponsor')
    expect(checkLaunch({ ...d, slogan: '' })?.field).toBe('slogan')
    expect(checkLaunch({ ...d, target: 'x' })?.field).toBe('targetMoney')
  })
  it('sends two decimals, or 0 with the no-target option', () => {
    expect(launchBody(5, { ...d, target: '5000.5', sponsor: ' 王 ' })).toEqual({
      itemsId: 5,
      sponsor: '王',
      slogan: '一起',
      targetMoney: '5000.50',
      isTarget: 1
    })
    expect(launchBody(5, { ...d, noTarget: true })).toMatchObject({ targetMoney: '0', isTarget: 0 })
  })
})

describe('launch page', () => {
  it('shows the project and prefills the sponsor from the account', async () => {
    await open()
    expect(screen.getByTestId('launch-project').textContent).toContain('校园林荫大道改造')
    expect((input('launch-sponsor') as HTMLInputElement).value).toBe('王赟喆')
    expect(screen.getByTestId('launch-target-1000.00').textContent).toBe('¥1,000.00')
    expect(screen.getByTestId('launch-target-none').textContent).toBe('不设目标')
  })

  it('shows each rule under its field in turn, no toast, and sends nothing until the form is valid', async () => {
    const toast = toastSpy()
    const calls = await open()
    act(() => typeInto(input('launch-sponsor'), '  '))
    tapSubmit()
    expect(screen.getByTestId('error-sponsor').textContent).toBe('发起人不能为空')
    expect((input('launch-sponsor') as any).nativeProps).toEqual(
      expect.objectContaining({ 'aria-invalid': 'true', 'aria-describedby': 'fe-sponsor' })
    )
    act(() => typeInto(input('launch-sponsor'), '王同学'))
    // the problem goes as soon as the form changes
    expect(screen.queryByTestId('error-sponsor')).toBeNull()
    tapSubmit()
    expect(screen.getByTestId('error-slogan').textContent).toBe('口号不能为空')
    fireEvent.click(screen.getByTestId('launch-preset-1'))
    act(() => typeInto(input('launch-target-input'), '12.345'))
    tapSubmit()
    expect(screen.getByTestId('error-targetMoney').textContent).toBe('请输入合法金额')
    expect(screen.queryByTestId('error-slogan')).toBeNull()
    expect(toast).not.toHaveBeenCalled()
    expect(posts(calls)).toHaveLength(0)

    act(() => typeInto(input('launch-target-input'), '8888.8'))
    tapSubmit()
    await waitFor(() => expect(posts(calls)).toHaveLength(1))
    expect(posts(calls)[0].data).toEqual({
      itemsId: 5,
      sponsor: '王同学',
      slogan: '同窗情深，聚沙成塔，为母校加油！',
      targetMoney: '8888.80',
      isTarget: 1
    })
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('/pkg-together/together-share/index?id=77'))
  })

  it('English problems under their fields; the no-target option sends 0', async () => {
    const toast = toastSpy()
    const calls = await open('en')
    tapSubmit()
    expect(screen.getByTestId('error-slogan').textContent).toBe('slogan cannot be empty')
    act(() => typeInto(input('launch-slogan'), 'Class of 2005, together'))
    tapSubmit()
    expect(screen.getByTestId('error-targetMoney').textContent).toBe('Please enter a valid amount')
    fireEvent.click(screen.getByTestId('launch-target-none'))
    expect(screen.queryByTestId('launch-target-input')).toBeNull()
    expect(screen.queryByTestId('error-targetMoney')).toBeNull()
    tapSubmit()
    await waitFor(() => expect(posts(calls)).toHaveLength(1))
    expect(posts(calls)[0].data).toMatchObject({ targetMoney: '0', isTarget: 0, slogan: 'Class of 2005, together' })
    expect(toast).not.toHaveBeenCalled()
  })

  it('a refusal naming a field shows under it, no toast; what was typed stays', async () => {
    const toast = toastSpy()
    const calls = stubApi({
      launchDetail: () => ok(launchInfo()),
      insertTogether: () => ({ code: -1, message: '发起人不能超过20个字', data: { field: 'sponsor' } })
    })
    render(<LaunchPage />)
    await screen.findByTestId('together-launch')
    fireEvent.click(screen.getByTestId('launch-preset-0'))
    fireEvent.click(screen.getByTestId('launch-target-5000.00'))
    tapSubmit()
    expect((await screen.findByTestId('error-sponsor')).textContent).toBe('发起人不能超过20个字')
    expect(posts(calls)).toHaveLength(1)
    expect(toast).not.toHaveBeenCalled()
    expect(redirect).not.toHaveBeenCalled()
  })

  it("a refusal naming no field toasts the server's words and keeps what was typed", async () => {
    const toast = toastSpy()
    const calls = stubApi({
      launchDetail: () => ok(launchInfo()),
      insertTogether: () => ({ code: -1, message: '该项目暂不支持一起捐', data: null })
    })
    render(<LaunchPage />)
    await screen.findByTestId('together-launch')
    fireEvent.click(screen.getByTestId('launch-preset-0'))
    fireEvent.click(screen.getByTestId('launch-target-5000.00'))
    tapSubmit()
    await waitFor(() => expect(titles(toast)).toContain('该项目暂不支持一起捐'))
    expect(posts(calls)[0].data.targetMoney).toBe('5000.00')
    expect(redirect).not.toHaveBeenCalled()
    expect((input('launch-slogan') as HTMLTextAreaElement).value).toBe('心怀感恩，回馈母校，一起捐！')
  })

  it('a project that takes no joint donations says why and cannot submit', async () => {
    await open('zh_CN', { canLaunch: 0, noReason: '项目已完成募集' })
    expect(screen.getByTestId('launch-closed').textContent).toBe('项目已完成募集')
    expect(screen.getByTestId('launch-submit').querySelector('.at-button--disabled')).not.toBeNull()
  })
})
