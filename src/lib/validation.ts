/** What the form validators of the apply flows answer: the first problem, as the i18n key of its toast. */
import type { MessageKey } from '@/lib/i18n'

export interface Problem {
  key: MessageKey
}
