/**
 * The one way a screen loads data: loading / error / data / reload, answers of a superseded load or of an
 * unmounted screen dropped, and a reload on a language switch (every answer is worded in the request's language,
 * docs/product §7). Paged lists use usePagedList; everything else uses this.
 *
 * `deps` are what the loader reads, as for useCallback: eslint's react-hooks/exhaustive-deps checks them
 * (.eslintrc.js lists useData in additionalHooks), so a loader cannot silently keep an old id.
 */
import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react'
import { useSession } from '@/store/session'

export type DataStatus = 'loading' | 'ready' | 'error'

/** Handed to the loader: `cancelled` turns true once its answer would be dropped (unmount, newer load). */
export interface LoadSignal {
  readonly cancelled: boolean
}

export interface DataState<T> {
  /** the last answer; kept while a reload (retry, language switch) runs so the screen does not flash */
  data: T | undefined
  /** the rejection of the last load, undefined unless status is 'error' */
  error: unknown
  status: DataStatus
  reload(): void
}

export interface DataOptions {
  /** false waits (status stays 'loading'), e.g. until signed in or while an id is missing */
  enabled?: boolean
}

const changed = (a: DependencyList, b: DependencyList) => a.length !== b.length || a.some((v, i) => !Object.is(v, b[i]))

export function useData<T>(load: (signal: LoadSignal) => Promise<T>, deps: DependencyList, options: DataOptions = {}): DataState<T> {
  const enabled = options.enabled ?? true
  const lang = useSession((s) => s.lang)
  const [state, setState] = useState<{ data: T | undefined; error: unknown; status: DataStatus }>({
    data: undefined,
    error: undefined,
    status: 'loading'
  })
  const loadRef = useRef(load)
  loadRef.current = load
  // a counter that moves when a dependency changes: the effect below re-runs on it (a spread deps array could not
  // be checked by the lint rule nor by React)
  const seen = useRef<{ deps: DependencyList; version: number }>({ deps, version: 0 })
  if (changed(seen.current.deps, deps)) seen.current = { deps, version: seen.current.version + 1 }
  const version = seen.current.version
  const current = useRef<{ cancelled: boolean } | null>(null)

  const run = useCallback(() => {
    if (current.current) current.current.cancelled = true
    const signal = { cancelled: false }
    current.current = signal
    setState((s) => (s.status === 'loading' ? s : { ...s, error: undefined, status: 'loading' }))
    loadRef
      .current(signal)
      .then((data) => {
        if (!signal.cancelled) setState({ data, error: undefined, status: 'ready' })
      })
      .catch((error: unknown) => {
        if (!signal.cancelled) setState((s) => ({ data: s.data, error, status: 'error' }))
      })
  }, [])

  useEffect(() => {
    if (!enabled) return
    run()
    return () => {
      if (current.current) current.current.cancelled = true
    }
  }, [run, enabled, version, lang])

  const reload = useCallback(() => {
    if (enabled) run()
  }, [enabled, run])

  return { ...state, reload }
}
