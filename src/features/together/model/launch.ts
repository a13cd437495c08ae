/**
 * The launch form (docs/product §5 joint launch): sponsor and slogan required, the target a positive amount with at most
 * two decimals, or none with the no-target option. The server checks the same rules again (domain/together/service.ts).
 */
import type { InsertTogetherBody } from '@contract'
import { toDecimal } from '@/lib/money'
import type { Problem } from '@/lib/validation'

export interface LaunchDraft {
  sponsor: string
  slogan: string
  /** yuan text, chosen from the suggestions or typed */
  target: string
  noTarget: boolean
}

/** the server's limit (TARGET_MAX_FEN): 100 million yuan */
export const TARGET_MAX_YUAN = 100_000_000
export const SPONSOR_MAX = 20
export const SLOGAN_MAX = 100

const AMOUNT = /^\d+(\.\d{1,2})?$/

export function validTarget(text: string): boolean {
  const s = text.trim()
  if (!AMOUNT.test(s)) return false
  const d = toDecimal(s)
  return d.gt(0) && d.lte(TARGET_MAX_YUAN)
}

/**
 * The first rule the draft breaks and its field, named as the request body names it (the server's refusals name the
 * same fields, decision 081); null when it may be sent.
 */
export function checkLaunch(d: LaunchDraft): Problem | null {
  if (!d.sponsor.trim()) return { key: 'together.error.sponsor', field: 'sponsor' }
  if (!d.slogan.trim()) return { key: 'together.error.slogan', field: 'slogan' }
  if (!d.noTarget && !validTarget(d.target)) return { key: 'together.error.money', field: 'targetMoney' }
  return null
}

export function launchBody(itemsId: number, d: LaunchDraft): InsertTogetherBody {
  return {
    itemsId,
    sponsor: d.sponsor.trim(),
    slogan: d.slogan.trim(),
    targetMoney: d.noTarget ? '0' : toDecimal(d.target.trim()).toFixed(2),
    isTarget: d.noTarget ? 0 : 1
  }
}
