/**
 * The login page links the privacy policy and sends the version its checkbox agreed to with the sign-in
 * (docs/decisions/041-privacy-and-account-deletion.md); the policy page renders the school's text.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import LoginPage from '@/pages/login/index'
import PrivacyPolicyPage from '@/pkg-privacy/policy/index'
import { policyBlocks } from '@/features/privacy/model/policy'
import { useSession } from '@/store/session'
import { bootSession, ok, setQuery, stubApi, typeInto, type Call } from './project-fixtures'
import { freshAreaCodes } from './area-code-fixtures'

jest.mock('@/lib/area-codes', () => jest.requireActual('./area-code-fixtures').areaCodesPerTest())

const POLICY = {
  version: 3,
  title: '隐私政策',
  content: '引言\n## 一、我们收集的信息\n姓名和手机号',
  updatedAt: '2026-11-20 10:00:00',
  isDefault: 0
}

function stub(): Call[] {
  return stubApi({
    getAreaList4sort: () => ok([{ area: '中国大陆', areaCode: '+86' }]),
    policy: () => ok(POLICY),
    getSmsCode: () => ok({ resendAfter: 60, expiresIn: 300 }),
    mobileLogin: () => ok({ token: 'tok-mobile', expiresAt: '2030-01-01 00:00:00', isNewUser: 1, isBind: 0 })
  })
}

beforeEach(() => {
  jest.restoreAllMocks()
  freshAreaCodes()
  bootSession()
})

describe('login page and the privacy policy', () => {
  it('links the privacy policy page', async () => {
    stub()
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    setQuery('/pages/login/index', {})
    render(<LoginPage />)
    await act(async () => undefined)
    const link = screen.getByTestId('privacy-link')
    expect(link.textContent).toBe('《隐私政策》')
    fireEvent.click(link)
    expect(nav).toHaveBeenCalledWith(expect.objectContaining({ url: '/pkg-privacy/policy/index' }))
  })

  it('sends the policy version with the sign-in once the checkbox is ticked', async () => {
    const calls = stub()
    jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' } as any)
    setQuery('/pages/login/index', {})
    render(<LoginPage />)
    await act(async () => undefined)
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/privacy/policy'))).toBe(true))
    fireEvent.click(screen.getByTestId('login-agree'))
    act(() => typeInto(screen.getByTestId('login-mobile'), '13800138000'))
    act(() => typeInto(screen.getByTestId('login-code'), '123456'))
    fireEvent.click(screen.getByTestId('login-submit').querySelector('.at-button')!)
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/mobileLogin'))).toBe(true))
    const body = calls.find((c) => c.path.endsWith('/mobileLogin'))!.data
    expect(body).toEqual({ mobile: '86-13800138000', code: '123456', privacyVersion: 3 })
    await waitFor(() => expect(useSession.getState().token).toBe('tok-mobile'))
  })

  it('the policy page shows the title, version and headings', async () => {
    stub()
    setQuery('/pkg-privacy/policy/index', {})
    render(<PrivacyPolicyPage />)
    await waitFor(() => expect(screen.getByTestId('policy-screen')).toBeTruthy())
    expect(screen.getByTestId('policy-version').textContent).toBe('版本 3 · 更新于 2026-11-20')
    expect(screen.getByText('一、我们收集的信息').className).toContain('policy__heading')
    expect(policyBlocks(POLICY.content).map((b) => b.kind)).toEqual(['paragraph', 'heading', 'paragraph'])
  })
})
