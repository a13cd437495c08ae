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

/** How often and how long labels nobody took are sent again (H5's tab bar listening late) */
const LABEL_RETRY_MS = 500
const LABEL_TRIES = 10

/**
 * Sends the labels; sends them again while no call was answered. H5's tab bar takes setTabBarItem as an event only
 * while it is mounted and listening, and the call's promise is never settled when nobody listens: on a loaded phone
 * the page can set its labels before the bar listens, and the bar kept its Chinese. The mini-programs answer every
 * call (a refusal on a page without the bar is an answer too), so they are sent once there.
 */
function sendLabels(texts: string[], key: string, tries: number): void {
  let answered = false
  const took = () => {
    answered = true
  }
  texts.forEach((text, index) =>
    quiet(() => {
      const r = Taro.setTabBarItem({ index, text }) as unknown
      if (r && typeof (r as Promise<unknown>).then === 'function') (r as Promise<unknown>).then(took, took)
      else took()
      return r
    })
  )
  setTimeout(() => {
    if (!answered && applied === key && tries > 1) sendLabels(texts, key, tries - 1)
  }, LABEL_RETRY_MS)
}

/** Tab labels and selected colour; applied once per language and theme (the platform keeps them across tabs). */
export function applyTabBar(texts: string[], theme: string): void {
  const key = `${texts.join('|')}#${theme}`
  if (key === applied) return
  applied = key
  quiet(() => Taro.setTabBarStyle({ color: TAB_IDLE_COLOR, selectedColor: theme, backgroundColor: TAB_BACKGROUND, borderStyle: 'white' }))
  sendLabels(texts, key, LABEL_TRIES)
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
