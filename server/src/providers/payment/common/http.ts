/**
 * Small helpers shared by the real payment providers (WeChat Pay, Alipay, third-party): header lookup, Beijing-time
 * formatting, key loading, an injectable fetch with a timeout, and form/query encoding.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto'
import { BEIJING_OFFSET_MS } from '../../../lib/dates'
import { ProviderError, type ProviderName } from '../types'

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

/** Case-insensitive header lookup over Fastify/Node headers or a fetch Headers object; first value of an array. */
export function headerOf(headers: Record<string, string | string[] | undefined> | Headers, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined
  const h = headers as Record<string, string | string[] | undefined>
  const wanted = name.toLowerCase()
  for (const key of Object.keys(h)) {
    if (key.toLowerCase() === wanted) {
      const v = h[key]
      return Array.isArray(v) ? v[0] : v
    }
  }
  return undefined
}

function beijingParts(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso
  if (Number.isNaN(d.getTime())) throw new RangeError(`invalid date: ${String(iso)}`)
  // second precision: providers reject fractions
  return new Date(Math.floor(d.getTime() / 1000) * 1000 + BEIJING_OFFSET_MS).toISOString().slice(0, 19)
}

/** "2026-11-22T18:15:00+08:00": WeChat Pay's RFC 3339 time_expire, always in Beijing time. */
export const toRfc3339Beijing = (iso: string | Date): string => `${beijingParts(iso)}+08:00`

/** "2026-11-22 18:15:00": Alipay's timestamp / time_expire format, Beijing time. */
export const toAlipayTime = (iso: string | Date): string => beijingParts(iso).replace('T', ' ')

/** Accepts a PEM (PKCS#8 "PRIVATE KEY" or PKCS#1 "RSA PRIVATE KEY") or the bare base64 the consoles hand out. */
export function loadPrivateKey(pemOrBase64: string, provider: ProviderName): KeyObject {
  const text = pemOrBase64.trim()
  try {
    if (text.includes('-----BEGIN')) return createPrivateKey(text)
    const body = text.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n')
    try {
      return createPrivateKey(`-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----\n`)
    } catch {
      return createPrivateKey(`-----BEGIN RSA PRIVATE KEY-----\n${body}\n-----END RSA PRIVATE KEY-----\n`)
    }
  } catch {
    throw new ProviderError('merchant private key is not a readable RSA key', provider, 'config')
  }
}

/** Public key PEM, certificate PEM, or bare base64 SPKI. */
export function loadPublicKey(pemOrBase64: string, provider: ProviderName): KeyObject {
  const text = pemOrBase64.trim()
  try {
    if (text.includes('-----BEGIN')) return createPublicKey(text)
    const body = text.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n')
    return createPublicKey(`-----BEGIN PUBLIC KEY-----\n${body}\n-----END PUBLIC KEY-----\n`)
  } catch {
    throw new ProviderError('public key is not a readable RSA key', provider, 'config')
  }
}

/** fetch with a timeout; network failures become ProviderError 'upstream'. */
export async function fetchText(
  fetchImpl: FetchLike,
  url: string,
  init: RequestInit,
  provider: ProviderName,
  timeoutMs: number
): Promise<{ status: number; headers: Headers; text: string }> {
  let res: Response
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
  } catch (err) {
    throw new ProviderError(`request to ${new URL(url).host} failed: ${(err as Error).message}`, provider, 'upstream')
  }
  const text = await res.text()
  return { status: res.status, headers: res.headers, text }
}

/** application/x-www-form-urlencoded with %20 for spaces, as the providers' SDKs send. */
export const formEncode = (params: Record<string, string>): string =>
  Object.keys(params)
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(params[k])}`)
    .join('&')

/** Cuts a string to at most maxBytes of UTF-8 without splitting a code point. */
export function truncateUtf8(s: string, maxBytes: number): string {
  let out = ''
  let bytes = 0
  for (const ch of s) {
    const n = Buffer.byteLength(ch, 'utf8')
    if (bytes + n > maxBytes) break
    out += ch
    bytes += n
  }
  return out
}

/** Escapes text for HTML attribute values and element content. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)

/** Bill numbers reach provider URLs and bodies: the order core makes them [0-9A-Za-z_-], 6..32 characters. */
export function assertBillNo(billNo: string, provider: ProviderName): void {
  if (!/^[0-9A-Za-z_-]{6,32}$/.test(billNo)) throw new ProviderError(`invalid billNo ${JSON.stringify(billNo)}`, provider, 'malformed')
}

export function assertAmountFen(amountFen: number, provider: ProviderName): void {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) {
    throw new ProviderError(`amount must be a positive integer of fen, got ${amountFen}`, provider, 'malformed')
  }
}
