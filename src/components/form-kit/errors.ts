/**
 * Inline field errors (docs/decisions/061-first-gift-and-field-errors.md): a form puts the text of each field's
 * problem in `FieldErrors` (field key -> text); the row whose `field` is that key shows it under the field, its input
 * carries aria-invalid and aria-describedby (H5), and `scrollToField` brings the first one into view. A toast is
 * left for problems no field owns (a server refusal that names none, a network failure).
 */
import { createContext, useContext } from 'react'
import Taro from '@tarojs/taro'

export type FieldErrorMap = Readonly<Record<string, string>>

export const FieldErrors = createContext<FieldErrorMap>({})

/** Element ids: the row (scroll target) and the error line (aria-describedby). Field keys are identifiers. */
export const fieldRowId = (field: string): string => `fr-${field.replace(/[^\w-]/g, '_')}`
export const fieldErrorId = (field: string): string => `fe-${field.replace(/[^\w-]/g, '_')}`

/** The text of this field's problem, if any. */
export function useFieldError(field: string | undefined): string | undefined {
  const errors = useContext(FieldErrors)
  return field ? errors[field] : undefined
}

/**
 * Props for a Taro Input, Textarea or Switch: its label, and while its field has a problem aria-invalid and the id of
 * the line that says what the problem is (H5: on the inner <input>/<textarea>).
 */
export function fieldAria(label: string, field?: string, error?: string): Record<string, unknown> {
  const nativeProps: Record<string, string> = { 'aria-label': label }
  if (field && error) {
    nativeProps['aria-invalid'] = 'true'
    nativeProps['aria-describedby'] = fieldErrorId(field)
  }
  return { nativeProps }
}

/** Scrolls the page so that the field's row is in view (after the render that shows its error). */
export function scrollToField(field: string): void {
  setTimeout(() => {
    try {
      Taro.pageScrollTo({ selector: `#${fieldRowId(field)}`, duration: 200, offsetTop: -80 } as Taro.pageScrollTo.Option)?.catch?.(
        () => undefined
      )
    } catch {
      // a page without that row (it was folded away meanwhile): nothing to scroll to
    }
  }, 50)
}

/** The first field (in the form's order) of a map of problems. */
export function firstField(order: readonly string[], errors: FieldErrorMap): string | undefined {
  return order.find((f) => errors[f]) ?? Object.keys(errors)[0]
}
