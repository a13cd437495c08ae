/**
 * The share card of one page (docs/product §2 Sharing: every page a donor would share has its own title, path and
 * image, never the last page's). Each page hands its card here, built from its own data:
 * - mini-programs: onShareAppMessage (and the moments share on WeChat) answer from THIS page's closure, not from a
 *   card another page set last; before the page's data has loaded they answer `fallback` (the page's own path);
 * - H5: the card goes to the JS-SDK (src/platform/index.h5.ts) when it changes and again whenever the page shows
 *   (going back must not leave the previous page's card in WeChat's menu).
 * Every path carries the school (withSchool). Page configs need `enableShareAppMessage: true` (and
 * `enableShareTimeline: true` for the moments share on WeChat).
 */
import { useEffect, useMemo, useRef } from 'react'
import { useDidShow, useShareAppMessage, useShareTimeline } from '@tarojs/taro'
import { buildQuery, ROUTES, type RouteName } from '@/lib/routes'
import { platform } from '@/platform'
import type { ShareCard } from '@/platform/types'
import { useSession, useT } from '@/store/session'

/**
 * The card's path with the school it was shared from (`school=` in its query, replacing any other), so the recipient
 * opens that school's app and not the build's default (docs/product §2 Sharing; bootstrap reads ?school= first and
 * switches a running mini-program to it). A session without a school yet leaves the path as it is.
 */
export function withSchool(card: ShareCard, school: string): ShareCard {
  if (!school) return card
  const at = card.path.indexOf('?')
  const page = at < 0 ? card.path : card.path.slice(0, at)
  const kept =
    at < 0
      ? []
      : card.path
          .slice(at + 1)
          .split('&')
          .filter((p) => p && !/^school=/.test(p))
  return { ...card, path: `${page}?${[...kept, `school=${encodeURIComponent(school)}`].join('&')}` }
}

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
  const school = useSession((s) => s.school)
  const current = withSchool(card || fallback, school)
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

/**
 * The share of a page with nothing more specific to say (the project lists, the tax tool and its result): the school's
 * card for this page with the query it was opened with (a tax result's figures), and the school.
 */
export function usePageShare(route: RouteName): void {
  const query = useMemo(() => platform.nav.currentQuery(), [])
  const card = useSchoolCard(ROUTES[route] + buildQuery(query))
  useShareCard(card, card)
}
