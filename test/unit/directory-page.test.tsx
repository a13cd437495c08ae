/**
 * Donation directory (jzml): sort toggles walk the four orders of docs/product §4 and restart the list; the search box
 * follows settings.hideDirectorySearch; the totals line follows settings.hideStatistics; rows show what a donor sees.
 * Only Taro.request is stubbed: it answers like the server, from the query it was given.
 */
import Taro from '@tarojs/taro'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { DirectoryTotal, DonationRecord, Envelope, Page, SchoolSettings } from '@contract'
import { DEFAULT_SETTINGS, useSession } from '@/store/session'
import JzmlPage from '@/pages/jzml'

// jsdom has no IntersectionObserver; Taro's lazy-loading <Image> asks for one
;(globalThis as any).IntersectionObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

function record(over: Partial<DonationRecord> = {}): DonationRecord {
  return {
    id: 1,
    name: '张**',
    avatar: '',
    donateMoney: '1000.00',
    donateMaterialNumber: 0,
    materialUnit: '',
    crowdType: 1,
    donateTime: '2026-03-04 05:06:07',
    itemsName: '图书馆建设基金',
    subItemsName: '',
    seats: '',
    ...over
  }
}

const ROWS: Record<string, DonationRecord[]> = {
  '': [record({ id: 11, name: '最新捐赠人', donateTime: '2026-05-01 10:00:00' })],
  donate_time_asc: [record({ id: 12, name: '最早捐赠人', donateTime: '2019-01-01 10:00:00' })],
  '1': [record({ id: 13, name: '金额最高', donateMoney: '1234567.5' })],
  donate_money_asc: [record({ id: 14, name: '金额最低', donateMoney: '0.5' })]
}

let calls: URL[] = []
let total: DirectoryTotal = { totalCount: 1288, totalMoney: '3456789.1' }

function ok<T>(data: T) {
  return Promise.resolve({ statusCode: 200, data: { code: 0, message: '', data } as Envelope<T> } as any)
}

function serve() {
  calls = []
  jest.spyOn(Taro, 'request').mockImplementation(((opts: { url: string }) => {
    const url = new URL(opts.url, 'http://x')
    calls.push(url)
    if (url.pathname.endsWith('/index/total')) return ok(total)
    if (url.pathname.endsWith('/index/donateRecordPage')) {
      const order = url.searchParams.get('order') || ''
      const s = url.searchParams.get('s') || ''
      let rows = ROWS[order] || []
      if (s) rows = rows.concat(record({ id: 99, name: `搜索:${s}` })).filter((r) => r.name.includes(s))
      const page: Page<DonationRecord> = { total: rows.length, rows }
      return ok(page)
    }
    return Promise.reject(new Error(`unexpected ${opts.url}`))
  }) as any)
}

const recordCalls = () => calls.filter((u) => u.pathname.endsWith('/index/donateRecordPage'))

function boot(settings: Partial<SchoolSettings> = {}, lang: 'zh_CN' | 'en' = 'zh_CN') {
  useSession.setState({
    boot: 'ready',
    apiBase: '/api/demo',
    lang,
    config: { api: '/api/demo', signKey: '0123456789abcdef', moduleName: 'x', theme: 'red', themeColor: '#c8102e' },
    settings: { ...DEFAULT_SETTINGS, ...settings }
  })
}

const names = () => screen.queryAllByTestId('donor-name').map((n) => n.textContent)

beforeEach(() => {
  total = { totalCount: 1288, totalMoney: '3456789.1' }
  serve()
})
afterEach(() => jest.restoreAllMocks())

