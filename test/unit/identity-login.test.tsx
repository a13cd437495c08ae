/**
 * The login page against a stubbed HTTP boundary (Taro.request answering as the server does): the order of the
 * checks (docs/product §5 Login), the SMS countdown (docs/product §4, §9), the password hash, isRegister 0 (docs/product §8), success.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import { createHash } from 'node:crypto'
import LoginPage from '@/pages/login/index'
import { loginProblem, initialLoginForm, isValidMobile, toAreaMobile } from '@/features/identity/model/login'
import { useSession } from '@/store/session'
import { bootSession, ok, setQuery, stubApi, toastSpy, typeInto, type Call } from './project-fixtures'
import { freshAreaCodes } from './area-code-fixtures'

jest.mock('@/lib/area-codes', () => jest.requireActual('./area-code-fixtures').areaCodesPerTest())

const AREAS = [
  { area: '中国大陆', areaCode: '+86' },
  { area: '中国香港', areaCode: '+852' }
]

function stubLogin(extra: Record<string, (c: Call) => any> = {}) {
  return stubApi({
    getAreaList4sort: () => ok(AREAS),
    getSmsCode: () => ok({ resendAfter: 60, expiresIn: 300 }),
    mobileLogin: () => ok({ token: 'tok-mobile', expiresAt: '2030-01-01 00:00:00', isNewUser: 1, isBind: 0 }),
    passLogin: () => ok({ isRegister: 1, token: 'tok-pass', expiresAt: '2030-01-01 00:00:00' }),
    ...extra
  })
}

const error = (field: string) => screen.queryByTestId(`error-${field}`)?.textContent ?? null
const type = (testId: string, value: string) => act(() => typeInto(screen.getByTestId(testId), value))
const submit = () => fireEvent.click(screen.getByTestId('login-submit').querySelector('.at-button')!)
const titles = (spy: jest.SpyInstance) => spy.mock.calls.map((c) => c[0].title)
const calledPath = (calls: Call[], name: string) => calls.filter((c) => c.path.endsWith(`/${name}`))

async function open(query: Record<string, string> = {}) {
  setQuery('/pages/login/index', query)
  render(<LoginPage />)
  // the area codes answer
  await act(async () => undefined)
  return screen.getByTestId('login-screen')
}

beforeEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
  freshAreaCodes()
  bootSession()
  useSession.setState({
    baseConfig: {
      title: '校友基金会',
      isShowTechnicalSupport: 0,
      awardExplain: '',
      agreeTitle: '用户服务协议',
      agreeContent: '<p>协议正文</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
      shareTitle: '',
      shareDesc: '',
      shareImg: '',
      loginBg: '/files/seed/login-bg-demo.png',
      settings: useSession.getState().settings
    }
  })
})

describe('login rules (pure)', () => {
  it('checks the agreement first, then mobile, then code; in account mode username then password', () => {
    const f = initialLoginForm()
    expect(loginProblem(f)).toBe('identity.agree.required')
    expect(loginProblem({ ...f, agreed: true })).toBe('identity.mobile.required')
    expect(loginProblem({ ...f, agreed: true, mobile: '1380013800' })).toBe('identity.mobile.invalid')
    expect(loginProblem({ ...f, agreed: true, mobile: '13800138000' })).toBe('identity.code.required')
    expect(loginProblem({ ...f, agreed: true, mobile: '13800138000', code: '12345' })).toBe('identity.code.invalid')
    expect(loginProblem({ ...f, agreed: true, mobile: '13800138000', code: '123456' })).toBeNull()
    const a = { ...f, mode: 'account' as const, agreed: true }
    expect(loginProblem(a)).toBe('identity.username.required')
    expect(loginProblem({ ...a, username: 'donor' })).toBe('identity.password.required')
    expect(loginProblem({ ...a, username: 'donor', password: 'x' })).toBeNull()
  })

  it('wants 11 digits for +86 and 4 to 15 elsewhere; sends area-number', () => {
    expect(isValidMobile('86', '13800138000')).toBe(true)
    expect(isValidMobile('+86', '1380013800')).toBe(false)
    expect(isValidMobile('86', '23800138000')).toBe(false)
    expect(isValidMobile('852', '91234567')).toBe(true)
    expect(isValidMobile('852', '123')).toBe(false)
    expect(toAreaMobile('+852', ' 91234567 ')).toBe('852-91234567')
  })
})

describe('login page', () => {
  it('shows the school, the loginBg and the sanitised agreement in its dialog; agreeing ticks the box', async () => {
    stubLogin()
    await open()
    expect(screen.getByText('校友基金会')).toBeTruthy()
    expect(screen.getByTestId('login-bg').getAttribute('src')).toBe('/files/seed/login-bg-demo.png')
    expect(screen.getByTestId('login-agree-link').textContent).toBe('《用户服务协议》')
    fireEvent.click(screen.getByTestId('login-agree-link'))
    await waitFor(() => expect(document.querySelector('.at-modal--active [data-testid="agreement-dialog"]')).toBeTruthy())
    const dialog = document.querySelector('.at-modal--active [data-testid="agreement-dialog"]')!
    // RichText renders its nodes after it has loaded
    await waitFor(() => expect(dialog.textContent).toContain('协议正文'))
    expect(dialog.innerHTML).not.toContain('<script')
    expect(dialog.innerHTML).not.toContain('onerror')
    fireEvent.click(screen.getByTestId('agreement-agree'))
    await waitFor(() => expect(screen.getByTestId('login-agree').querySelector('.lg__box--on')).toBeTruthy())
  })

  it('in order: the agreement toasted (2 s), then mobile, valid mobile, code under their inputs; then signs in and goes to mine', async () => {
    const toast = toastSpy()
    // mine is a tab: it opens with switchTab
    const redirect = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'ok' } as any)
    const calls = stubLogin()
    await open()
    submit()
    await waitFor(() => expect(titles(toast)).toEqual(['请同意并阅读相关协议']))
    expect((toast.mock.calls[0][0] as any).duration).toBe(2000)
    fireEvent.click(screen.getByTestId('login-agree'))
    submit()
    expect(error('mobile')).toBe('请输入手机号')
    expect((screen.getByTestId('login-mobile') as any).nativeProps).toEqual(
      expect.objectContaining({ 'aria-invalid': 'true', 'aria-describedby': 'fe-mobile' })
    )
    type('login-mobile', '1380013800')
    expect(error('mobile')).toBeNull()
    submit()
    expect(error('mobile')).toBe('请输入合法的手机号')
    type('login-mobile', '13800138000')
    submit()
    expect(error('code')).toBe('请输入验证码')
    expect(titles(toast)).toHaveLength(1)
    expect(calledPath(calls, 'mobileLogin')).toHaveLength(0)
    type('login-code', '246810')
    submit()
    await waitFor(() => expect(redirect).toHaveBeenCalledWith({ url: '/pages/mine/index' }))
    const call = calledPath(calls, 'mobileLogin')[0]
    expect(call.data).toEqual({ mobile: '86-13800138000', code: '246810' })
    expect(useSession.getState().token).toBe('tok-mobile')
  })

  it('a plain sign-in sends no token; bind mode sends it and offers only the SMS mode', async () => {
    useSession.setState({ token: 'tok-sandbox' })
    jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' } as any)
    let calls = stubLogin()
    await open()
    fireEvent.click(screen.getByTestId('login-agree'))
    type('login-mobile', '13800138000')
    type('login-code', '123456')
    submit()
    await waitFor(() => expect(calledPath(calls, 'mobileLogin')).toHaveLength(1))
    const spy = Taro.request as unknown as jest.SpyInstance
    expect(spy.mock.calls.find((c) => String(c[0].url).includes('mobileLogin'))[0].header.Authorization).toBeUndefined()

    document.body.innerHTML = ''
    jest.restoreAllMocks()
    jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' } as any)
    useSession.setState({ token: 'tok-sandbox' })
    calls = stubLogin({ mobileLogin: () => ok({ token: 'tok-bound', expiresAt: '', isNewUser: 0, isBind: 1 }) })
    await open({ bind: '1' })
    expect(screen.queryByTestId('mode-account')).toBeNull()
    expect(screen.getByText('绑定手机号', { selector: '.lg__bind-title' })).toBeTruthy()
    fireEvent.click(screen.getByTestId('login-agree'))
    type('login-mobile', '13800138000')
    type('login-code', '123456')
    submit()
    await waitFor(() => expect(calledPath(calls, 'mobileLogin')).toHaveLength(1))
    const bindCall = (Taro.request as unknown as jest.SpyInstance).mock.calls.find((c) => String(c[0].url).includes('mobileLogin'))[0]
    expect(bindCall.header.Authorization).toBe('tok-sandbox')
    await waitFor(() => expect(useSession.getState().token).toBe('tok-bound'))
  })

  it('SMS button: needs a valid mobile, counts down 60 s, ignores taps meanwhile, works again at 0', async () => {
    jest.useFakeTimers({ now: new Date('2025-06-01T10:00:00+08:00') })
    const toast = toastSpy()
    const calls = stubLogin()
    await open()
    const button = () => screen.getByTestId('sms-button')
    expect(button().textContent).toBe('获取验证码')
    fireEvent.click(button())
    await act(async () => undefined)
    expect(error('mobile')).toBe('请输入手机号')
    expect(toast).not.toHaveBeenCalled()
    expect(calledPath(calls, 'getSmsCode')).toHaveLength(0)

    type('login-mobile', '13800138000')
    fireEvent.click(button())
    // a second tap while the first request is on its way is ignored as well
    fireEvent.click(button())
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0)
    })
    expect(calledPath(calls, 'getSmsCode')).toHaveLength(1)
    expect(calledPath(calls, 'getSmsCode')[0].data).toEqual({ mobile: '86-13800138000' })
    expect(button().textContent).toBe('60s后重新获取')
    expect(button().getAttribute('aria-disabled')).toBe('true')

    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000)
    })
    expect(button().textContent).toBe('59s后重新获取')
    fireEvent.click(button())
    await act(async () => {
      await jest.advanceTimersByTimeAsync(30_000)
    })
    expect(calledPath(calls, 'getSmsCode')).toHaveLength(1)
    expect(button().textContent).toBe('29s后重新获取')

    await act(async () => {
      await jest.advanceTimersByTimeAsync(29_000)
    })
    expect(button().textContent).toBe('获取验证码')
    expect(button().getAttribute('aria-disabled')).not.toBe('true')
    fireEvent.click(button())
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0)
    })
    expect(calledPath(calls, 'getSmsCode')).toHaveLength(2)
    expect(button().textContent).toBe('60s后重新获取')
  })

  it('a refused SMS request (limit) shows the server message and does not start the countdown', async () => {
    const toast = toastSpy()
    stubLogin({ getSmsCode: () => ({ code: -1, message: '发送过于频繁，请稍后再试', data: null }) })
    await open()
    type('login-mobile', '13800138000')
    fireEvent.click(screen.getByTestId('sms-button'))
    await waitFor(() => expect(titles(toast)).toContain('发送过于频繁，请稍后再试'))
    expect(screen.getByTestId('sms-button').textContent).toBe('获取验证码')
  })

  it('password mode: problems under their inputs; sends the lowercase hex SHA-256; isRegister 0 toasts 账号不存在 and stays', async () => {
    const toast = toastSpy()
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' } as any)
    const calls = stubLogin({ passLogin: () => ok({ isRegister: 0 }) })
    await open()
    fireEvent.click(screen.getByTestId('mode-account'))
    fireEvent.click(screen.getByTestId('login-agree'))
    submit()
    expect(error('username')).toBe('请输入账号')
    type('login-username', ' Donor.Wang ')
    submit()
    expect(error('password')).toBe('请输入密码')
    type('login-password', '校友Pass#2024')
    submit()
    await waitFor(() => expect(titles(toast)).toEqual(['账号不存在']))
    const body = calledPath(calls, 'passLogin')[0].data
    expect(body).toEqual({ username: 'Donor.Wang', password: createHash('sha256').update('校友Pass#2024', 'utf8').digest('hex') })
    expect(body.password).not.toContain('Pass')
    expect(redirect).not.toHaveBeenCalled()
    expect(useSession.getState().token).toBe('')
  })

  it('code -1 on login toasts the server message; success returns to the page given in from', async () => {
    const toast = toastSpy()
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' } as any)
    let answer: any = { code: -1, message: '密码错误', data: null }
    stubLogin({ passLogin: () => answer })
    await open({ from: '/pkg-donate/form/index?id=3' })
    fireEvent.click(screen.getByTestId('mode-account'))
    fireEvent.click(screen.getByTestId('login-agree'))
    type('login-username', 'donor')
    type('login-password', 'wrong')
    submit()
    await waitFor(() => expect(titles(toast)).toContain('密码错误'))
    expect(redirect).not.toHaveBeenCalled()
    answer = ok({ isRegister: 1, token: 'tok-pass', expiresAt: '' })
    submit()
    await waitFor(() => expect(redirect).toHaveBeenCalledWith({ url: '/pkg-donate/form/index?id=3' }))
    expect(useSession.getState().token).toBe('tok-pass')
  })

  it('a wrong SMS code refused by the server shows under the code, in English too', async () => {
    useSession.setState({ lang: 'en' })
    const toast = toastSpy()
    stubLogin({ mobileLogin: () => ({ code: -1, message: 'The verification code is wrong or has expired', data: { field: 'code' } }) })
    await open()
    fireEvent.click(screen.getByTestId('login-agree'))
    submit()
    expect(error('mobile')).toBe('Please enter your mobile number')
    type('login-mobile', '13800138000')
    type('login-code', '111111')
    submit()
    await waitFor(() => expect(error('code')).toBe('The verification code is wrong or has expired'))
    expect(toast).not.toHaveBeenCalled()
    expect(useSession.getState().token).toBe('')
  })

  it('never returns to another site after sign-in', async () => {
    // mine is a tab: it opens with switchTab
    const redirect = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'ok' } as any)
    stubLogin()
    await open({ from: 'https://evil.example/pages/x/index' })
    fireEvent.click(screen.getByTestId('login-agree'))
    type('login-mobile', '13800138000')
    type('login-code', '123456')
    submit()
    await waitFor(() => expect(redirect).toHaveBeenCalledWith({ url: '/pages/mine/index' }))
  })

  it('speaks English with ?lang=en', async () => {
    stubLogin()
    useSession.setState({ lang: 'en' })
    await open()
    expect(screen.getByTestId('mode-mobile').textContent).toBe('SMS code')
    expect(screen.getByTestId('sms-button').textContent).toBe('Get code')
    expect(screen.getByTestId('login-submit').textContent).toBe('Sign in')
  })
})
