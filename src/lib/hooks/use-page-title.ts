import { useEffect } from 'react'
import Taro from '@tarojs/taro'
import { useSession } from '@/store/session'
import { quiet } from '@/lib/quiet'
import { translate } from '@/lib/i18n'
import type { RouteName } from '@/lib/routes'
import { DEFAULT_THEME_COLOR } from '@/styles/theme'

/** docs/product §2: the page title follows the route name (and the language); `override` wins (article titles). */
export function usePageTitle(route: RouteName, override?: string) {
  const lang = useSession((s) => s.lang)
  useEffect(() => {
    const title = override || translate(lang, `route.${route}`)
    quiet(() => Taro.setNavigationBarTitle({ title }))
  }, [lang, route, override])
}

export function useTheme(): string {
  return useSession((s) => s.config?.themeColor || DEFAULT_THEME_COLOR)
}
