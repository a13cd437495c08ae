/**
 * The donation form's problems under their fields (docs/decisions/061-first-gift-and-field-errors.md): nothing is
 * shown until the donor first taps submit; from then on every field's problem is shown as the form stands (it goes as
 * soon as it is fixed). The first problem is scrolled into view, with "Add details" opened when it is folded there; a
 * toast only for a problem no field shows (the agreement, when "Pay again" meets a form without consent). A server
 * refusal that names a field (types/envelope.ts FieldRefusal) shows under that field too, until the donor changes the
 * form.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { scrollToField, type FieldErrorMap } from '@/components/form-kit'
import { toast } from '@/lib/quiet'
import { t } from '@/store/session'
import type { FormContext } from '../model/context'
import type { DonateFormState } from '../model/form-state'
import { errorText, formErrors, type FormError } from '../model/validate'

/** Problems in inputs that are never folded under "Add details". */
const OUTSIDE_DETAILS = new Set(['amount', 'quantity', 'payType', 'stuWorkNo', 'passwork'])
/**
 * The fields of the server's refusals the form has a place for: the amount, the donor fields, the mailing address, and
 * the receipt's name, code, e-mail and SMS mobile (decision 081).
 */
const SERVER_FIELDS = new Set([
  'amount',
  'postalAddress',
  'postalContact',
  'postalMobile',
  'receiptDonorName',
  'creditCode',
  'postalEmail',
  'postalMobileSms'
])
/** Problems that belong to no field on the form. */
const NO_FIELD = new Set(['agreed'])

const onField = (e: FormError): e is FormError & { target: string } => !!e.target && !NO_FIELD.has(e.target)

/** field -> text, the first problem of each field. */
export function errorMap(errors: FormError[]): FieldErrorMap {
  const map: Record<string, string> = {}
  for (const e of errors) if (onField(e) && !(e.target in map)) map[e.target] = errorText(e, t)
  return map
}

export function useFieldErrors(ctx: FormContext, state: DonateFormState, update: (fn: (s: DonateFormState) => DonateFormState) => void) {
  const [shown, setShown] = useState(false)
  const [server, setServer] = useState<Record<string, string>>({})
  const errors = useMemo(() => ({ ...(shown ? errorMap(formErrors(ctx, state)) : {}), ...server }), [shown, ctx, state, server])
  // the server's word on a field stands until the donor changes something
  const refusedState = useRef<DonateFormState | null>(null)
  useEffect(() => {
    if (refusedState.current && refusedState.current !== state) {
      refusedState.current = null
      setServer({})
    }
  }, [state])
  const onInvalid = useCallback(
    (list: FormError[]) => {
      setShown(true)
      const first = list.find(onField)
      if (!first) {
        const e = list[0]
        if (e) toast(errorText(e, t), e.duration)
        return
      }
      // required donor fields are shown whether "Add details" is open or not
      const shownAnyway =
        OUTSIDE_DETAILS.has(first.target) || (ctx.form.fieldList || []).some((f) => f.fieldName === first.target && f.isRequire === 1)
      if (!shownAnyway) update((s) => (s.detailsOpen ? s : { ...s, detailsOpen: true }))
      scrollToField(first.target)
    },
    [ctx, update]
  )
  /** A server refusal naming `field`: true when it is shown under that field (else the caller toasts it). */
  const onRefused = useCallback(
    (field: string, message: string, at: DonateFormState): boolean => {
      const known = SERVER_FIELDS.has(field) || (ctx.form.fieldList || []).some((f) => f.fieldName === field)
      if (!known) return false
      refusedState.current = at
      setServer({ [field]: message })
      const required = (ctx.form.fieldList || []).some((f) => f.fieldName === field && f.isRequire === 1)
      if (field !== 'amount' && !required) update((s) => (s.detailsOpen ? s : { ...s, detailsOpen: true }))
      scrollToField(field)
      return true
    },
    [ctx, update]
  )
  return { errors, onInvalid, onRefused }
}
