/** docs/product §5: a project message is not empty and at most 140 characters. */
import { MESSAGE_MAX } from '@contract'

export type MessageCheck = 'ok' | 'empty' | 'too-long'

// Length in UTF-16 units, as the textarea's maxlength counts it, so the counter and the limit always agree.
export const messageLength = (content: string): number => (content || '').length

export function checkMessage(content: string): MessageCheck {
  if (!content || !content.trim()) return 'empty'
  if (messageLength(content) > MESSAGE_MAX) return 'too-long'
  return 'ok'
}

/** What the composer keeps of typed text: never more than the limit (pasted text is cut). */
export const clampMessage = (content: string): string => (content || '').slice(0, MESSAGE_MAX)
