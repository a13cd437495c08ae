import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import Taro from '@tarojs/taro'
import SubjectPage from '@/pages/subject/index'
import SubjectCpuPage from '@/pages/subject-cpu/index'
import { bootSession, ok, page, setQuery, stubApi, summary, typeInto } from './project-fixtures'

const TYPES = [
  { id: 1, name: '教育发展' },
  { id: 2, name: '校园建设' }
]
const LABELS = [
  { id: 7, labelTitle: '奖助学金' },
  { id: 8, labelTitle: '校友专项' }
]

const library = summary()
const done = summary({ id: 2, name: '校史馆建设', isComplete: 1, completeMoney: '2000000.00', limitMoney: '1800000.00', payCounts: 1024 })
const books = summary({
  id: 3,
  name: '捐书助学',
  crowdType: 2,
  isLimit: 1,
  limitMaterialNumber: 500,
  completeMaterialNumber: 120,
  materialUnit: '册',
  completeMoney: '0.00',
  limitMoney: '0.00',
  payCounts: 45
})
const seats = summary({ id: 4, name: '礼堂座椅冠名', itemsType: 2, isLimit: 1, payCounts: 12, completeMoney: '36000.00' })

function itemsList(byType: Record<string, any[]> = {}, fallback = [library, done, books, seats]) {
  return (call: { query: URLSearchParams }) => {
    const typeId = call.query.get('typeId') || ''
    const s = call.query.get('s') || ''
    let rows = byType[typeId] ?? fallback
    if (s) rows = rows.filter((r) => r.name.includes(s))
    return ok(page(rows))
  }
}

beforeEach(() => {
  jest.restoreAllMocks()
  setQuery('/pages/subject/index', {})
  bootSession()
})

const card = (id: number) => screen.getByTestId(`project-card-${id}`)

