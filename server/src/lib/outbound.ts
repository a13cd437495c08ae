/**
 * Every request the server makes to another machine (WeChat, WeChat Pay, Alipay, Tencent SMS, a campus card system)
 * goes through here (docs/decisions/037-secrets-and-outbound.md). A URL is allowed when
 * - it is https (plain http only to a loopback address, and only with the test-only `allowLoopback`),
 * - its host is one of the provider's fixed hosts or listed by the deployment in OUTBOUND_HOSTS,
 * - it carries no user name or password,
 * - and every address its host resolves to is public: never private, loopback, link-local, CGNAT, unspecified,
 *   multicast or reserved, IPv4 or IPv6 (IPv4-mapped, NAT64 and 6to4 addresses are judged by the IPv4 inside).
 * The address check runs on every request inside the connection's own DNS lookup, so the socket is opened to the
 * address that was checked (no second resolution an attacker's DNS could answer differently). Redirects are never
 * followed: a 3xx comes back to the caller as it is.
 */
import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

export interface OutboundPolicy {
  /** hosts the deployment allows besides each provider's fixed ones (OUTBOUND_HOSTS), lower case */
  readonly hosts: ReadonlySet<string>
  /** tests only (BuildOptions.outbound): loopback addresses and http to them are allowed; never from the environment */
  readonly allowLoopback: boolean
}

/** The fixed hosts of each provider: a URL naming another host needs OUTBOUND_HOSTS. */
export const WECHAT_API_HOSTS = [
  'api.weixin.qq.com',
  'api2.weixin.qq.com',
  'sh.api.weixin.qq.com',
  'sz.api.weixin.qq.com',
  'hk.api.weixin.qq.com'
]
export const WECHATPAY_HOSTS = ['api.mch.weixin.qq.com', 'api2.mch.weixin.qq.com']
export const ALIPAY_HOSTS = ['openapi.alipay.com', 'openapi-sandbox.dl.alipaydev.com', 'openapi.alipaydev.com']
/** where alipay.data.dataservice.bill.downloadurl.query's links point (docs/decisions/038-bill-reconciliation.md) */
export const ALIPAY_BILL_HOSTS = ['dwbillcenter.alipay.com']
export const TENCENT_SMS_HOSTS = [
  'sms.tencentcloudapi.com',
  'sms.ap-guangzhou.tencentcloudapi.com',
  'sms.ap-beijing.tencentcloudapi.com',
  'sms.ap-nanjing.tencentcloudapi.com'
]
/** a campus card system has no fixed host: the deployment names it in OUTBOUND_HOSTS */
export const NO_FIXED_HOSTS: readonly string[] = []

export class OutboundError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'OutboundError'
  }
}

/** "card.school.edu.cn, https://wxproxy.school.edu.cn" -> their host names (an entry may be written as a URL). */
export function outboundHostList(raw: string | readonly string[] | undefined): string[] {
  const items = typeof raw === 'string' ? raw.split(/[\s,]+/) : [...(raw ?? [])]
  const out: string[] = []
  for (const item of items.map((s) => s.trim()).filter(Boolean)) {
    try {
      out.push(new URL(item.includes('://') ? item : `https://${item}`).hostname.toLowerCase())
    } catch {
      /* not a host: ignored */
    }
  }
  return out
}

export function outboundPolicy(opts: { hosts?: string | readonly string[]; allowLoopback?: boolean } = {}): OutboundPolicy {
  return { hosts: new Set(outboundHostList(opts.hosts)), allowLoopback: opts.allowLoopback === true }
}

/** The production default: the providers' fixed hosts and OUTBOUND_HOSTS from the environment. */
export const outboundPolicyFromEnv = (env: NodeJS.ProcessEnv = process.env): OutboundPolicy => outboundPolicy({ hosts: env.OUTBOUND_HOSTS })

// ---------------------------------------------------------------- addresses

