/**
 * Alipay mini-program: 周期扣款 signing is my.paySignCenter({signStr}) with the signed request of
 * alipay.user.agreement.page.sign (access_params channel ALIPAYAPP). The server answers that request as its gateway
 * URL; signStr is its query, URL-encoded as a whole (Alipay's own my.paySignCenter example). resultStatus 7000 is
 * signed and 6001 cancelled; any other answer is asked of the server (the sign notification decides).
 */
import type { MonthlySignPage } from '@contract'
import type { AgreementAdapter, SignStep } from './types'

declare const my: any

/** The signStr of my.paySignCenter for a page.sign gateway URL ('' when it is none). */
export function signStrOf(url: string): string {
  const at = url.indexOf('?')
  if (!/^https:\/\//i.test(url) || at < 0) return ''
  const query = url.slice(at + 1)
  return /(^|&)method=alipay\.user\.agreement\.page\.sign(&|$)/.test(query) ? encodeURIComponent(query) : ''
}

export function paySignOutcome(resultStatus: unknown): SignStep {
  return String(resultStatus ?? '') === '6001' ? 'cancelled' : 'returned'
}

export function signAgreement(sign: MonthlySignPage): Promise<SignStep> {
  const signStr = sign.kind === 'url' ? signStrOf(sign.url) : ''
  if (!signStr || typeof my === 'undefined' || typeof my.paySignCenter !== 'function') return Promise.resolve('failed')
  return new Promise((resolve) => {
    my.paySignCenter({
      signStr,
      success: (res: { resultStatus?: string }) => resolve(paySignOutcome(res?.resultStatus)),
      // some clients fail with the result itself (6001); anything else could not open the signing
      fail: (res: { resultStatus?: string; error?: number }) =>
        resolve(res?.resultStatus !== undefined ? paySignOutcome(res.resultStatus) : 'failed')
    })
  })
}

export const agreementAdapter = { signAgreement } satisfies AgreementAdapter
export default agreementAdapter
