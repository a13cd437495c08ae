/**
 * A school's card system over HTTPS (payment_config credentials {"mode": "http", "baseUrl", "secret": "env:NAME",
 * "timeoutMs"?}). The contract the card system implements (docs/decisions/011-campus-card-and-provider-urls.md):
 *
 *   POST {baseUrl}/balance  {"stuWorkNo", "password"?}                     200 {"balanceFen": n}
 *   POST {baseUrl}/debit    {"billNo", "stuWorkNo", "password", "amountFen"} 200 {"tradeNo"}; once per billNo (a repeat
 *                                                                           answers the first debit, charges nothing)
 *   GET  {baseUrl}/debits/{billNo}                                          200 {"tradeNo", "amountFen", "stuWorkNo",
 *                                                                           "paidAt"}; 404 when nothing was debited
 *   POST {baseUrl}/refunds  {"billNo", "outRefundNo", "amountFen"}         200 {"refundNo"}; once per outRefundNo (a
 *                                                                           repeat answers the first refund); 404 no
 *                                                                           such debit, 409 more than the debit left
 *   GET  {baseUrl}/refunds/{outRefundNo}                                    200 {"refundNo", "amountFen", "billNo"};
 *                                                                           404 when no such refund was made
 *   Refusals: 401 unknown card or wrong password (one answer for both), 402 insufficient balance, 423 frozen/lost.
 *   Every request carries x-card-timestamp (unix seconds) and x-card-signature = hex HMAC-SHA256(secret,
 *   "<timestamp>\n<METHOD>\n<path>\n<body>"), so the card system can refuse anyone else.
 *
 * What an answer means for the money is the point of this file: only 401/402/423 say a debit did not happen. A
 * timeout, a network error, a 5xx or an unreadable 200 after a debit request may hide a debit that went through, so
 * they are ProviderError 'indeterminate' and the order waits for GET /debits (domain/order/reconcile.ts).
 */
import { createHmac } from 'node:crypto'
import { checkOutboundUrl, NO_FIXED_HOSTS, outboundFetch, outboundPolicyFromEnv, type OutboundPolicy } from '../../lib/outbound'
import { fetchText, type FetchLike } from '../payment/common/http'
import { ProviderError } from '../payment/types'
import { campusCardError, type CampusCardService } from './service'

export interface HttpCampusCardConfig {
  baseUrl: string
  secret: string
  /** per request; default 8000 ms */
  timeoutMs?: number
  fetch?: FetchLike
  /** where requests may go (lib/outbound.ts); default: the provider's hosts and OUTBOUND_HOSTS */
  outbound?: OutboundPolicy
  /** unix seconds (tests) */
  now?: () => number
}

const NAME = 'campus' as const

