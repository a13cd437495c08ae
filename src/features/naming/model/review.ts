/**
 * Nameplate review as the donor sees it: a nameplate waits for staff before it is engraved; staff approve
 * it or return it with a reason, and a returned (or still waiting) text can be corrected, which sends it back to
 * review. An approved plate is final.
 */
import { NameplateStatus, type NameplateStatusValue } from '@contract'
import type { MessageKey } from '@/lib/i18n'

export type ReviewTone = 'pending' | 'approved' | 'returned'

export function reviewTone(status: NameplateStatusValue): ReviewTone {
  if (status === NameplateStatus.APPROVED) return 'approved'
  if (status === NameplateStatus.RETURNED) return 'returned'
  return 'pending'
}

export function reviewLabel(status: NameplateStatusValue): MessageKey {
  return `naming.review.${reviewTone(status)}` as const
}

/** The donor may correct the text while it is waiting or after it was returned, never once approved. */
export function canCorrect(status: NameplateStatusValue): boolean {
  return status !== NameplateStatus.APPROVED
}
