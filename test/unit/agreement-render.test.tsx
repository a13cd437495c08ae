/**
 * Agreements rendered off the request path (docs/decisions/039-agreement-rendering-jobs.md): when generation answers
 * `rendering`, the hhu preview and the cpu signature page show a progress state, ask the detail with a growing wait
 * until it is ready and then show the pages as usual; a failed render shows the server's reason with a retry that
 * asks the server to render again; the asking stops when the page goes away and after about two minutes ('keep
 * waiting' starts it again). Only Taro.request is stubbed; the timers are jest's.
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import type { AgreementDetail } from '@contract'
import PreviewPage from '@/pkg-agreement/tree-naming-hhu/preview/index'
import SignaturePage from '@/pkg-agreement/contract-cpu/signature/index'
import { POLL_GIVE_UP_MS, POLL_MAX_MS, pollDelay, pollSchedule } from '@/features/agreement/model/render-poll'
import { useSession } from '@/store/session'
import { bootSession, ok, setQuery, stubApi, type Call } from './project-fixtures'

const UNSIGNED = '/files/agreements/hhu/0123456789abcdef0123456789abcdef/agreement-HHU2026112300000001.pdf'
const PAGES = ['/files/agreements/hhu/0123/page-1.jpg', '/files/agreements/hhu/0123/page-2.jpg']
const query = { name: '张赟喆', mobile: '13800138000', donationAmount: '2000.00', itemsId: '9' }

const detail = (over: Partial<AgreementDetail> = {}): AgreementDetail => ({
  id: 5,
  kind: 'hhu',
  status: 'rendering',
  url: '',
  pages: [],
  signedUrl: '',
  reason: '',
  ...over
})
const READY = detail({ status: 'ready', url: UNSIGNED, pages: PAGES })
const asks = (calls: Call[]) => calls.filter((c) => c.path.endsWith('/sign/agreement/detail'))

/** Moves the clock on and lets the answers it triggered arrive. */
async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms)
  })
  for (let i = 0; i < 5; i++) await act(async () => undefined)
}

beforeEach(() => {
  jest.restoreAllMocks()
  jest.useFakeTimers()
  bootSession()
  useSession.setState({ token: 'tok-1', school: 'hhu' })
})
afterEach(() => jest.useRealTimers())

describe('the wait between asks', () => {
  it('grows from 1 s by half each time to 8 s, and a round ends after about two minutes', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(pollDelay)).toEqual([1000, 1500, 2250, 3375, 5063, 7594, 8000, 8000])
    const s = pollSchedule()
    const total = s.reduce((a, b) => a + b, 0)
    expect(total).toBeGreaterThanOrEqual(POLL_GIVE_UP_MS)
    expect(total - s[s.length - 1]).toBeLessThan(POLL_GIVE_UP_MS)
    expect(Math.max(...s)).toBe(POLL_MAX_MS)
    expect(s.length).toBe(19)
  })
})

