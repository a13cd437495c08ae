/**
 * An agreement the server is still rendering (docs/decisions/039-agreement-rendering-jobs.md): asks its detail with a
 * growing wait (model/render-poll.ts) until it is ready or failed, and stops when the page goes away (unmount) or
 * after about two minutes ('slow', with a way to keep waiting). A failed render can be retried: the server renders it
 * again and the asking starts over. A network failure while asking is asked again; a refusal ends it as failed.
 */
import { useCallback, useEffect, useState } from 'react'
import { ResultCode, type AgreementDetail } from '@contract'
import { ApiError } from '@/lib/request'
import { toast } from '@/lib/quiet'
import { useT } from '@/store/session'
import { fetchAgreement, retryAgreement } from '../api/agreement'
import { failureText } from '../model/failure'
import { pollSchedule } from '../model/render-poll'

export type RenderPhase = 'idle' | 'rendering' | 'ready' | 'failed' | 'slow'

export interface AgreementRender {
  phase: RenderPhase
  /** the agreement once ready or failed */
  detail: AgreementDetail | null
  /** why it failed, in the donor's language ('' unless failed) */
  reason: string
  /** failed: render again; slow: keep waiting */
  retry: () => Promise<void>
}

/** Polls agreement `id` while it renders; 0: nothing to wait for. */
export function useAgreementRender(id: number): AgreementRender {
  const t = useT()
  const [phase, setPhase] = useState<RenderPhase>(id ? 'rendering' : 'idle')
  const [detail, setDetail] = useState<AgreementDetail | null>(null)
  const [reason, setReason] = useState('')
  const [round, setRound] = useState(0)

  useEffect(() => {
    if (!id) {
      setPhase('idle')
      return undefined
    }
    setPhase('rendering')
    const schedule = pollSchedule()
    let stopped = false
    let n = 0
    let timer: ReturnType<typeof setTimeout> | null = null
    const ask = async () => {
      timer = null
      let d: AgreementDetail | null = null
      try {
        d = await fetchAgreement(id)
      } catch (e) {
        if (stopped) return
        if (e instanceof ApiError && e.code === ResultCode.ERROR && !e.network) {
          setReason(failureText(e, t))
          setPhase('failed')
          return
        }
      }
      if (stopped) return
      if (d && d.status !== 'rendering') {
        setDetail(d)
        setReason(d.status === 'failed' ? d.reason || t('agreement.renderFailed') : '')
        setPhase(d.status === 'failed' ? 'failed' : 'ready')
        return
      }
      n++
      if (n >= schedule.length) {
        setPhase('slow')
        return
      }
      timer = setTimeout(ask, schedule[n])
    }
    timer = setTimeout(ask, schedule[0])
    return () => {
      stopped = true
      if (timer) clearTimeout(timer)
    }
    // t is read only when an answer arrives; a language switch does not restart the asking
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, round])

  const retry = useCallback(async () => {
    if (phase === 'failed') {
      try {
        await retryAgreement(id)
      } catch (e) {
        toast(failureText(e, t), 2000)
        return
      }
    }
    setDetail(null)
    setReason('')
    setRound((r) => r + 1)
  }, [phase, id, t])

  return { phase, detail, reason, retry }
}
