/** One remote value with loading / error / retry (configs, details, picker lists). */
import { useCallback, useEffect, useRef, useState } from 'react'

export type RemoteStatus = 'loading' | 'ready' | 'error'

export interface Remote<T> {
  data: T | null
  status: RemoteStatus
  reload(): void
}

/** `key` restarts the load when it changes; `enabled` false waits (e.g. until signed in). */
export function useRemote<T>(fetcher: () => Promise<T>, key: string, enabled = true): Remote<T> {
  const [data, setData] = useState<T | null>(null)
  const [status, setStatus] = useState<RemoteStatus>('loading')
  const generation = useRef(0)
  const fetchRef = useRef(fetcher)
  fetchRef.current = fetcher

  const load = useCallback(() => {
    const gen = ++generation.current
    setStatus('loading')
    fetchRef
      .current()
      .then((d) => {
        if (gen !== generation.current) return
        setData(d)
        setStatus('ready')
      })
      .catch(() => {
        if (gen === generation.current) setStatus('error')
      })
  }, [])

  useEffect(() => {
    if (enabled) load()
  }, [key, enabled, load])

  return { data, status, reload: load }
}
