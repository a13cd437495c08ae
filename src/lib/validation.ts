/**
 * What the form validators of the apply flows answer: the first problem, as the i18n key of its text, and the field
 * it belongs to (named as the request body names it, so that a server refusal's `data.field` lands on the same row;
 * decision 077). A problem without a field is toasted.
 */
import type { MessageKey } from '@/lib/i18n'

export interface Problem {
  key: MessageKey
  field?: string
}
