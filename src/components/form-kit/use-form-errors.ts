/**
 * The problems of a donor form under their fields (decision 077, made general for every form by decision 081): a
 * validation problem, or a server refusal (`-1` with `data.field`), that names a field the form shows appears under
 * that field, is scrolled into view, and stays until the donor changes the form; a problem no field owns (nothing
 * chosen, a refusal naming none, a network failure) is toasted, and that toast belongs to its page (src/lib/quiet.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '@/lib/request'
import { toast } from '@/lib/quiet'
import { scrollToField, type FieldErrorMap } from './errors'

export interface FormErrors {
  /** field key -> text, for FieldErrors.Provider */
  errors: FieldErrorMap
  /** Shows `text` under `field` (scrolled into view), or toasts it for `duration` ms when no field shown owns it. */
  show(text: string, field?: string | null, duration?: number): void
  /**
   * A failed request's refusal: when it names a field (`request({ fieldErrors: true })` did not toast it) it is shown
   * under that field, or toasted when the form has no such field. false when it names none (request() toasted it).
   */
  refused(e: unknown): boolean
  clear(): void
}

/**
 * `form` is the form's state (a new value when the donor changes anything); `owns` says which field keys have a row
 * on the form now (all by default), so that a refusal about a field the donor cannot see is toasted instead.
 */
export function useFormErrors(form: unknown, owns: (field: string) => boolean = () => true): FormErrors {
  const [errors, setErrors] = useState<FieldErrorMap>({})
  const shownFor = useRef<unknown>(undefined)
  const ownsRef = useRef(owns)
  ownsRef.current = owns
  const formRef = useRef(form)
  formRef.current = form
  useEffect(() => {
    if (shownFor.current !== undefined && shownFor.current !== form) {
      shownFor.current = undefined
      setErrors({})
    }
  }, [form])
  const show = useCallback((text: string, field?: string | null, duration = 2000) => {
    if (!field || !ownsRef.current(field)) {
      shownFor.current = undefined
      setErrors({})
      toast(text, duration)
      return
    }
    shownFor.current = formRef.current
    setErrors({ [field]: text })
    scrollToField(field)
  }, [])
  const refused = useCallback(
    (e: unknown): boolean => {
      if (!(e instanceof ApiError) || !e.field) return false
      show(e.message, e.field)
      return true
    },
    [show]
  )
  const clear = useCallback(() => {
    shownFor.current = undefined
    setErrors({})
  }, [])
  return { errors, show, refused, clear }
}
