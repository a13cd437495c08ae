/**
 * WeChat mini-program: wx.requestSubscribeMessage (Taro.requestSubscribeMessage) with the one-time templates' tmplIds.
 * The answer carries each id as 'accept', 'reject' or 'ban' (banned by WeChat); a failed call (no tap, a template
 * WeChat does not know, the donor switched subscriptions off) is no consent.
 */
import Taro from '@tarojs/taro'
import type { NoticeConsentAdapter, SubscribeAnswer } from './types'

export const noticeConsent = {
  channel: 'wechat',
  ask(templateIds) {
    return new Promise<SubscribeAnswer[]>((resolve) => {
      try {
        // Taro's Option type asks for Alipay's entityIds too; WeChat takes tmplIds only
        Taro.requestSubscribeMessage({
          tmplIds: templateIds,
          success: (res: Record<string, unknown>) =>
            resolve(templateIds.map((templateId) => ({ templateId, accepted: res[templateId] === 'accept' }))),
          fail: () => resolve([])
        } as unknown as Taro.requestSubscribeMessage.Option)
      } catch {
        resolve([])
      }
    })
  }
} satisfies NoticeConsentAdapter

export default noticeConsent
