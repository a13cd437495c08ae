/**
 * The joint donor list (`together-list?id`, docs/product §2; §9: 20 a page): the first page, then the next when the page
 * reaches the bottom, amounts with separators. Only Taro.request is stubbed; onReachBottom is captured from the hook.
 */
import { act, render, screen, waitFor } from '@testing-library/react'
import ListPage from '@/pkg-together/together-list/index'
import { useSession } from '@/store/session'
import { bootSession, ok, page, setQuery, stubApi, type Call } from './project-fixtures'
import { donor } from './together-fixtures'

let reachBottom: () => void = () => undefined
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  const useReachBottom = (cb: () => void) => {
    reachBottom = cb
  }
  return { __esModule: true, ...actual, default: { ...actual.default, useReachBottom }, useReachBottom }
})

const named = (calls: Call[], name: string) => calls.filter((c) => c.path.endsWith(`/${name}`))

beforeEach(() => {
  jest.restoreAllMocks()
  bootSession()
  useSession.setState({ token: 'tok-1', school: 'demo' })
  setQuery('/pkg-together/together-list/index', { id: '31' })
})

it('pages by 20 with names and amounts, the next page on reaching the bottom', async () => {
  const all = Array.from({ length: 25 }, (_, i) => donor({ id: i + 1, name: `捐赠人${i + 1}`, donateMoney: `${1000 + i}.5` }))
  const calls = stubApi({
    donateRecordPage: (c) => {
      const offset = Number(c.query.get('offset'))
      const limit = Number(c.query.get('limit'))
      return ok(page(all.slice(offset, offset + limit), all.length))
    }
  })
  render(<ListPage />)
  await waitFor(() => expect(screen.getAllByTestId('donor-row')).toHaveLength(20))
  expect(screen.getAllByTestId('donor-amount')[0].textContent).toBe('¥1,000.50')
  const q = named(calls, 'donateRecordPage')[0].query
  expect([q.get('donateTogetherId'), q.get('limit'), q.get('offset')]).toEqual(['31', '20', '0'])
  // the rows and the list's idle state arrive in one render, whose onReachBottom the page registered last
  act(() => reachBottom())
  await waitFor(() => expect(named(calls, 'donateRecordPage')).toHaveLength(2))
  await waitFor(() => expect(screen.getAllByTestId('donor-row')).toHaveLength(25))
  expect(named(calls, 'donateRecordPage')[1].query.get('offset')).toBe('20')
  expect(screen.getAllByTestId('donor-name')[24].textContent).toBe('捐赠人25')
})

it('an empty list says so', async () => {
  stubApi({ donateRecordPage: () => ok(page([])) })
  render(<ListPage />)
  expect((await screen.findByTestId('empty-state')).textContent).toContain('还没有人参与')
})
