/**
 * Monthly giving's pages against a stubbed HTTP boundary (docs/decisions/078-monthly-giving-screens.md): the give form
 * shows each problem under its field and sends the exact amount after the agreement step; my monthly gifts lists a
 * plan with its history and stops it only after the dialog's confirm.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import Taro from '@tarojs/taro'
import type { MonthlyPlan } from '@contract'
import MonthlyGivePage from '@/pkg-donate/monthly-give/index'
import MineMonthlyPage from '@/pkg-mine/mine-monthly/index'
import { useSession } from '@/store/session'
import { signAgreement } from '@/platform/agreements'
import { bootSession, ok, setQuery, stubApi, typeInto } from './project-fixtures'

// the provider's signing is the platform adapter's (its own tests: agreement-adapters.test.ts); here it answers how the
// hand-off ended and records the sign page it was given
jest.mock('@/platform/agreements', () => ({ signAgreement: jest.fn() }))
const signMock = signAgreement as jest.MockedFunction<typeof signAgreement>

const plan = (over: Partial<MonthlyPlan> = {}): MonthlyPlan => ({
  id: 9,
  itemsId: 3,
  itemsName: '示范大学励志奖学金',
  money: '66.60',
  dayOfMonth: 15,
  payType: 1,
  status: 'active',
  nextChargeOn: '2027-01-15',
  isAnonymous: 0,
  history: [{ month: '2026-12', status: 'paid', attempts: 1, billNo: 'D1', paidTime: '2026-12-15 08:00:03', nextAttemptOn: '' }],
  ...over
})

beforeEach(() => {
  jest.restoreAllMocks()
  bootSession()
  useSession.setState({ token: 'tok-78' })
})

describe('monthly-give', () => {
  it('shows the problems under their fields, then signs ¥66.60 on day 15 and names the first date', async () => {
    const calls = stubApi({
      offer: () => ok({ offered: 1, payTypes: [1, 2], sandbox: 1 }),
      itemsDetail: () => ok({ id: 3, name: '示范大学励志奖学金' }),
      create: () => ok(plan({ history: [] }))
    })
    setQuery('/pkg-donate/monthly-give/index', { itemsId: '3' })
    render(<MonthlyGivePage />)
    await screen.findByTestId('monthly-form')
    fireEvent.click(screen.getByTestId('monthly-next').querySelector('.at-button')!)
    expect((await screen.findByTestId('error-money')).textContent).toContain('金额')
    expect(screen.getByTestId('error-day')).toBeTruthy()
    expect(screen.getByTestId('error-payType')).toBeTruthy()
    expect(calls.some((c) => c.path.endsWith('/create'))).toBe(false)

    act(() => typeInto(screen.getByTestId('monthly-amount'), '66.6'))
    fireEvent.click(screen.getByTestId('day-15'))
    fireEvent.click(screen.getByTestId('monthly-pay-1'))
    await waitFor(() => expect(screen.queryByTestId('error-money')).toBeNull())
    fireEvent.click(screen.getByTestId('monthly-next').querySelector('.at-button')!)
    await waitFor(() => expect(screen.queryAllByTestId(/^error-/).map((e) => e.textContent)).toEqual([]))
    const summary = await screen.findByTestId('monthly-sign-summary')
    expect(summary.textContent).toBe('每月 15 日从微信支付扣款 ¥66.60，捐赠给「示范大学励志奖学金」')
    expect(screen.getByTestId('monthly-sandbox')).toBeTruthy()
    fireEvent.click(screen.getByTestId('monthly-sign-confirm').querySelector('.at-button')!)
    expect((await screen.findByTestId('monthly-first-date')).textContent).toContain('2027-01-15')
    const create = calls.find((c) => c.path.endsWith('/create'))!
    expect(typeof create.data === 'string' ? JSON.parse(create.data) : create.data).toEqual({
      itemsId: 3,
      money: '66.60',
      dayOfMonth: 15,
      payType: 1,
      isAnonymous: 0,
      payChannel: 'h5'
    })
  })

  it('says so when the project does not offer it', async () => {
    stubApi({ offer: () => ok({ offered: 0, payTypes: [], sandbox: 0 }), itemsDetail: () => ok({ id: 3, name: 'x' }) })
    setQuery('/pkg-donate/monthly-give/index', { itemsId: '3' })
    render(<MonthlyGivePage />)
    expect((await screen.findByTestId('monthly-not-offered')).textContent).toContain('暂不支持按月捐赠')
  })
})

describe('monthly-give at a real provider (docs/decisions/085)', () => {
  const page = { kind: 'url' as const, appId: '', path: '', extraData: {}, url: 'https://openapi.alipay.com/gateway.do?method=x' }
  const signing = plan({ status: 'signing', nextChargeOn: '', history: [], payType: 2, sign: page })

  async function fillAndSign() {
    setQuery('/pkg-donate/monthly-give/index', { itemsId: '3' })
    render(<MonthlyGivePage />)
    await screen.findByTestId('monthly-form')
    act(() => typeInto(screen.getByTestId('monthly-amount'), '66.6'))
    fireEvent.click(screen.getByTestId('day-15'))
    fireEvent.click(screen.getByTestId('monthly-pay-2'))
    fireEvent.click(screen.getByTestId('monthly-next').querySelector('.at-button')!)
    await screen.findByTestId('monthly-sign-summary')
    fireEvent.click(screen.getByTestId('monthly-sign-confirm').querySelector('.at-button')!)
  }

  it('opens the sign page the server answered, says it is confirming, and shows the result once the plan is active', async () => {
    signMock.mockReset().mockResolvedValue('returned')
    let asked = 0
    const calls = stubApi({
      offer: () => ok({ offered: 1, payTypes: [1, 2], sandbox: 0 }),
      itemsDetail: () => ok({ id: 3, name: '示范大学励志奖学金' }),
      create: () => ok(signing),
      // the sign notification arrives between the first and the second ask
      plans: () => ok({ plans: [++asked < 2 ? { ...signing, sign: undefined } : plan({ payType: 2, history: [] })] })
    })
    await fillAndSign()
    expect((await screen.findByTestId('monthly-confirming')).textContent).toContain('正在确认签约')
    expect(screen.getByTestId('monthly-confirm-progress')).toBeTruthy()
    expect(signMock).toHaveBeenCalledWith(page, { returnPath: '/monthly-give?itemsId=3&planId=9' })
    expect((await screen.findByTestId('monthly-first-date', {}, { timeout: 8000 })).textContent).toContain('2027-01-15')
    expect(asked).toBe(2)
    expect(calls.filter((c) => c.path.endsWith('/plans'))).toHaveLength(2)
  })

  it('a signing left unfinished keeps the plan and "继续签约" signs the same plan again', async () => {
    signMock.mockReset().mockResolvedValueOnce('cancelled').mockResolvedValueOnce('returned')
    const again = { ...page, url: 'https://openapi.alipay.com/gateway.do?method=y' }
    const calls = stubApi({
      offer: () => ok({ offered: 1, payTypes: [1, 2], sandbox: 0 }),
      itemsDetail: () => ok({ id: 3, name: '示范大学励志奖学金' }),
      create: () => ok(signing),
      sign: () => ok({ ...signing, sign: again }),
      plans: () => ok({ plans: [plan({ payType: 2, history: [] })] })
    })
    await fillAndSign()
    expect((await screen.findByTestId('monthly-pending')).textContent).toContain('签约未完成')
    fireEvent.click(screen.getByTestId('monthly-resume').querySelector('.at-button')!)
    expect((await screen.findByTestId('monthly-first-date', {}, { timeout: 8000 })).textContent).toContain('2027-01-15')
    const sign = calls.find((c) => c.path.endsWith('/monthly/sign'))!
    expect(typeof sign.data === 'string' ? JSON.parse(sign.data) : sign.data).toEqual({ id: 9, payChannel: 'h5' })
    expect(signMock).toHaveBeenLastCalledWith(again, { returnPath: '/monthly-give?itemsId=3&planId=9' })
  })

  it('?planId waits for that plan at once (a browser back from the provider), no form', async () => {
    signMock.mockReset()
    stubApi({
      offer: () => ok({ offered: 1, payTypes: [2], sandbox: 0 }),
      itemsDetail: () => ok({ id: 3, name: '示范大学励志奖学金' }),
      plans: () => ok({ plans: [plan({ payType: 2, history: [] })] })
    })
    setQuery('/pkg-donate/monthly-give/index', { itemsId: '3', planId: '9' })
    render(<MonthlyGivePage />)
    expect((await screen.findByTestId('monthly-first-date')).textContent).toContain('2027-01-15')
    expect(screen.queryByTestId('monthly-form')).toBeNull()
    expect(signMock).not.toHaveBeenCalled()
  })
})

describe('mine-monthly', () => {
  it('a plan still signing says so and "继续签约" opens monthly-give for it', async () => {
    stubApi({ plans: () => ok({ plans: [plan({ status: 'signing', nextChargeOn: '', history: [] })] }) })
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as any)
    render(<MineMonthlyPage />)
    const resume = await screen.findByTestId('monthly-resume-9')
    expect(resume.textContent).toContain('尚未完成签约')
    fireEvent.click(resume.querySelector('.at-button')!)
    await waitFor(() => expect(nav).toHaveBeenCalled())
    expect((nav.mock.calls[0][0] as any).url).toBe('/pkg-donate/monthly-give/index?itemsId=3&planId=9&resume=1')
  })

  it('lists the plan with its history and stops it only once the dialog is confirmed', async () => {
    let stopped = false
    const calls = stubApi({
      plans: () => ok({ plans: [stopped ? plan({ status: 'stopped', nextChargeOn: '' }) : plan()] }),
      stop: () => {
        stopped = true
        return ok(plan({ status: 'stopped', nextChargeOn: '' }))
      }
    })
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as any)
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: false, cancel: true } as any)
    setQuery('/pkg-mine/mine-monthly/index', {})
    render(<MineMonthlyPage />)
    expect((await screen.findByTestId('monthly-amount-9')).textContent).toBe('¥66.60 / 月')
    expect(screen.getByTestId('monthly-charge-9-2026-12').textContent).toContain('已捐赠')
    expect(screen.getByTestId('monthly-plan-9').textContent).toContain('下次扣款 2027-01-15')

    fireEvent.click(screen.getByTestId('monthly-stop-9').querySelector('.at-button')!)
    await waitFor(() => expect(modal).toHaveBeenCalledTimes(1))
    expect(calls.some((c) => c.path.endsWith('/stop'))).toBe(false)

    modal.mockResolvedValueOnce({ confirm: true, cancel: false } as any)
    fireEvent.click(screen.getByTestId('monthly-stop-9').querySelector('.at-button')!)
    await waitFor(() => expect(screen.getByTestId('monthly-status-9').textContent).toBe('已停止'))
    expect(calls.filter((c) => c.path.endsWith('/stop'))).toHaveLength(1)
    expect(screen.queryByTestId('monthly-stop-9')).toBeNull()
  })

  it('a paused plan says so, "恢复月捐" resumes it and the card shows it active with its next date', async () => {
    let resumed = false
    // the server names no next date for a paused plan (domain/monthly/service.ts myPlans)
    const paused = plan({ status: 'paused', nextChargeOn: '' })
    const calls = stubApi({
      plans: () => ok({ plans: [resumed ? plan({ nextChargeOn: '2027-02-15' }) : paused] }),
      resume: () => {
        resumed = true
        return ok(plan({ nextChargeOn: '2027-02-15' }))
      }
    })
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' } as any)
    setQuery('/pkg-mine/mine-monthly/index', {})
    render(<MineMonthlyPage />)
    const card = await screen.findByTestId('monthly-restart-9')
    expect(screen.getByTestId('monthly-status-9').textContent).toBe('已暂停')
    expect(card.textContent).toContain('月捐已暂停')
    expect(card.querySelector('.at-button')!.textContent).toBe('恢复月捐')
    expect(screen.getByTestId('monthly-plan-9').textContent).not.toContain('下次扣款')

    fireEvent.click(card.querySelector('.at-button')!)
    await waitFor(() => expect(screen.getByTestId('monthly-status-9').textContent).toBe('进行中'))
    const resume = calls.filter((c) => c.path.endsWith('/monthly/resume'))
    expect(resume).toHaveLength(1)
    expect(resume[0].method).toBe('POST')
    expect(typeof resume[0].data === 'string' ? JSON.parse(resume[0].data) : resume[0].data).toEqual({ id: 9 })
    expect(screen.getByTestId('monthly-plan-9').textContent).toContain('下次扣款 2027-02-15')
    expect(screen.queryByTestId('monthly-restart-9')).toBeNull()
  })

  it('in English: "Resume", and a refusal is shown on the card in the donor\'s language', async () => {
    bootSession({}, 'en')
    useSession.setState({ token: 'tok-78' })
    const calls = stubApi({
      plans: () => ok({ plans: [plan({ status: 'paused', nextChargeOn: '' })] }),
      resume: () => ({ code: -1, message: 'Only a paused monthly gift can be resumed', data: null })
    })
    setQuery('/pkg-mine/mine-monthly/index', {})
    render(<MineMonthlyPage />)
    const card = await screen.findByTestId('monthly-restart-9')
    expect(card.querySelector('.at-button')!.textContent).toBe('Resume')
    expect(card.textContent).toContain('Paused after failed collections')
    fireEvent.click(card.querySelector('.at-button')!)
    expect((await screen.findByTestId('monthly-restart-error-9')).textContent).toBe('Only a paused monthly gift can be resumed')
    expect(calls.filter((c) => c.path.endsWith('/monthly/resume'))).toHaveLength(1)
    expect(screen.getByTestId('monthly-status-9').textContent).toBe('Paused')
  })

  it('has an empty state', async () => {
    stubApi({ plans: () => ok({ plans: [] }) })
    setQuery('/pkg-mine/mine-monthly/index', {})
    render(<MineMonthlyPage />)
    expect((await screen.findByTestId('monthly-empty')).textContent).toContain('还没有月捐')
  })
})
