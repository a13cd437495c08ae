/**
 * Asking for the platform's message consent (docs/decisions/049-subscribe-messages.md, docs/product §2 Personal
 * centre). The mini-programs may show the subscribe dialog only from a tap, so the pay button and the receipt and
 * certificate applications call requestNoticeConsent synchronously in their tap handler, with the kinds of news that
 * tap leads to. The donor's answer goes to the server, where each "accept" allows one message.
 */
import type { NoticeKind } from '@contract'
import { noticeConsent } from '@/platform/notice'
import { useSession } from '@/store/session'
import { postSubscribe } from './api/subscribe'

/** WeChat and Alipay show at most 3 templates per dialog */
const MAX_PER_DIALOG = 3

/** The school's template ids for these kinds on this platform's channel (the school config), without repeats. */
export function templateIdsFor(kinds: NoticeKind[]): string[] {
  const channel = noticeConsent.channel
  const ids = channel ? useSession.getState().config?.noticeTemplates?.[channel] : undefined
  if (!ids) return []
  return [...new Set(kinds.map((k) => ids[k]).filter((id): id is string => !!id))].slice(0, MAX_PER_DIALOG)
}

/**
 * Shows the subscribe dialog for these kinds (nothing on H5, or when the school has no templates, or signed out) and
 * reports the answer. Resolves when done; never rejects: news is never worth failing a payment or an application.
 */
export function requestNoticeConsent(kinds: NoticeKind[]): Promise<void> {
  const channel = noticeConsent.channel
  const ids = templateIdsFor(kinds)
  if (!channel || ids.length === 0 || !useSession.getState().token) return Promise.resolve()
  // called before any await: WeChat refuses the dialog outside the tap's own handler
  return noticeConsent
    .ask(ids)
    .then(async (results) => {
      if (results.length) await postSubscribe({ channel, results })
    })
    .catch(() => undefined)
}
