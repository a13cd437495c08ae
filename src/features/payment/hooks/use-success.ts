/**
 * Loads the thank-you data, then polls it every 2 s (up to ~30 s) until the certificate image exists.
 * `waiting` stays true while polling; after the last try the page says where the certificate will appear.
 */
import { useEffect, useState } from 'react'
import { useData } from '@/lib/hooks/use-data'
import { errorMessage } from '@/lib/request'
import { platform } from '@/platform'
import { store } from '@/platform/storage-keys'
import { fetchSuccess } from '../api/payment'
import { CERTIFICATE_POLL_MS, CERTIFICATE_POLL_TRIES, toSuccessView, type SuccessView } from '../model/success'

export type SuccessState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; view: SuccessView; waiting: boolean }

export function useSuccess(billNo: string, payToken?: string) {
  const success = useData(async () => toSuccessView(await fetchSuccess(billNo, payToken), platform.assetUrl), [billNo, payToken], {
    enabled: !!billNo
  })
  const { data: view, status, reload } = success
  // answers so far: the poll gives up after CERTIFICATE_POLL_TRIES of them
  const [answers, setAnswers] = useState(0)
  useEffect(() => {
    if (view) setAnswers((n) => n + 1)
  }, [view])
  // the gift is paid (success answers only for paid orders): the donation form's draft has served
  useEffect(() => {
    if (view) store.remove('donateDraft')
  }, [view])

  // a failed poll after the first answer keeps what is shown and stops waiting
  const waiting = !!view && !view.certificate && view.certificateExpected && answers <= CERTIFICATE_POLL_TRIES && status !== 'error'
  useEffect(() => {
    if (!waiting || status !== 'ready') return undefined
    const timer = setTimeout(reload, CERTIFICATE_POLL_MS)
    return () => clearTimeout(timer)
  }, [waiting, status, reload, answers])

  let state: SuccessState = { status: 'loading' }
  if (view) state = { status: 'ready', view, waiting }
  else if (status === 'error') state = { status: 'error', message: errorMessage(success.error) }
  return { state, reload }
}
