/**
 * Payment check (route `pay-back?id&itemsId&payToken`, docs/product §2 Other): where WeChat H5 / Alipay wap / third-party
 * cashiers send the browser back, and where runPayment goes when a cashier's answer was uncertain. payback 1 goes
 * to success?billNo (or the jnu seat-naming thank-you page); otherwise back to the form of the project.
 */
import { useEffect, useMemo } from 'react'
import { platform } from '@/platform'
import { store } from '@/platform/storage-keys'
import { useData } from '@/lib/hooks/use-data'
import { toast } from '@/lib/quiet'
import { errorMessage } from '@/lib/request'
import { routeUrl } from '@/lib/routes'
// `tNow` words the toast of the asynchronous check in the language of that moment
import { t as tNow, useSession, useT } from '@/store/session'
import { fetchPayback } from '../api/payment'
import { projectListUrl, successUrl, unpaidFormUrl } from '../model/links'
import PayState from './pay-state'

/** The provider's notification may arrive a moment after the browser: ask a few times before giving up. */
export const PAYBACK_CHECKS = 3
export const PAYBACK_CHECK_GAP_MS = 1500

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export default function PayBackScreen() {
  const t = useT()
  const variant = useSession((s) => s.settings.projectListVariant)
  const q = useMemo(() => platform.nav.currentQuery(), [])
  const billNo = q.id || q.billNo || ''
  const itemsId = Number(q.itemsId) || null
  const payToken = q.payToken || undefined
  // true once paid; false after the last check said no (or the page was left while checking)
  const paid = useData(
    async (signal) => {
      for (let i = 0; i < PAYBACK_CHECKS; i++) {
        if (i > 0) await pause(PAYBACK_CHECK_GAP_MS)
        if (signal.cancelled) return false
        if (await fetchPayback(billNo, payToken)) return true
      }
      return false
    },
    [billNo, payToken],
    { enabled: !!billNo }
  )

  useEffect(() => {
    if (paid.data === true) {
      platform.nav.redirect(successUrl(billNo, store.get('home'), payToken))
    } else if (paid.data === false && itemsId) {
      toast(tNow('payment.payback.notPaid'), 1000, { announcesNavigation: true })
      platform.nav.redirect(unpaidFormUrl(itemsId, store.get('gm'), store.get('home'), store.get('pledgeReturn')))
    }
  }, [paid.data, billNo, payToken, itemsId])

  const toList = { label: t('payment.toProjects'), onTap: () => platform.nav.redirect(projectListUrl(variant)), testId: 'payback-list' }
  // when the payment cannot be confirmed here, the donor's own records say what happened to the gift
  const toGifts = { label: t('home.myGifts'), onTap: () => platform.nav.redirect(routeUrl('mine-don')), testId: 'payback-gifts' }
  if (!billNo)
    return <PayState kind='error' title={t('payment.cashier.missing')} primary={toList} secondary={toGifts} testId='payback-error' />
  if (paid.status === 'error') {
    return (
      <PayState
        kind='error'
        title={errorMessage(paid.error) || t('payment.success.loadFailed')}
        primary={{ label: t('payment.payback.retry'), onTap: paid.reload, testId: 'payback-retry' }}
        secondary={toGifts}
        testId='payback-error'
      />
    )
  }
  if (paid.status === 'ready' && paid.data === false && !itemsId) {
    return (
      <PayState
        kind='info'
        title={t('payment.payback.notPaid')}
        hint={t('payment.payback.notPaidHint')}
        testId='payback-unpaid'
        primary={{ label: t('payment.payback.retry'), onTap: paid.reload, testId: 'payback-retry' }}
        secondary={toGifts}
      />
    )
  }
  return <PayState kind='busy' title={t('payment.payback.checking')} testId='payback-checking' />
}
