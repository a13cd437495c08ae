import type { MonthlyPlan } from '@contract'
import { translate } from '@/lib/i18n'
import { amountOf, createBody, draftProblems, emptyDraft, planView, waitUntilSigned } from '@/features/monthly/model/monthly'

const zh = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('zh_CN', key, params)
const en = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('en', key, params)

const plan = (over: Partial<MonthlyPlan> = {}): MonthlyPlan => ({
  id: 7,
  itemsId: 3,
  itemsName: '示范大学励志奖学金',
  money: '1234.50',
  dayOfMonth: 15,
  payType: 1,
  status: 'active',
  nextChargeOn: '2027-01-15',
  isAnonymous: 0,
  history: [
    { month: '2026-12', status: 'paid', attempts: 1, billNo: 'D1', paidTime: '2026-12-15 08:00:03', nextAttemptOn: '' },
    { month: '2026-11', status: 'retry', attempts: 1, billNo: 'D0', paidTime: '', nextAttemptOn: '2026-11-16' }
  ],
  ...over
})

describe('monthly giving form', () => {
  it('names each problem under its field, and none once the draft is complete', () => {
    const d = emptyDraft([1, 2])
    expect(Object.keys(draftProblems(d, zh)).sort()).toEqual(['day', 'money', 'payType'])
    expect(draftProblems({ ...d, money: '0.001', day: 29, payType: 1 }, zh)).toEqual({
      money: zh('monthly.error.amount'),
      day: zh('monthly.error.day')
    })
    expect(draftProblems({ ...d, money: '10000000.01', day: 28, payType: 2 }, en)).toEqual({ money: en('monthly.error.tooLarge') })
    expect(draftProblems({ ...d, money: '66.6', day: 1, payType: 2 }, zh)).toEqual({})
  })
  it('a single pay type is chosen already', () => {
    expect(emptyDraft([2]).payType).toBe(2)
    expect(emptyDraft([1, 2]).payType).toBeNull()
  })
  it('sends the amount exactly, two decimals', () => {
    expect(amountOf(' 0.1 ')).toBe('0.10')
    expect(createBody(3, { money: '66.6', day: 15, payType: 1, anonymous: true })).toEqual({
      itemsId: 3,
      money: '66.60',
      dayOfMonth: 15,
      payType: 1,
      isAnonymous: 1
    })
  })
})

describe('my monthly gifts', () => {
  it('shows amount, day, next date, months given and the history', () => {
    const v = planView(plan(), zh)
    expect(v.amount).toBe('¥1,234.50 / 月')
    expect(v.day).toBe('每月 15 日')
    expect(v.next).toBe('下次扣款 2027-01-15')
    expect(v.paidCount).toBe('已捐 1 个月')
    expect(v.stoppable).toBe(true)
    expect(v.history.map((c) => [c.month, c.label, c.detail])).toEqual([
      ['2026-12', '已捐赠', '2026-12-15 08:00'],
      ['2026-11', '扣款失败，待重试', '2026-11-16 重试']
    ])
  })
  it('a stopped plan has no next date nor stop, and English plurals', () => {
    const v = planView(plan({ status: 'stopped', nextChargeOn: '' }), en)
    expect(v.next).toBe('')
    expect(v.stoppable).toBe(false)
    expect(v.statusLabel).toBe('Stopped')
    expect(v.paidCount).toBe('1 month given')
    expect(planView(plan({ history: [] }), en).paidCount).toBe('0 months given')
  })
})

describe('waitUntilSigned (docs/decisions/085)', () => {
  /** a clock that moves only when the wait sleeps */
  function clock() {
    let t = 0
    const slept: number[] = []
    return { now: () => t, sleep: async (ms: number) => void (slept.push(ms), (t += ms)), slept }
  }

  it('asks every 2 s and stops at the first active answer', async () => {
    const c = clock()
    const answers = ['signing', 'signing', 'active'] as const
    let n = 0
    const r = await waitUntilSigned(7, async () => ({ plans: [plan({ status: answers[n++] })] }), c)
    expect(r.kind).toBe('active')
    expect(n).toBe(3)
    expect(c.slept).toEqual([2000, 2000])
  })
  it('gives up after a minute (31 asks), with the progress reaching the end; a failed ask is asked again', async () => {
    const c = clock()
    const shares: number[] = []
    let n = 0
    const r = await waitUntilSigned(
      7,
      async () => {
        if (++n === 3) throw new Error('network')
        return { plans: [plan({ status: 'signing' })] }
      },
      { ...c, progress: (s) => shares.push(s) }
    )
    expect(r.kind).toBe('timeout')
    expect(n).toBe(31)
    expect(c.now()).toBe(60000)
    expect(shares[shares.length - 1]).toBe(1)
  })
  it('a plan stopped meanwhile (replaced, or ended) ends the wait', async () => {
    const r = await waitUntilSigned(7, async () => ({ plans: [plan({ status: 'stopped' })] }), clock())
    expect(r.kind).toBe('stopped')
  })
})
