/**
 * App bootstrap (docs/product §7 Bootstrap): root config -> school config -> base config, language, theme colour,
 * sign-in hand-offs (OAuth code, middle-school openId) and the 5-minute token refresh.
 */
import Taro from '@tarojs/taro'
import {
  Api,
  ConfigApi,
  fillPath,
  type BaseConfig,
  type Flag,
  type LoginPlatform,
  type MiddleAuthBody,
  type RootConfig,
  type SchoolConfig
} from '@contract'
import { platform } from '@/platform'
import type { EnvInfo } from '@/platform/types'
import { store } from '@/platform/storage-keys'
import { DEFAULT_SETTINGS, useSession, t } from '@/store/session'
import { themeVars } from '@/styles/theme'
import { normaliseLang } from './i18n'
import { dateHeaderOf, learnFromDate } from './clock'
import { toast } from './quiet'
import { errorMessage, request, requestHooks } from './request'
import { ROUTES, buildQuery } from './routes'

declare const DEFAULT_SCHOOL: string

export const TOKEN_REFRESH_MS = 300_000

async function getJson<T>(url: string): Promise<T> {
  const sentAt = Date.now()
  const res = await Taro.request({ url, method: 'GET', dataType: 'json' })
  // the runtime config answers before any signed call: its Date header sets the clock the first signatures use
  // (no-cache answers, revalidated each time, so the header is fresh: docs/decisions/040-clock-tolerance.md)
  learnFromDate(dateHeaderOf(res.header), sentAt, Date.now())
  if (res.statusCode === 404) throw new Error(t('net.moduleNotFound'))
  if (res.statusCode !== 200 || !res.data || typeof res.data !== 'object') throw new Error(t('net.bootFailed'))
  return res.data as T
}

/** A school code as links carry it (?school=), or '' for anything else. */
export function schoolCode(value: string | undefined): string {
  return value && /^[a-z0-9_-]{1,32}$/i.test(value) ? value : ''
}

/**
 * Which school: ?school= (H5 links and every shared card, docs/product §2 Sharing), then the build-time default, then
 * the remembered one, then the server's.
 */
async function resolveSchool(origin: string, query: Record<string, string>): Promise<string> {
  const fromQuery = schoolCode(query.school)
  if (fromQuery) return fromQuery
  if (DEFAULT_SCHOOL) return DEFAULT_SCHOOL
  // pages reached inside the app (and the sign-in redirect back to them) carry no ?school=: stay where the visitor is
  const remembered = store.get('school')
  if (remembered && /^[a-z0-9_-]{1,32}$/i.test(remembered)) return remembered
  const root = await getJson<RootConfig>(`${origin}${ConfigApi.root}`)
  return root.school
}

/**
 * H5 only (the mini-programs have no document): the theme on <html> reaches what renders outside a page's root view.
 * Pages themselves get the same properties from PageShell on every target.
 */
function applyTheme(color: string) {
  if (typeof document !== 'undefined' && document.documentElement) {
    for (const [name, value] of Object.entries(themeVars(color))) document.documentElement.style.setProperty(name, String(value))
  }
}

/** Exchange a login code (sandbox or real OAuth) for a token. `platform` tells the server whose code it is. */
async function signInWithCode(code: string): Promise<void> {
  const loginPlatform: LoginPlatform = platform.env().target
  const data = await request<{ token: string }>({
    path: Api.getAuthToken,
    query: { billType: 2, code, platform: loginPlatform },
    auth: false,
    silent: true
  })
  useSession.getState().setToken(data.token)
}

/**
 * Whether the school offers mobile/password sign-in (docs/product §3 User center isOpenLogin). Before sign-in only
 * baseConfig can say so; a server that does not send the flag gets the server's default (open).
 */
export function schoolOpensLogin(base: (BaseConfig & { isOpenLogin?: Flag }) | null): boolean {
  return !base || base.isOpenLogin === undefined || base.isOpenLogin === null ? true : base.isOpenLogin === 1
}

export type SignInRoute = 'redirect' | 'login-page' | 'not-in-wechat' | 'failed'

/**
 * How a page signs in on H5 (mini-programs always use their platform code). Inside WeChat (or a mini-program's
 * web-view): the authorisation URL getAuthUrl answers. In a plain browser that URL is followed only when it can work
 * here: the school's sandbox identity answers with this same origin (demo schools; the browse/donate end-to-end
 * tests rely on it). WeChat's official-account OAuth page cannot work outside WeChat, so the login page takes over
 * when the school opens mobile/password sign-in; without it the visitor is told to open the page in WeChat (docs/product §8).
 * `codeFailed`: a code from the last redirect was refused on this page load; following the redirect again would
 * loop, so the login page (or a failure notice) takes over. docs/decisions/010.
 */
