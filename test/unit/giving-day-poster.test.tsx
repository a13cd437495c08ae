/**
 * The giving-day ambassador's poster (docs/decisions/084-joint-invite-poster-and-link.md, addendum): on the
 * landing page's ambassador card, "生成海报" asks the server for the poster with the day and the caller's code, says it
 * is drawing meanwhile, and opens the shared poster dialog with save, copy-link and close; a refusal is toasted in
 * the user's language and opens nothing. Only Taro.request is stubbed.
 */
import Taro from '@tarojs/taro'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { Envelope, GivingDayPoster, GivingDayTotals } from '@contract'
import GivingDayPage from '@/pkg-giving/giving-day/index'
import { platform } from '@/platform'
import { useSession } from '@/store/session'
import { bootSession, ok, setQuery, stubApi, toastSpy, type Call } from './project-fixtures'

const titles = (spy: jest.SpyInstance) => spy.mock.calls.map((c) => c[0].title)
const named = (calls: Call[], name: string) => calls.filter((c) => c.path.endsWith(`/${name}`))

const URL_OF_CODE = 'https://give.example.edu.cn/giving-day?id=7&ambassador=AB23CD45&school=demo'
const POSTER: GivingDayPoster = { fileName: 'giving-day-7-AB23CD45.png', png: 'iVBORw0KGgo=', url: URL_OF_CODE }

function day(over: Partial<GivingDayTotals> = {}): GivingDayTotals {
  const now = Date.now()
  return {
    id: 7,
    title: '校庆捐赠日',
    startsAt: new Date(now - 3600_000).toISOString(),
    endsAt: new Date(now + 3600_000).toISOString(),
    state: 'open',
    goal: '10000.00',
    participationGoal: 100,
    raised: '1200.00',
    donors: 3,
    matched: '0.00',
    matches: [],
    challenges: [],
    classYearsByMoney: [],
    classYearsByDonors: [],
    collegesByMoney: [],
    collegesByDonors: [],
    regionsByMoney: [],
    regionsByDonors: [],
    ambassadors: [],
    recentDonors: [],
    projects: [],
    ...over
  }
}

function stub(poster: () => Envelope<GivingDayPoster | null> | Promise<Envelope<GivingDayPoster | null>>) {
  return stubApi({
    detail: () => ok(day()),
    ambassador: () => ok({ dayId: 7, code: 'AB23CD45', gifts: 0, raised: '0.00' }),
    poster
  })
}

async function becomeAmbassador() {
  render(<GivingDayPage />)
  await screen.findByTestId('giving-day')
  fireEvent.click(screen.getByTestId('gd-become'))
  return screen.findByTestId('gd-amb-poster')
}

beforeEach(() => {
  jest.restoreAllMocks()
  setQuery('/pkg-giving/giving-day/index', { id: '7' })
})
afterEach(() => jest.useRealTimers())

describe('the ambassador’s poster (docs/decisions/084-joint-invite-poster-and-link.md, addendum)', () => {
  it('asks for the day and the code, shows the poster with save and copy-link, and closes', async () => {
    bootSession()
    useSession.setState({ token: 'tok-1', school: 'demo' })
    const calls = stub(() => ok(POSTER))
    const save = jest.spyOn(platform.media, 'savePng').mockResolvedValue('saved')
    const copy = jest.spyOn(Taro, 'setClipboardData').mockResolvedValue({ errMsg: 'ok' } as any)
    const toast = toastSpy()
    const button = await becomeAmbassador()
    expect(button.textContent).toBe('生成海报')
    expect(screen.queryByTestId('poster-dialog')).toBeNull()
    fireEvent.click(button)
    const dialog = await screen.findByTestId('poster-dialog')
    const asked = named(calls, 'poster')
    expect(asked).toHaveLength(1)
    expect([asked[0].path, asked[0].query.get('id'), asked[0].query.get('ambassador')]).toEqual([
      '/api/demo/uplus-foundation/app/v1/donateu/givingDay/poster',
      '7',
      'AB23CD45'
    ])
    expect(dialog.getAttribute('aria-label')).toBe('生成海报')
    expect(screen.getByTestId('poster-image').getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=')
    expect(dialog.textContent).toContain('长按图片可保存或发送给好友')
    fireEvent.click(screen.getByTestId('poster-save'))
    await waitFor(() => expect(save).toHaveBeenCalledWith('giving-day-7-AB23CD45.png', 'iVBORw0KGgo='))
    await waitFor(() => expect(titles(toast)).toContain('图片已保存'))
    fireEvent.click(screen.getByTestId('poster-copy'))
    await waitFor(() => expect(copy).toHaveBeenCalledWith({ data: URL_OF_CODE }))
    fireEvent.click(screen.getByTestId('poster-close'))
    expect(screen.queryByTestId('poster-dialog')).toBeNull()
  })

  it('says it is drawing while the server draws, and a second tap asks nothing more', async () => {
    bootSession()
    useSession.setState({ token: 'tok-1', school: 'demo' })
    let answer: (v: Envelope<GivingDayPoster>) => void = () => undefined
    const calls = stub(() => new Promise((resolve) => (answer = resolve)))
    const button = await becomeAmbassador()
    fireEvent.click(button)
    await waitFor(() => expect(screen.getByTestId('gd-amb-poster').textContent).toBe('海报生成中…'))
    expect(screen.getByTestId('gd-amb-poster').getAttribute('aria-busy')).toBe('true')
    fireEvent.click(screen.getByTestId('gd-amb-poster'))
    expect(named(calls, 'poster')).toHaveLength(1)
    await act(async () => answer(ok(POSTER)))
    await screen.findByTestId('poster-dialog')
    expect(screen.getByTestId('gd-amb-poster').textContent).toBe('生成海报')
  })

  it('in English: the labels, and a refusal toasted in English with no dialog', async () => {
    bootSession({}, 'en')
    useSession.setState({ token: 'tok-1', school: 'demo' })
    const refusal = 'This ambassador link is not valid: ask the person who shared it, or give without it'
    stub(() => ({ code: -1, message: refusal, data: null }))
    const toast = toastSpy()
    const button = await becomeAmbassador()
    expect(button.textContent).toBe('Poster')
    fireEvent.click(button)
    await waitFor(() => expect(titles(toast)).toContain(refusal))
    await waitFor(() => expect(screen.getByTestId('gd-amb-poster').textContent).toBe('Poster'))
    expect(screen.queryByTestId('poster-dialog')).toBeNull()
  })
})
