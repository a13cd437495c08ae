/**
 * Buttons of the project pages lead to docs/product §2 routes that later issues add (form, together, seat, book-list,
 * together-share). A route is followed as soon as it is registered in src/lib/routes.ts ROUTES; until then the
 * tap says "coming soon" instead of navigating to a page that does not exist. This is the one place the donation
 * issue plugs in: add 'form' to ROUTES and the donate button navigates to form?id=&subItemsId=.
 */
import { platform } from '@/platform'
import { toast } from '@/lib/quiet'
import { ROUTES, buildQuery, type RouteName } from '@/lib/routes'
import { t } from '@/store/session'
import type { RouteTarget } from './model/project'
import type { MessageKey } from '@/lib/i18n'

export function routeExists(name: string): name is RouteName {
  return Object.prototype.hasOwnProperty.call(ROUTES, name)
}

export function hrefOf(target: RouteTarget): string | null {
  return routeExists(target.name) ? ROUTES[target.name] + buildQuery(target.query) : null
}

/** Navigate to the target, or toast `soonKey` when its page is not part of the app yet. */
export function openOrSoon(target: RouteTarget, soonKey: MessageKey = 'project.comingSoon'): void {
  const href = hrefOf(target)
  if (href) {
    platform.nav.to(href)
    return
  }
  toast(t(soonKey), 1000)
}