describe('project list (subject)', () => {
  it('renders cards with status badges, progress, formatted raised amounts and donor counts', async () => {
    stubApi({ typeList: () => ok(TYPES), itemsList: itemsList() })
    render(<SubjectPage />)
    await screen.findByText('图书馆修缮基金')

    const lib = within(card(1))
    expect(lib.getByTestId('status-badge').textContent).toBe('进行中')
    expect((lib.getByTestId('status-badge') as HTMLElement).style.backgroundColor).toBe('rgb(200, 16, 46)')
    expect(lib.getByTestId('project-raised').textContent).toBe('¥123,456.78')
    expect(lib.getByTestId('project-donors').textContent).toBe('321 人次')
    // 123456.78 / 500000 = 24.69 %
    expect(lib.getByTestId('progress-percent').textContent).toBe('24.69%')

    const finished = within(card(2))
    expect(finished.getByTestId('status-badge').textContent).toBe('已完成')
    expect((finished.getByTestId('status-badge') as HTMLElement).style.backgroundColor).toBe('')
    expect(finished.getByTestId('project-raised').textContent).toBe('¥2,000,000.00')
    expect(finished.getByTestId('progress-percent').textContent).toBe('100%') // capped

    // goods: material count + unit, progress on material counts
    expect(within(card(3)).getByTestId('project-raised').textContent).toBe('120 册')
    expect(within(card(3)).getByTestId('progress-percent').textContent).toBe('24%')
    // naming projects never show a progress bar
    expect(within(card(4)).queryByTestId('progress')).toBeNull()
  })

  it('hides raised amount and donors when the school hides statistics', async () => {
    bootSession({ hideStatistics: true })
    stubApi({ typeList: () => ok(TYPES), itemsList: itemsList() })
    render(<SubjectPage />)
    await screen.findByText('图书馆修缮基金')
    expect(screen.queryAllByTestId('project-stats')).toHaveLength(0)
    expect(screen.queryByText('¥123,456.78')).toBeNull()
  })

  it('a tab change restarts the list at offset 0 with that category and replaces the cards', async () => {
    const calls = stubApi({ typeList: () => ok(TYPES), itemsList: itemsList({ '2': [done] }) })
    render(<SubjectPage />)
    await screen.findByText('图书馆修缮基金')
    expect(screen.getByTestId('tab-all').textContent).toBe('全部')

    fireEvent.click(await screen.findByTestId('tab-2'))
    await waitFor(() => expect(screen.queryByText('图书馆修缮基金')).toBeNull())
    await screen.findByText('校史馆建设')
    expect(screen.queryByText('图书馆修缮基金')).toBeNull()
    const last = calls.filter((c) => c.path.endsWith('/itemsList')).pop()!
    expect(last.query.get('typeId')).toBe('2')
    expect(last.query.get('offset')).toBe('0')
    expect(last.query.get('limit')).toBe('10')
  })

  it('searching sends `s` and replaces the list; an empty answer shows "暂无项目"', async () => {
    const calls = stubApi({ typeList: () => ok(TYPES), itemsList: itemsList() })
    const { container } = render(<SubjectPage />)
    await screen.findByText('图书馆修缮基金')

    act(() => typeInto(container.querySelector('.at-search-bar__input')!, '校史'))
    fireEvent.click(screen.getByTestId('search-button'))
    await waitFor(() => expect(screen.queryByText('图书馆修缮基金')).toBeNull())
    await screen.findByText('校史馆建设')
    expect(screen.queryByText('图书馆修缮基金')).toBeNull()
    expect(
      calls
        .filter((c) => c.path.endsWith('/itemsList'))
        .pop()!
        .query.get('s')
    ).toBe('校史')

    act(() => typeInto(container.querySelector('.at-search-bar__input')!, '不存在的项目'))
    fireEvent.click(screen.getByTestId('search-button'))
    expect((await screen.findByTestId('empty-state')).textContent).toContain('暂无项目')
    expect(screen.queryByText('校史馆建设')).toBeNull()
  })

  it('shows the English empty state "No projects"', async () => {
    bootSession({}, 'en')
    stubApi({ typeList: () => ok(TYPES), itemsList: () => ok(page([])) })
    render(<SubjectPage />)
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No projects')
    expect(screen.getByTestId('tab-all').textContent).toBe('All')
  })

  it('query `tab` preselects a category', async () => {
    setQuery('/pages/subject/index', { tab: '2' })
    const calls = stubApi({ typeList: () => ok(TYPES), itemsList: itemsList({ '2': [done] }) })
    render(<SubjectPage />)
    await screen.findByText('校史馆建设')
    expect(calls.find((c) => c.path.endsWith('/itemsList'))!.query.get('typeId')).toBe('2')
    expect(screen.getByTestId('tab-2').className).toContain('pj-tabs__item--active')
  })

  it('loads the next page from offset 10 and appends', async () => {
    const first = Array.from({ length: 10 }, (_, i) => summary({ id: 100 + i, name: `项目${i}` }))
    const calls = stubApi({
      typeList: () => ok(TYPES),
      itemsList: (c) => ok(c.query.get('offset') === '0' ? page(first, 12) : page([summary({ id: 200, name: '第十一个项目' })], 12))
    })
    render(<SubjectPage />)
    await screen.findByText('项目9')
    fireEvent.click(screen.getByText('上拉加载更多'))
    await screen.findByText('第十一个项目')
    expect(screen.getByText('项目0')).toBeTruthy()
    expect(calls.filter((c) => c.path.endsWith('/itemsList')).map((c) => c.query.get('offset'))).toEqual(['0', '10'])
  })

  it('tapping a card opens the project detail', async () => {
    const nav = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    stubApi({ typeList: () => ok(TYPES), itemsList: itemsList() })
    render(<SubjectPage />)
    fireEvent.click(await screen.findByText('校史馆建设'))
    expect(nav).toHaveBeenCalledWith({ url: '/pkg-project/detail/index?id=2' })
  })

  it('shows the dropdown variant in place, keeping the query, when the school uses it (the 项目 tab stays a tab)', async () => {
    bootSession({ projectListVariant: 'dropdown' })
    setQuery('/pages/subject/index', { tab: '2' })
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' } as any)
    const calls = stubApi({ typeList: () => ok(TYPES), labelList: () => ok(LABELS), itemsList: itemsList() })
    render(<SubjectPage />)
    await waitFor(() => expect(screen.getByTestId('picker-category').textContent).toBe(TYPES[1].name))
    expect(screen.queryByTestId('category-tabs')).toBeNull()
    expect(calls.find((c) => c.path.endsWith('/itemsList'))!.query.get('typeId')).toBe('2')
    expect(redirect).not.toHaveBeenCalled()
  })
})

describe('project list (subject-cpu)', () => {
  it('preselects category and label from `tab` and `labelidTab`, and a picker change restarts the list', async () => {
    setQuery('/pages/subject-cpu/index', { tab: '1', labelidTab: '8' })
    const calls = stubApi({
      typeList: () => ok(TYPES),
      labelList: () => ok(LABELS),
      itemsList: (c) => ok(page(c.query.get('typeId') === '2' ? [done] : [library]))
    })
    const { container } = render(<SubjectCpuPage />)
    await screen.findByText('图书馆修缮基金')
    const first = calls.find((c) => c.path.endsWith('/itemsList'))!
    expect(first.query.get('typeId')).toBe('1')
    expect(first.query.get('labelId')).toBe('8')
    await waitFor(() => expect(screen.getByTestId('picker-category').textContent).toBe('教育发展'))
    expect(screen.getByTestId('picker-label').textContent).toBe('校友专项')
    expect(screen.queryByTestId('category-tabs')).toBeNull()

    const picker = container.querySelectorAll('taro-picker-core')[0]
    act(() => {
      picker.dispatchEvent(new CustomEvent('change', { detail: { value: 2 }, bubbles: true }))
    })
    await screen.findByText('校史馆建设')
    expect(screen.queryByText('图书馆修缮基金')).toBeNull()
    const last = calls.filter((c) => c.path.endsWith('/itemsList')).pop()!
    expect(last.query.get('typeId')).toBe('2')
    expect(last.query.get('labelId')).toBe('8')
    expect(last.query.get('offset')).toBe('0')
    expect(screen.getByTestId('picker-category').textContent).toBe('校园建设')
  })
})
