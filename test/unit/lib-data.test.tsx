/**
 * The shared loading pieces of src/lib: useData (the one data hook), the area codes every mobile input shares,
 * useT's stable function, and the dates dayjs formats.
 */
import { act, renderHook, waitFor } from '@testing-library/react'
import { cutDay, cutMinute } from '@/lib/dates'
import { useAreaCodes } from '@/lib/hooks/use-area-codes'
import { useData, type LoadSignal } from '@/lib/hooks/use-data'
import { useSession, useT } from '@/store/session'
import { bootSession, ok, stubApi } from './project-fixtures'
import { freshAreaCodes } from './area-code-fixtures'

jest.mock('@/lib/area-codes', () => jest.requireActual('./area-code-fixtures').areaCodesPerTest())

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (v: T) => void
  let reject!: (e: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

beforeEach(() => {
  jest.restoreAllMocks()
  bootSession()
  freshAreaCodes()
})

describe('useData', () => {
  it('goes from loading to the answer, and to the error with a reload that retries', async () => {
    let n = 0
    const load = jest.fn(async () => {
      n += 1
      if (n === 1) throw new Error('down')
      return `answer ${n}`
    })
    const { result } = renderHook(() => useData(load, []))
    expect(result.current.status).toBe('loading')
    await waitFor(() => expect(result.current.status).toBe('error'))
    expect((result.current.error as Error).message).toBe('down')
    expect(result.current.data).toBeUndefined()

    act(() => result.current.reload())
    await waitFor(() => expect(result.current.status).toBe('ready'))
    expect(result.current.data).toBe('answer 2')
    expect(result.current.error).toBeUndefined()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('drops the answer of a load whose dependency has changed since', async () => {
    const first = deferred<string>()
    const second = deferred<string>()
    const { result, rerender } = renderHook(({ id }) => useData(() => (id === 1 ? first.promise : second.promise), [id]), {
      initialProps: { id: 1 }
    })
    rerender({ id: 2 })
    await act(async () => second.resolve('project 2'))
    expect(result.current.data).toBe('project 2')
    // the slower, older answer arrives last and must not replace the newer one
    await act(async () => first.resolve('project 1'))
    expect(result.current.data).toBe('project 2')
    expect(result.current.status).toBe('ready')
  })

  it('cancels on unmount: the loader is told and its answer is not applied', async () => {
    const answer = deferred<string>()
    let signal: LoadSignal | null = null
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const { result, unmount } = renderHook(() =>
      useData((s) => {
        signal = s
        return answer.promise
      }, [])
    )
    expect(signal!.cancelled).toBe(false)
    unmount()
    expect(signal!.cancelled).toBe(true)
    await act(async () => answer.resolve('late'))
    expect(result.current.status).toBe('loading')
    expect(errors).not.toHaveBeenCalled()
  })

  it('reloads on a language switch and keeps the shown data while it does', async () => {
    const answers = [deferred<string>(), deferred<string>()]
    let n = 0
    const { result } = renderHook(() => useData(() => answers[n++].promise, []))
    await act(async () => answers[0].resolve('中文'))
    expect(result.current.data).toBe('中文')

    act(() => useSession.getState().setLang('en'))
    expect(n).toBe(2)
    expect(result.current.status).toBe('loading')
    expect(result.current.data).toBe('中文')
    await act(async () => answers[1].resolve('English'))
    expect(result.current.data).toBe('English')
  })

  it('waits while not enabled, then loads', async () => {
    const load = jest.fn(async () => 'detail')
    const { result, rerender } = renderHook(({ on }) => useData(load, [], { enabled: on }), { initialProps: { on: false } })
    await act(async () => undefined)
    expect(load).not.toHaveBeenCalled()
    expect(result.current.status).toBe('loading')
    rerender({ on: true })
    await waitFor(() => expect(result.current.data).toBe('detail'))
  })
})

describe('useT', () => {
  it('is the same function until the language changes, so effects can depend on it', () => {
    const { result, rerender } = renderHook(() => useT())
    const zh = result.current
    rerender()
    expect(result.current).toBe(zh)
    act(() => useSession.getState().setLang('en'))
    expect(result.current).not.toBe(zh)
    expect(result.current('common.retry')).not.toBe(zh('common.retry'))
  })
})

describe('area codes', () => {
  const AREAS = [
    { area: '中国大陆', areaCode: '+86' },
    { area: '中国香港', areaCode: '+852' }
  ]

  it('are fetched once per language for every picker on the screen', async () => {
    const calls = stubApi({ getAreaList4sort: () => ok(AREAS) })
    const a = renderHook(() => useAreaCodes())
    const b = renderHook(() => useAreaCodes())
    await waitFor(() => expect(a.result.current).toHaveLength(2))
    await waitFor(() => expect(b.result.current).toHaveLength(2))
    expect(calls.filter((c) => c.path.endsWith('/getAreaList4sort'))).toHaveLength(1)
  })

  it('fall back to +86 when they cannot be read, and ask again next time', async () => {
    let fail = true
    const calls = stubApi({ getAreaList4sort: () => (fail ? { code: -1, message: 'down', data: null } : ok(AREAS)) })
    const first = renderHook(() => useAreaCodes())
    await waitFor(() => expect(calls).toHaveLength(1))
    await act(async () => undefined)
    expect(first.result.current.map((c) => c.areaCode)).toEqual(['+86'])
    fail = false
    const second = renderHook(() => useAreaCodes())
    await waitFor(() => expect(second.result.current).toHaveLength(2))
    expect(calls).toHaveLength(2)
  })
})

describe('dates (dayjs)', () => {
  it('shows wire times to the day or the minute, whatever the phone’s time zone', () => {
    expect(cutDay('2026-03-04 05:06:07')).toBe('2026-03-04')
    expect(cutMinute('2026-03-04 23:59:07')).toBe('2026-03-04 23:59')
    expect(cutMinute('2026-03-04')).toBe('2026-03-04')
    expect(cutDay(null)).toBe('')
  })

  it('shows nothing for a value that is not a wire time, instead of a cut of it', () => {
    expect(cutMinute('2026-02-30 10:00:00')).toBe('')
    expect(cutMinute('2026-03-04T05:06:07.000Z')).toBe('')
    expect(cutDay('not a date at all')).toBe('')
  })
})
