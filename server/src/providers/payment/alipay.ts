/**
 * Alipay (docs/product §4 pay type 2) with RSA2 on node:crypto, no SDK: alipay.trade.create for the Alipay
 * mini-program (my.tradePay takes the trade_no), alipay.trade.wap.pay for browsers (a signed URL, and the auto-submit
 * form that donate4ali answers), async-notify verification, alipay.trade.query for reconciliation.
 *
 * RSA2 = SHA256withRSA, base64:
 * - requests: every non-empty parameter except `sign`, sorted by key, `k=v` joined by `&` (raw values, UTF-8);
 * - notifications: every parameter except `sign` and `sign_type`, sorted (Alipay's notify rule, empty values kept);
 * - answers: the raw JSON text of the `<method>_response` member, exactly as received.
 * Keys are public-key mode (not certificate mode): the app private key (PKCS#8 or PKCS#1, PEM or bare base64) and the
 * "Alipay public key" from the console.
 */
import { createSign, createVerify, type KeyObject } from 'node:crypto'
import { fenToYuan, yuanToFen } from '../../lib/money'
import { parseAlipayBillZip } from './bills/alipay-bill'
import {
  ALIPAY_BILL_HOSTS,
  ALIPAY_HOSTS,
  checkOutboundUrl,
  outboundFetch,
  outboundPolicyFromEnv,
  type OutboundPolicy
} from '../../lib/outbound'
import { cleanDonorText } from '../../lib/text'
import type { AgreementProvider, ChargeInput, SignInput, SignNotification, SignStart } from './agreement'
import {
  ProviderError,
  type BillRow,
  type CloseOutcome,
  type CreatePaymentInput,
  type CreatePaymentResult,
  type IncomingNotification,
  type NotificationAck,
  type PaymentProvider,
  type RefundAnswer,
  type RefundInput,
  type VerifiedNotification
} from './types'
import {
  assertAmountFen,
  assertBillNo,
  escapeHtml,
  fetchText,
  formEncode,
  loadPrivateKey,
  loadPublicKey,
  toAlipayTime,
  truncateUtf8,
  type FetchLike
} from './common/http'

export interface AlipayConfig {
  appId: string
  privateKeyPem: string
  alipayPublicKeyPem: string
  gateway?: string
  /** when set, notifications must name this seller (the merchant's 2088… PID) */
  sellerId?: string
  fetch?: FetchLike
  /** where requests may go (lib/outbound.ts); default: the provider's hosts and OUTBOUND_HOSTS */
  outbound?: OutboundPolicy
  timeoutMs?: number
  /** clock for tests */
  now?: () => Date
  /** monthly giving through 周期扣款 (docs/decisions/079-monthly-providers.md): the personal product and sign scene
   *  of the merchant's 商家扣款 contract, and the product code of its charges. Absent: no agreements. */
  cycle?: { signScene: string; personalProductCode?: string; productCode?: string }
}

export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do'
const NAME = 'alipay' as const

/** Alipay 周期扣款's attempts (docs/decisions/079-monthly-providers.md): a MONTH agreement is charged only in the days
 *  up to its agreed day D (D-3..D or D-5..D by the source) and a failed charge keeps the agreed day, so the charge is
 *  made on D-2 and retried on D-1 and D. */
export const CYCLE_ATTEMPT_OFFSETS: readonly number[] = [-2, -1, 0]

/** Request signing content: non-empty params except sign, sorted, k=v&… */
export function alipaySignContent(params: Record<string, string | undefined>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
}

/** Notify verification content: every param except sign and sign_type, sorted (empty values stay, as Alipay's SDKs do). */
export function alipayNotifyContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
}

export const rsa2Sign = (content: string, key: KeyObject | string): string =>
  createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64')

export function rsa2Verify(content: string, signature: string, key: KeyObject | string): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(key, signature, 'base64')
  } catch {
    return false
  }
}

/**
 * The raw text of a top-level member's value in a JSON document (what Alipay signs in its answers), or null.
 * Scans strings and nesting instead of re-serialising: the signature covers Alipay's exact bytes.
 */
