/**
 * Home links lead by route name to pages other issues add (campaign homes such as tree-naming or naming-xbmu): a
 * route registered in src/lib/routes.ts ROUTES is followed, one not yet part of the app toasts "coming soon"
 * (docs/product §2), as src/features/project/navigation.ts does for the project pages.
 */
import { platform } from '@/platform'
import { toast } from '@/lib/quiet'
import { ROUTES, buildQuery, type RouteName } from '@/lib/routes'
import { t } from '@/store/session'

export function routeExists(name: string): name is RouteName {
  return Object.prototype.hasOwnProperty.call(ROUTES, name)
}

export function openOrSoon(name: string, query?: Record<string, string | number>): void {
  if (routeExists(name)) {
    platform.nav.to(ROUTES[name] + buildQuery(query))
    return
  }
  toast(t('project.comingSoon'), 1000)
}
