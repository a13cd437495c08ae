import { useEffect } from 'react'
import Taro from '@tarojs/taro'
import { useSession } from '@/store/session'
import { quiet } from '@/lib/quiet'
import { translate } from '@/lib/i18n'
import type { RouteName } from '@/lib/routes'
import { DEFAULT_THEME_COLOR, textShade } from '@/styles/theme'

/** docs/product §2: the page title follows the route name (and the language); `override` wins (article titles). */
export function usePageTitle(route: RouteName, override?: string) {
  const lang = useSession((s) => s.lang)
  useEffect(() => {
    const title = override || translate(lang, `route.${route}`)
    quiet(() => Taro.setNavigationBarTitle({ title }))
  }, [lang, route, override])
}

/** The school's colour as configured: for the page root's theme properties (PageShell), which derive the shades. */
export function useSchoolColor(): string {
  return useSession((s) => s.config?.themeColor || DEFAULT_THEME_COLOR)
}

/**
 * The theme colour as components use it inline, for text and for filled controls with white text on them: the
 * school's colour when it reaches 4.5:1, otherwise its darker text shade (styles/theme.ts textShade, decision 060).
 */
export function useTheme(): string {
  return textShade(useSchoolColor())
}
