/**
 * Links of the personal centre lead to routes other issues own (mine-certificate, mine-paper) or add later. A route
 * is followed once it is registered in src/lib/routes.ts ROUTES; until then the tap says "coming soon" instead
 * of opening a page that does not exist (as src/features/project/navigation.ts does for the project pages).
 */
import { platform } from '@/platform'
import { toast } from '@/lib/quiet'
import { ROUTES, buildQuery, type RouteName } from '@/lib/routes'
import { t } from '@/store/session'

export function routeExists(name: string): name is RouteName {
  return Object.prototype.hasOwnProperty.call(ROUTES, name)
}

export function openRoute(name: string, query?: Record<string, string | number>): void {
  if (routeExists(name)) {
    platform.nav.to(ROUTES[name] + buildQuery(query))
    return
  }
  toast(t('center.comingSoon'), 1000)
}
