import Taro from '@tarojs/taro'
import { miniPlatform } from './mini'
import type { Platform } from './types'

// wx.login's code is exchanged by the server (sandbox: the code is the openId; real: jscode2session).
export const platform = miniPlatform('weapp', async () => {
  const res = await Taro.login()
  return res.code
}) satisfies Platform

export default platform
