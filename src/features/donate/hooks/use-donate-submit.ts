/**
 * Submit (docs/product §4 Donation flow): debounced 500 ms, busy while it runs. Validate (every problem under its
 * field, decision 061; the form scrolls to the first and opens "Add details" when it is folded there), campus
 * card balance, permission again, the large-amount reminder, POST donate, then hand over to runPayment. A -1 on
 * donate has been toasted by request() and nothing else happens.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { PayTypeCode } from '@contract'
import { platform } from '@/platform'
import { payChannelOf } from '@/platform/payment/capability'
import { store } from '@/platform/storage-keys'
import { toast } from '@/lib/quiet'
import { ApiError } from '@/lib/request'
import { t } from '@/store/session'
import { runPayment } from '@/features/payment'
import { requestNoticeConsent } from '@/features/notice'
import { consentBySubmit } from '@/features/privacy'
import { postDonate } from '../api/donate'
import { dec } from '../model/amount'
import type { FormContext } from '../model/context'
import type { DonateFormState } from '../model/form-state'
import { draftOf } from '../model/draft'
import { buildSubmission, donateFromEnv } from '../model/submission'
import { formErrors, validateForm, type FormError } from '../model/validate'
import { giftAmount, needsLargeRemind, visibility } from '../model/visibility'
import type { PermissionGate } from './use-permission'

export const SUBMIT_DEBOUNCE_MS = 500
/** the news a gift leads to, asked for on the pay button's tap (docs/decisions/049-subscribe-messages.md) */
const PAY_NOTICE_KINDS = ['paid', 'certificate'] as const

/** How the last payment started from this form ended, when it did not end paid (the form shows it with a retry). */
export type PayOutcome = 'cancelled' | 'failed'

interface Options {
  ctx: FormContext
  state: DonateFormState
  update(fn: (s: DonateFormState) => DonateFormState): void
  onOutcome(outcome: PayOutcome | null): void
  /** the form's problems, in its order: the screen shows them under their fields */
  onInvalid(errors: FormError[]): void
  /** the server refused the order over one field: true when the screen shows it there */
  onRefused(field: string, message: string, at: DonateFormState): boolean
  gate: PermissionGate
  loadBalance(stuWorkNo: string, password?: string): Promise<string | null>
}

export function useDonateSubmit({ ctx, state, update, onOutcome, onInvalid, onRefused, gate, loadBalance }: Options) {
  const [busy, setBusy] = useState(false)
  const [remindOpen, setRemindOpen] = useState(false)
  const busyRef = useRef(false)
  const latest = useRef(state)
  latest.current = state
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const remindAnswer = useRef<((go: boolean) => void) | null>(null)
  /** the subscribe dialog shown by this tap, awaited before the order is placed */
  const consent = useRef<Promise<void> | null>(null)

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    []
  )

  const askRemind = () =>
    new Promise<boolean>((resolve) => {
      remindAnswer.current = resolve
      setRemindOpen(true)
    })
  const answerRemind = (go: boolean) => {
    setRemindOpen(false)
    remindAnswer.current?.(go)
    remindAnswer.current = null
  }

  const run = useCallback(async () => {
    if (busyRef.current) return
    const s = latest.current
    const errors = formErrors(ctx, s)
    if (errors.length) return onInvalid(errors)
    onOutcome(null)
    busyRef.current = true
    setBusy(true)
    try {
      const asked = consent.current
      consent.current = null
      // the donor answers the subscribe dialog first: the cashier must not open under it
      if (asked) await asked
      const amount = giftAmount(ctx, s)
      if (visibility(ctx, s).campusCard) {
        // with the password: the server checks it (guess-limited) and shows the balance even for a card not proved yet
        const balance = await loadBalance(s.stuWorkNo, s.passwork)
        if (balance === null) return toast(t('donate.card.readFailed'), 2000)
        if (dec(balance).lt(dec(amount))) return toast(t('donate.card.insufficient'), 2000)
      }
      if (!(await gate.ensure())) return
      // "Agree and give" names the privacy policy too: its tap is the consent a personal-data form needs (decision 061)
      if (s.agreed && !(await consentBySubmit())) return
      if (needsLargeRemind(ctx, amount) && !(await askRemind())) return
      // payChannel tells the server which of the school's credentials (mini-program, official account) to use
      const body = { ...buildSubmission(ctx, s, donateFromEnv(platform.env())), payChannel: payChannelOf(platform.env()) }
      let answer
      try {
        answer = await postDonate(body)
      } catch (e) {
        // a refusal naming a field is shown under it (decision 061); request() has toasted any other
        if (e instanceof ApiError && e.field && !onRefused(e.field, e.message, latest.current)) toast(e.message)
        return
      }
      // kept until the gift is paid: a cancelled, failed or unconfirmed payment brings the form back as it was
      store.set('donateDraft', draftOf(ctx, s))
      try {
        const result = await runPayment({
          billNo: answer?.orderPayRequestDTO?.billNo || '',
          params: answer?.data ?? null,
          payType: s.payType as PayTypeCode,
          itemsId: ctx.project.id,
          payToken: answer?.payToken,
          keepForm: true
        })
        if (result === 'paid') store.remove('donateDraft')
        else if (result === 'cancelled' || result === 'failed') onOutcome(result)
      } catch {
        toast(t('donate.pay.unavailable'), 2000)
        onOutcome('failed')
      }
    } finally {
      busyRef.current = false
      setBusy(false)
    }
  }, [ctx, gate, loadBalance, onOutcome, onInvalid, onRefused])

  /**
   * `consent`: the tap came from the button that states the donor accepts the agreement ("Agree and give", decision
   * 025): only that records the consent the order's isAgree carries. "Pay again" after a cancelled or failed payment
   * repeats a gift already consented to (the form keeps `agreed`, the draft too); without it validation refuses.
   */
  const submit = useCallback(
    (opts: { consent?: boolean } = {}) => {
      if (busyRef.current) return
      if (opts.consent && !latest.current.agreed) {
        latest.current = { ...latest.current, agreed: true }
        update((s) => (s.agreed ? s : { ...s, agreed: true }))
      }
      // WeChat shows the subscribe dialog only from the tap itself, not from the debounced submit (decision 049)
      if (!consent.current && !validateForm(ctx, latest.current)) consent.current = requestNoticeConsent([...PAY_NOTICE_KINDS])
      if (timer.current) clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        timer.current = null
        run().catch(() => undefined)
      }, SUBMIT_DEBOUNCE_MS)
    },
    [ctx, run, update]
  )

  return { submit, busy, remindOpen, confirmRemind: () => answerRemind(true), cancelRemind: () => answerRemind(false) }
}
