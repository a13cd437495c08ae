/**
 * Loads the thank-you data, then polls it every 2 s (up to ~30 s) until the certificate image exists.
 * `waiting` stays true while polling; after the last try the page says where the certificate will appear.
 */
import { useCallback, useEffect, useState } from 'react'
import { platform } from '@/platform'
import { fetchSuccess } from '../api/payment'
import { CERTIFICATE_POLL_MS, CERTIFICATE_POLL_TRIES, toSuccessView, type SuccessView } from '../model/success'

export type SuccessState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; view: SuccessView; waiting: boolean }

export function useSuccess(billNo: string, payToken?: string) {
  const [state, setState] = useState<SuccessState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (!billNo) return undefined
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | null = null
    let tries = 0
    const load = async () => {
      try {
        const view = toSuccessView(await fetchSuccess(billNo, payToken), platform.assetUrl)
        if (stopped) return
        tries += 1
        const waiting = !view.certificate && view.certificateExpected && tries <= CERTIFICATE_POLL_TRIES
        setState({ status: 'ready', view, waiting })
        if (waiting) timer = setTimeout(load, CERTIFICATE_POLL_MS)
      } catch (e: any) {
        if (stopped) return
        // a failed poll after the first answer keeps what is shown
        setState((s) => (s.status === 'ready' ? { ...s, waiting: false } : { status: 'error', message: e?.message || '' }))
      }
    }
    setState({ status: 'loading' })
    load()
    return () => {
      stopped = true
      if (timer) clearTimeout(timer)
    }
  }, [billNo, payToken, attempt])

  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  return { state, reload }
}
