import { useCallback, useEffect, useRef, useState } from 'react'

/** Loads once and on `reload()` or when deps change: {data, error, loading}. A stale answer never overwrites a newer one. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [data, setData] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const seq = useRef(0)
  const run = useCallback(() => {
    const n = ++seq.current
    setLoading(true)
    setError(null)
    load().then(
      (d) => {
        if (n !== seq.current) return
        setData(d)
        setLoading(false)
      },
      (e: Error) => {
        if (n !== seq.current) return
        setError(e.message)
        setLoading(false)
      }
    )
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)
  useEffect(run, [run])
  return { data, error, loading, reload: run, setData }
}