describe('jzml donation directory', () => {
  it('walks time-desc, time-asc, money-desc, money-asc and restarts the list each time', async () => {
    boot()
    render(<JzmlPage />)
    await waitFor(() => expect(names()).toEqual(['最新捐赠人']))
    expect(recordCalls()[0].searchParams.get('order')).toBe('') // '' = time descending, sent explicitly so a school default cannot override it
    expect(recordCalls()[0].searchParams.get('offset')).toBe('0')
    expect(recordCalls()[0].searchParams.get('limit')).toBe('20')
    expect(screen.getByTestId('sort-time').textContent).toContain('↓')

    const steps: Array<[string, string, string, string]> = [
      ['sort-time', 'donate_time_asc', '最早捐赠人', '↑'],
      ['sort-money', '1', '金额最高', '↓'],
      ['sort-money', 'donate_money_asc', '金额最低', '↑'],
      ['sort-time', '', '最新捐赠人', '↓']
    ]
    for (const [toggle, order, name, arrow] of steps) {
      const before = recordCalls().length
      fireEvent.click(screen.getByTestId(toggle))
      // the old rows are gone at once: the list restarts empty
      expect(names()).toEqual([])
      await waitFor(() => expect(names()).toEqual([name]))
      const sent = recordCalls().slice(before)
      expect(sent).toHaveLength(1)
      expect(sent[0].searchParams.get('order') || '').toBe(order)
      expect(sent[0].searchParams.get('offset')).toBe('0')
      expect(screen.getByTestId('directory-sort').getAttribute('data-order')).toBe(order)
      expect(screen.getByTestId(toggle).textContent).toContain(arrow)
    }
    expect(screen.getByTestId('directory-order-label').textContent).toBe('按时间从新到旧')
  })

  it('starts at the school’s configured order', async () => {
    boot({ defaultDirectoryOrder: '1' })
    render(<JzmlPage />)
    await waitFor(() => expect(names()).toEqual(['金额最高']))
    expect(recordCalls()[0].searchParams.get('order')).toBe('1')
    expect(screen.getByTestId('sort-money').textContent).toContain('↓')
    expect(screen.getByTestId('directory-order-label').textContent).toBe('按金额从高到低')
  })

  it('shows the search box and searches by s, restarting at offset 0', async () => {
    boot()
    const { container } = render(<JzmlPage />)
    await waitFor(() => expect(names()).toEqual(['最新捐赠人']))
    expect(screen.getByTestId('directory-search')).toBeTruthy()
    const input = container.querySelector('.at-search-bar taro-input-core')!
    act(() => {
      input.dispatchEvent(new CustomEvent('input', { detail: { value: '王' }, bubbles: true }))
    })
    act(() => {
      input.dispatchEvent(new CustomEvent('confirm', { detail: { value: '王' }, bubbles: true }))
    })
    await waitFor(() => expect(names()).toEqual(['搜索:王']))
    const last = recordCalls()[recordCalls().length - 1]
    expect(last.searchParams.get('s')).toBe('王')
    expect(last.searchParams.get('offset')).toBe('0')
  })

  it('hides the search box when the school says so', async () => {
    boot({ hideDirectorySearch: true })
    const { container } = render(<JzmlPage />)
    await waitFor(() => expect(names()).toEqual(['最新捐赠人']))
    expect(screen.queryByTestId('directory-search')).toBeNull()
    expect(container.querySelector('.at-search-bar')).toBeNull()
    // the header still names the page and keeps the language switch
    expect(container.querySelector('.directory__heading')!.textContent).toBe('捐赠名录')
    expect(screen.getByTestId('lang-switch')).toBeTruthy()
  })

  it('shows the totals line from total, in both languages', async () => {
    boot()
    const { unmount } = render(<JzmlPage />)
    await waitFor(() => expect(screen.getByTestId('directory-totals').textContent).toBe('共 1288 笔捐赠，合计 ¥3,456,789.10'))
    unmount()
    boot({}, 'en')
    render(<JzmlPage />)
    await waitFor(() => expect(screen.getByTestId('directory-totals').textContent).toBe('1288 gifts, ¥3,456,789.10 in total'))
  })

  it('hides the totals line (and does not ask for it) when statistics are hidden', async () => {
    boot({ hideStatistics: true })
    render(<JzmlPage />)
    await waitFor(() => expect(names()).toEqual(['最新捐赠人']))
    expect(screen.queryByTestId('directory-totals')).toBeNull()
    expect(calls.some((u) => u.pathname.endsWith('/index/total'))).toBe(false)
  })

  it('shows avatar, masked name, day, project, sub-project and amount with unit; goods in their unit', async () => {
    ROWS[''] = [
      record({
        id: 21,
        name: '李**',
        avatar: '/files/avatars/li.jpg',
        itemsName: '奖学金',
        subItemsName: '2026 届',
        donateMoney: '52000',
        donateTime: '2026-04-02 09:08:07'
      }),
      record({ id: 22, name: '匿名', crowdType: 2, donateMaterialNumber: 30, materialUnit: '箱', itemsName: '图书捐赠' })
    ]
    try {
      boot()
      render(<JzmlPage />)
      await waitFor(() => expect(names()).toEqual(['李**', '匿名']))
      const [first, second] = screen.getAllByTestId('donor-row')
      expect(first.querySelector('[data-testid="avatar-image"]')!.getAttribute('src')).toBe('/files/avatars/li.jpg')
      expect(first.querySelector('[data-testid="donor-date"]')!.textContent).toBe('2026-04-02')
      expect(first.textContent).toContain('奖学金')
      expect(first.querySelector('[data-testid="donor-sub"]')!.textContent).toBe('2026 届')
      expect(first.querySelector('[data-testid="donor-amount"]')!.textContent).toBe('¥52,000.00')
      expect(second.querySelector('[data-testid="avatar-default"]')).toBeTruthy()
      expect(second.querySelector('[data-testid="donor-amount"]')!.textContent).toBe('30 箱')
      expect(second.querySelector('[data-testid="donor-sub"]')).toBeNull()
    } finally {
      ROWS[''] = [record({ id: 11, name: '最新捐赠人', donateTime: '2026-05-01 10:00:00' })]
    }
  })

  it('scopes the list to one project with itemsId', async () => {
    const { Current } = require('@tarojs/runtime')
    Current.router = { params: { itemsId: '7' }, path: '/pages/jzml/index' }
    try {
      boot()
      render(<JzmlPage />)
      await waitFor(() => expect(recordCalls().length).toBe(1))
      expect(recordCalls()[0].searchParams.get('itemsId')).toBe('7')
    } finally {
      Current.router = null
    }
  })

  it('shows the empty state when there are no gifts', async () => {
    jest.restoreAllMocks()
    jest
      .spyOn(Taro, 'request')
      .mockImplementation(((opts: { url: string }) =>
        opts.url.includes('/index/total') ? ok({ totalCount: 0, totalMoney: '0' }) : ok({ total: 0, rows: [] })) as any)
    boot()
    render(<JzmlPage />)
    await waitFor(() => expect(screen.getByTestId('empty-state').textContent).toContain('暂无捐赠记录'))
  })
})
