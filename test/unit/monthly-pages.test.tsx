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
import { bootSession, ok, setQuery, stubApi, typeInto } from './project-fixtures'

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
      isAnonymous: 0
    })
  })

  it('says so when the project does not offer it', async () => {
    stubApi({ offer: () => ok({ offered: 0, payTypes: [], sandbox: 0 }), itemsDetail: () => ok({ id: 3, name: 'x' }) })
    setQuery('/pkg-donate/monthly-give/index', { itemsId: '3' })
    render(<MonthlyGivePage />)
    expect((await screen.findByTestId('monthly-not-offered')).textContent).toContain('暂不支持按月捐赠')
  })
})

describe('mine-monthly', () => {
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

  it('has an empty state', async () => {
    stubApi({ plans: () => ok({ plans: [] }) })
    setQuery('/pkg-mine/mine-monthly/index', {})
    render(<MineMonthlyPage />)
    expect((await screen.findByTestId('monthly-empty')).textContent).toContain('还没有月捐')
  })
})
