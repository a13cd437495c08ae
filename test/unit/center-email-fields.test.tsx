/**
 * The personal centre's address inputs (decision 081): mine-statement's and mine-notice's e-mail address show their
 * problem under the input (aria-invalid, aria-describedby), not as a toast, in Chinese and English; the server's
 * refusal naming the address shows there too. Only Taro.request is stubbed.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import StatementPage from '@/pkg-mine/mine-statement/index'
import NoticePage from '@/pkg-mine/mine-notice/index'
import { useSession } from '@/store/session'
import { bootSession, ok, setQuery, stubApi, toastSpy, typeInto } from './project-fixtures'

const error = () => screen.queryByTestId('error-email')?.textContent ?? null
const years = (email = '') =>
  ok({ years: [{ year: 2025, giftCount: 2, paidMoney: '300.00', refundMoney: '0.00', totalMoney: '300.00' }], email, yearly: 0 })
const prefs = (email = '') => ok({ email, lang: 'zh_CN', choices: [{ kind: 'news', channel: 'email', enabled: true }] })

beforeEach(() => {
  jest.restoreAllMocks()
  bootSession()
  useSession.setState({ token: 'tok-1' })
})

describe('mine-statement', () => {
  async function open() {
    setQuery('/pkg-mine/mine-statement/index', {})
    render(<StatementPage />)
    await screen.findByTestId('statement-screen')
  }
  const mail = () => fireEvent.click(screen.getByTestId('statement-email-2025').querySelector('.at-button')!)

  it('a bad address shows under the input, goes when it is edited; nothing is sent', async () => {
    const toast = toastSpy()
    const calls = stubApi({ years: () => years(), email: () => ok({ email: 'a@b.cn' }) })
    await open()
    act(() => typeInto(screen.getByTestId('statement-address'), 'not-an-address'))
    mail()
    await waitFor(() => expect(error()).toBe('请输入合法的电子邮箱'))
    expect((screen.getByTestId('statement-address') as any).nativeProps).toEqual(
      expect.objectContaining({ 'aria-invalid': 'true', 'aria-describedby': 'fe-email' })
    )
    expect(toast).not.toHaveBeenCalled()
    expect(calls.filter((c) => c.path.endsWith('/statement/email'))).toHaveLength(0)
    act(() => typeInto(screen.getByTestId('statement-address'), 'a@b.cn'))
    expect(error()).toBeNull()
  })

  it("the server's refusal of the address shows under it, in English", async () => {
    useSession.setState({ lang: 'en' })
    const toast = toastSpy()
    stubApi({
      years: () => years('a@b.cn'),
      email: () => ({ code: -1, message: 'Please enter a valid e-mail address', data: { field: 'email' } })
    })
    await open()
    mail()
    await waitFor(() => expect(error()).toBe('Please enter a valid e-mail address'))
    expect(toast).not.toHaveBeenCalled()
  })
})

describe('mine-notice', () => {
  async function open() {
    setQuery('/pkg-mine/mine-notice/index', {})
    render(<NoticePage />)
    await screen.findByTestId('notice-screen')
  }
  const save = () => fireEvent.click(screen.getByTestId('notice-save').querySelector('.at-button')!)

  it('e-mail news on without an address, then a bad address: each under the input, in English too', async () => {
    useSession.setState({ lang: 'en' })
    const toast = toastSpy()
    const calls = stubApi({ preferences: () => prefs(), save: () => prefs('a@b.cn') })
    await open()
    save()
    await waitFor(() => expect(error()).toBe('Enter an e-mail address before turning e-mail news on'))
    act(() => typeInto(screen.getByTestId('notice-email'), 'x@'))
    expect(error()).toBeNull()
    save()
    await waitFor(() => expect(error()).toBe('Please enter a valid e-mail address'))
    expect(toast).not.toHaveBeenCalled()
    expect(calls.filter((c) => c.path.endsWith('/save'))).toHaveLength(0)
  })

  it("the server's refusal of the address shows under it", async () => {
    const toast = toastSpy()
    stubApi({
      preferences: () => prefs('a@b.cn'),
      save: () => ({ code: -1, message: '请输入合法的电子邮箱', data: { field: 'email' } })
    })
    await open()
    save()
    await waitFor(() => expect(error()).toBe('请输入合法的电子邮箱'))
    expect(toast).not.toHaveBeenCalled()
  })
})
