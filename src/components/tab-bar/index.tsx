/**
 * The native chrome in the school's colours and the donor's language. The tab bar itself is the
 * platform's (src/app.config.ts tabBar: WeChat, Alipay, and Taro's H5 bar from the same config, safe-area aware);
 * its labels are written in Chinese there, so they are set again in the current language, and the selected colour
 * follows the school's theme. In the mini-programs the navigation bar takes the theme colour too. Rendered by
 * PageShell on every page; native attributes take literal colours (src/styles/colors.ts).
 */
import { useEffect } from 'react'
import Taro, { useDidShow } from '@tarojs/taro'
import { quiet } from '@/lib/quiet'
import { configureWechatSdk } from '@/lib/wechat-sdk'
import { TAB_ROUTES, type RouteName } from '@/lib/routes'
import { useTheme } from '@/lib/hooks/use-page-title'
import { platform } from '@/platform'
import { useT } from '@/store/session'

/** app.config tabBar colours (tokens $color-text-muted, $color-bg-surface) */
export const TAB_IDLE_COLOR = '#6b7079'
export const TAB_BACKGROUND = '#ffffff'

let applied = ''

/** Tab labels and selected colour; applied once per language and theme (the platform keeps them across tabs). */
export function applyTabBar(texts: string[], theme: string): void {
  const key = `${texts.join('|')}#${theme}`
  if (key === applied) return
  applied = key
  quiet(() => Taro.setTabBarStyle({ color: TAB_IDLE_COLOR, selectedColor: theme, backgroundColor: TAB_BACKGROUND, borderStyle: 'white' }))
  texts.forEach((text, index) => quiet(() => Taro.setTabBarItem({ index, text })))
}

function paintNavigationBar(mini: boolean, theme: string) {
  if (mini) quiet(() => Taro.setNavigationBarColor({ frontColor: '#ffffff', backgroundColor: theme }))
}

export default function ChromeSync({ route }: { route: RouteName }) {
  const t = useT()
  const theme = useTheme()
  const isTab = (TAB_ROUTES as readonly string[]).includes(route)
  const mini = platform.env().target !== 'h5'
  const texts = TAB_ROUTES.map((r) => t(`tab.${r}`))
  const label = texts.join('|')
  useEffect(() => {
    if (isTab) applyTabBar(label.split('|'), theme)
  }, [isTab, label, theme])
  // the navigation bar is per page: set it whenever the page shows, and when the school's config arrives
  useDidShow(() => {
    // a tab page shown again sets its labels again: a tab bar mounted after the first setTabBarItem kept its Chinese
    if (isTab) {
      applied = ''
      applyTabBar(texts, theme)
    }
    paintNavigationBar(mini, theme)
    // H5 in WeChat's browser: the JS-SDK for this page's URL (share cards, the alumni hand-off's open tag)
    configureWechatSdk()
  })
  useEffect(() => paintNavigationBar(mini, theme), [mini, theme])
  return null
}
