/**
 * tree-naming-hhu/preview (docs/product §2): with name, mobile, donationAmount and itemsId it generates once and shows
 * the pages, 'I agree' before the 304x126 pad (with 'refresh'); a failed generation says 'request failed, please try
 * again later' and retries on a tap; with url it shows the signed agreement, the reminder to download, back and
 * download. Only Taro.request is stubbed.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import PreviewPage from '@/pkg-agreement/tree-naming-hhu/preview/index'
import { platform } from '@/platform'
import { useSession } from '@/store/session'
import { bootSession, ok, setQuery, stubApi, toastSpy } from './project-fixtures'

const titles = (spy: jest.SpyInstance) => spy.mock.calls.map((c) => c[0].title)
const UNSIGNED = '/files/agreements/hhu/0123456789abcdef0123456789abcdef/agreement-HHU2026112300000001.pdf'
const SIGNED = '/files/agreements/hhu/fedcba9876543210fedcba9876543210/agreement-HHU2026112300000001-signed.pdf'
const PAGES = ['/files/agreements/hhu/0123/page-1.jpg', '/files/agreements/hhu/0123/page-2.jpg']

beforeEach(() => {
  jest.restoreAllMocks()
  bootSession()
  useSession.setState({ token: 'tok-1', school: 'hhu' })
})

const query = { name: '张赟喆', mobile: '13800138000', donationAmount: '2000.00', itemsId: '9' }

it('generates once with the form’s values and shows the pages; the pad needs I agree first and says refresh', async () => {
  const toast = toastSpy()
  setQuery('/pkg-agreement/tree-naming-hhu/preview/index', query)
  const calls = stubApi({ generation: () => ok({ id: 5, url: UNSIGNED, status: 'ready' }), pages: () => ok(PAGES) })
  render(<PreviewPage />)
  await waitFor(() => expect(screen.getAllByTestId('agreement-page')).toHaveLength(2))
  const gens = calls.filter((c) => c.path.endsWith('/hhu/sign/agreement/generation'))
  expect(gens).toHaveLength(1)
  expect(gens[0].data).toEqual({ name: '张赟喆', mobile: '13800138000', donationAmount: '2000.00', itemsId: 9, canPoll: 1 })
  expect(calls.find((c) => c.path.endsWith('/pages'))!.query.get('url')).toBe(UNSIGNED)
  expect(screen.queryByTestId('agreement-generating')).toBeNull()
  fireEvent.click(screen.getByTestId('agreement-sign'))
  await waitFor(() => expect(titles(toast)).toEqual(['请先阅读协议并勾选同意']))
  fireEvent.click(screen.getByTestId('agreement-agree'))
  fireEvent.click(screen.getByTestId('agreement-sign'))
  expect(screen.getByTestId('signature-clear').textContent).toBe('重写')
})

it('a failed generation says request failed, in English too, and a tap retries', async () => {
  useSession.setState({ lang: 'en' })
  const toast = toastSpy()
  setQuery('/pkg-agreement/tree-naming-hhu/preview/index', query)
  let fail = true
  const calls = stubApi({
    generation: () => (fail ? { code: 500, message: 'boom', data: null } : ok({ id: 5, url: UNSIGNED, status: 'ready' })),
    pages: () => ok(PAGES)
  })
  render(<PreviewPage />)
  const failed = await screen.findByTestId('hhu-generate-failed')
  expect(failed.textContent).toContain('request failed, please try again later')
  await waitFor(() => expect(titles(toast)).toEqual(['request failed, please try again later']))
  fail = false
  fireEvent.click(failed)
  await waitFor(() => expect(screen.getAllByTestId('agreement-page')).toHaveLength(2))
  expect(calls.filter((c) => c.path.endsWith('/generation'))).toHaveLength(2)
})

it('with url: the signed agreement, the reminder to download, back and download', async () => {
  const open = jest.spyOn(platform.media, 'openDocument').mockResolvedValue(undefined)
  const back = jest.spyOn(platform.nav, 'back').mockImplementation(() => undefined)
  setQuery('/pkg-agreement/tree-naming-hhu/preview/index', { url: SIGNED })
  const calls = stubApi({ pages: () => ok(PAGES) })
  render(<PreviewPage />)
  await waitFor(() => expect(screen.getAllByTestId('agreement-page')).toHaveLength(2))
  expect(calls.some((c) => c.path.endsWith('/generation'))).toBe(false)
  expect(screen.getByTestId('hhu-download-tip').textContent).toContain('请及时下载')
  fireEvent.click(screen.getByTestId('hhu-download'))
  expect(open).toHaveBeenCalledWith(expect.stringContaining(SIGNED))
  fireEvent.click(screen.getByTestId('hhu-back'))
  expect(back).toHaveBeenCalled()
})
