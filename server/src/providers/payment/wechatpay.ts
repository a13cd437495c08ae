/**
 * WeChat Pay API v3 on node:crypto (docs/product §4 pay type 1/15): JSAPI for the mini-program and the in-WeChat
 * browser, H5 payment for other browsers, notify verification + AES-256-GCM decryption, and the order query used by
 * reconciliation. Follows /work/shared/recipes/server/src/pay/wechatpay-v3.ts.
 *
 * Signatures:
 * - our requests: Authorization `WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,signature=…,timestamp=…,serial_no=…`,
 *   RSA-SHA256 (merchant key) over "METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n";
 * - WeChat's answers and notifications: Wechatpay-Signature/-Timestamp/-Nonce/-Serial, RSA-SHA256 (platform key) over
 *   "TIMESTAMP\nNONCE\nBODY\n" on the raw body, timestamp within 5 minutes; the serial is a platform certificate serial
 *   or a "PUB_KEY_ID_…" (public-key mode);
 * - requestPayment's paySign: RSA-SHA256 (merchant key) over "appId\ntimeStamp\nnonceStr\nprepay_id=…\n".
 *
 * Every request names the platform key we hold in `Wechatpay-Serial` (platformSerial: the platform certificate serial,
 * or the "PUB_KEY_ID_…" in public-key mode). WeChat Pay's rules ask for it with sensitive fields encrypted with that
 * key ("HTTP header缺少微信支付平台证书序列号(Wechatpay-Serial)", pay.weixin.qq.com verify-signature FAQ); sent on
 * every call it also tells WeChat which key we verify its answers with, so a merchant moved to public-key mode gets
 * answers signed with the public key we have.
 */
import { createDecipheriv, createHash, createSign, createVerify, randomBytes, X509Certificate, type KeyObject } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { checkOutboundUrl, WECHATPAY_HOSTS, outboundFetch, outboundPolicyFromEnv, type OutboundPolicy } from '../../lib/outbound'
import { parseWechatBill } from './bills/wechatpay-bill'
import type { AgreementProvider, ChargeInput, ChargeNoticeInput, SignInput, SignNotification, SignStart } from './agreement'
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
  type RefundReport,
  type VerifiedNotification
} from './types'
import {
  assertAmountFen,
  assertBillNo,
  fetchText,
  headerOf,
  loadPrivateKey,
  loadPublicKey,
  toRfc3339Beijing,
  truncateUtf8,
  type FetchLike
} from './common/http'

export interface WechatPayConfig {
  mchId: string
  /** the AppID bound to the merchant: mini-program AppID for weapp, official-account AppID for h5-wechat/h5 */
  appId: string
  /** serial number of the merchant API certificate (goes into serial_no) */
  serialNo: string
  privateKeyPem: string
  /** APIv3 key: exactly 32 bytes */
  apiV3Key: string
  /** WeChat Pay public key (public-key mode) or the platform certificate PEM */
  platformPublicKeyPem: string
  /** "PUB_KEY_ID_…" in public-key mode, or the platform certificate serial */
  platformSerial: string
  /** more platform keys during a rotation: WeChat signs with whichever its Wechatpay-Serial names */
  extraPlatformKeys?: Array<{ serial: string; pem: string }>
  baseUrl?: string
  fetch?: FetchLike
  /** where requests may go (lib/outbound.ts); default: the provider's hosts and OUTBOUND_HOSTS */
  outbound?: OutboundPolicy
  timeoutMs?: number
  /** clock for tests; seconds */
  now?: () => number
  /** monthly giving through 委托代扣 (papay, docs/decisions/079-monthly-providers.md): the 预约扣费 contract template
   *  the merchant was given (plan_id) and the account name the donor sees on the signing page. Absent: no agreements. */
  papay?: { planId: number; displayAccount?: string }
}

export const WECHATPAY_DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com'
const MAX_SKEW_SEC = 300
const NAME = 'wechatpay' as const

/** WeChat papay's attempts (docs/decisions/079-monthly-providers.md): the pre-deduction notice goes out on D-2, WeChat
 *  holds the notice day and the next as a waiting period and then takes charges for deduct_duration.count days: the
 *  charge on D and its retries on D+1 and D+2 (count 3), each between 7:00 and 22:00 Beijing time. */
export const PAPAY_ATTEMPT_OFFSETS: readonly number[] = [0, 1, 2]
export const PAPAY_HOURS = { from: 7, to: 22 } as const

export const wechatNonce = (n = 32): string => randomBytes(n).toString('base64url').replace(/[-_]/g, 'x').slice(0, n)

