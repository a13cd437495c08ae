/**
 * Confirm and pay on form-gm (docs/product §4 Donation flow; §9 naming submit debounce 500 ms): the rules (the first
 * problem under its field, decision 081; toasted when it has none), permission, POST donate with itemsType 2, then the
 * same payment flow as every gift. A seat taken or copies sold meanwhile come back as -1 with the server's message
 * naming them (toasted by request()); nothing is created then; a refusal naming a field of the form (a donor field, the
 * postal address) shows under it. Paid: the choice in storage is spent. The jnu flow marks local storage 'home' so that
 * pay-back and the payment pages land on its own thank-you page (docs/product §2 Other).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { platform } from '@/platform'
import { payChannelOf } from '@/platform/payment/capability'
import { store, type GmSelection } from '@/platform/storage-keys'
import { toast } from '@/lib/quiet'
import { toDecimal } from '@/lib/money'
import { PayTypes } from '@contract'
import { totalOf } from '../model/selection'
import { t } from '@/store/session'
import { errorText } from '@/features/donate'
import { runPayment } from '@/features/payment'
import { postNamingDonate } from '../api/naming'
import type { NamingVariant } from '../model/links'
import { buildNamingSubmission, donateFromEnv, validateNaming, type NamingFormContext, type NamingFormState } from '../model/submission'
import type { PermissionGate } from '@/features/donate'
import type { FormErrors } from '@/components/form-kit'

export const SUBMIT_DEBOUNCE_MS = 500
export const JNU_HOME = 'seat-naming-jnu'

interface Options {
  /** the campus card's balance, read before the order (docs/product §5: it must cover the gift) */
  loadBalance(stuWorkNo: string, password?: string): Promise<string | null>
  sel: GmSelection
  form: NamingFormState
  ctx: NamingFormContext
  gate: PermissionGate
  variant: NamingVariant
  /** where the problems show: under their fields, else toasted */
  problems: Pick<FormErrors, 'show' | 'refused'>
}

export function useNamingSubmit({ sel, form, ctx, gate, variant, loadBalance, problems }: Options) {
  const [busy, setBusy] = useState(false)
  const busyRef = useRef(false)
  const latest = useRef({ sel, form, ctx, problems })
  latest.current = { sel, form, ctx, problems }
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    []
  )

  const run = useCallback(async () => {
    if (busyRef.current) return
    const { sel: s, form: f, ctx: c, problems: shown } = latest.current
    const problem = validateNaming(s, f, c)
    if (problem) {
      shown.show(errorText(problem, t), problem.field, problem.duration)
      return
    }
    busyRef.current = true
    setBusy(true)
    try {
      if (f.payType === PayTypes.CAMPUS_CARD) {
        const balance = await loadBalance((f.stuWorkNo || '').trim(), f.passwork)
        if (balance === null) return toast(t('donate.card.readFailed'), 2000)
        if (toDecimal(balance).lt(toDecimal(totalOf(s)))) return toast(t('donate.card.insufficient'), 2000)
      }
      if (!(await gate.ensure())) return
      const body = {
        ...buildNamingSubmission(s, { ...f, payType: f.payType! }, c, donateFromEnv(platform.env())),
        // which of the school's credentials (mini-program, official account) the server uses
        payChannel: payChannelOf(platform.env())
      }
      let answer
      try {
        answer = await postNamingDonate(body)
      } catch (e) {
        // a refusal naming a field shows under it; request() has shown any other (a seat taken, stock short) or the
        // network error
        shown.refused(e)
        return
      }
      if (variant === 'jnu') store.set('home', JNU_HOME)
      else store.remove('home')
      let result
      try {
        result = await runPayment({
          billNo: answer?.orderPayRequestDTO?.billNo || '',
          params: answer?.data ?? null,
          payType: f.payType!,
          itemsId: s.itemsId,
          payToken: answer?.payToken
        })
      } catch {
        toast(t('naming.pay.unavailable'), 2000)
        return
      }
      // the seats and copies now belong to the order: a later visit starts from an empty choice
      if (result === 'paid') store.remove('gm')
    } finally {
      busyRef.current = false
      setBusy(false)
    }
  }, [gate, variant, loadBalance])

  const submit = useCallback(() => {
    if (busyRef.current) return
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      timer.current = null
      run().catch(() => undefined)
    }, SUBMIT_DEBOUNCE_MS)
  }, [run])

  return { submit, busy }
}