export function rawJsonMember(text: string, member: string): string | null {
  let depth = 0
  let i = 0
  const n = text.length
  const skipString = (from: number): number => {
    let j = from + 1
    while (j < n) {
      if (text[j] === '\\') j += 2
      else if (text[j] === '"') return j + 1
      else j++
    }
    return -1
  }
  while (i < n) {
    const c = text[i]
    if (c === '"') {
      const end = skipString(i)
      if (end < 0) return null
      if (depth === 1) {
        let key: string
        try {
          key = JSON.parse(text.slice(i, end))
        } catch {
          return null
        }
        let j = end
        while (j < n && /\s/.test(text[j])) j++
        if (text[j] === ':' && key === member) {
          j++
          while (j < n && /\s/.test(text[j])) j++
          const start = j
          let d = 0
          while (j < n) {
            const ch = text[j]
            if (ch === '"') {
              j = skipString(j)
              if (j < 0) return null
              if (d === 0) return text.slice(start, j)
              continue
            }
            if (ch === '{' || ch === '[') d++
            else if (ch === '}' || ch === ']') {
              d--
              if (d === 0) return text.slice(start, j + 1)
              if (d < 0) return text.slice(start, j).trim()
            } else if (d === 0 && ch === ',') return text.slice(start, j).trim()
            j++
          }
          return null
        }
      }
      i = end
      continue
    }
    if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') depth--
    i++
  }
  return null
}

/**
 * The page donate4ali answers: a POST form to the gateway with every signed parameter as a hidden input, submitted
 * by script (docs/product §2 Alipay page: "otherwise auto-submits payment form").
 */
export function buildWapForm(params: Record<string, string>, gateway: string = ALIPAY_DEFAULT_GATEWAY): string {
  const charset = params.charset || 'utf-8'
  const action = `${gateway}${gateway.includes('?') ? '&' : '?'}charset=${encodeURIComponent(charset)}`
  const inputs = Object.keys(params)
    .map((k) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(params[k])}">`)
    .join('')
  return (
    `<form id="alipaysubmit" name="alipaysubmit" action="${escapeHtml(action)}" method="post">${inputs}` +
    `<input type="submit" value="立即支付" style="display:none"></form>` +
    `<script>document.forms['alipaysubmit'].submit();</script>`
  )
}

/** The create() URL (gateway?signed params) back into gateway + params, for buildWapForm. */
export function wapFormFromUrl(url: string): string {
  const u = new URL(url)
  const params: Record<string, string> = {}
  u.searchParams.forEach((v, k) => {
    params[k] = v
  })
  return buildWapForm(params, `${u.origin}${u.pathname}`)
}

const ALIPAY_USER_ID = /^2088\d{12}$/

/** Alipay's subject: at most 256 (we count UTF-8 bytes, the stricter reading) and no special characters "such as
 *  / = &" (alipay.trade.wap.pay / trade.create request parameters, `subject`). */