/** "METHOD\nPATH\nTS\nNONCE\nBODY\n" signed with the merchant key; answers the Authorization header value. */
export function buildAuthorization(
  cfg: { mchId: string; serialNo: string },
  key: KeyObject | string,
  method: string,
  pathWithQuery: string,
  body: string,
  timestamp: number,
  nonce: string
): string {
  const message = `${method.toUpperCase()}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`
  const signature = createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64')
  return (
    `WECHATPAY2-SHA256-RSA2048 mchid="${cfg.mchId}",nonce_str="${nonce}",signature="${signature}",` +
    `timestamp="${timestamp}",serial_no="${cfg.serialNo}"`
  )
}

/** paySign of wx.requestPayment / WeixinJSBridge getBrandWCPayRequest. */
export function buildPaySign(key: KeyObject | string, appId: string, timeStamp: string, nonceStr: string, packageValue: string): string {
  return createSign('RSA-SHA256').update(`${appId}\n${timeStamp}\n${nonceStr}\n${packageValue}\n`, 'utf8').sign(key, 'base64')
}

/** AEAD_AES_256_GCM: key = APIv3 key, iv = resource.nonce, aad = associated_data, tag = last 16 bytes. */
export function decryptResource(apiV3Key: string, r: { ciphertext: string; nonce: string; associated_data?: string }): string {
  const buf = Buffer.from(r.ciphertext, 'base64')
  if (buf.length < 17) throw new Error('ciphertext too short')
  const d = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'))
  d.setAuthTag(buf.subarray(buf.length - 16))
  d.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'))
  return Buffer.concat([d.update(buf.subarray(0, buf.length - 16)), d.final()]).toString('utf8')
}

interface Transaction {
  appid?: string
  mchid?: string
  out_trade_no?: string
  transaction_id?: string
  trade_state?: string
  amount?: { total?: number; payer_total?: number; currency?: string }
}

const FAILED_STATES = new Set(['CLOSED', 'PAYERROR', 'REVOKED'])
/** REFUND means the money arrived and a refund followed: the order was paid, and the answer says so with
 *  refundedAtProvider so the order is flagged for staff (how much went back comes with the refund notification). */
const PAID_STATES = new Set(['SUCCESS', 'REFUND'])

/** A refund as WeChat describes it (refund answer, refund query, decrypted REFUND.* notification). */
interface WechatRefund {
  mchid?: string
  out_trade_no?: string
  transaction_id?: string
  out_refund_no?: string
  refund_id?: string
  /** refund answers and queries */
  status?: string
  /** notifications */
  refund_status?: string
  amount?: { total?: number; refund?: number; payer_total?: number; payer_refund?: number }
}

/** WeChat's refund states -> ours: SUCCESS, CLOSED, PROCESSING, ABNORMAL (the money could not reach the payer's
 *  account: it stays with the merchant, a person must give it back another way). */
const REFUND_OUTCOMES: Record<string, RefundReport['outcome']> = {
  SUCCESS: 'succeeded',
  CLOSED: 'closed',
  PROCESSING: 'processing',
  ABNORMAL: 'failed'
}

