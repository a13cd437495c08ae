/**
 * The agreement adapter (docs/decisions/085-monthly-signing-in-the-app.md): one call, one file per target
 * (index.weapp.ts, index.alipay.ts, index.h5.ts; index.ts is the default for type checking). It opens the provider's
 * own signing for the sign page monthly/create or monthly/sign answered (types/schema/monthly.ts MonthlySignPage)
 * and tells how the hand-off ended as far as the target can tell. Whether the plan is signed is the server's word
 * only (the provider's sign notification): the caller polls the plan after any outcome but 'cancelled' and 'failed'.
 */
import type { MonthlySignPage } from '@contract'

/**
 * - 'returned': the donor came back from the provider's signing (signed or not: ask the server);
 * - 'cancelled': the donor declined to open it, or closed it without signing (as the platform reports);
 * - 'failed': this target cannot open this page (or the platform refused it);
 * - 'left': the browser was sent to the provider's page; it comes back to `returnPath`.
 */
export type SignStep = 'returned' | 'cancelled' | 'failed' | 'left'

export interface SignOptions {
  /** H5: the app page (path and query, e.g. /monthly-give?itemsId=3&planId=7) the browser's history keeps in place of
   *  the current one, so that Back or the provider's return lands on the waiting plan */
  returnPath?: string
}

export interface AgreementAdapter {
  signAgreement(sign: MonthlySignPage, options?: SignOptions): Promise<SignStep>
}
