/**
 * mine-together (docs/product §2 Joint donation): the caller's statistics, the started and joined tabs each loading its
 * own list, cards with raised/target/percent, and a tap opening the invite page. Only Taro.request is stubbed.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { MyTogetherDonation } from '@contract'
import MineTogetherPage from '@/pkg-mine/mine-together/index'
import { platform } from '@/platform'
import { useSession } from '@/store/session'
import { bootSession, ok, page, setQuery, stubApi, type Call } from './project-fixtures'
import { detail } from './together-fixtures'

const row = (over: Partial<MyTogetherDonation>): MyTogetherDonation => {
  // a list row is the invite page's answer without the page-only fields
  const { thumbnailImg, intro, progress, isSponsor, canCancel, ...base } = detail()
  void [thumbnailImg, intro, progress, isSponsor, canCancel]
  return { ...base, ...over }
}
const named = (calls: Call[], name: string) => calls.filter((c) => c.path.endsWith(`/${name}`))

let to: jest.SpyInstance
beforeEach(() => {
  jest.restoreAllMocks()
  bootSession()
  useSession.setState({ token: 'tok-1', school: 'demo' })
  setQuery('/pkg-mine/mine-together/index', {})
  to = jest.spyOn(platform.nav, 'to').mockImplementation(() => undefined)
})

it('started and joined tabs list the caller’s joint donations; a card opens its invite page', async () => {
  const calls = stubApi({
    togetherStatistics: () => ok({ launchCount: 1, joinCount: 2, totalCount: 3 }),
    launchList: () => ok(page([row({ id: 31, sponsor: '王赟喆', completeMoney: '1234567.5', targetMoney: '5000000' })])),
    joinList: () =>
      ok(
        page([row({ id: 41, sponsor: '李同学', slogan: '一起种树', isTarget: 0, targetMoney: '0.00' }), row({ id: 42, sponsor: '赵同学' })])
      )
  })
  render(<MineTogetherPage />)
  await waitFor(() => expect(screen.getAllByTestId('together-row')).toHaveLength(1))
  expect(screen.getByTestId('together-stats').textContent).toContain('1')
  expect(screen.getByTestId('together-stats').textContent).toContain('3')
  const card = screen.getAllByTestId('together-row')[0]
  expect(card.textContent).toContain('王赟喆')
  // the card names the project it raises for
  expect(within(card).getByTestId('together-row-project').textContent).toBe(detail().itemsName)
  expect(card.textContent).toContain('已筹 ¥1,234,567.50')
  expect(card.textContent).toContain('目标 ¥5,000,000.00')
  expect(named(calls, 'joinList')).toHaveLength(0)

  fireEvent.click(screen.getByTestId('together-tab-join'))
  await waitFor(() =>
    expect(
      screen.getAllByTestId('together-row').map((r) => r.textContent?.includes('李同学') || r.textContent?.includes('赵同学'))
    ).toEqual([true, true])
  )
  expect(named(calls, 'joinList')[0].method).toBe('GET')
  fireEvent.click(screen.getAllByTestId('together-row')[0])
  expect(to).toHaveBeenCalledWith('/pkg-together/together-share/index?id=41')
})

it('an empty started tab says so', async () => {
  stubApi({ togetherStatistics: () => ok({ launchCount: 0, joinCount: 0, totalCount: 0 }), launchList: () => ok(page([])) })
  render(<MineTogetherPage />)
  expect((await screen.findByTestId('empty-state')).textContent).toContain('还没有发起一起捐')
})
