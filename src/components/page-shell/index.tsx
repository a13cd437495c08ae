/**
 * Every page renders inside PageShell: it sets the title from the route, waits for the bootstrap with a loading
 * state, shows a retry on failure, and on desktop H5 adds the scan-with-WeChat overlay.
 */
import { PropsWithChildren, useState } from 'react'
import { useDidHide, useUnload } from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { platform } from '@/platform'
import { retryBootstrap } from '@/lib/bootstrap'
import { usePageTitle, useSchoolColor } from '@/lib/hooks/use-page-title'
import type { RouteName } from '@/lib/routes'
import { useSession, useT } from '@/store/session'
import { themeVars } from '@/styles/theme'
import DesktopQr from '../desktop-qr'
import HomeButton from '../home-button'
import ChromeSync from '../tab-bar'
import './index.scss'
import { inLanguage, pressable } from '@/lib/a11y'
import { currentPageKey, dropToastOf } from '@/lib/quiet'

interface Props {
  route: RouteName
  /** overrides the route title (article detail uses the article's title) */
  title?: string
  className?: string
  /** false on full-screen pages with their own way out (the campaign maps): the home link would push them down */
  homeLink?: boolean
}

export function LangSwitch() {
  const t = useT()
  const lang = useSession((s) => s.lang)
  const setLang = useSession((s) => s.setLang)
  return (
    <View
      className='lang-switch'
      data-testid='lang-switch'
      // the switch names the other language in that language ("中文" on an English page): marked as such for screen
      // readers, and for the English walk (test/e2e/english-walk.e2e.js), which takes it for what it is
      {...inLanguage(lang === 'en' ? 'zh-CN' : 'en')}
      {...pressable(() => setLang(lang === 'en' ? 'zh_CN' : 'en'))}
    >
      {t('common.language')}
    </View>
  )
}

/** A toast this page showed leaves with it (src/lib/quiet.ts toast). */
function useToastsStayOnTheirPage() {
  const [pageKey] = useState(currentPageKey)
  useDidHide(() => dropToastOf(pageKey))
  useUnload(() => dropToastOf(pageKey))
}

export default function PageShell({ route, title, className, homeLink = true, children }: PropsWithChildren<Props>) {
  usePageTitle(route, title)
  useToastsStayOnTheirPage()
  const t = useT()
  const boot = useSession((s) => s.boot)
  const bootError = useSession((s) => s.bootError)
  const env = platform.env()
  const showQr = env.target === 'h5' && !env.isMobile && typeof window !== 'undefined'
  // The school's theme as custom properties on the page root: the mini-programs have no document to set them on,
  // and every stylesheet reads $theme / $theme-soft ... from here (src/styles/tokens.scss).
  const theme = themeVars(useSchoolColor())
  return (
    <View className={`page-shell ${className || ''}`} style={theme} data-testid='page-root'>
      {boot === 'failed' ? (
        <View className='page-shell__state' data-testid='boot-failed'>
          <Text className='page-shell__msg'>{bootError || t('net.bootFailed')}</Text>
          <View
            className='page-shell__retry'
            {...pressable(() => {
              retryBootstrap()
            })}
          >
            {t('common.retry')}
          </View>
        </View>
      ) : boot !== 'ready' ? (
        <View className='page-shell__state'>
          <Text className='page-shell__msg'>{t('common.loading')}</Text>
        </View>
      ) : (
        <>
          {homeLink ? <HomeButton route={route} /> : null}
          {children}
        </>
      )}
      {showQr ? <DesktopQr url={window.location.href} /> : null}
      <ChromeSync route={route} />
    </View>
  )
}
