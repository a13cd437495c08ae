/**
 * WeChat mini-program: papay's signing is WeChat's own signing mini-program, opened with wx.navigateToMiniProgram
 * (Taro.navigateToMiniProgram) with the appId, path and extraData ({pre_entrustweb_id}) of the pre-sign answer. The
 * donor comes back to this mini-program (its onShow, referrerInfo.appId the signing mini-program's, extraData
 * return_code SUCCESS | FAIL); that answer is only a hint, the plan turns active with the sign notification.
 */
import Taro from '@tarojs/taro'
import { rejectionField } from '@/lib/quiet'
import type { MonthlySignPage } from '@contract'
import type { AgreementAdapter, SignStep } from './types'

/** navigateToMiniProgram's errMsg when the donor declined the "open another mini-program" confirmation. */
export const WEAPP_NAV_CANCEL = 'navigateToMiniProgram:fail cancel'

type ShowListener = (res: { referrerInfo?: { appId?: string; extraData?: Record<string, unknown> } }) => void

/** Resolves on the app's next show that came back from `appId` (any show after the hand-off, if it names none). */
function nextShowFrom(appId: string): { promise: Promise<SignStep>; stop(): void } {
  let listener: ShowListener = () => undefined
  const promise = new Promise<SignStep>((resolve) => {
    listener = (res) => {
      const from = res?.referrerInfo?.appId
      if (from && from !== appId) return
      Taro.offAppShow(listener as any)
      resolve('returned')
    }
    Taro.onAppShow(listener as any)
  })
  return { promise, stop: () => Taro.offAppShow(listener as any) }
}

export async function signAgreement(sign: MonthlySignPage): Promise<SignStep> {
  if (sign.kind !== 'miniprogram' || !sign.appId || !sign.path) return 'failed'
  // listen before leaving: the show can come quickly after navigateToMiniProgram's success
  const back = nextShowFrom(sign.appId)
  try {
    await Taro.navigateToMiniProgram({ appId: sign.appId, path: sign.path, extraData: { ...sign.extraData } })
  } catch (e: unknown) {
    back.stop()
    return String(rejectionField(e, 'errMsg') || '').includes(WEAPP_NAV_CANCEL) ? 'cancelled' : 'failed'
  }
  return back.promise
}

export const agreementAdapter = { signAgreement } satisfies AgreementAdapter
export default agreementAdapter
