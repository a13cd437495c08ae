/**
 * The share card of one page (issue 12: every page a donor would share has its own title, path and image, never
 * the last page's). Each page hands its card here, built from its own data:
 * - mini-programs: onShareAppMessage (and the moments share on WeChat) answer from THIS page's closure, not from a
 *   card another page set last; before the page's data has loaded they answer `fallback` (the page's own path);
 * - H5: the card goes to the JS-SDK (src/platform/index.h5.ts) when it changes and again whenever the page shows
 *   (going back must not leave the previous page's card in WeChat's menu).
 * Page configs need `enableShareAppMessage: true` (and `enableShareTimeline: true` for the moments share).
 */
import { useEffect, useMemo, useRef } from 'react'
import { useDidShow, useShareAppMessage, useShareTimeline } from '@tarojs/taro'
import { platform } from '@/platform'
import type { ShareCard } from '@/platform/types'
import { useSession, useT } from '@/store/session'

/** What onShareAppMessage answers. */
export function shareAnswer(card: ShareCard): { title: string; path: string; imageUrl?: string } {
  return card.imageUrl ? { title: card.title, path: card.path, imageUrl: card.imageUrl } : { title: card.title, path: card.path }
}

/** What onShareTimeline answers: the path's query only (WeChat opens the sharing page itself). */
export function timelineAnswer(card: ShareCard): { title: string; query: string; imageUrl?: string } {
  const query = card.path.includes('?') ? card.path.slice(card.path.indexOf('?') + 1) : ''
  return card.imageUrl ? { title: card.title, query, imageUrl: card.imageUrl } : { title: card.title, query }
}

/**
 * `card` is null while the page's data loads; `fallback` is then shared (e.g. the page's route with the school's
 * share title), so a share never carries another page's card.
 */
export function useShareCard(card: ShareCard | null, fallback: ShareCard): void {
  const current = card || fallback
  const ref = useRef(current)
  ref.current = current

  const { title, desc, path, imageUrl } = current
  useEffect(() => {
    platform.share.setCard({ title, desc, path, imageUrl })
  }, [title, desc, path, imageUrl])
  useDidShow(() => platform.share.setCard(ref.current))
  useShareAppMessage(() => shareAnswer(ref.current))
  useShareTimeline(() => timelineAnswer(ref.current))
}

/**
 * The school's own card for `path` (baseConfig share title, description and image, else the module name): what a
 * page shares before its data has loaded, and the card of pages that have nothing more specific to say.
 */
export function useSchoolCard(path: string): ShareCard {
  const t = useT()
  const config = useSession((s) => s.config)
  const base = useSession((s) => s.baseConfig)
  return useMemo(
    () => ({
      title: base?.shareTitle || config?.moduleName || t('app.title'),
      desc: base?.shareDesc || '',
      path,
      imageUrl: base?.shareImg ? platform.assetUrl(base.shareImg) : undefined
    }),
    [base, config, path, t]
  )
}
