/**
 * The staff API client: /staff-api/{school}, `Authorization: Staff <token>`, the `lang` header, and the server's
 * envelope {code, message, data}. code 0 is data; -1 is the server's own message (shown as is); -997 means the session
 * is gone (signed out everywhere). The token lives in sessionStorage: closing the tab signs the console out.
 */
import { fillPath, STAFF_API_PREFIX } from '@contract'

export type Lang = 'zh_CN' | 'en'

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    /** the input a refusal names (the server's `data.field`, decision 081), shown under that input; null: none */
    readonly field: string | null = null
  ) {
    super(message)
  }
}

const TOKEN_KEY = 'uplus.staff.token'
const SCHOOL_KEY = 'uplus.staff.school'

export const session = {
  token: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  school: (): string | null => sessionStorage.getItem(SCHOOL_KEY),
  save(school: string, token: string) {
    sessionStorage.setItem(SCHOOL_KEY, school)
    sessionStorage.setItem(TOKEN_KEY, token)
  },
  clear() {
    sessionStorage.removeItem(TOKEN_KEY)
  }
}

let lang: Lang = 'zh_CN'
let onExpired: () => void = () => undefined
export const setApiLang = (l: Lang) => {
  lang = l
}
export const setOnExpired = (fn: () => void) => {
  onExpired = fn
}

type Query = Record<string, string | number | boolean | null | undefined>

export function queryString(q?: Query): string {
  if (!q) return ''
  const p = new URLSearchParams()
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v))
  const s = p.toString()
  return s ? `?${s}` : ''
}

function headers(extra?: Record<string, string>): Record<string, string> {
  const h: Record<string, string> = { lang: lang === 'en' ? 'en' : 'zh_CN', ...extra }
  const t = session.token()
  if (t) h.authorization = `Staff ${t}`
  return h
}

/** A request that never reached the server (offline, server down, blocked): a sentence staff can act on, not the
 *  browser's "Failed to fetch". The code -2 is the console's own; the server never answers it. */
export const NETWORK_FAILED: Record<Lang, string> = {
  zh_CN: '无法连接服务器，请检查网络后重试',
  en: 'Cannot reach the server. Check the network and try again.'
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init)
  } catch {
    throw new ApiError(NETWORK_FAILED[lang], -2)
  }
}

const base = (school?: string) => fillPath(STAFF_API_PREFIX, { school: school ?? session.school() ?? '' })

async function unwrap<T>(res: Response): Promise<T> {
  let json: { code?: number; message?: string; data?: T }
  try {
    json = await res.json()
  } catch {
    throw new ApiError(`HTTP ${res.status}`, res.status)
  }
  if (json.code === 0) return json.data as T
  if (json.code === -997) {
    session.clear()
    onExpired()
  }
  const field = (json.data as { field?: unknown } | null | undefined)?.field
  throw new ApiError(json.message || `HTTP ${res.status}`, json.code ?? res.status, typeof field === 'string' && field ? field : null)
}

export async function get<T>(path: string, query?: Query): Promise<T> {
  return unwrap<T>(await send(`${base()}${path}${queryString(query)}`, { headers: headers() }))
}

export async function post<T>(path: string, body?: unknown, school?: string): Promise<T> {
  const res = await send(`${base(school)}${path}`, {
    method: 'POST',
    headers: headers({ 'content-type': 'application/json' }),
    body: JSON.stringify(body ?? {})
  })
  return unwrap<T>(res)
}

export async function upload<T>(path: string, file: File): Promise<T> {
  const form = new FormData()
  form.append('file', file)
  return unwrap<T>(await send(`${base()}${path}`, { method: 'POST', headers: headers(), body: form }))
}

/** A file behind staff auth (an export): fetched with the header, handed to the browser as a download. */
export async function download(path: string, fallbackName: string): Promise<void> {
  const res = await send(`${base()}${path}`, { headers: headers() })
  const type = res.headers.get('content-type') ?? ''
  if (!res.ok || type.includes('application/json')) return unwrap<void>(res)
  const blob = await res.blob()
  const disp = res.headers.get('content-disposition') ?? ''
  const m = /filename\*=UTF-8''([^;]+)/i.exec(disp) ?? /filename="?([^";]+)"?/i.exec(disp)
  const a = document.createElement('a')
  a.href = URL.createObjectURL(blob)
  a.download = m ? decodeURIComponent(m[1]) : fallbackName
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000)
}

/** a page of rows, as every paged staff answer is (types/envelope.ts) */
export type { Page } from '@contract'