export function signInRoute(env: EnvInfo, authUrl: string, pageUrl: string, opensLogin: boolean, codeFailed = false): SignInRoute {
  const plainBrowser = env.target === 'h5' && !env.inWechatBrowser && !env.inMiniProgram
  if (!plainBrowser) return codeFailed && env.target === 'h5' ? 'failed' : 'redirect'
  let sameOrigin = false
  try {
    sameOrigin = new URL(authUrl, pageUrl).origin === new URL(pageUrl).origin
  } catch {
    sameOrigin = false
  }
  if (sameOrigin && !codeFailed) return 'redirect'
  if (opensLogin) return 'login-page'
  return sameOrigin ? 'failed' : 'not-in-wechat'
}

/** Set when the code the last authorisation redirect brought back was refused (see signInRoute). */
let codeExchangeFailed = false

/** The page to come back to after the login page: an app page path with its query (never another site). */
export function currentPagePath(): string {
  const pages = Taro.getCurrentPages?.() || []
  const top: any = pages[pages.length - 1]
  const route = top?.route || top?.path || ''
  const clean = String(route).replace(/^\//, '').split('?')[0]
  // H5 names pages by their route (config/routes.ts: /mine-don); the mini-programs by their page path
  const path = (ROUTES as Record<string, string>)[clean] || `/${clean}`
  const query = platform.nav.currentQuery()
  // a one-time OAuth code is never carried along (the router may still hold the one the URL brought)
  delete query.code
  return path + buildQuery(query)
}

function openLoginPage() {
  const from = currentPagePath()
  const onLogin = from.startsWith(ROUTES.login)
  if (!onLogin) platform.nav.redirect(ROUTES.login + buildQuery(from && from !== '/' ? { from } : undefined))
}

async function fetchAuthUrl(returnUrl: string): Promise<string> {
  const data = await request<string | { url: string }>({
    path: Api.getAuthUrl,
    query: { billType: 2, url: returnUrl },
    auth: false
  })
  return typeof data === 'string' ? data : data.url
}

async function signIn(): Promise<boolean> {
  const env = platform.env()
  let route = 'redirect' as SignInRoute
  const code = await platform.auth.obtainCode(async (returnUrl) => {
    const url = await fetchAuthUrl(returnUrl)
    route = signInRoute(env, url, returnUrl, schoolOpensLogin(useSession.getState().baseConfig), codeExchangeFailed)
    // the H5 adapter leaves the page for this URL; an empty one keeps the visitor here
    return route === 'redirect' ? url : ''
  })
  if (route === 'login-page') {
    openLoginPage()
    return false
  }
  if (route === 'not-in-wechat') {
    toast(t('net.notInWechat'), 2000)
    return false
  }
  if (route === 'failed') {
    toast(t('identity.login.failed'), 2000)
    return false
  }
  if (!code) return false
  await signInWithCode(code)
  return true
}

let pendingSignIn: Promise<boolean> | null = null

/**
 * The sign-in hand-off of this page load (an OAuth code or a middle-school openId in the URL) while it is being
 * exchanged. The app is usable before it ends, so a page that needs a token can ask for one meanwhile: it must wait
 * for this exchange, or it would leave for a second authorisation redirect with a token on its way.
 */
let pendingHandOff: Promise<void> | null = null

/**
 * Make sure the visitor has a token (personal centre, messages, donations). Mini-programs exchange a silent login
 * code; H5 may leave the page to authorise or open the login page (see signInRoute), and then resolves false.
 * Concurrent callers (several -997 answers at once) share one sign-in; all of them wait for a hand-off in progress.
 */
export function ensureLogin(): Promise<boolean> {
  if (useSession.getState().token) return Promise.resolve(true)
  if (!pendingSignIn) {
    const handOff = pendingHandOff
    pendingSignIn = (handOff ? handOff.then(() => (useSession.getState().token ? true : signIn())) : signIn()).finally(() => {
      pendingSignIn = null
    })
  }
  return pendingSignIn
}

/**
 * The middle-school hand-off's body: the openId with the issuing system's `timestamp` (Unix seconds) and
 * `signature` from the same launch query (server/README.md "Middle-school hand-off"); absent or malformed ones are
 * left out, and the server then refuses the hand-off unless the school runs the sandbox identity.
 */
export function middleAuthBody(openId: string, query: Record<string, string>): MiddleAuthBody {
  const body: MiddleAuthBody = { openId }
  if (/^\d{1,11}$/.test(query.timestamp ?? '')) body.timestamp = Number(query.timestamp)
  if (/^[0-9a-fA-F]{64}$/.test(query.signature ?? '')) body.signature = query.signature.toLowerCase()
  return body
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

/** The query the app last booted with: a retry boots the same school (a share may have switched it, see below). */
let bootQuery: Record<string, string> | null = null

export async function bootstrap(query: Record<string, string> = {}): Promise<void> {
  const session = useSession.getState()
  if (session.boot === 'loading' || session.boot === 'ready') return
  bootQuery = query
  useSession.setState({ boot: 'loading', bootError: '' })
  const lang = normaliseLang(query.lang)
  if (lang) session.setLang(lang)
  requestHooks.reauthorize = () => {
    ensureLogin().catch(() => undefined)
  }
  try {
    const origin = platform.apiOrigin()
    const school = await resolveSchool(origin, query)
    const config = await getJson<SchoolConfig>(`${origin}${fillPath(ConfigApi.school, { school })}`)
    if (store.get('school') !== school) {
      // A token belongs to one school (docs/decisions/004-tenancy.md).
      store.set('school', school)
      useSession.getState().clearToken()
    }
    applyTheme(config.themeColor)
    useSession.setState({ school, config, apiBase: origin + config.api })
    const base = await request<BaseConfig>({ path: Api.baseConfig, auth: false, silent: true })
    useSession.setState({ baseConfig: base, settings: { ...useSession.getState().settings, ...base.settings } })
    // Sign-in hand-offs run after the app is usable: browsing never waits for them, ensureLogin() does.
    const exchange = handOff(query).finally(() => {
      pendingHandOff = null
    })
    pendingHandOff = exchange
    useSession.setState({ boot: 'ready' })
    await exchange
  } catch (e: unknown) {
    useSession.setState({ boot: 'failed', bootError: errorMessage(e) || t('net.bootFailed') })
    return
  }
  startTokenRefresh()
}

/** Boots again after a failure, with the query of the last boot (else the launch's). */
export function retryBootstrap(): Promise<void> {
  useSession.setState({ boot: 'idle' })
  return bootstrap(bootQuery || platform.launchQuery())
}

/**
 * A shared card opened while the app is already running (the mini-programs' App onShow, docs/product §2 Sharing):
 * its ?school= names another school than the one in use, so the app boots again for that school (its config, theme,
 * settings; the token of the other school is dropped by bootstrap, decision 004). Pages wait for the new boot in
 * PageShell and load their data again. Answers whether a switch started; a boot in progress is left alone.
 */
export function switchSchoolFrom(query: Record<string, string> | undefined): boolean {
  const school = schoolCode(query?.school)
  const session = useSession.getState()
  if (!school || school === session.school || session.boot !== 'ready') return false
  useSession.setState({ boot: 'idle', school: '', config: null, apiBase: '', baseConfig: null, settings: DEFAULT_SETTINGS })
  bootstrap(query || {})
  return true
}

/** Exchanges the launch's OAuth code or middle-school openId for a token; a refused one leaves the visitor signed out. */
async function handOff(query: Record<string, string>): Promise<void> {
  const code = platform.auth.takeCodeFromUrl()
  const openId = platform.auth.openIdFromLaunch()
  try {
    if (openId) {
      useSession.setState({ isMiddle: true })
      // A link carrying ?openId= never replaces a session the visitor already has: anyone can put a (validly
      // signed) hand-off of their own account into a link, and a victim who followed it would give and write
      // under the sender's account.
      if (!useSession.getState().token) {
        const d = await request<{ token: string }>({
          path: Api.middleAuth,
          method: 'POST',
          data: middleAuthBody(openId, query),
          auth: false,
          silent: true
        })
        useSession.getState().setToken(d.token)
      }
    } else if (code) {
      await signInWithCode(code)
    }
  } catch {
    // An expired code or openId leaves the visitor signed out; ensureLogin() asks again when needed, without
    // following the same redirect again (signInRoute)
    if (code) codeExchangeFailed = true
  }
}
