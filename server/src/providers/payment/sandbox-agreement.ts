/**
 * The sandbox's payment agreements (docs/decisions/071-monthly-giving.md): no money moves and nothing is kept
 * remotely, so the agreement number carries what a test card would: `SBXA…` agreements are charged, `SBXD…` ones are
 * always declined (a plan created with sandboxDecline), `SBXT…` ones never answer (as a timeout; only set by hand), which
 * is how the retry-then-pause and the lost-answer paths are exercised without a real provider. sign() signs at once and hands back the sign notification, which the caller applies through the same
 * code a real provider's sign notification goes through (domain/monthly/service.ts applySignNotification); charge()
 * answers the payment the same way a real provider's charge notification would be verified.
 */
import type { AgreementProvider, ChargeInput, SignInput, SignStart } from './agreement'
import { ProviderError, type VerifiedNotification } from './types'

const NAME = 'sandbox' as const
export const SANDBOX_AGREEMENT_PAYS = 'SBXA'
export const SANDBOX_AGREEMENT_DECLINES = 'SBXD'
/** a test agreement whose charges get no answer (as a timeout would): the attempt stays open for a resubmission */
export const SANDBOX_AGREEMENT_SILENT = 'SBXT'

/** the sandbox's attempts: D, D+1, D+2, at any hour */
export const SANDBOX_ATTEMPT_OFFSETS: readonly number[] = [0, 1, 2]

export function createSandboxAgreements(): AgreementProvider {
  return {
    name: NAME,
    attemptOffsets: SANDBOX_ATTEMPT_OFFSETS,

    async sign(input: SignInput): Promise<SignStart> {
      if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0)
        throw new ProviderError('sandbox agreement: amount must be positive fen', NAME, 'malformed')
      const agreementNo = `${input.sandboxDecline ? SANDBOX_AGREEMENT_DECLINES : SANDBOX_AGREEMENT_PAYS}${input.planNo}`
      return {
        signed: {
          provider: NAME,
          planNo: input.planNo,
          agreementNo,
          outcome: 'signed',
          raw: JSON.stringify({ planNo: input.planNo, agreementNo, outcome: 'signed' })
        }
      }
    },

    async charge(input: ChargeInput): Promise<VerifiedNotification> {
      if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0)
        throw new ProviderError('sandbox charge: amount must be positive fen', NAME, 'malformed')
      if (input.agreementNo.startsWith(SANDBOX_AGREEMENT_DECLINES))
        throw new ProviderError('sandbox charge: this test agreement is always declined', NAME, 'declined')
      if (input.agreementNo.startsWith(SANDBOX_AGREEMENT_SILENT))
        throw new ProviderError('sandbox charge: this test agreement never answers', NAME, 'indeterminate')
      if (!input.agreementNo.startsWith(SANDBOX_AGREEMENT_PAYS))
        throw new ProviderError('sandbox charge: not a sandbox agreement', NAME, 'declined')
      const raw = JSON.stringify({ billNo: input.billNo, agreementNo: input.agreementNo, amountFen: input.amountFen })
      // the trade number depends on the bill number only: the same attempt charged twice is the same payment
      return {
        provider: NAME,
        billNo: input.billNo,
        providerTradeNo: `SBX${input.billNo}`,
        amountFen: input.amountFen,
        outcome: 'paid',
        raw
      }
    },

    async terminate(): Promise<void> {}
  }
}