describe('the hhu preview while the agreement renders', () => {
  it('shows progress, asks with growing waits, then the pages; nothing is asked once it is ready', async () => {
    setQuery('/pkg-agreement/tree-naming-hhu/preview/index', query)
    let answers = [detail(), detail(), READY]
    const calls = stubApi({
      generation: () => ok({ id: 5, url: '', status: 'rendering' }),
      detail: () => ok(answers.length > 1 ? answers.shift()! : answers[0]),
      pages: () => ok(PAGES)
    })
    render(<PreviewPage />)
    await advance(0)
    expect(screen.getByTestId('agreement-rendering').textContent).toContain('协议正在生成中，请稍候')
    expect(screen.queryByTestId('agreement-sign')).toBeNull()
    expect(screen.queryByTestId('agreement-generating')).toBeNull()
    expect(asks(calls)).toHaveLength(0)
    await advance(999)
    expect(asks(calls)).toHaveLength(0)
    await advance(1)
    expect(asks(calls)).toHaveLength(1)
    expect(asks(calls)[0].query.get('id')).toBe('5')
    await advance(1499)
    expect(asks(calls)).toHaveLength(1)
    await advance(1)
    expect(asks(calls)).toHaveLength(2)
    await advance(2250)
    expect(asks(calls)).toHaveLength(3)
    expect(screen.queryByTestId('agreement-rendering')).toBeNull()
    expect(screen.getAllByTestId('agreement-page')).toHaveLength(2)
    expect(calls.find((c) => c.path.endsWith('/pages'))!.query.get('url')).toBe(UNSIGNED)
    expect(screen.getByTestId('agreement-sign')).toBeTruthy()
    answers = [READY]
    await advance(60_000)
    expect(asks(calls)).toHaveLength(3)
  })

  it('a failed render: the server’s reason in English and a retry that renders again', async () => {
    useSession.setState({ lang: 'en' })
    setQuery('/pkg-agreement/tree-naming-hhu/preview/index', query)
    let next = detail({ status: 'failed', reason: 'The agreement could not be prepared, please try again' })
    const calls = stubApi({
      generation: () => ok({ id: 5, url: '', status: 'rendering' }),
      detail: () => ok(next),
      retry: () => ok(detail()),
      pages: () => ok(PAGES)
    })
    render(<PreviewPage />)
    await advance(0)
    expect(screen.getByTestId('agreement-rendering').textContent).toContain('Preparing your agreement, please wait')
    await advance(1000)
    const failed = screen.getByTestId('agreement-render-failed')
    expect(failed.textContent).toContain('The agreement could not be prepared, please try again')
    expect(screen.getByTestId('agreement-render-retry').textContent).toBe('Prepare again')
    await advance(30_000)
    expect(asks(calls)).toHaveLength(1)

    next = READY
    fireEvent.click(screen.getByTestId('agreement-render-retry'))
    await advance(0)
    const retries = calls.filter((c) => c.path.endsWith('/sign/agreement/retry'))
    expect(retries).toHaveLength(1)
    expect(retries[0].method).toBe('POST')
    expect(retries[0].data).toEqual({ id: 5 })
    expect(screen.getByTestId('agreement-rendering')).toBeTruthy()
    await advance(1000)
    expect(screen.getAllByTestId('agreement-page')).toHaveLength(2)
    // generation itself is not asked again: the same agreement was rendered
    expect(calls.filter((c) => c.path.endsWith('/generation'))).toHaveLength(1)
  })

  it('stops asking when the page goes away', async () => {
    setQuery('/pkg-agreement/tree-naming-hhu/preview/index', query)
    const calls = stubApi({ generation: () => ok({ id: 5, url: '', status: 'rendering' }), detail: () => ok(detail()) })
    const view = render(<PreviewPage />)
    await advance(0)
    await advance(1000)
    await advance(1500)
    expect(asks(calls)).toHaveLength(2)
    view.unmount()
    await advance(600_000)
    expect(asks(calls)).toHaveLength(2)
  })

  it('after about two minutes: taking longer than usual, and keep waiting asks again', async () => {
    setQuery('/pkg-agreement/tree-naming-hhu/preview/index', query)
    const calls = stubApi({ generation: () => ok({ id: 5, url: '', status: 'rendering' }), detail: () => ok(detail()) })
    render(<PreviewPage />)
    await advance(0)
    for (const wait of pollSchedule()) await advance(wait)
    expect(asks(calls)).toHaveLength(pollSchedule().length)
    expect(screen.getByTestId('agreement-render-slow').textContent).toContain('协议生成时间比平时长')
    await advance(600_000)
    expect(asks(calls)).toHaveLength(pollSchedule().length)
    fireEvent.click(screen.getByTestId('agreement-render-retry'))
    await advance(0)
    expect(screen.getByTestId('agreement-rendering')).toBeTruthy()
    await advance(1000)
    expect(asks(calls)).toHaveLength(pollSchedule().length + 1)
    // keep waiting does not ask the server to render again
    expect(calls.filter((c) => c.path.endsWith('/retry'))).toHaveLength(0)
  })
})

describe('the cpu signature page opened without a link', () => {
  it('waits for the agreement, then shows its pages and the signature button', async () => {
    useSession.setState({ school: 'cpu' })
    setQuery('/pkg-agreement/contract-cpu/signature/index', { id: '41', pdf: '' })
    let answer = detail({ id: 41, kind: 'cpu' })
    const calls = stubApi({ detail: () => ok(answer), pages: () => ok(PAGES) })
    render(<SignaturePage />)
    await advance(0)
    expect(screen.getByTestId('agreement-rendering')).toBeTruthy()
    expect(screen.queryByTestId('agreement-sign')).toBeNull()
    await advance(1000)
    expect(asks(calls)[0].query.get('id')).toBe('41')
    answer = { ...READY, id: 41, kind: 'cpu' }
    await advance(1500)
    expect(screen.getAllByTestId('agreement-page')).toHaveLength(2)
    expect(screen.getByTestId('agreement-sign')).toBeTruthy()
  })
})
