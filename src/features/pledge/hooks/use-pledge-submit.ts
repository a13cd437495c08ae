/**
 * Confirm and pay on the tree form (docs/product §4 Donation flow; §5 tree form rules; §9 naming submit debounce 500
 * ms): the rules (the first problem under its field, decision 081; toasted when it has none), permission, POST donate
 * with itemsType 2 and the tree in seatList, then the payment run every gift uses. A tree pledged or held by someone
 * else meanwhile comes back as -1 with the server's message (toasted by request(); under its field when it names one);
 * nothing is created then. Local storage 'home' sends the thank-you redirect to tree-naming-hhu/success.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { TreeAgreement } from '@/platform/storage-keys'
import { platform } from '@/platform'
import { store } from '@/platform/storage-keys'
import { toast } from '@/lib/quiet'
import { t } from '@/store/session'
import { errorText, type PermissionGate } from '@/features/donate'
import { runPayment } from '@/features/payment'
import type { FormConfig, FormField } from '@contract'
import type { FormErrors } from '@/components/form-kit'
import { postTreeDonate } from '../api/pledge'
import { buildPledge, donateFromEnv, validatePledge, type PledgeObject, type TreeFormState } from '../model/form'

export const SUBMIT_DEBOUNCE_MS = 500
export const PLEDGE_HOME = 'tree-naming-hhu'

export interface PledgeContext {
  itemsId: number
  formId: number | null
  fields: FormField[]
  form: FormConfig | null
  agreement: TreeAgreement | null
  /** 1: a tree, 2: hhu's seats (the noun of the problem when nothing is chosen) */
  type?: 1 | 2
}

export function usePledgeSubmit(opts: {
  objects: PledgeObject[]
  state: TreeFormState
  ctx: PledgeContext
  gate: PermissionGate
  /** where the problems show: under their fields, else toasted */
  problems: Pick<FormErrors, 'show' | 'refused'>
  onPaid(): void
}) {
  const [busy, setBusy] = useState(false)
  const busyRef = useRef(false)
  const latest = useRef(opts)
  latest.current = opts
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    []
  )

  const run = useCallback(async () => {
    if (busyRef.current) return
    const { objects, state, ctx, gate, problems, onPaid } = latest.current
    const problem = validatePledge(objects, state, ctx)
    if (problem) {
      problems.show(errorText(problem, t), problem.field, problem.duration)
      return
    }
    busyRef.current = true
    setBusy(true)
    try {
      if (!(await gate.ensure())) return
      const body = buildPledge(
        ctx.itemsId,
        objects,
        { ...state, payType: state.payType! },
        {
          formId: ctx.formId,
          fields: ctx.fields,
          form: ctx.form,
          agreementUrl: ctx.agreement!.url,
          anonymousLabel: t('pledge.anonymous')
        },
        donateFromEnv(platform.env())
      )
      let answer
      try {
        answer = await postTreeDonate(body)
      } catch (e) {
        // a refusal naming a field shows under it; request() has shown any other (the tree taken, the agreement
        // refused) or the network error
        problems.refused(e)
        return
      }
      store.set('home', PLEDGE_HOME)
      store.set('pledgeReturn', { itemsId: ctx.itemsId, query: platform.nav.currentQuery() })
      let result
      try {
        result = await runPayment({
          billNo: answer?.orderPayRequestDTO?.billNo || '',
          params: answer?.data ?? null,
          payType: state.payType!,
          itemsId: ctx.itemsId,
          payToken: answer?.payToken
        })
      } catch {
        toast(t('pledge.pay.unavailable'), 2000)
        return
      }
      if (result === 'paid') {
        // the agreement is spent on this order: another tree needs its own
        store.remove('treeAgreement')
        onPaid()
      }
    } finally {
      busyRef.current = false
      setBusy(false)
    }
  }, [])

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
