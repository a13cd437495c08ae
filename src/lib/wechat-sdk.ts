/**
 * WeChat's JS-SDK for H5 pages opened in WeChat's browser: the signature for the page's URL comes from
 * getWechatShare (the school's official account: real jsapi_ticket where configured, the sandbox otherwise), the
 * platform adapter configures the SDK with it (src/platform/index.h5.ts wechatSdk), and from then on every page's
 * share card goes to WeChat's share menu and the alumni hand-off's <wx-open-launch-weapp> works. Elsewhere (other
 * browsers, the mini-programs) nothing happens. Called by every page as it shows (src/components/tab-bar ChromeSync);
 * each URL is signed once.
 */
import { Api, type WechatShareSign } from '@contract'
import { platform } from '@/platform'
import { request } from './request'

const done = new Map<string, Promise<boolean>>()

export function configureWechatSdk(): Promise<boolean> {
  const sdk = platform.wechatSdk
  if (!sdk || !platform.env().inWechatBrowser) return Promise.resolve(false)
  const url = sdk.signUrl()
  let p = done.get(url)
  if (!p) {
    p = request<WechatShareSign>({ path: Api.getWechatShare, query: { url }, auth: false, silent: true })
      .then((sign) => sdk.configure(sign))
      .catch(() => false)
      .then((ok) => {
        // a failed signature is asked for again next time the page shows
        if (!ok) done.delete(url)
        return ok
      })
    done.set(url, p)
  }
  return p
}
