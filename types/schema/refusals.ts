/**
 * The `data` of code -1 refusals the app acts on (docs/decisions/066-donor-requests.md). Refusals are not written with
 * an answer schema (server/src/lib/envelope.ts: only code 0 answers are), but their data is a shape like any answer's,
 * declared once here; types/envelope.ts, donate.ts, privacy.ts and routes.ts re-export the types.
 */
import { Type, type Static } from 'typebox'
import { Num, Str } from './common'

/**
 * The data of a code -1 refusal that concerns one input of the form sent (docs/decisions/061): the app shows the
 * message under that field instead of a toast. Keys: a dynamic field's fieldName, or `amount`, `postalAddress`,
 * `postalContact`, `postalMobile`.
 */
export const FieldRefusal = Type.Object({ field: Str })
export type FieldRefusal = Static<typeof FieldRefusal>

/**
 * The data of a donate refused with code -1 while the caller's address is busy and the donor has no paid gift at the
 * school (docs/decisions/033-peak-day-order-limits.md): find a decimal `counter` such that sha256(`${seed}.${counter}`)
 * starts with `bits` zero bits, then send the same request again with the header `proof: ${seed}.${counter}`. One seed
 * answers one order, for this donor only, within `ttlSeconds`.
 */
export const OrderChallenge = Type.Object({ challenge: Type.Object({ seed: Str, bits: Num, ttlSeconds: Num }) })
export type OrderChallenge = Static<typeof OrderChallenge>

/** The -1 answer of a form that collects personal data from a caller without consent: `data` carries the version
 *  (docs/decisions/041-privacy-and-account-deletion.md). */
export const PrivacyConsentRefusal = Type.Object({ privacyConsentRequired: Num })
export type PrivacyConsentRefusal = Static<typeof PrivacyConsentRefusal>

/**
 * The data of the refusal of a timestamp more than SIGNATURE.MAX_SKEW_MS off (HTTP 401, code -1): the server's clock
 * in ms when it refused, so the app can correct its own and sign again (docs/decisions/040-clock-tolerance.md).
 */
export const ClockRefusal = Type.Object({ serverTime: Num })
export type ClockRefusal = Static<typeof ClockRefusal>