/** 16 bytes of an IPv6 address (with an optional dotted IPv4 tail), or null. */
function ipv6Bytes(s: string): number[] | null {
  let text = s.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  let tail: number[] = []
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const v4 = ipv4Bytes(dotted[1])
    if (!v4) return null
    tail = v4
    text = `${text.slice(0, -dotted[1].length)}0:0`
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const groups = (h: string) => (h ? h.split(':') : [])
  const head = groups(halves[0])
  const rest = halves.length === 2 ? groups(halves[1]) : []
  const fill = 8 - head.length - rest.length
  if ((halves.length === 2 && fill < 0) || (halves.length === 1 && fill !== 0)) return null
  const all = [...head, ...Array<string>(Math.max(fill, 0)).fill('0'), ...rest]
  const bytes: number[] = []
  for (const g of all) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null
    const n = parseInt(g, 16)
    bytes.push(n >> 8, n & 0xff)
  }
  if (tail.length) bytes.splice(12, 4, ...tail)
  return bytes.length === 16 ? bytes : null
}

function ipv4Bytes(s: string): number[] | null {
  const parts = s.split('.')
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null
  return parts.map(Number)
}

/** [first byte range, prefix bits] tables: a.b.c.d is in a block when its top `bits` bits equal the block's. */
const V4_BLOCKS: Array<[number[], number]> = [
  [[0, 0, 0, 0], 8], // "this network", unspecified
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10], // CGNAT
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16], // link-local (cloud metadata)
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4] // reserved, broadcast
]

const inBlock = (bytes: number[], block: number[], bits: number): boolean => {
  for (let i = 0; i < block.length && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff
    if ((bytes[i] & mask) !== (block[i] & mask)) return false
  }
  return true
}

const v4Private = (b: number[]) => V4_BLOCKS.some(([block, bits]) => inBlock(b, block, bits))
const isLoopbackV4 = (b: number[]) => b[0] === 127

/** Whether an IPv4 or IPv6 address must never be called: anything but a public unicast address (or not an address). */
export function isPrivateAddress(address: string): boolean {
  const v4 = ipv4Bytes(address)
  if (v4) return v4Private(v4)
  const b = ipv6Bytes(address)
  if (!b) return true
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0)
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, deprecated), 64:ff9b::a.b.c.d (NAT64): the IPv4 inside decides
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4Private(b.slice(12))
  if (zero(0, 12)) return true // ::, ::1 and the deprecated compatible form
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return v4Private(b.slice(12))
  if (b[0] === 0x20 && b[1] === 0x02) return v4Private(b.slice(2, 6)) // 6to4
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x00 && b[3] === 0x00) return true // Teredo hides its IPv4
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return true // documentation
  if ((b[0] & 0xfe) === 0xfc) return true // unique local fc00::/7
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0x80) return true // link-local fe80::/10
  if (b[0] === 0xfe && (b[1] & 0xc0) === 0xc0) return true // site-local fec0::/10 (deprecated)
  if (b[0] === 0xff) return true // multicast
  if (b[0] === 0x01 && zero(1, 8)) return true // discard 100::/64
  return false
}

/** 127.0.0.0/8, ::1 and ::ffff:127.x.y.z */
export function isLoopbackAddress(address: string): boolean {
  const v4 = ipv4Bytes(address)
  if (v4) return isLoopbackV4(v4)
  const b = ipv6Bytes(address)
  if (!b) return false
  if (b.slice(0, 15).every((x) => x === 0) && b[15] === 1) return true
  return b.slice(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff && isLoopbackV4(b.slice(12))
}

const addressAllowed = (policy: OutboundPolicy, address: string) =>
  !isPrivateAddress(address) || (policy.allowLoopback && isLoopbackAddress(address))

// ---------------------------------------------------------------- URLs

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '').toLowerCase()

/**
 * The checks that need no DNS: scheme, credentials, host allowed for this provider, a literal address public. Throws
 * OutboundError naming what is wrong (never the URL's query, which may hold a secret).
 */
