/**
 * Polls payback every `intervalMs` while `enabled` (docs/product §4: the Alipay page polls until the order is paid). Calls
 * onPaid once. Errors (network, an expired link) keep polling quietly: the page shows its own state.
 */
import { useEffect, useRef } from 'react'
import { fetchPayback } from '../api/payment'

export const PAYBACK_POLL_MS = 2000

export function usePaybackPoll(
  billNo: string,
  payToken: string | undefined,
  enabled: boolean,
  onPaid: () => void,
  intervalMs = PAYBACK_POLL_MS
) {
  const paidRef = useRef(onPaid)
  paidRef.current = onPaid
  useEffect(() => {
    if (!enabled || !billNo) return undefined
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | null = null
    const tick = async () => {
      let paid = false
      try {
        paid = await fetchPayback(billNo, payToken)
      } catch {
        paid = false
      }
      if (stopped) return
      if (paid) {
        stopped = true
        paidRef.current()
        return
      }
      timer = setTimeout(tick, intervalMs)
    }
    timer = setTimeout(tick, intervalMs)
    return () => {
      stopped = true
      if (timer) clearTimeout(timer)
    }
  }, [billNo, payToken, enabled, intervalMs])
}
