/**
 * docs/product §8: agreement and signature calls act only on code 0. A refusal (-1) carries the server's words (a field
 * rule, 'please sign first'); anything else, a network failure included, is 'request failed, please try again later'.
 */
import { ResultCode } from '@contract'
import { ApiError } from '@/lib/request'
import type { Translate } from '@/lib/i18n'

export function failureText(e: unknown, t: Translate): string {
  if (e instanceof ApiError && e.code === ResultCode.ERROR && !e.network && e.message) return e.message
  return t('agreement.failed')
}
