/**
 * WeChat JS-SDK configuration (docs/product §7 getWechatShare): the official account's access_token
 * (GET {api}/cgi-bin/token?grant_type=client_credential) and jsapi_ticket (GET {api}/cgi-bin/ticket/getticket?type=jsapi),
 * each cached until shortly before its expires_in (7200 s) and fetched by one caller at a time per AppID, and the
 * signature: sha1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` (keys in ASCII order, url without its #fragment).
 *
 * The cache is the shared store (lib/shared-store), so every server process uses the same token and ticket: a fetch
 * takes a short lock there, and the other processes wait for its result instead of fetching too (each token fetch
 * revokes the previous token after a few minutes, so N processes fetching would keep invalidating each other).
 * When another tool refreshed the token anyway, ours is refused with errcode 40001/42001/40014: we drop it and fetch
 * again once. The AppSecret travels only in the token request's query and is never logged.
 */
import { createHash } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { OutboundError, outboundFetch, outboundHostList, WECHAT_API_HOSTS, type FetchLike, type OutboundPolicy } from '../../lib/outbound'
import type { SharedStore } from '../../lib/shared-store'

export type { FetchLike }

export const WECHAT_API_DEFAULT = 'https://api.weixin.qq.com'
/** refresh this long before WeChat's expiry, so a ticket handed out is still valid while the page configures itself */
export const REFRESH_MARGIN_MS = 5 * 60_000
const TIMEOUT_MS = 8000
/** how long one process may hold the fetch lock (a ticket fetch is at most a few requests of TIMEOUT_MS) */
export const FETCH_LOCK_MS = 30_000
const WAIT_POLL_MS = 100
/** invalid credential / access_token expired / invalid access_token: our cached token is stale */
export const STALE_TOKEN_CODES = new Set([40001, 40014, 42001])

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

/** sha1 signature of wx.config (WeChat's JS-SDK appendix 1). */
export function jsapiSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  const plain = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url.split('#')[0]}`
  return createHash('sha1').update(plain, 'utf8').digest('hex')
}

export class WechatJsapi {
  /** concurrent callers in this process share one load (the shared store orders the processes) */
  private readonly inflight = new Map<string, Promise<string>>()
  /** WeChat's hosts and WECHAT_API_BASE's (a deployment setting); an apiBase an administrator saved must be one of
   *  them or in OUTBOUND_HOSTS, and every request connects only to public addresses (lib/outbound.ts) */
  private readonly fetch: FetchLike

  constructor(
    private readonly deps: {
      /** tests that simulate the network (the URL checks still apply) */
      fetch?: FetchLike
      outbound: OutboundPolicy
      /** milliseconds */
      now: () => number
      /** where the token and ticket are cached for every process */
      store: SharedStore
      /** WECHAT_API_BASE: where the WeChat API is (tests: a fake WeChat server) */
      defaultApiBase?: string
    }
  ) {
    const hosts = [...WECHAT_API_HOSTS, ...outboundHostList(deps.defaultApiBase ? [deps.defaultApiBase] : [])]
    this.fetch = outboundFetch(deps.outbound, hosts, deps.fetch)
  }

  private base(acct: OfficialAccount): string {
    return (acct.apiBase || this.deps.defaultApiBase || WECHAT_API_DEFAULT).replace(/\/+$/, '')
  }

  /**
   * The cached value of `key`, or one load for all processes: the process that claims the lock loads and stores
   * the value until REFRESH_MARGIN_MS before its expiry; the others poll the store until it appears (or the lock
   * runs out, when they try to claim it themselves).
   */
  private cached(key: string, load: () => Promise<{ value: string; expiresAt: number }>): Promise<string> {
    const running = this.inflight.get(key)
    if (running) return running
    const p = (async () => {
      const { store, now } = this.deps
      const deadline = Date.now() + 2 * FETCH_LOCK_MS
      for (;;) {
        const hit = await store.get(key, now())
        if (hit) return hit
        if (await store.claim(`lock:${key}`, FETCH_LOCK_MS, now())) {
          try {
            const { value, expiresAt } = await load()
            const ttl = expiresAt - REFRESH_MARGIN_MS - now()
            if (ttl > 0) await store.set(key, value, ttl, now())
            return value
          } finally {
            await store.remove(`lock:${key}`)
          }
        }
        if (Date.now() > deadline) throw new WechatApiError(`${key.split('|')[0]}: another process holds the fetch lock`)
        await sleep(WAIT_POLL_MS)
      }
    })().finally(() => this.inflight.delete(key))
    this.inflight.set(key, p)
    return p
  }

  private async getJson(url: string, what: string): Promise<Record<string, unknown>> {
    let res: Response
    try {
      res = await this.fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) })
    } catch (err) {
      // the name and, for a refused host, why: never the URL (its query holds the AppSecret)
      throw new WechatApiError(`${what}: request failed (${(err as Error).name}${err instanceof OutboundError ? `: ${err.message}` : ''})`)
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

  private expiry(body: Record<string, unknown>): number {
    const s = Number(body.expires_in)
    return this.deps.now() + (Number.isFinite(s) && s > 0 ? s : 7200) * 1000
  }

  private tokenKey(acct: OfficialAccount) {
    return `wx-token|${this.base(acct)}|${acct.appId}`
  }

  accessToken(acct: OfficialAccount): Promise<string> {
    return this.cached(this.tokenKey(acct), async () => {
      const q = new URLSearchParams({ grant_type: 'client_credential', appid: acct.appId, secret: acct.secret })
      const body = await this.getJson(`${this.base(acct)}/cgi-bin/token?${q}`, 'access_token')
      if (typeof body.access_token !== 'string' || !body.access_token) throw new WechatApiError('access_token: none in the answer')
      return { value: body.access_token, expiresAt: this.expiry(body) }
    })
  }

  /** A token WeChat called stale (40001/40014/42001): dropped unless another caller already replaced it. */
  async forgetToken(acct: OfficialAccount, token: string): Promise<void> {
    const key = this.tokenKey(acct)
    if ((await this.deps.store.get(key, this.deps.now())) === token) await this.deps.store.remove(key)
  }

  jsapiTicket(acct: OfficialAccount): Promise<string> {
    return this.cached(`wx-ticket|${this.base(acct)}|${acct.appId}`, async () => {
      const ticketWith = (token: string) => {
        const q = new URLSearchParams({ access_token: token, type: 'jsapi' })
        return this.getJson(`${this.base(acct)}/cgi-bin/ticket/getticket?${q}`, 'jsapi_ticket')
      }
      const token = await this.accessToken(acct)
      let body: Record<string, unknown>
      try {
        body = await ticketWith(token)
      } catch (err) {
        if (!(err instanceof WechatApiError) || !STALE_TOKEN_CODES.has(err.errcode ?? 0)) throw err
        // someone else refreshed the token: ours is dead, fetch a new one once (unless a process already replaced it)
        const key = this.tokenKey(acct)
        if ((await this.deps.store.get(key, this.deps.now())) === token) await this.deps.store.remove(key)
        body = await ticketWith(await this.accessToken(acct))
      }
      if (typeof body.ticket !== 'string' || !body.ticket) throw new WechatApiError('jsapi_ticket: none in the answer')
      return { value: body.ticket, expiresAt: this.expiry(body) }
    })
  }
}