export function createWechatPay(config: WechatPayConfig): PaymentProvider {
  for (const k of ['mchId', 'appId', 'serialNo', 'privateKeyPem', 'apiV3Key', 'platformPublicKeyPem', 'platformSerial'] as const) {
    if (!config[k]) throw new ProviderError(`wechatpay config: ${k} is missing`, NAME, 'config')
  }
  if (Buffer.byteLength(config.apiV3Key, 'utf8') !== 32)
    throw new ProviderError('wechatpay config: apiV3Key must be 32 bytes', NAME, 'config')
  if (config.papay !== undefined && config.papay !== null) {
    const planId = Number(config.papay.planId)
    if (!Number.isSafeInteger(planId) || planId <= 0)
      throw new ProviderError('wechatpay config: papay.planId must be the positive contract template id', NAME, 'config')
    if (config.papay.displayAccount !== undefined && typeof config.papay.displayAccount !== 'string')
      throw new ProviderError('wechatpay config: papay.displayAccount must be text', NAME, 'config')
  }

  const merchantKey = loadPrivateKey(config.privateKeyPem, NAME)
  const platformKeys = new Map<string, KeyObject>()
  const addPlatformKey = (serial: string, pem: string) => {
    if (pem.includes('BEGIN CERTIFICATE')) {
      const cert = new X509Certificate(pem)
      if (cert.serialNumber.toUpperCase() !== serial.toUpperCase()) {
        throw new ProviderError(`wechatpay config: platform certificate serial ${cert.serialNumber} is not ${serial}`, NAME, 'config')
      }
      platformKeys.set(serial.toUpperCase(), cert.publicKey)
    } else {
      platformKeys.set(serial.toUpperCase(), loadPublicKey(pem, NAME))
    }
  }
  addPlatformKey(config.platformSerial, config.platformPublicKeyPem)
  for (const extra of config.extraPlatformKeys ?? []) addPlatformKey(extra.serial, extra.pem)

  const baseUrl = (config.baseUrl ?? WECHATPAY_DEFAULT_BASE_URL).replace(/\/+$/, '')
  const outbound = config.outbound ?? outboundPolicyFromEnv()
  try {
    checkOutboundUrl(outbound, baseUrl, WECHATPAY_HOSTS)
  } catch (err) {
    throw new ProviderError(`wechatpay config: baseUrl: ${(err as Error).message}`, NAME, 'config')
  }
  // requests only to the provider's hosts or OUTBOUND_HOSTS, public addresses only (lib/outbound.ts)
  const fetchImpl: FetchLike = config.fetch ?? outboundFetch(outbound, WECHATPAY_HOSTS)
  const timeoutMs = config.timeoutMs ?? 10_000
  const nowSec = config.now ?? (() => Math.floor(Date.now() / 1000))

  /** Wechatpay-* headers over the raw body; throws ProviderError('forged') on any mismatch. */
  function verifySignature(headers: IncomingNotification['headers'] | Headers, rawBody: string, what: string): void {
    const ts = headerOf(headers, 'Wechatpay-Timestamp')
    const nonce = headerOf(headers, 'Wechatpay-Nonce')
    const signature = headerOf(headers, 'Wechatpay-Signature')
    const serial = headerOf(headers, 'Wechatpay-Serial')
    if (!ts || !nonce || !signature || !serial) throw new ProviderError(`${what}: Wechatpay-* signature headers missing`, NAME, 'forged')
    if (!/^\d{1,12}$/.test(ts) || Math.abs(nowSec() - Number(ts)) > MAX_SKEW_SEC) {
      throw new ProviderError(`${what}: Wechatpay-Timestamp ${ts} is more than 5 minutes off`, NAME, 'forged')
    }
    // WeChat sends probe signatures to check that merchants really verify: they must fail
    if (signature.startsWith('WECHATPAY/SIGNTEST/')) throw new ProviderError(`${what}: signature probe`, NAME, 'forged')
    const key = platformKeys.get(serial.toUpperCase())
    if (!key) throw new ProviderError(`${what}: unknown Wechatpay-Serial ${serial}`, NAME, 'forged')
    let ok = false
    try {
      ok = createVerify('RSA-SHA256').update(`${ts}\n${nonce}\n${rawBody}\n`, 'utf8').verify(key, signature, 'base64')
    } catch {
      ok = false
    }
    if (!ok) throw new ProviderError(`${what}: bad Wechatpay-Signature`, NAME, 'forged')
  }

  /** Signed call; verifies the answer's signature; answers status and parsed JSON (null for an empty body). */
  async function call(method: 'GET' | 'POST', pathWithQuery: string, body?: unknown): Promise<{ status: number; json: any; raw: string }> {
    const payload = body === undefined ? '' : JSON.stringify(body)
    const authorization = buildAuthorization(config, merchantKey, method, pathWithQuery, payload, nowSec(), wechatNonce())
    const res = await fetchText(
      fetchImpl,
      baseUrl + pathWithQuery,
      {
        method,
        headers: {
          Authorization: authorization,
          'Wechatpay-Serial': config.platformSerial,
          Accept: 'application/json',
          'User-Agent': 'uplus-donate-server',
          ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {})
        },
        body: method === 'POST' ? payload : undefined
      },
      NAME,
      timeoutMs
    )
    let json: any = null
    if (res.text) {
      try {
        json = JSON.parse(res.text)
      } catch {
        throw new ProviderError(`${method} ${pathWithQuery}: answer is not JSON (HTTP ${res.status})`, NAME, 'upstream')
      }
    }
    if (res.status >= 200 && res.status < 300) {
      // success answers carry state we act on: they must be signed by the platform
      verifySignature(res.headers, res.text, `${method} ${pathWithQuery} answer`)
    }
    return { status: res.status, json, raw: res.text }
  }

  const upstreamError = (what: string, r: { status: number; json: any }) =>
    new ProviderError(`${what}: HTTP ${r.status} ${r.json?.code ?? ''} ${r.json?.message ?? ''}`.trim(), NAME, 'upstream')

  function toVerified(txn: Transaction, raw: string, what: string): VerifiedNotification | null {
    if (txn.mchid !== undefined && txn.mchid !== config.mchId)
      throw new ProviderError(`${what}: mchid ${txn.mchid} is not ours`, NAME, 'forged')
    if (txn.appid !== undefined && txn.appid !== config.appId)
      throw new ProviderError(`${what}: appid ${txn.appid} is not ours`, NAME, 'forged')
    const state = txn.trade_state ?? ''
    if (!PAID_STATES.has(state) && !FAILED_STATES.has(state)) return null
    const total = txn.amount?.total
    if (typeof txn.out_trade_no !== 'string' || !Number.isSafeInteger(total)) {
      throw new ProviderError(`${what}: out_trade_no or amount.total missing`, NAME, 'malformed')
    }
    return {
      provider: NAME,
      billNo: txn.out_trade_no,
      providerTradeNo: txn.transaction_id ?? '',
      amountFen: total as number,
      outcome: PAID_STATES.has(state) ? 'paid' : 'failed',
      raw,
      ...(state === 'REFUND' ? { refundedAtProvider: true } : {})
    }
  }

  /** the order query (reconciliation, and the close job when WeChat will not close) */
  async function query(billNo: string): Promise<VerifiedNotification | null> {
    assertBillNo(billNo, NAME)
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(billNo)}?mchid=${encodeURIComponent(config.mchId)}`
    const r = await call('GET', path)
    if (r.status === 404 || r.json?.code === 'ORDER_NOT_EXIST') return null
    if (r.status !== 200) throw upstreamError('query', r)
    if (r.json?.out_trade_no !== billNo)
      throw new ProviderError(`query: answer is about ${r.json?.out_trade_no}, not ${billNo}`, NAME, 'forged')
    return toVerified(r.json as Transaction, r.raw, 'query')
  }

  function refundReport(r: WechatRefund, what: string): RefundReport {
    if (r.mchid !== undefined && r.mchid !== config.mchId) throw new ProviderError(`${what}: mchid ${r.mchid} is not ours`, NAME, 'forged')
    const outcome = REFUND_OUTCOMES[r.refund_status ?? r.status ?? '']
    if (!outcome || typeof r.out_refund_no !== 'string' || !r.out_refund_no || !Number.isSafeInteger(r.amount?.refund)) {
      throw new ProviderError(`${what}: out_refund_no, status or amount.refund missing`, NAME, 'malformed')
    }
    return { outRefundNo: r.out_refund_no, providerRefundNo: r.refund_id ?? '', refundFen: r.amount!.refund as number, outcome }
  }

  /** A refund notification as the payment path carries it: the payment (amount.total) with the refund attached. */
  function refundNotification(r: WechatRefund, raw: string, what: string): VerifiedNotification {
    const refund = refundReport(r, what)
    if (typeof r.out_trade_no !== 'string' || !Number.isSafeInteger(r.amount?.total))
      throw new ProviderError(`${what}: out_trade_no or amount.total missing`, NAME, 'malformed')
    return {
      provider: NAME,
      billNo: r.out_trade_no,
      providerTradeNo: r.transaction_id ?? '',
      amountFen: r.amount!.total as number,
      outcome: 'paid',
      raw,
      refund
    }
  }

  function refundAnswer(r: WechatRefund, raw: string, what: string): RefundAnswer {
    const report = refundReport(r, what)
    return { outcome: report.outcome, providerRefundNo: report.providerRefundNo, raw }
  }

  /**
   * The day's trade bill (docs/decisions/038-bill-reconciliation.md): GET /v3/bill/tradebill (signed; the answer's
   * signature verified like every answer) gives download_url and the SHA1 of the bill; the file itself is fetched
   * with a signed GET of that URL (the file answer carries no signature), gunzipped, and checked against the hash,
   * which WeChat computes over the bill before compression. NO_STATEMENT_EXIST: no business that day.
   * The download URL holds a one-time token: it never goes into an error message or a log line.
   */
  async function downloadBill(billDate: string): Promise<BillRow[]> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(billDate)) throw new ProviderError(`tradebill: bill_date ${billDate}`, NAME, 'malformed')
    const r = await call('GET', `/v3/bill/tradebill?bill_date=${billDate}&bill_type=ALL&tar_type=GZIP`)
    if (r.json?.code === 'NO_STATEMENT_EXIST') return []
    if (r.status !== 200 || typeof r.json?.download_url !== 'string') throw upstreamError('tradebill', r)
    if (r.json.hash_type !== 'SHA1' || !/^[0-9a-f]{40}$/i.test(String(r.json.hash_value)))
      throw new ProviderError(`tradebill: hash ${r.json.hash_type} is not SHA1`, NAME, 'malformed')
    let url: URL
    try {
      url = new URL(r.json.download_url)
    } catch {
      throw new ProviderError('tradebill: download_url is not a URL', NAME, 'malformed')
    }
    const pathWithQuery = url.pathname + url.search
    const authorization = buildAuthorization(config, merchantKey, 'GET', pathWithQuery, '', nowSec(), wechatNonce())
    let body: Buffer
    let status: number
    try {
      const res = await fetchImpl(url.toString(), {
        method: 'GET',
        headers: { Authorization: authorization, 'Wechatpay-Serial': config.platformSerial, 'User-Agent': 'uplus-donate-server' },
        signal: AbortSignal.timeout(timeoutMs * 3)
      })
      status = res.status
      body = Buffer.from(await res.arrayBuffer())
    } catch (err) {
      throw new ProviderError(`tradebill download failed: ${(err as Error).message.replace(/token=[^&\s]*/g, 'token=…')}`, NAME, 'upstream')
    }
    if (status !== 200) throw new ProviderError(`tradebill download: HTTP ${status}`, NAME, 'upstream')
    let plain: Buffer
    try {
      plain = gunzipSync(body, { maxOutputLength: 64 * 1024 * 1024 })
    } catch {
      throw new ProviderError('tradebill download: the file is not gzip', NAME, 'malformed')
    }
    const sha1 = createHash('sha1').update(plain).digest('hex')
    if (sha1 !== String(r.json.hash_value).toLowerCase()) throw new ProviderError('tradebill download: SHA1 does not match', NAME, 'forged')
    try {
      return parseWechatBill(plain.toString('utf8'))
    } catch (err) {
      throw new ProviderError((err as Error).message, NAME, 'malformed')
    }
  }

  /** decrypts a v3 notification (signature headers verified first); answers the event type and the plaintext */
  function openNotification(n: IncomingNotification, what: string): { eventType: string; plain: string } {
    verifySignature(n.headers, n.rawBody, what)
    let body: any
    try {
      body = JSON.parse(n.rawBody)
    } catch {
      throw new ProviderError(`${what}: body is not JSON`, NAME, 'malformed')
    }
    const resource = body?.resource
    if (
      !resource ||
      resource.algorithm !== 'AEAD_AES_256_GCM' ||
      typeof resource.ciphertext !== 'string' ||
      typeof resource.nonce !== 'string'
    )
      throw new ProviderError(`${what}: resource missing or not AEAD_AES_256_GCM`, NAME, 'malformed')
    try {
      return { eventType: String(body.event_type ?? ''), plain: decryptResource(config.apiV3Key, resource) }
    } catch {
      throw new ProviderError(`${what}: resource does not decrypt (GCM tag mismatch)`, NAME, 'forged')
    }
  }

  const agreements = config.papay ? createPapay(config.papay) : undefined

  /**
   * 委托代扣 of the 预约扣费 kind (docs/decisions/079-monthly-providers.md), direct merchant, API v3:
   * - pre-sign: POST /v3/papay/scheduled-deduct-sign/contracts/pre-entrust-sign/{mini-program|jsapi|h5} with plan_id,
   *   out_contract_code (our plan_no), contract_notify_url and the first deduct_schedule; the mini-program answer
   *   (pre_entrustweb_id, redirect_appid, redirect_path) is opened with navigateToMiniProgram, the others' redirect_url
   *   in the browser;
   * - sign and terminate notifications (PAPAY.SIGN / PAPAY.TERMINATE, encrypted like payment notifications):
   *   contract_id, out_contract_code, contract_state;
   * - the pre-deduction notice: POST /v3/papay/contracts/{contract_id}/notify (204) days before each charge;
   * - the charge: POST /v3/papay/pay/transactions/apply with contract_id, accepted and carried out asynchronously: its
   *   result is the order query or the TRANSACTION.* notification at transaction_notify_url;
   * - the end: POST /v3/papay/sign/contracts/plan-id/{plan_id}/out-contract-code/{out_contract_code}/terminate.
   */
  function createPapay(papay: { planId: number; displayAccount?: string }): AgreementProvider {
    const planId = Number(papay.planId)
    const display = truncateUtf8(papay.displayAccount || '月捐', 32)
    const contractOf = (c: any, what: string): SignNotification => {
      if (c?.mchid !== undefined && c.mchid !== config.mchId)
        throw new ProviderError(`${what}: mchid ${c.mchid} is not ours`, NAME, 'forged')
      if (c?.appid !== undefined && c.appid !== config.appId)
        throw new ProviderError(`${what}: appid ${c.appid} is not ours`, NAME, 'forged')
      if (c?.plan_id !== undefined && Number(c.plan_id) !== planId)
        throw new ProviderError(`${what}: plan_id ${c.plan_id} is not ours`, NAME, 'forged')
      if (typeof c?.out_contract_code !== 'string' || typeof c?.contract_id !== 'string')
        throw new ProviderError(`${what}: out_contract_code or contract_id missing`, NAME, 'malformed')
      const state = String(c.contract_state ?? '')
      const outcome = state === 'TERMINATED' ? 'terminated' : state === 'SIGNED' || state === 'ENTRUST' ? 'signed' : null
      if (!outcome) throw new ProviderError(`${what}: contract_state ${state}`, NAME, 'malformed')
      return { provider: NAME, planNo: c.out_contract_code, agreementNo: c.contract_id, outcome, raw: JSON.stringify(c) }
    }
    return {
      name: NAME,
      attemptOffsets: PAPAY_ATTEMPT_OFFSETS,
      allowedHours: PAPAY_HOURS,

      async sign(input: SignInput): Promise<SignStart> {
        assertAmountFen(input.amountFen, NAME)
        const kind =
          input.channel === 'weapp' ? 'mini-program' : input.channel === 'h5-wechat' ? 'jsapi' : input.channel === 'h5' ? 'h5' : null
        if (!kind) throw new ProviderError(`papay: channel ${input.channel ?? '(none)'} cannot sign`, NAME, 'malformed')
        if (kind !== 'h5' && !input.payerId) throw new ProviderError('papay: signing in WeChat needs the openid', NAME, 'malformed')
        const r = await call('POST', `/v3/papay/scheduled-deduct-sign/contracts/pre-entrust-sign/${kind}`, {
          appid: config.appId,
          ...(input.payerId ? { openid: input.payerId } : {}),
          plan_id: planId,
          out_contract_code: input.planNo,
          contract_display_account: display,
          contract_notify_url: input.notifyUrl,
          deduct_schedule: {
            estimated_deduct_date: input.firstChargeOn,
            estimated_deduct_amount: { total: input.amountFen, currency: 'CNY' },
            description: truncateUtf8(input.description || '月捐', 127)
          }
        })
        if (r.status !== 200) throw upstreamError(`papay pre-sign ${kind}`, r)
        if (kind === 'mini-program') {
          const { pre_entrustweb_id: id, redirect_appid: appId, redirect_path: path } = r.json ?? {}
          if (typeof id !== 'string' || typeof appId !== 'string' || typeof path !== 'string')
            throw new ProviderError('papay pre-sign: pre_entrustweb_id, redirect_appid or redirect_path missing', NAME, 'upstream')
          return { page: { kind: 'miniprogram', appId, path, extraData: { pre_entrustweb_id: id } } }
        }
        if (typeof r.json?.redirect_url !== 'string') throw new ProviderError('papay pre-sign: redirect_url missing', NAME, 'upstream')
        return { page: { kind: 'url', url: r.json.redirect_url } }
      },

      async notifyCharge(input: ChargeNoticeInput): Promise<void> {
        assertAmountFen(input.amountFen, NAME)
        const r = await call('POST', `/v3/papay/contracts/${encodeURIComponent(input.agreementNo)}/notify`, {
          mchid: config.mchId,
          appid: config.appId,
          deduct_duration: { count: Math.min(3, Math.max(1, input.days)), unit: 'DAY' },
          estimated_amount: { amount: input.amountFen, currency: 'CNY' }
        })
        if (r.status === 204 || r.status === 200 || r.json?.code === 'ALREADY_EXISTS') return
        if (r.status >= 400 && r.status < 500 && r.json?.code !== 'SYSTEM_ERROR' && r.json?.code !== 'RATELIMIT_EXCEEDED')
          throw new ProviderError(`papay notice: HTTP ${r.status} ${r.json?.code ?? ''}`.trim(), NAME, 'declined')
        throw upstreamError('papay notice', r)
      },

      async charge(input: ChargeInput): Promise<VerifiedNotification> {
        assertBillNo(input.billNo, NAME)
        assertAmountFen(input.amountFen, NAME)
        // the same attempt submitted again (its answer was lost): WeChat's word on the order, never a second apply
        const seen = await call(
          'GET',
          `/v3/pay/transactions/out-trade-no/${encodeURIComponent(input.billNo)}?mchid=${encodeURIComponent(config.mchId)}`
        )
        if (seen.status === 200) {
          if (seen.json?.out_trade_no !== input.billNo)
            throw new ProviderError(`papay query: answer is about ${seen.json?.out_trade_no}`, NAME, 'forged')
          const known = toVerified(seen.json as Transaction, seen.raw, 'papay query')
          if (known?.outcome === 'paid') return known
          if (known?.outcome === 'failed') throw new ProviderError('papay charge: the deduction failed', NAME, 'declined')
          throw new ProviderError('papay charge: still being deducted, the result comes by notification', NAME, 'indeterminate')
        }
        if (seen.status !== 404 && seen.json?.code !== 'ORDER_NOT_EXIST') throw upstreamError('papay query', seen)
        const r = await call('POST', '/v3/papay/pay/transactions/apply', {
          appid: config.appId,
          out_trade_no: input.billNo,
          description: truncateUtf8(input.description || '月捐', 127),
          transaction_notify_url: input.notifyUrl,
          contract_id: input.agreementNo,
          amount: { total: input.amountFen, currency: 'CNY' }
        })
        // a 4xx other than a system error or a rate limit: WeChat took no money (NOT_ENOUGH, CONTRACT_NOT_EXIST, …)
        if (r.status >= 400 && r.status < 500 && !['SYSTEM_ERROR', 'RATELIMIT_EXCEEDED', 'FREQUENCY_LIMITED'].includes(r.json?.code))
          throw new ProviderError(`papay apply: HTTP ${r.status} ${r.json?.code ?? ''} ${r.json?.message ?? ''}`.trim(), NAME, 'declined')
        if (r.status !== 200 && r.status !== 204)
          throw new ProviderError(`papay apply: HTTP ${r.status} ${r.json?.code ?? ''}`.trim(), NAME, 'indeterminate')
        // accepted: the deduction runs at WeChat; the order query tells whether it is over yet
        const state = await query(input.billNo)
        if (state?.outcome === 'paid') return state
        if (state?.outcome === 'failed') throw new ProviderError('papay charge: the deduction failed', NAME, 'declined')
        throw new ProviderError('papay charge: accepted, the result comes by notification', NAME, 'indeterminate')
      },

      async terminate(_agreementNo: string, planNo: string): Promise<void> {
        const r = await call(
          'POST',
          `/v3/papay/sign/contracts/plan-id/${planId}/out-contract-code/${encodeURIComponent(planNo)}/terminate`,
          { contract_termination_remark: '捐赠人停止月捐' }
        )
        if (r.status === 200 || r.status === 204) return
        // an agreement WeChat does not know, or one already ended, is ended
        if (
          r.status === 404 ||
          r.json?.code === 'NOT_FOUND' ||
          r.json?.code === 'CONTRACT_NOT_EXIST' ||
          r.json?.code === 'CONTRACT_TERMINATED'
        )
          return
        throw upstreamError('papay terminate', r)
      },

      async verifyAgreementNotification(n: IncomingNotification): Promise<SignNotification | VerifiedNotification> {
        const { eventType, plain } = openNotification(n, 'papay notify')
        let doc: any
        try {
          doc = JSON.parse(plain)
        } catch {
          throw new ProviderError('papay notify: decrypted resource is not JSON', NAME, 'malformed')
        }
        if (eventType.startsWith('TRANSACTION.')) {
          const v = toVerified(doc as Transaction, plain, 'papay charge notify')
          if (!v) throw new ProviderError(`papay charge notify: trade_state ${doc?.trade_state} is not final`, NAME, 'malformed')
          return v
        }
        return contractOf(doc, 'papay contract notify')
      },

      ack: (ok: boolean) =>
        ok
          ? { status: 204, contentType: 'text/plain', body: '' }
          : { status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) }
    }
  }

  return {
    name: NAME,
    billAccount: config.mchId,
    downloadBill,
    agreements,

    async create(input: CreatePaymentInput): Promise<CreatePaymentResult> {
      assertBillNo(input.billNo, NAME)
      assertAmountFen(input.amountFen, NAME)
      const common = {
        appid: config.appId,
        mchid: config.mchId,
        description: truncateUtf8(input.description || '捐赠', 127),
        out_trade_no: input.billNo,
        time_expire: toRfc3339Beijing(input.expiresAt),
        notify_url: input.notifyUrl,
        amount: { total: input.amountFen, currency: 'CNY' }
      }

      if (input.channel === 'weapp' || input.channel === 'h5-wechat') {
        if (!input.payerId) throw new ProviderError('JSAPI payment needs the payer openid', NAME, 'malformed')
        const r = await call('POST', '/v3/pay/transactions/jsapi', { ...common, payer: { openid: input.payerId } })
        if (r.status !== 200 || typeof r.json?.prepay_id !== 'string') throw upstreamError('jsapi order', r)
        const timeStamp = String(nowSec())
        const nonceStr = wechatNonce()
        const packageValue = `prepay_id=${r.json.prepay_id}`
        return {
          params: {
            provider: NAME,
            appId: config.appId,
            timeStamp,
            nonceStr,
            packageValue,
            signType: 'RSA',
            paySign: buildPaySign(merchantKey, config.appId, timeStamp, nonceStr, packageValue)
          }
        }
      }

      if (input.channel === 'h5') {
        const r = await call('POST', '/v3/pay/transactions/h5', {
          ...common,
          scene_info: { payer_client_ip: input.clientIp || '127.0.0.1', h5_info: { type: 'Wap' } }
        })
        if (r.status !== 200 || typeof r.json?.h5_url !== 'string') throw upstreamError('h5 order', r)
        let url: string = r.json.h5_url
        // WeChat's cashier returns the browser to redirect_url (it must be on the merchant's registered H5 domain)
        if (input.returnUrl) url += `${url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(input.returnUrl)}`
        return { params: { provider: NAME, url } }
      }

      throw new ProviderError(`WeChat Pay does not serve channel ${input.channel}`, NAME, 'malformed')
    },

    async verifyNotification(n: IncomingNotification): Promise<VerifiedNotification> {
      verifySignature(n.headers, n.rawBody, 'notify')
      let body: any
      try {
        body = JSON.parse(n.rawBody)
      } catch {
        throw new ProviderError('notify: body is not JSON', NAME, 'malformed')
      }
      const resource = body?.resource
      if (
        !resource ||
        resource.algorithm !== 'AEAD_AES_256_GCM' ||
        typeof resource.ciphertext !== 'string' ||
        typeof resource.nonce !== 'string'
      ) {
        throw new ProviderError('notify: resource missing or not AEAD_AES_256_GCM', NAME, 'malformed')
      }
      let plain: string
      try {
        plain = decryptResource(config.apiV3Key, resource)
      } catch {
        // the signature was right but GCM refuses: wrong APIv3 key or a ciphertext altered before signing
        throw new ProviderError('notify: resource does not decrypt (GCM tag mismatch)', NAME, 'forged')
      }
      let txn: Transaction
      try {
        txn = JSON.parse(plain)
      } catch {
        throw new ProviderError('notify: decrypted resource is not JSON', NAME, 'malformed')
      }
      // REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED come to the same notify URL, encrypted the same way
      if (typeof body.event_type === 'string' && body.event_type.startsWith('REFUND.'))
        return refundNotification(txn as WechatRefund, plain, 'refund notify')
      const verified = toVerified(txn, plain, 'notify')
      if (!verified) throw new ProviderError(`notify: trade_state ${txn.trade_state} is not final`, NAME, 'malformed')
      return verified
    },

    query,

    /**
     * POST /v3/pay/transactions/out-trade-no/{no}/close {"mchid"}: 204 closed (WeChat answers 204 for an order already
     * closed, and for one it never saw); ORDER_CLOSED closed; ORDER_NOT_EXIST absent. Anything else (USER_PAYING 202,
     * ORDERPAID, a 5xx) is settled by the order query: paid money comes back as 'paid', a closed or failed order is
     * 'closed', and an order still open throws so the close job asks again.
     */
    async close(billNo: string): Promise<CloseOutcome> {
      assertBillNo(billNo, NAME)
      const r = await call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(billNo)}/close`, { mchid: config.mchId })
      if (r.status === 204 || r.json?.code === 'ORDER_CLOSED') return { status: 'closed' }
      if (r.status === 404 || r.json?.code === 'ORDER_NOT_EXIST') return { status: 'absent' }
      const state = await query(billNo)
      if (state?.outcome === 'paid') return { status: 'paid', paid: state }
      if (state?.outcome === 'failed') return { status: 'closed' }
      throw upstreamError(`close ${billNo}`, r)
    },

    async refund(input: RefundInput): Promise<RefundAnswer> {
      assertBillNo(input.billNo, NAME)
      assertAmountFen(input.amountFen, NAME)
      const r = await call('POST', '/v3/refund/domestic/refunds', {
        ...(input.providerTradeNo ? { transaction_id: input.providerTradeNo } : { out_trade_no: input.billNo }),
        out_refund_no: input.outRefundNo,
        reason: truncateUtf8(input.reason, 80),
        ...(input.notifyUrl ? { notify_url: input.notifyUrl } : {}),
        amount: { refund: input.amountFen, total: input.totalFen, currency: 'CNY' }
      })
      if (r.status === 200) return refundAnswer(r.json as WechatRefund, r.raw, 'refund')
      // 4xx: WeChat refused (NOT_ENOUGH, INVALID_REQUEST, PARAM_ERROR, …): nothing was refunded. 5xx and
      // SYSTEM_ERROR may hide a refund that went through: asked again by out_refund_no later.
      if (r.status >= 400 && r.status < 500 && r.json?.code !== 'SYSTEM_ERROR' && r.json?.code !== 'FREQUENCY_LIMITED')
        throw new ProviderError(`refund: HTTP ${r.status} ${r.json?.code ?? ''} ${r.json?.message ?? ''}`.trim(), NAME, 'declined')
      throw new ProviderError(`refund: HTTP ${r.status} ${r.json?.code ?? ''}`.trim(), NAME, 'indeterminate')
    },

    async queryRefund(outRefundNo: string): Promise<RefundAnswer | null> {
      const r = await call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`)
      if (r.status === 404 || r.json?.code === 'RESOURCE_NOT_EXISTS') return null
      if (r.status !== 200) throw upstreamError('refund query', r)
      if (r.json?.out_refund_no !== outRefundNo)
        throw new ProviderError(`refund query: answer is about ${r.json?.out_refund_no}, not ${outRefundNo}`, NAME, 'forged')
      return refundAnswer(r.json as WechatRefund, r.raw, 'refund query')
    },

    ack(ok: boolean): NotificationAck {
      return ok
        ? { status: 204, contentType: 'text/plain', body: '' }
        : { status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: '失败' }) }
    }
  }
}