export function checkOutboundUrl(policy: OutboundPolicy, url: string, fixedHosts: readonly string[]): URL {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    throw new OutboundError('outbound URL is not an absolute URL')
  }
  const host = bare(u.hostname)
  const literal = isIP(host) !== 0
  const loopbackTest = policy.allowLoopback && ((literal && isLoopbackAddress(host)) || host === 'localhost')
  if (u.username || u.password) throw new OutboundError(`outbound URL to ${host} carries credentials`)
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && loopbackTest)) throw new OutboundError(`outbound URL to ${host} is not https`)
  if (!loopbackTest && !fixedHosts.includes(host) && !policy.hosts.has(host))
    throw new OutboundError(`outbound host ${host} is neither the provider's nor listed in OUTBOUND_HOSTS`)
  if (literal && !addressAllowed(policy, host)) throw new OutboundError(`outbound host ${host} is a private or reserved address`)
  return u
}

/** Resolves every address of the host (dns.lookup all) and refuses the connection when any of them is not public. */
function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true, family: options.family }, (err, addresses) => {
      if (err) return callback(err, '', 0)
      const bad = addresses.find((a) => !addressAllowed(policy, a.address))
      if (!addresses.length || bad) {
        return callback(new OutboundError(`outbound host ${hostname} resolves to a private or reserved address`), '', 0)
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses)
      callback(null, addresses[0].address, addresses[0].family)
    })
  }
}

/** at most this much of an answer is read: provider answers are a few KB */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024

const agents = new WeakMap<OutboundPolicy, { http: http.Agent; https: https.Agent }>()
function agentsOf(policy: OutboundPolicy) {
  let a = agents.get(policy)
  if (!a) {
    const lookup = guardedLookup(policy)
    a = { http: new http.Agent({ keepAlive: true, lookup }), https: new https.Agent({ keepAlive: true, lookup }) }
    agents.set(policy, a)
  }
  return a
}

function headerRecord(h: RequestInit['headers']): Record<string, string> {
  if (!h) return {}
  if (h instanceof Headers) return Object.fromEntries(h.entries())
  if (Array.isArray(h)) return Object.fromEntries(h)
  return { ...(h as Record<string, string>) }
}

/** A fetch over node:http(s) whose connections go only to checked addresses (guardedLookup). */
function pinnedRequest(policy: OutboundPolicy, u: URL, init: RequestInit = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const body = init.body
    if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) {
      return reject(new OutboundError('outbound body must be a string or bytes'))
    }
    const agent = u.protocol === 'https:' ? agentsOf(policy).https : agentsOf(policy).http
    const req = (u.protocol === 'https:' ? https : http).request(u, {
      method: init.method ?? 'GET',
      headers: headerRecord(init.headers),
      agent,
      signal: init.signal ?? undefined
    })
    req.on('error', reject)
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      let size = 0
      res.on('data', (c: Buffer) => {
        size += c.length
        if (size > MAX_ANSWER_BYTES) {
          req.destroy(new OutboundError(`outbound answer from ${u.hostname} is larger than ${MAX_ANSWER_BYTES} bytes`))
          return
        }
        chunks.push(c)
      })
      res.on('error', reject)
      res.on('end', () => {
        const headers = new Headers()
        for (const [k, v] of Object.entries(res.headers)) {
          for (const x of Array.isArray(v) ? v : v === undefined ? [] : [v]) headers.append(k, x)
        }
        const status = res.statusCode ?? 502
        const empty = [101, 204, 205, 304].includes(status)
        try {
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage, headers }))
        } catch (err) {
          reject(err as Error)
        }
      })
    })
    if (body !== undefined && body !== null) req.write(body)
    req.end()
  })
}

/**
 * A fetch for one provider: every call is checked (checkOutboundUrl) and connects only to public addresses. A
 * `transport` (tests that simulate the network) replaces the connection; the URL checks still apply.
 */
export function outboundFetch(policy: OutboundPolicy, fixedHosts: readonly string[], transport?: FetchLike): FetchLike {
  return async (input, init) => {
    const u = checkOutboundUrl(policy, input, fixedHosts)
    return transport ? transport(input, init) : pinnedRequest(policy, u, init)
  }
}