export function cardSignature(secret: string, timestamp: string, method: string, path: string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${method}\n${path}\n${body}`, 'utf8').digest('hex')
}

const parse = (text: string): Record<string, unknown> | null => {
  try {
    const v = JSON.parse(text) as unknown
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null
  } catch {
    return null
  }
}

const isFen = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0

export function createHttpCampusCardService(
  config: HttpCampusCardConfig
): CampusCardService & Required<Pick<CampusCardService, 'findPayment' | 'refund' | 'findRefund'>> {
  let base: URL
  try {
    base = new URL(config.baseUrl)
  } catch {
    throw new ProviderError('campus config: baseUrl is not an absolute URL', NAME, 'config')
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:')
    throw new ProviderError('campus config: baseUrl must be http(s)', NAME, 'config')
  if (!config.secret) throw new ProviderError('campus config: secret is missing', NAME, 'config')
  const root = base.toString().replace(/\/+$/, '')
  const outbound = config.outbound ?? outboundPolicyFromEnv()
  // a card system has no fixed host: the deployment names it in OUTBOUND_HOSTS (lib/outbound.ts)
  try {
    checkOutboundUrl(outbound, root, NO_FIXED_HOSTS)
  } catch (err) {
    throw new ProviderError(`campus config: baseUrl: ${(err as Error).message}`, NAME, 'config')
  }
  const fetchImpl: FetchLike = config.fetch ?? outboundFetch(outbound, NO_FIXED_HOSTS)
  const timeoutMs = config.timeoutMs ?? 8000
  const now = config.now ?? (() => Math.floor(Date.now() / 1000))

  const request = (method: 'GET' | 'POST', path: string, body?: object) => {
    const url = `${root}${path}`
    const raw = body === undefined ? '' : JSON.stringify(body)
    const timestamp = String(now())
    const headers: Record<string, string> = {
      'x-card-timestamp': timestamp,
      'x-card-signature': cardSignature(config.secret, timestamp, method, new URL(url).pathname, raw)
    }
    if (body !== undefined) headers['content-type'] = 'application/json'
    return fetchText(fetchImpl, url, { method, headers, body: body === undefined ? undefined : raw }, NAME, timeoutMs)
  }

  return {
    async balance(stuWorkNo, password) {
      // a failure here happens before any debit is asked for: it is a plain "could not read", never indeterminate
      const res = await request('POST', '/balance', password === undefined ? { stuWorkNo } : { stuWorkNo, password })
      if (res.status === 401) throw campusCardError('campusCardAuthFailed')
      if (res.status === 423) throw campusCardError('campusCardFrozen')
      const body = res.status === 200 ? parse(res.text) : null
      if (!body || !isFen(body.balanceFen)) throw campusCardError('campusCardReadFailed', 'upstream')
      return body.balanceFen
    },

    async pay(stuWorkNo, password, amountFen, billNo) {
      let res
      try {
        res = await request('POST', '/debit', { billNo, stuWorkNo, password, amountFen })
      } catch (err) {
        throw new ProviderError(`card debit ${billNo} unanswered: ${(err as Error).message}`, NAME, 'indeterminate')
      }
      if (res.status === 401) throw campusCardError('campusCardAuthFailed')
      if (res.status === 402) throw campusCardError('campusCardInsufficient')
      if (res.status === 423) throw campusCardError('campusCardFrozen')
      const body = res.status === 200 ? parse(res.text) : null
      if (!body || typeof body.tradeNo !== 'string' || !body.tradeNo) {
        throw new ProviderError(`card debit ${billNo}: HTTP ${res.status} is no answer`, NAME, 'indeterminate')
      }
      return { tradeNo: body.tradeNo }
    },

    async refund({ billNo, outRefundNo, amountFen }) {
      let res
      try {
        res = await request('POST', '/refunds', { billNo, outRefundNo, amountFen })
      } catch (err) {
        throw new ProviderError(`card refund ${outRefundNo} unanswered: ${(err as Error).message}`, NAME, 'indeterminate')
      }
      if (res.status === 404 || res.status === 409 || res.status === 400)
        throw new ProviderError(`card refund ${outRefundNo} refused: HTTP ${res.status}`, NAME, 'declined')
      const body = res.status === 200 ? parse(res.text) : null
      if (!body || typeof body.refundNo !== 'string' || !body.refundNo)
        throw new ProviderError(`card refund ${outRefundNo}: HTTP ${res.status} is no answer`, NAME, 'indeterminate')
      return { refundNo: body.refundNo }
    },

    async findRefund(outRefundNo) {
      const res = await request('GET', `/refunds/${encodeURIComponent(outRefundNo)}`)
      if (res.status === 404) return null
      const body = res.status === 200 ? parse(res.text) : null
      if (!body || typeof body.refundNo !== 'string' || !body.refundNo || !isFen(body.amountFen))
        throw new ProviderError(`card refund lookup ${outRefundNo}: HTTP ${res.status}`, NAME, 'upstream')
      return { refundNo: body.refundNo, amountFen: body.amountFen, billNo: typeof body.billNo === 'string' ? body.billNo : '' }
    },

    async findPayment(billNo) {
      const res = await request('GET', `/debits/${encodeURIComponent(billNo)}`)
      if (res.status === 404) return null
      const body = res.status === 200 ? parse(res.text) : null
      if (!body || typeof body.tradeNo !== 'string' || !body.tradeNo || !isFen(body.amountFen)) {
        throw new ProviderError(`card debit lookup ${billNo}: HTTP ${res.status}`, NAME, 'upstream')
      }
      return {
        billNo,
        tradeNo: body.tradeNo,
        amountFen: body.amountFen,
        stuWorkNo: typeof body.stuWorkNo === 'string' ? body.stuWorkNo : '',
        paidAt: typeof body.paidAt === 'string' ? body.paidAt : ''
      }
    }
  }
}
