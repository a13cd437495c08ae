import { PropsWithChildren } from 'react'
import { useDidShow, useLaunch, usePageNotFound } from '@tarojs/taro'
import { platform } from '@/platform'
import { bootstrap, switchSchoolFrom } from '@/lib/bootstrap'
import { requestHooks } from '@/lib/request'
import { useSession } from '@/store/session'
import { askPrivacyConsent } from '@/features/privacy'
import { ROUTES } from '@/lib/routes'

// taro-ui styles are imported per component (not the whole index) to keep the weapp main package small.
import 'taro-ui/lib/style/components/icon.scss'
import 'taro-ui/lib/style/components/toast.scss'
import 'taro-ui/lib/style/components/activity-indicator.scss'
import 'taro-ui/lib/style/components/loading.scss'
import './app.scss'

/** The BCP 47 tag of the app's language, for <html lang>. */
export const htmlLang = (lang: string): string => (lang === 'en' ? 'en' : 'zh-CN')

/**
 * H5 only (the mini-programs have no HTML document of their own): <html lang> follows the app's language as it
 * changes, and the skeleton of index.html leaves once the bootstrap has an answer (the page then shows its own
 * content, loading state or error).
 */
function syncDocumentShell() {
  if (platform.env().target !== 'h5' || typeof document === 'undefined') return
  const apply = (s: { lang: string; boot: string }) => {
    const tag = htmlLang(s.lang)
    if (document.documentElement.lang !== tag) document.documentElement.lang = tag
    if (s.boot === 'ready' || s.boot === 'failed') {
      const skeleton = document.getElementById('boot-skeleton')
      if (skeleton && !skeleton.classList.contains('boot-skeleton--done')) {
        skeleton.classList.add('boot-skeleton--done')
        setTimeout(() => skeleton.remove(), 250)
      }
    }
  }
  apply(useSession.getState())
  useSession.subscribe(apply)
}

// a form refused for want of privacy consent asks the donor, then request() sends it again (docs/decisions/041)
requestHooks.privacyConsent = askPrivacyConsent

function App({ children }: PropsWithChildren) {
  useLaunch(() => {
    syncDocumentShell()
    bootstrap(platform.launchQuery())
  })
  // The mini-programs keep running in the background: a shared card of another school opened then shows the app
  // again (no new launch) with that card's query, and the app switches school (docs/product §2 Sharing). On the cold
  // start the boot is still in progress here, and H5 loads the whole app again for every link.
  useDidShow((options?: { query?: Record<string, string> }) => {
    switchSchoolFrom(options?.query)
  })
  // An unknown path (a mistyped or outdated link, a page a later version moved) showed a blank screen on H5 and
  // WeChat's own error in the mini-programs: it lands on a page that says so and leads home.
  usePageNotFound(() => {
    platform.nav.redirect(ROUTES['not-found'])
  })
  return children
}

export default App
