/**
 * App bootstrap (SPEC §7 Bootstrap): root config -> school config -> base config, language, theme colour,
 * sign-in hand-offs (OAuth code, middle-school openId) and the 5-minute token refresh.
 */
import Taro from '@tarojs/taro'
import { Api, type BaseConfig, type RootConfig, type SchoolConfig } from '@contract'
import { platform } from '@/platform'
import { store } from '@/platform/storage-keys'
import { useSession, t } from '@/store/session'
import { normaliseLang } from './i18n'
import { request, requestHooks } from './request'

declare const DEFAULT_SCHOOL: string

export const TOKEN_REFRESH_MS = 300_000

async function getJson<T>(url: string): Promise<T> {
  const res = await Taro.request({ url, method: 'GET', dataType: 'json' })
  if (res.statusCode === 404) throw new Error(t('net.moduleNotFound'))
  if (res.statusCode !== 200 || !res.data || typeof res.data !== 'object') throw new Error(t('net.bootFailed'))
  return res.data as T
}

/** Which school: ?school= (H5 links), then the build-time default, then the remembered one, then the server's. */
async function resolveSchool(origin: string, query: Record<string, string>): Promise<string> {
  const fromQuery = query.school && /^[a-z0-9_-]{1,32}$/i.test(query.school) ? query.school : ''
  if (fromQuery) return fromQuery
  if (DEFAULT_SCHOOL) return DEFAULT_SCHOOL
  const root = await getJson<RootConfig>(`${origin}/config/index.json`)
  return root.school
}

function applyTheme(color: string) {
  if (typeof document !== 'undefined' && document.documentElement) {
    document.documentElement.style.setProperty('--theme-color', color)
  }
}

/** Exchange a login code (sandbox or real OAuth) for a token. */
async function signInWithCode(code: string): Promise<void> {
  const data = await request<{ token: string }>({
    path: Api.getAuthToken,
    query: { billType: 2, code },
    auth: false,
    silent: true
  })
  useSession.getState().setToken(data.token)
}

/** Make sure the visitor has a token (messages, later donations). H5 may leave the page to authorise. */
export async function ensureLogin(): Promise<boolean> {
  if (useSession.getState().token) return true
  const code = await platform.auth.obtainCode(async (returnUrl) => {
    const data = await request<string | { url: string }>({
      path: Api.getAuthUrl,
      query: { billType: 2, url: returnUrl },
      auth: false
    })
    return typeof data === 'string' ? data : data.url
  })
  if (!code) return false
  await signInWithCode(code)
  return true
}

let refreshTimer: ReturnType<typeof setInterval> | null = null
function startTokenRefresh() {
  if (refreshTimer) return
  refreshTimer = setInterval(() => {
    if (!useSession.getState().token) return
    request<{ token: string }>({ path: Api.tokenRefresh, silent: true })
      .then((d) => d?.token && useSession.getState().setToken(d.token))
      .catch(() => undefined)
  }, TOKEN_REFRESH_MS)
}

export async function bootstrap(query: Record<string, string> = {}): Promise<void> {
  const session = useSession.getState()
  if (session.boot === 'loading' || session.boot === 'ready') return
  useSession.setState({ boot: 'loading', bootError: '' })
  const lang = normaliseLang(query.lang)
  if (lang) session.setLang(lang)
  requestHooks.reauthorize = () => {
    ensureLogin().catch(() => undefined)
  }
  try {
    const origin = platform.apiOrigin()
    const school = await resolveSchool(origin, query)
    const config = await getJson<SchoolConfig>(`${origin}/config/${encodeURIComponent(school)}/index.json`)
    if (store.get('school') !== school) {
      // A token belongs to one school (docs/decisions/004-tenancy.md).
      store.set('school', school)
      useSession.getState().clearToken()
    }
    applyTheme(config.themeColor)
    useSession.setState({ school, config, apiBase: origin + config.api })
    const base = await request<BaseConfig>({ path: Api.baseConfig, auth: false, silent: true })
    useSession.setState({ baseConfig: base, settings: { ...useSession.getState().settings, ...base.settings } })
    useSession.setState({ boot: 'ready' })
  } catch (e: any) {
    useSession.setState({ boot: 'failed', bootError: e?.message || t('net.bootFailed') })
    return
  }
  // Sign-in hand-offs run after the app is usable: browsing never waits for them.
  const code = platform.auth.takeCodeFromUrl()
  const openId = platform.auth.openIdFromLaunch()
  try {
    if (openId) {
      const d = await request<{ token: string }>({ path: Api.middleAuth, method: 'POST', data: { openId }, auth: false, silent: true })
      useSession.getState().setToken(d.token)
      useSession.setState({ isMiddle: true })
    } else if (code) {
      await signInWithCode(code)
    }
  } catch {
    // An expired code or openId leaves the visitor signed out; ensureLogin() asks again when needed.
  }
  startTokenRefresh()
}
