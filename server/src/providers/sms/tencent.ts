/**
 * Tencent Cloud SMS (API 3.0, action SendSms, version 2021-01-11) on node:crypto, no SDK. Requests are
 * signed with TC3-HMAC-SHA256:
 *   CanonicalRequest = POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:{host}\nx-tc-action:sendsms\n\n
 *                      content-type;host;x-tc-action\n{hex sha256(payload)}
 *   StringToSign     = TC3-HMAC-SHA256\n{timestamp}\n{date}/sms/tc3_request\n{hex sha256(CanonicalRequest)}
 *   key              = HMAC(HMAC(HMAC("TC3" + SecretKey, date), "sms"), "tc3_request")
 *   Authorization    = TC3-HMAC-SHA256 Credential={SecretId}/{date}/sms/tc3_request, SignedHeaders=…, Signature={hex HMAC(key, StringToSign)}
 * where date is the UTC day of the timestamp. The code and the keys are never logged: an error names Tencent's error
 * code only (e.g. LimitExceeded.PhoneNumberDailyLimit).
 */
import { createHash, createHmac } from 'node:crypto'
import { TENCENT_SMS_HOSTS, outboundFetch, outboundPolicyFromEnv, type OutboundPolicy } from '../../lib/outbound'
import type { SmsCodeMessage, SmsProvider } from './types'

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

export const TENCENT_SMS_ENDPOINT = 'https://sms.tencentcloudapi.com'
const SERVICE = 'sms'
const ACTION = 'SendSms'
const VERSION = '2021-01-11'
const CONTENT_TYPE = 'application/json; charset=utf-8'
const SIGNED_HEADERS = 'content-type;host;x-tc-action'

export interface TencentSmsConfig {
  secretId: string
  secretKey: string
  sdkAppId: string
  /** the approved signature (签名), e.g. 某某大学教育基金会 */
  signName: string
  templateId: string
  /** what fills {1}, {2}…: 'code' and 'minutes' */
  templateParams: Array<'code' | 'minutes'>
  region: string
  /** '' = TENCENT_SMS_ENDPOINT (tests: a fake server) */
  endpoint?: string
  fetch?: FetchLike
  /** where requests may go (lib/outbound.ts); default: the provider's hosts and OUTBOUND_HOSTS */
  outbound?: OutboundPolicy
  /** seconds */
  now?: () => number
  timeoutMs?: number
}

/** Any approved template of the school's account (an SMS receipt's short link, docs/decisions/050-yearly-statement.md). */
export interface TemplateSms {
  sendTemplate(mobile: string, templateId: string, params: string[]): Promise<void>
}

export class SmsProviderError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'SmsProviderError'
  }
}

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex')
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s, 'utf8').digest()

/** The TC3-HMAC-SHA256 Authorization header of a JSON POST to `/` (exported for the fake server of the tests). */
export function tc3Authorization(a: {
  secretId: string
  secretKey: string
  host: string
  action: string
  payload: string
  timestamp: number
}) {
  const date = new Date(a.timestamp * 1000).toISOString().slice(0, 10)
  const canonicalHeaders = `content-type:${CONTENT_TYPE}\nhost:${a.host}\nx-tc-action:${a.action.toLowerCase()}\n`
  const canonicalRequest = `POST\n/\n\n${canonicalHeaders}\n${SIGNED_HEADERS}\n${sha256Hex(a.payload)}`
  const scope = `${date}/${SERVICE}/tc3_request`
  const stringToSign = `TC3-HMAC-SHA256\n${a.timestamp}\n${scope}\n${sha256Hex(canonicalRequest)}`
  const key = hmac(hmac(hmac(`TC3${a.secretKey}`, date), SERVICE), 'tc3_request')
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex')
  return `TC3-HMAC-SHA256 Credential=${a.secretId}/${scope}, SignedHeaders=${SIGNED_HEADERS}, Signature=${signature}`
}

/** "86-13800138000" -> "+8613800138000" (E.164, as SendSms wants it) */
export const e164 = (mobile: string) => `+${mobile.replace(/[^0-9]/g, '')}`

/** fetch sends Host from the URL (host:port), which is what the signature covers. */
export function createTencentSms(cfg: TencentSmsConfig): SmsProvider & TemplateSms {
  for (const k of ['secretId', 'secretKey', 'sdkAppId', 'signName', 'templateId', 'region'] as const) {
    if (!cfg[k]) throw new SmsProviderError(`tencent sms config: ${k} is missing`)
  }
  const endpoint = (cfg.endpoint || TENCENT_SMS_ENDPOINT).replace(/\/+$/, '')
  const host = new URL(endpoint).host
  // requests only to the provider's hosts or OUTBOUND_HOSTS, public addresses only (lib/outbound.ts)
  const fetchImpl: FetchLike = cfg.fetch ?? outboundFetch(cfg.outbound ?? outboundPolicyFromEnv(), TENCENT_SMS_HOSTS)
  const nowSec = cfg.now ?? (() => Math.floor(Date.now() / 1000))
  /** one SendSms of `templateId` with `params` to one number; rejects unless Tencent answers Ok for it */
  async function send(mobile: string, templateId: string, params: string[]): Promise<void> {
    const payload = JSON.stringify({
      PhoneNumberSet: [e164(mobile)],
      SmsSdkAppId: cfg.sdkAppId,
      SignName: cfg.signName,
      TemplateId: templateId,
      TemplateParamSet: params
    })
    const timestamp = nowSec()
    let res: Response
    try {
      res = await fetchImpl(`${endpoint}/`, {
        method: 'POST',
        headers: {
          Authorization: tc3Authorization({ secretId: cfg.secretId, secretKey: cfg.secretKey, host, action: ACTION, payload, timestamp }),
          'Content-Type': CONTENT_TYPE,
          'X-TC-Action': ACTION,
          'X-TC-Timestamp': String(timestamp),
          'X-TC-Version': VERSION,
          'X-TC-Region': cfg.region
        },
        body: payload,
        signal: AbortSignal.timeout(cfg.timeoutMs ?? 8000)
      })
    } catch (err) {
      throw new SmsProviderError(`tencent sms: request failed (${(err as Error).name})`)
    }
    const text = await res.text()
    let body: { Response?: { Error?: { Code?: string }; SendStatusSet?: Array<{ Code?: string }> } }
    try {
      body = JSON.parse(text) as typeof body
    } catch {
      throw new SmsProviderError(`tencent sms: answer is not JSON (HTTP ${res.status})`)
    }
    const r = body.Response
    if (!r) throw new SmsProviderError(`tencent sms: no Response (HTTP ${res.status})`)
    if (r.Error) throw new SmsProviderError(`tencent sms: ${String(r.Error.Code ?? 'error').slice(0, 80)}`)
    const status = r.SendStatusSet?.[0]?.Code
    if (status !== 'Ok') throw new SmsProviderError(`tencent sms: ${String(status ?? 'no send status').slice(0, 80)}`)
  }
  return {
    name: 'tencent',
    async sendCode(m: SmsCodeMessage) {
      const params = cfg.templateParams.map((p) => (p === 'code' ? m.code : String(Math.max(1, Math.round(m.ttlSeconds / 60)))))
      await send(m.mobile, cfg.templateId, params)
    },
    sendTemplate: send
  }
}
