/**
 * Third-party payment (docs/product §4 pay type 14): the school's own payment platform. create() answers a URL the app
 * redirects to; the platform posts a JSON notification back.
 *
 * Signature: HMAC-SHA256 with the shared secret over the parameters sorted by key, `k=v` joined by `&` (empty values
 * and `sign` left out), lowercase hex.
 * - redirect: payUrl?merchantId&billNo&amount(fen)&notifyUrl&returnUrl&timestamp&sign (a query already in payUrl is
 *   kept but not signed)
 * - notify (POST application/json): {merchantId?, billNo, tradeNo, amount (fen), status, sign}; every field but sign
 *   is signed; status SUCCESS|PAID -> paid, FAILED|CLOSED|CANCELLED -> failed. Answer 200 "OK" (400 "FAIL" to retry).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  ProviderError,
  type CloseOutcome,
  type CreatePaymentInput,
  type CreatePaymentResult,
  type IncomingNotification,
  type NotificationAck,
  type PaymentProvider,
  type VerifiedNotification
} from './types'
import { assertAmountFen, assertBillNo } from './common/http'

export interface ThirdPartyConfig {
  payUrl: string
  merchantId: string
  secret: string
  /** clock for tests; seconds */
  now?: () => number
}

const NAME = 'thirdparty' as const

export function thirdPartySignContent(params: Record<string, unknown>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== null && params[k] !== '')
    .sort()
    .map((k) => `${k}=${String(params[k])}`)
    .join('&')
}

export const thirdPartySign = (params: Record<string, unknown>, secret: string): string =>
  createHmac('sha256', secret).update(thirdPartySignContent(params), 'utf8').digest('hex')

const PAID = new Set(['SUCCESS', 'PAID'])
const FAILED = new Set(['FAILED', 'FAIL', 'CLOSED', 'CANCELLED'])

export function createThirdPartyPay(config: ThirdPartyConfig): PaymentProvider {
  for (const k of ['payUrl', 'merchantId', 'secret'] as const) {
    if (!config[k]) throw new ProviderError(`thirdparty config: ${k} is missing`, NAME, 'config')
  }
  try {
    new URL(config.payUrl)
  } catch {
    throw new ProviderError('thirdparty config: payUrl is not an absolute URL', NAME, 'config')
  }
  const now = config.now ?? (() => Math.floor(Date.now() / 1000))

  return {
    name: NAME,

    async create(input: CreatePaymentInput): Promise<CreatePaymentResult> {
      assertBillNo(input.billNo, NAME)
      assertAmountFen(input.amountFen, NAME)
      const params: Record<string, string> = {
        merchantId: config.merchantId,
        billNo: input.billNo,
        amount: String(input.amountFen),
        notifyUrl: input.notifyUrl,
        timestamp: String(now())
      }
      if (input.returnUrl) params.returnUrl = input.returnUrl
      params.sign = thirdPartySign(params, config.secret)
      const url = new URL(config.payUrl)
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
      return { params: { provider: NAME, url: url.toString() } }
    },

    async verifyNotification(n: IncomingNotification): Promise<VerifiedNotification> {
      let body: Record<string, unknown>
      try {
        body = JSON.parse(n.rawBody)
      } catch {
        throw new ProviderError('notify: body is not JSON', NAME, 'malformed')
      }
      if (!body || typeof body !== 'object' || Array.isArray(body))
        throw new ProviderError('notify: body is not an object', NAME, 'malformed')
      for (const [k, v] of Object.entries(body)) {
        if (v !== null && typeof v === 'object') throw new ProviderError(`notify: ${k} is not a plain value`, NAME, 'malformed')
      }
      const given = typeof body.sign === 'string' ? body.sign.toLowerCase() : ''
      const expected = thirdPartySign(body, config.secret)
      const a = Buffer.from(given, 'utf8')
      const b = Buffer.from(expected, 'utf8')
      if (a.length !== b.length || !timingSafeEqual(a, b)) throw new ProviderError('notify: sign does not verify', NAME, 'forged')
      if (body.merchantId !== undefined && String(body.merchantId) !== config.merchantId) {
        throw new ProviderError(`notify: merchantId ${String(body.merchantId)} is not ours`, NAME, 'forged')
      }
      const billNo = body.billNo
      const tradeNo = body.tradeNo
      const amount = typeof body.amount === 'string' && /^\d+$/.test(body.amount) ? Number(body.amount) : body.amount
      if (typeof billNo !== 'string' || !billNo || (typeof tradeNo !== 'string' && typeof tradeNo !== 'number')) {
        throw new ProviderError('notify: billNo or tradeNo missing', NAME, 'malformed')
      }
      if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0) {
        throw new ProviderError('notify: amount is not integer fen', NAME, 'malformed')
      }
      const status = String(body.status ?? '').toUpperCase()
      const outcome = PAID.has(status) ? 'paid' : FAILED.has(status) ? 'failed' : null
      if (!outcome) throw new ProviderError(`notify: status ${status} is not final`, NAME, 'malformed')
      return { provider: NAME, billNo, providerTradeNo: String(tradeNo), amountFen: amount, outcome, raw: n.rawBody }
    },

    /** The platform offers no query API: reconciliation waits for its notification (or the order expires). */
    async query(_billNo: string): Promise<VerifiedNotification | null> {
      return null
    },

    /** The platform's protocol has no close call: its order ends at the platform's own expiry, and money that still
     *  arrives is late money for review (docs/decisions/031-closing-provider-orders.md). */
    async close(): Promise<CloseOutcome> {
      return { status: 'absent' }
    },

    ack(ok: boolean): NotificationAck {
      return ok ? { status: 200, contentType: 'text/plain', body: 'OK' } : { status: 400, contentType: 'text/plain', body: 'FAIL' }
    }
  }
}
