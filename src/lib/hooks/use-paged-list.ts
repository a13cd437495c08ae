/**
 * Infinite lists (docs/product §4): offset paging guarded by a loading flag; changing the filter key resets offset to 0
 * and empties the list. Pages call `loadMore()` from onReachBottom / ScrollView's onScrollToLower.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Page } from '@contract'

export type ListStatus = 'idle' | 'loading' | 'error' | 'done'

export interface PagedList<T> {
  rows: T[]
  total: number
  status: ListStatus
  /** true once the first page has answered (distinguishes "empty" from "not loaded yet") */
  loaded: boolean
  loadMore(): void
  reload(): void
}

export function usePagedList<T>(
  fetchPage: (offset: number, limit: number) => Promise<Page<T>>,
  limit: number,
  /** anything that, when changed, restarts the list (search text, tab, order) */
  resetKey: string
): PagedList<T> {
  const [rows, setRows] = useState<T[]>([])
  const [total, setTotal] = useState(0)
  const [status, setStatus] = useState<ListStatus>('idle')
  const [loaded, setLoaded] = useState(false)
  const loading = useRef(false)
  const generation = useRef(0)
  const offset = useRef(0)
  const fetchRef = useRef(fetchPage)
  fetchRef.current = fetchPage

  const load = useCallback(
    (reset: boolean) => {
      if (loading.current && !reset) return
      if (reset) {
        generation.current += 1
        offset.current = 0
      }
      const gen = generation.current
      loading.current = true
      setStatus('loading')
      fetchRef
        .current(offset.current, limit)
        .then((page) => {
          if (gen !== generation.current) return // an older filter's answer
          const got = page.rows || []
          setRows((prev) => (reset ? got : prev.concat(got)))
          setTotal(page.total)
          offset.current += got.length
          setLoaded(true)
          setStatus(got.length < limit || offset.current >= page.total ? 'done' : 'idle')
        })
        .catch(() => {
          if (gen === generation.current) setStatus('error')
        })
        .finally(() => {
          if (gen === generation.current) loading.current = false
        })
    },
    [limit]
  )

  useEffect(() => {
    setRows([])
    setTotal(0)
    setLoaded(false)
    load(true)
  }, [resetKey, load])

  return {
    rows,
    total,
    status,
    loaded,
    loadMore: () => {
      if (status === 'idle') load(false)
    },
    reload: () => load(true)
  }
}
