/**
 * WeChat JS-SDK configuration (issue 12; docs/product §7 getWechatShare): the official account's access_token
 * (GET {api}/cgi-bin/token?grant_type=client_credential) and jsapi_ticket (GET {api}/cgi-bin/ticket/getticket?type=jsapi),
 * each cached until shortly before its expires_in (7200 s) and fetched by one caller at a time per AppID, and the
 * signature: sha1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` (keys in ASCII order, url without its #fragment).
 *
 * The cache is per process. WeChat keeps the previous access_token valid for a few minutes after a new one is issued,
 * so when another process (or tool) refreshed it, our token is refused with errcode 40001/42001/40014: we drop it and
 * fetch again once. The AppSecret travels only in the token request's query and is never logged.
 */
import { createHash } from 'node:crypto'

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

export const WECHAT_API_DEFAULT = 'https://api.weixin.qq.com'
/** refresh this long before WeChat's expiry, so a ticket handed out is still valid while the page configures itself */
export const REFRESH_MARGIN_MS = 5 * 60_000
const TIMEOUT_MS = 8000
/** invalid credential / access_token expired / invalid access_token: our cached token is stale */
const STALE_TOKEN_CODES = new Set([40001, 40014, 42001])

export class WechatApiError extends Error {
  constructor(
    message: string,
    readonly errcode?: number
  ) {
    super(message)
    this.name = 'WechatApiError'
  }
}

export interface OfficialAccount {
  appId: string
  secret: string
  /** '' = WECHAT_API_BASE or the real API */
  apiBase: string
}

interface Cached {
  value: string
  expiresAt: number
}

/** sha1 signature of wx.config (WeChat's JS-SDK appendix 1). */
export function jsapiSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  const plain = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url.split('#')[0]}`
  return createHash('sha1').update(plain, 'utf8').digest('hex')
}

export class WechatJsapi {
  private readonly tokens = new Map<string, Cached>()
  private readonly tickets = new Map<string, Cached>()
  private readonly inflight = new Map<string, Promise<string>>()

  constructor(
    private readonly deps: {
      fetch: FetchLike
      /** milliseconds */
      now: () => number
      /** WECHAT_API_BASE: where the WeChat API is (tests: a fake WeChat server) */
      defaultApiBase?: string
    }
  ) {}

  private base(acct: OfficialAccount): string {
    return (acct.apiBase || this.deps.defaultApiBase || WECHAT_API_DEFAULT).replace(/\/+$/, '')
  }

  /** One fetch at a time per key: concurrent first callers share it. */
  private once(key: string, load: () => Promise<string>): Promise<string> {
    const running = this.inflight.get(key)
    if (running) return running
    const p = load().finally(() => this.inflight.delete(key))
    this.inflight.set(key, p)
    return p
  }

  private async getJson(url: string, what: string): Promise<Record<string, unknown>> {
    let res: Response
    try {
      res = await this.deps.fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) })
    } catch (err) {
      throw new WechatApiError(`${what}: request failed (${(err as Error).name})`)
    }
    const text = await res.text()
    let body: Record<string, unknown>
    try {
      body = JSON.parse(text) as Record<string, unknown>
    } catch {
      throw new WechatApiError(`${what}: answer is not JSON (HTTP ${res.status})`)
    }
    const errcode = Number(body.errcode ?? 0)
    if (errcode !== 0) throw new WechatApiError(`${what}: errcode ${errcode} ${String(body.errmsg ?? '')}`.trim(), errcode)
    return body
  }

  private fresh(c: Cached | undefined): string | null {
    return c && c.expiresAt - REFRESH_MARGIN_MS > this.deps.now() ? c.value : null
  }

  private expiry(body: Record<string, unknown>): number {
    const s = Number(body.expires_in)
    return this.deps.now() + (Number.isFinite(s) && s > 0 ? s : 7200) * 1000
  }

  async accessToken(acct: OfficialAccount): Promise<string> {
    const key = `${this.base(acct)}|${acct.appId}`
    const hit = this.fresh(this.tokens.get(key))
    if (hit) return hit
    return this.once(`token|${key}`, async () => {
      const q = new URLSearchParams({ grant_type: 'client_credential', appid: acct.appId, secret: acct.secret })
      const body = await this.getJson(`${this.base(acct)}/cgi-bin/token?${q}`, 'access_token')
      if (typeof body.access_token !== 'string' || !body.access_token) throw new WechatApiError('access_token: none in the answer')
      this.tokens.set(key, { value: body.access_token, expiresAt: this.expiry(body) })
      return body.access_token
    })
  }

  async jsapiTicket(acct: OfficialAccount): Promise<string> {
    const key = `${this.base(acct)}|${acct.appId}`
    const hit = this.fresh(this.tickets.get(key))
    if (hit) return hit
    return this.once(`ticket|${key}`, async () => {
      const get = async () => {
        const token = await this.accessToken(acct)
        const q = new URLSearchParams({ access_token: token, type: 'jsapi' })
        return this.getJson(`${this.base(acct)}/cgi-bin/ticket/getticket?${q}`, 'jsapi_ticket')
      }
      let body: Record<string, unknown>
      try {
        body = await get()
      } catch (err) {
        if (!(err instanceof WechatApiError) || !STALE_TOKEN_CODES.has(err.errcode ?? 0)) throw err
        // someone else refreshed the token: ours is dead, fetch a new one once
        this.tokens.delete(key)
        body = await get()
      }
      if (typeof body.ticket !== 'string' || !body.ticket) throw new WechatApiError('jsapi_ticket: none in the answer')
      this.tickets.set(key, { value: body.ticket, expiresAt: this.expiry(body) })
      return body.ticket
    })
  }
}
