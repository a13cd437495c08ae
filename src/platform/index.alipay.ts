import Taro from '@tarojs/taro'
import { miniPlatform } from './mini'
import type { Platform } from './types'

declare const my: any

// my.getAuthCode with the silent base scope; the server exchanges the code for the user id.
export const platform = miniPlatform('alipay', () => {
  return new Promise<string>((resolve, reject) => {
    if (typeof my !== 'undefined' && typeof my.getAuthCode === 'function') {
      my.getAuthCode({ scopes: 'auth_base', success: (r: any) => resolve(r.authCode), fail: reject })
    } else {
      Taro.login().then((r) => resolve(r.code), reject)
    }
  })
}) satisfies Platform

export default platform
