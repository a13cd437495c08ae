/**
 * Alipay mini-program: my.requestSubscribeMessage with the templates' entityIds. Its answer lists the ids subscribed
 * (result.subscribeEntityIds) and, like WeChat's, may carry each id as 'accept' or 'reject'; a failed call (the
 * message product not bound to the app, the donor closed the panel) is no consent.
 */
import type { NoticeConsentAdapter, SubscribeAnswer } from './types'

declare const my: {
  requestSubscribeMessage(opts: {
    entityIds: string[]
    success(res: Record<string, unknown> & { result?: { subscribeEntityIds?: string[] } }): void
    fail(err: unknown): void
  }): void
}

export const noticeConsent = {
  channel: 'alipay',
  ask(templateIds) {
    return new Promise<SubscribeAnswer[]>((resolve) => {
      try {
        my.requestSubscribeMessage({
          entityIds: templateIds,
          success: (res) => {
            const subscribed = new Set(res.result?.subscribeEntityIds ?? [])
            resolve(templateIds.map((templateId) => ({ templateId, accepted: subscribed.has(templateId) || res[templateId] === 'accept' })))
          },
          fail: () => resolve([])
        })
      } catch {
        resolve([])
      }
    })
  }
} satisfies NoticeConsentAdapter

export default noticeConsent