export const ALIPAY_SUBJECT_MAX_BYTES = 256
const SUBJECT_SPECIAL = /[/=&\\'"<>%#?+^|`{}[\]~]/g

/**
 * The one place an order description becomes an Alipay subject: characters Alipay refuses become spaces, invisible
 * and control characters go (lib/text.ts), runs of spaces collapse, and the result is cut to 256 bytes without splitting a
 * character; an empty result is "捐赠" (donation). Project names like "A/B 班 = 1&2" therefore never fail a payment.
 */
export function alipaySubject(description: string): string {
  const clean = cleanDonorText(description ?? '')
    .replace(SUBJECT_SPECIAL, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return truncateUtf8(clean, ALIPAY_SUBJECT_MAX_BYTES).trim() || '捐赠'
}

export function createAlipay(config: AlipayConfig): PaymentProvider & { buildWapForm(params: Record<string, string>): string } {
  for (const k of ['appId', 'privateKeyPem', 'alipayPublicKeyPem'] as const) {
    if (!config[k]) throw new ProviderError(`alipay config: ${k} is missing`, NAME, 'config')
  }
  if (config.cycle !== undefined && config.cycle !== null) {
    const c = config.cycle
    if (typeof c.signScene !== 'string' || !/^[A-Z0-9_]+\|[A-Z0-9_]+$/.test(c.signScene))
      throw new ProviderError("alipay config: cycle.signScene must be the contract's sign scene, like INDUSTRY|DONATION", NAME, 'config')
    for (const k of ['personalProductCode', 'productCode'] as const)
      if (c[k] !== undefined && (typeof c[k] !== 'string' || !/^[A-Z0-9_]{3,64}$/.test(c[k] as string)))
        throw new ProviderError(`alipay config: cycle.${k} must be a product code like CYCLE_PAY_AUTH_P`, NAME, 'config')
  }
  const appKey = loadPrivateKey(config.privateKeyPem, NAME)
  const alipayKey = loadPublicKey(config.alipayPublicKeyPem, NAME)
  const gateway = config.gateway ?? ALIPAY_DEFAULT_GATEWAY
  const outbound = config.outbound ?? outboundPolicyFromEnv()
  // the gateway is called by us and opened by the donor's browser (wap): Alipay's hosts or OUTBOUND_HOSTS only
  try {
    checkOutboundUrl(outbound, gateway, ALIPAY_HOSTS)
  } catch (err) {
    throw new ProviderError(`alipay config: gateway: ${(err as Error).message}`, NAME, 'config')
  }
  // requests only to the provider's hosts or OUTBOUND_HOSTS, public addresses only (lib/outbound.ts)
  const fetchImpl: FetchLike = config.fetch ?? outboundFetch(outbound, ALIPAY_HOSTS)
  const timeoutMs = config.timeoutMs ?? 10_000
  const now = config.now ?? (() => new Date())
  // the bill archive comes from Alipay's download host (dwbillcenter), not the gateway
  const billFetch: FetchLike = config.fetch ?? outboundFetch(outbound, [...ALIPAY_HOSTS, ...ALIPAY_BILL_HOSTS])

  /** Common parameters + biz_content, signed. */
  function signedParams(
    method: string,
    biz: Record<string, unknown>,
    extra: Record<string, string | undefined> = {}
  ): Record<string, string> {
    const p: Record<string, string | undefined> = {
      app_id: config.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: toAlipayTime(now()),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(biz)
    }
    const clean: Record<string, string> = {}
    for (const k of Object.keys(p)) if (p[k] !== undefined && p[k] !== '') clean[k] = p[k] as string
    clean.sign = rsa2Sign(alipaySignContent(clean), appKey)
    return clean
  }

  /** POSTs an OpenAPI call; verifies the answer's sign over the raw `<method>_response` text. */
  async function call(method: string, biz: Record<string, unknown>, extra: Record<string, string | undefined> = {}): Promise<any> {
    const params = signedParams(method, biz, extra)
    const res = await fetchText(
      fetchImpl,
      `${gateway}${gateway.includes('?') ? '&' : '?'}charset=utf-8`,
      { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' }, body: formEncode(params) },
      NAME,
      timeoutMs
    )
    if (res.status !== 200) throw new ProviderError(`${method}: HTTP ${res.status}`, NAME, 'upstream')
    let doc: any
    try {
      doc = JSON.parse(res.text)
    } catch {
      throw new ProviderError(`${method}: answer is not JSON`, NAME, 'upstream')
    }
    const member = `${method.replace(/\./g, '_')}_response`
    const node = doc?.[member] ?? doc?.error_response
    if (!node || typeof node !== 'object') throw new ProviderError(`${method}: answer has no ${member}`, NAME, 'upstream')
    const signed = typeof doc.sign === 'string' && doc.sign !== ''
    if (signed) {
      const raw = rawJsonMember(res.text, doc[member] ? member : 'error_response')
      if (raw === null || !rsa2Verify(raw, doc.sign, alipayKey))
        throw new ProviderError(`${method}: answer sign does not verify`, NAME, 'forged')
    }
    if (node.code !== '10000') {
      return { ok: false, signed, node }
    }
    // an unsigned success would let anyone on the path decide an order's state
    if (!signed) throw new ProviderError(`${method}: success answer without sign`, NAME, 'forged')
    return { ok: true, signed, node }
  }

  const upstreamIndeterminate = (method: string, node: any) =>
    new ProviderError(`${method}: ${node?.code} ${node?.sub_code ?? ''}`.trim(), NAME, 'indeterminate')
  const upstream = (method: string, node: any) =>
    new ProviderError(`${method}: ${node?.code} ${node?.msg ?? ''} ${node?.sub_code ?? ''} ${node?.sub_msg ?? ''}`.trim(), NAME, 'upstream')

  function amountFen(value: unknown, what: string): number {
    try {
      const fen = yuanToFen(String(value))
      if (fen < 0) throw new RangeError('negative')
      return fen
    } catch {
      throw new ProviderError(`${what}: total_amount ${JSON.stringify(value)} is not a yuan amount`, NAME, 'malformed')
    }
  }

  /** alipay.trade.query (reconciliation, and the close job when Alipay will not close) */
  async function query(billNo: string): Promise<VerifiedNotification | null> {
    assertBillNo(billNo, NAME)
    const r = await call('alipay.trade.query', { out_trade_no: billNo })
    if (!r.ok) {
      if (r.node.sub_code === 'ACQ.TRADE_NOT_EXIST') return null
      throw upstream('alipay.trade.query', r.node)
    }
    const node = r.node
    if (node.out_trade_no !== billNo) throw new ProviderError(`query: answer is about ${node.out_trade_no}, not ${billNo}`, NAME, 'forged')
    const status = node.trade_status
    const outcome = status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED' ? 'paid' : status === 'TRADE_CLOSED' ? 'failed' : null
    if (!outcome) return null
    return {
      provider: NAME,
      billNo,
      providerTradeNo: String(node.trade_no ?? ''),
      amountFen: amountFen(node.total_amount, 'query'),
      outcome,
      raw: JSON.stringify(node)
    }
  }

  /**
   * The day's trade bill (docs/decisions/038-bill-reconciliation.md): alipay.data.dataservice.bill.downloadurl.query
   * {bill_type: 'trade', bill_date} (signed, answer sign verified) gives bill_download_url, a short-lived link that
   * needs no signature; the zip it serves is read by bills/alipay-bill.ts. isp.bill_not_exist: no business that day.
   * The link holds a token: it never goes into an error message or a log line.
   */
  async function downloadBill(billDate: string): Promise<BillRow[]> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(billDate)) throw new ProviderError(`bill query: bill_date ${billDate}`, NAME, 'malformed')
    const method = 'alipay.data.dataservice.bill.downloadurl.query'
    const r = await call(method, { bill_type: 'trade', bill_date: billDate })
    if (!r.ok) {
      if (/bill_not_exist/i.test(String(r.node.sub_code ?? ''))) return []
      throw upstream(method, r.node)
    }
    if (typeof r.node.bill_download_url !== 'string') throw new ProviderError(`${method}: no bill_download_url`, NAME, 'upstream')
    let zip: Buffer
    let status: number
    try {
      const res = await billFetch(r.node.bill_download_url, { method: 'GET', signal: AbortSignal.timeout(timeoutMs * 3) })
      status = res.status
      zip = Buffer.from(await res.arrayBuffer())
    } catch (err) {
      throw new ProviderError(`bill download failed: ${(err as Error).message.replace(/\?.*$/, '')}`, NAME, 'upstream')
    }
    if (status !== 200) throw new ProviderError(`bill download: HTTP ${status}`, NAME, 'upstream')
    try {
      return parseAlipayBillZip(zip)
    } catch (err) {
      throw new ProviderError((err as Error).message, NAME, 'malformed')
    }
  }

  /** a form notification's parameters, its RSA2 sign verified and its app ours */
  function verifiedForm(rawBody: string, what: string): Record<string, string> {
    const params: Record<string, string> = {}
    for (const [k, v] of new URLSearchParams(rawBody)) params[k] = v
    if (!params.sign) throw new ProviderError(`${what}: sign missing`, NAME, 'forged')
    if (params.sign_type && params.sign_type !== 'RSA2') throw new ProviderError(`${what}: sign_type ${params.sign_type}`, NAME, 'forged')
    if (!rsa2Verify(alipayNotifyContent(params), params.sign, alipayKey))
      throw new ProviderError(`${what}: sign does not verify`, NAME, 'forged')
    if (params.app_id !== undefined && params.app_id !== config.appId)
      throw new ProviderError(`${what}: app_id ${params.app_id} is not ours`, NAME, 'forged')
    return params
  }

  /**
   * 周期扣款 (docs/decisions/079-monthly-providers.md), RSA2 like every call:
   * - sign: alipay.user.agreement.page.sign as a signed gateway URL the donor opens (personal_product_code,
   *   sign_scene, external_agreement_no = our plan_no, period_rule_params: MONTH 1, execute_time the first charge day,
   *   single_amount), notify_url our agreement notify URL;
   * - its notifications: notify_type dut_user_sign (status NORMAL) and dut_user_unsign, with agreement_no and
   *   external_agreement_no, form-posted and RSA2-signed like payment notifications;
   * - the charge: alipay.trade.pay with product_code GENERAL_WITHHOLDING and agreement_params.agreement_no, answered
   *   at once (10000 paid, 40004 ACQ.* declined, 10003 / 20000 / ACQ.SYSTEM_ERROR not known yet);
   * - the end: alipay.user.agreement.unsign with the agreement_no.
   */
  function createCycle(
    cycle: NonNullable<AlipayConfig['cycle']>,
    verifyPayment: (n: IncomingNotification) => Promise<VerifiedNotification>
  ): AgreementProvider {
    const personal = cycle.personalProductCode || 'CYCLE_PAY_AUTH_P'
    const product = cycle.productCode || 'GENERAL_WITHHOLDING'
    return {
      name: NAME,
      attemptOffsets: CYCLE_ATTEMPT_OFFSETS,

      async sign(input: SignInput): Promise<SignStart> {
        assertAmountFen(input.amountFen, NAME)
        const params = signedParams(
          'alipay.user.agreement.page.sign',
          {
            personal_product_code: personal,
            sign_scene: cycle.signScene,
            external_agreement_no: input.planNo,
            product_code: product,
            access_params: { channel: input.channel === 'alipay-mini' ? 'ALIPAYAPP' : 'QRCODE' },
            period_rule_params: {
              period_type: 'MONTH',
              period: 1,
              execute_time: input.firstChargeOn,
              single_amount: fenToYuan(input.amountFen)
            }
          },
          { notify_url: input.notifyUrl, return_url: input.returnUrl }
        )
        return { page: { kind: 'url', url: `${gateway}${gateway.includes('?') ? '&' : '?'}${formEncode(params)}` } }
      },

      async charge(input: ChargeInput): Promise<VerifiedNotification> {
        assertBillNo(input.billNo, NAME)
        assertAmountFen(input.amountFen, NAME)
        const method = 'alipay.trade.pay'
        const r = await call(
          method,
          {
            out_trade_no: input.billNo,
            total_amount: fenToYuan(input.amountFen),
            subject: alipaySubject(input.description),
            product_code: product,
            agreement_params: { agreement_no: input.agreementNo }
          },
          { notify_url: input.notifyUrl }
        )
        if (!r.ok) {
          const sub = String(r.node.sub_code ?? '')
          // the same attempt submitted again after a lost answer: the trade is paid already, as the query says
          if (sub === 'ACQ.TRADE_HAS_SUCCESS') {
            const known = await query(input.billNo)
            if (known?.outcome === 'paid') return known
            throw upstreamIndeterminate(method, r.node)
          }
          if (r.node.code === '10003' || r.node.code === '20000' || sub === 'ACQ.SYSTEM_ERROR' || !sub.startsWith('ACQ.'))
            throw upstreamIndeterminate(method, r.node)
          throw new ProviderError(`${method}: ${sub} ${r.node.sub_msg ?? ''}`.trim(), NAME, 'declined')
        }
        if (r.node.out_trade_no !== input.billNo)
          throw new ProviderError(`${method}: answer is about ${r.node.out_trade_no}`, NAME, 'forged')
        return {
          provider: NAME,
          billNo: input.billNo,
          providerTradeNo: String(r.node.trade_no ?? ''),
          amountFen: amountFen(r.node.total_amount, method),
          outcome: 'paid',
          raw: JSON.stringify(r.node)
        }
      },

      async terminate(agreementNo: string): Promise<void> {
        const method = 'alipay.user.agreement.unsign'
        const r = await call(method, { agreement_no: agreementNo, personal_product_code: personal, sign_scene: cycle.signScene })
        if (r.ok) return
        // an agreement already ended, or never known, is ended
        if (/AGREEMENT_NOT_EXIST|AGREEMENT_HAS_UNSIGNED|USER_AGENT_NOT_EXIST|AGREEMENT_ALREADY_UNSIGN/i.test(String(r.node.sub_code ?? '')))
          return
        throw upstream(method, r.node)
      },

      async verifyAgreementNotification(n: IncomingNotification): Promise<SignNotification | VerifiedNotification> {
        const params = verifiedForm(n.rawBody, 'agreement notify')
        if (params.notify_type !== 'dut_user_sign' && params.notify_type !== 'dut_user_unsign') return verifyPayment(n)
        if (!params.agreement_no || !params.external_agreement_no)
          throw new ProviderError('agreement notify: agreement_no or external_agreement_no missing', NAME, 'malformed')
        if (params.personal_product_code && params.personal_product_code !== personal)
          throw new ProviderError(`agreement notify: personal_product_code ${params.personal_product_code} is not ours`, NAME, 'forged')
        const signed = params.notify_type === 'dut_user_sign' && params.status === 'NORMAL'
        const ended = params.notify_type === 'dut_user_unsign' || params.status === 'UNSIGN'
        if (!signed && !ended) throw new ProviderError(`agreement notify: status ${params.status}`, NAME, 'malformed')
        return {
          provider: NAME,
          planNo: params.external_agreement_no,
          agreementNo: params.agreement_no,
          outcome: signed ? 'signed' : 'terminated',
          raw: n.rawBody
        }
      },

      ack: (ok: boolean) => ({ status: 200, contentType: 'text/plain', body: ok ? 'success' : 'fail' })
    }
  }

  const self = {
    name: NAME,
    billAccount: config.appId,
    downloadBill,
    buildWapForm: (params: Record<string, string>) => buildWapForm(params, gateway),

    async create(input: CreatePaymentInput): Promise<CreatePaymentResult> {
      assertBillNo(input.billNo, NAME)
      assertAmountFen(input.amountFen, NAME)
      const base = {
        out_trade_no: input.billNo,
        total_amount: fenToYuan(input.amountFen),
        subject: alipaySubject(input.description),
        time_expire: toAlipayTime(input.expiresAt)
      }

      if (input.channel === 'alipay-mini') {
        if (!input.payerId) throw new ProviderError('alipay.trade.create needs the buyer id', NAME, 'malformed')
        const buyer = ALIPAY_USER_ID.test(input.payerId) ? { buyer_id: input.payerId } : { buyer_open_id: input.payerId }
        const r = await call('alipay.trade.create', { ...base, ...buyer, product_code: 'JSAPI_PAY' }, { notify_url: input.notifyUrl })
        if (!r.ok) throw upstream('alipay.trade.create', r.node)
        if (typeof r.node.trade_no !== 'string' || r.node.out_trade_no !== input.billNo) {
          throw new ProviderError('alipay.trade.create: answer lacks trade_no or names another order', NAME, 'upstream')
        }
        return { params: { provider: NAME, tradeNo: r.node.trade_no } }
      }

      if (input.channel === 'h5' || input.channel === 'h5-wechat') {
        // inside WeChat the app shows "open in the system browser" instructions with this same URL (docs/product §2 Other)
        const params = signedParams(
          'alipay.trade.wap.pay',
          { ...base, product_code: 'QUICK_WAP_WAY', ...(input.returnUrl ? { quit_url: input.returnUrl } : {}) },
          { notify_url: input.notifyUrl, return_url: input.returnUrl }
        )
        return { params: { provider: NAME, url: `${gateway}${gateway.includes('?') ? '&' : '?'}${formEncode(params)}` } }
      }

      throw new ProviderError(`Alipay does not serve channel ${input.channel}`, NAME, 'malformed')
    },

    async verifyNotification(n: IncomingNotification): Promise<VerifiedNotification> {
      const params: Record<string, string> = {}
      // URLSearchParams decodes form encoding ('+' is a space) and percent escapes as UTF-8
      for (const [k, v] of new URLSearchParams(n.rawBody)) params[k] = v
      if (!params.sign) throw new ProviderError('notify: sign missing', NAME, 'forged')
      if (params.sign_type && params.sign_type !== 'RSA2') throw new ProviderError(`notify: sign_type ${params.sign_type}`, NAME, 'forged')
      if (!rsa2Verify(alipayNotifyContent(params), params.sign, alipayKey))
        throw new ProviderError('notify: sign does not verify', NAME, 'forged')
      if (params.app_id !== config.appId) throw new ProviderError(`notify: app_id ${params.app_id} is not ours`, NAME, 'forged')
      if (config.sellerId && params.seller_id && params.seller_id !== config.sellerId) {
        throw new ProviderError(`notify: seller_id ${params.seller_id} is not ours`, NAME, 'forged')
      }
      if (!params.out_trade_no || !params.trade_no) throw new ProviderError('notify: out_trade_no or trade_no missing', NAME, 'malformed')
      // a refund (docs/decisions/032-refunds.md): TRADE_SUCCESS after a partial refund, TRADE_CLOSED after a full one,
      // both with refund_fee (everything refunded on the trade so far), gmt_refund and out_biz_no (the refund's
      // out_request_no: ours, or Alipay's own for a refund made in its merchant console)
      if (
        params.refund_fee !== undefined &&
        params.refund_fee !== '' &&
        (params.trade_status === 'TRADE_SUCCESS' || params.trade_status === 'TRADE_CLOSED')
      ) {
        const total = amountFen(params.refund_fee, 'refund notify')
        return {
          provider: NAME,
          billNo: params.out_trade_no,
          providerTradeNo: params.trade_no,
          amountFen: amountFen(params.total_amount, 'notify'),
          outcome: 'paid',
          raw: n.rawBody,
          refund: {
            outRefundNo: params.out_biz_no || `ALI${params.trade_no}-${total}`,
            providerRefundNo: params.trade_no,
            refundFen: 0,
            totalRefundedFen: total,
            outcome: 'succeeded'
          }
        }
      }
      const status = params.trade_status
      const outcome = status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED' ? 'paid' : status === 'TRADE_CLOSED' ? 'failed' : null
      if (!outcome) throw new ProviderError(`notify: trade_status ${status} is not final`, NAME, 'malformed')
      return {
        provider: NAME,
        billNo: params.out_trade_no,
        providerTradeNo: params.trade_no,
        amountFen: amountFen(params.total_amount, 'notify'),
        outcome,
        raw: n.rawBody
      }
    },

    query,

    /**
     * alipay.trade.close (signed like every call, answer sign verified): 10000 closed; ACQ.TRADE_NOT_EXIST absent (a
     * wap payment's trade exists only once the buyer opened the cashier). Anything else (ACQ.TRADE_STATUS_ERROR: paid
     * or already closed; ACQ.SYSTEM_ERROR) is settled by alipay.trade.query: paid money comes back as 'paid', a closed
     * trade is 'closed', a trade still waiting throws so the close job asks again.
     */
    async close(billNo: string): Promise<CloseOutcome> {
      assertBillNo(billNo, NAME)
      const r = await call('alipay.trade.close', { out_trade_no: billNo })
      if (r.ok) {
        if (r.node.out_trade_no !== undefined && r.node.out_trade_no !== billNo)
          throw new ProviderError(`alipay.trade.close: answer is about ${r.node.out_trade_no}, not ${billNo}`, NAME, 'forged')
        return { status: 'closed' }
      }
      if (r.node.sub_code === 'ACQ.TRADE_NOT_EXIST') return { status: 'absent' }
      const state = await query(billNo)
      if (state?.outcome === 'paid') return { status: 'paid', paid: state }
      if (state?.outcome === 'failed') return { status: 'closed' }
      throw upstream('alipay.trade.close', r.node)
    },

    async refund(input: RefundInput): Promise<RefundAnswer> {
      assertBillNo(input.billNo, NAME)
      assertAmountFen(input.amountFen, NAME)
      const r = await call('alipay.trade.refund', {
        out_trade_no: input.billNo,
        refund_amount: fenToYuan(input.amountFen),
        out_request_no: input.outRefundNo,
        refund_reason: truncateUtf8(input.reason, 256)
      })
      if (!r.ok) {
        // ACQ.SYSTEM_ERROR (and an unknown answer) may hide a refund that went through: asked again later
        if (r.node.sub_code === 'ACQ.SYSTEM_ERROR' || r.node.code === '20000') throw upstreamIndeterminate('alipay.trade.refund', r.node)
        throw new ProviderError(`alipay.trade.refund: ${r.node.sub_code ?? r.node.code} ${r.node.sub_msg ?? ''}`.trim(), NAME, 'declined')
      }
      if (r.node.out_trade_no !== undefined && r.node.out_trade_no !== input.billNo)
        throw new ProviderError(`alipay.trade.refund: answer is about ${r.node.out_trade_no}`, NAME, 'forged')
      // fund_change Y: money moved by this request. N: a repeat of a refund made before: its query says how it ended
      if (r.node.fund_change === 'Y')
        return { outcome: 'succeeded', providerRefundNo: String(r.node.trade_no ?? ''), raw: JSON.stringify(r.node) }
      return (
        (await this.queryRefund!(input.outRefundNo, input.billNo)) ?? {
          outcome: 'processing',
          providerRefundNo: '',
          raw: JSON.stringify(r.node)
        }
      )
    },

    async queryRefund(outRefundNo: string, billNo: string): Promise<RefundAnswer | null> {
      assertBillNo(billNo, NAME)
      const r = await call('alipay.trade.fastpay.refund.query', { out_trade_no: billNo, out_request_no: outRefundNo })
      if (!r.ok) {
        if (r.node.sub_code === 'ACQ.TRADE_NOT_EXIST') return null
        throw upstream('alipay.trade.fastpay.refund.query', r.node)
      }
      const node = r.node
      // an answer without refund_amount: Alipay knows no refund with this out_request_no
      if (node.refund_amount === undefined || node.refund_amount === '') return null
      if (node.out_request_no !== undefined && node.out_request_no !== outRefundNo)
        throw new ProviderError(`refund query: answer is about ${node.out_request_no}, not ${outRefundNo}`, NAME, 'forged')
      // only REFUND_SUCCESS says the money went back; without it the request may still be in hand (asked again later;
      // a repeat with the same out_request_no never refunds twice)
      const outcome = node.refund_status === 'REFUND_SUCCESS' ? 'succeeded' : 'processing'
      return { outcome, providerRefundNo: String(node.trade_no ?? ''), raw: JSON.stringify(node) }
    },

    ack(ok: boolean): NotificationAck {
      return { status: 200, contentType: 'text/plain', body: ok ? 'success' : 'fail' }
    }
  }
  return Object.assign(self, { agreements: config.cycle ? createCycle(config.cycle, (n) => self.verifyNotification(n)) : undefined })
}
