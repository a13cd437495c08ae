/**
 * Payment check (route `pay-back?id&itemsId&payToken`, SPEC §2 Other): where WeChat H5 / Alipay wap / third-party
 * cashiers send the browser back, and where runPayment goes when a cashier's answer was uncertain. payback 1 goes
 * to success?billNo (or the jnu seat-naming thank-you page); otherwise back to the form of the project.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { platform } from '@/platform'
import { store } from '@/platform/storage-keys'
import { routeUrl } from '@/lib/routes'
import { toast } from '@/lib/quiet'
import { useSession, useT } from '@/store/session'
import { fetchPayback } from '../api/payment'
import { projectListUrl, successUrl } from '../model/links'
import PayState from './pay-state'

/** The provider's notification may arrive a moment after the browser: ask a few times before giving up. */
export const PAYBACK_CHECKS = 3
export const PAYBACK_CHECK_GAP_MS = 1500

type Phase = { kind: 'checking' } | { kind: 'unpaid' } | { kind: 'error'; message: string }

export default function PayBackScreen() {
  const t = useT()
  const variant = useSession((s) => s.settings.projectListVariant)
  const q = useMemo(() => platform.nav.currentQuery(), [])
  const billNo = q.id || q.billNo || ''
  const itemsId = Number(q.itemsId) || null
  const payToken = q.payToken || undefined
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' })
  const alive = useRef(true)
  useEffect(() => () => {
    alive.current = false
  }, [])

  const check = useCallback(async () => {
    setPhase({ kind: 'checking' })
    for (let i = 0; i < PAYBACK_CHECKS && alive.current; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, PAYBACK_CHECK_GAP_MS))
      try {
        if (await fetchPayback(billNo, payToken)) {
          platform.nav.redirect(successUrl(billNo, store.get('home'), payToken))
          return
        }
      } catch (e: any) {
        if (alive.current) setPhase({ kind: 'error', message: e?.message || t('payment.success.loadFailed') })
        return
      }
    }
    if (!alive.current) return
    if (itemsId) {
      toast(t('payment.payback.notPaid'), 1000)
      platform.nav.redirect(routeUrl('form', { id: itemsId }))
    } else {
      setPhase({ kind: 'unpaid' })
    }
  }, [billNo, payToken, itemsId])

  useEffect(() => {
    if (billNo) check()
  }, [billNo, check])

  const toList = { label: t('payment.toProjects'), onTap: () => platform.nav.redirect(projectListUrl(variant)), testId: 'payback-list' }
  if (!billNo) return <PayState kind='error' title={t('payment.cashier.missing')} primary={toList} testId='payback-error' />
  if (phase.kind === 'error') return <PayState kind='error' title={phase.message} primary={toList} testId='payback-error' />
  if (phase.kind === 'unpaid') {
    return (
      <PayState kind='info' title={t('payment.payback.notPaid')} hint={t('payment.payback.notPaidHint')} testId='payback-unpaid'
        primary={{ label: t('payment.payback.retry'), onTap: check, testId: 'payback-retry' }} secondary={toList} />
    )
  }
  return <PayState kind='busy' title={t('payment.payback.checking')} testId='payback-checking' />
}
