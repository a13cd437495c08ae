/**
 * Nameplate rules (docs/product §5 Naming): the donor name is required (铭牌捐赠人不能为空), the message is required
 * and at most 20 characters, a seat's donor identity is always the alumnus one, and with nameplate editing off
 * (namelate=0) the plate says anonymous / alumnus / none. Lengths count code points, as the server does.
 */
import { ALUMNUS_IDENTITY, NAMING_LIMITS, NamingType, type NameplateText } from '@contract'
import type { MessageKey } from '@/lib/i18n'

export const charCount = (s: string): number => Array.from(s || '').length

/** The first problem of one nameplate, as the key of its toast, or null. */
export function nameplateProblem(p: NameplateText, namingType: 1 | 2): MessageKey | null {
  const name = (p.donorName || '').trim()
  if (!name) return 'naming.err.donorName'
  if (charCount(name) > NAMING_LIMITS.DONOR_NAME_MAX) return 'naming.err.donorNameLong'
  if (namingType === NamingType.BOOK) {
    const identity = (p.donorIdentity || '').trim()
    if (!identity) return 'naming.err.identity'
    if (charCount(identity) > NAMING_LIMITS.IDENTITY_MAX) return 'naming.err.identityLong'
  }
  const message = (p.donationMessage || '').trim()
  if (!message) return 'naming.err.message'
  if (charCount(message) > NAMING_LIMITS.MESSAGE_MAX) return 'naming.err.messageLong'
  return null
}

/** The input of the nameplate each problem is shown under (decision 081), named as the wire's NameplateText names it. */
export function plateFieldOf(key: MessageKey): keyof NameplateText {
  if (key === 'naming.err.identity' || key === 'naming.err.identityLong') return 'donorIdentity'
  if (key === 'naming.err.message' || key === 'naming.err.messageLong') return 'donationMessage'
  return 'donorName'
}

/** What is engraved: trimmed, and for a seat the identity fixed to the alumnus one whatever was typed. */
export function normalisePlate(p: NameplateText, namingType: 1 | 2): NameplateText {
  return {
    donorName: (p.donorName || '').trim(),
    donorIdentity: namingType === NamingType.SEAT ? ALUMNUS_IDENTITY : (p.donorIdentity || '').trim() || ALUMNUS_IDENTITY,
    donationMessage: (p.donationMessage || '').trim()
  }
}

/** docs/product §5: with nameplate editing off the donor is anonymous, the identity alumnus, the message none. */
export function defaultPlate(anonymousLabel: string, noneLabel: string): NameplateText {
  return { donorName: anonymousLabel, donorIdentity: ALUMNUS_IDENTITY, donationMessage: noneLabel }
}

/** A blank plate for the editor (identity preset to alumnus; the donor name prefilled when known). */
export function blankPlate(donorName = ''): NameplateText {
  return { donorName, donorIdentity: ALUMNUS_IDENTITY, donationMessage: '' }
}

/** Characters left for the message (the editor's counter); negative when over. */
export function messageLeft(message: string): number {
  return NAMING_LIMITS.MESSAGE_MAX - charCount(message)
}
