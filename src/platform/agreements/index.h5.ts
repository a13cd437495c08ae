/**
 * H5: the provider's signing is a page the browser goes to — in WeChat's browser papay's JSAPI signing page, in other
 * browsers papay's H5 signing or Alipay's page.sign. Before leaving, the current history entry becomes the plan's
 * waiting page (`returnPath`), so Back from the provider (WeChat returns to the referrer) and Alipay's return_url both
 * land where the app polls the plan.
 */
import type { MonthlySignPage } from '@contract'
import { safePaymentUrl } from '../payment/index.h5'
import type { AgreementAdapter, SignOptions, SignStep } from './types'

export async function signAgreement(sign: MonthlySignPage, options: SignOptions = {}): Promise<SignStep> {
  // a page cannot open a mini-program, and nothing but a provider's https page (or our own) is ever opened
  const url = sign.kind === 'url' ? safePaymentUrl(sign.url) : null
  if (!url) return 'failed'
  const back = options.returnPath
  if (back && back.startsWith('/') && !back.startsWith('//')) window.history.replaceState(window.history.state, '', back)
  // WeChat's signing page refuses location.replace: a plain assignment, as its documentation asks
  window.location.href = url
  return 'left'
}

export const agreementAdapter = { signAgreement } satisfies AgreementAdapter
export default agreementAdapter
