/**
 * The platforms' content checks, called at the HTTP boundary only (docs/decisions/042-content-security.md):
 *
 * - WeChat msgSecCheck v2: POST {api}/wxa/msg_sec_check?access_token=… with {content, version: 2, scene, openid};
 *   the verdict is `result.suggest` ('pass' | 'review' | 'risky') with `result.label`. v2 needs the openid of a donor who
 *   used the mini-program recently, so it checks only donors who signed in there.
 * - WeChat mediaCheckAsync v2: POST {api}/wxa/media_check_async?access_token=… with {media_url, media_type: 2,
 *   version: 2, scene, openid}; the answer is a trace_id, the verdict comes later as the `wxa_media_check` event to
 *   the mini-program's message push URL (routes/moderation/push.ts).
 * - Alipay alipay.security.risk.content.detect: an RSA2-signed gateway call with biz_content {content}; the answer's
 *   `action` is 'PASSED' or 'REJECTED' (anything else is treated as review); the answer's signature is verified.
 * - The sandbox (schools with school_setting.sandbox_enabled, the demo schools): text with 【违规】 or [risky] is risky,
 *   with 【待审】 or [review] needs review, anything else passes; images pass. Tests and demos see every outcome.
 */
import { alipaySignContent, rawJsonMember, rsa2Sign, rsa2Verify } from '../../providers/payment/alipay'
import { formEncode, loadPrivateKey, loadPublicKey, toAlipayTime } from '../../providers/payment/common/http'
import type { FetchLike } from '../../lib/outbound'

export type Suggest = 'pass' | 'review' | 'risky'
export interface Verdict {
  suggest: Suggest
  /** the platform's label or keyword, kept with a held item for staff */
  label: string
}

/** A checker that did not answer usably (network, errcode, bad signature): the content is held for staff. */
export class CheckerError extends Error {
  constructor(
    message: string,
    readonly errcode?: number
  ) {
    super(message)
    this.name = 'CheckerError'
  }
}

const TIMEOUT_MS = 8000
/** WeChat v2 scenes: 1 profile (nickname, avatar), 2 comment (messages, slogans, nameplates) */
export type WechatScene = 1 | 2

async function postJson(fetch: FetchLike, url: string, body: unknown, what: string): Promise<Record<string, unknown>> {
  let res: Response
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS)
    })
  } catch (err) {
    // never the URL: its query holds the access_token
    throw new CheckerError(`${what}: request failed (${(err as Error).name})`)
  }
  const text = await res.text()
  try {
    return JSON.parse(text) as Record<string, unknown>
  } catch {
    throw new CheckerError(`${what}: answer is not JSON (HTTP ${res.status})`)
  }
}

function wechatErr(body: Record<string, unknown>, what: string) {
  const errcode = Number(body.errcode ?? 0)
  if (errcode !== 0) throw new CheckerError(`${what}: errcode ${errcode} ${String(body.errmsg ?? '')}`.trim(), errcode)
}

const SUGGESTS = new Set<Suggest>(['pass', 'review', 'risky'])

/** `result` of a v2 answer or event; anything unexpected is a CheckerError (held, never passed). */
export function wechatVerdict(result: unknown, what: string): Verdict {
  const r = (result && typeof result === 'object' ? result : {}) as Record<string, unknown>
  const suggest = String(r.suggest ?? '') as Suggest
  if (!SUGGESTS.has(suggest)) throw new CheckerError(`${what}: no result.suggest in the answer`)
  return { suggest, label: r.label === undefined ? '' : String(r.label).slice(0, 40) }
}

export async function wechatMsgSecCheck(
  fetch: FetchLike,
  apiBase: string,
  accessToken: string,
  q: { content: string; openid: string; scene: WechatScene }
): Promise<Verdict> {
  const url = `${apiBase}/wxa/msg_sec_check?${new URLSearchParams({ access_token: accessToken })}`
  const body = await postJson(fetch, url, { content: q.content, version: 2, scene: q.scene, openid: q.openid }, 'msg_sec_check')
  wechatErr(body, 'msg_sec_check')
  return wechatVerdict(body.result, 'msg_sec_check')
}

/** Starts the asynchronous image check; answers its trace_id. */
export async function wechatMediaCheckAsync(
  fetch: FetchLike,
  apiBase: string,
  accessToken: string,
  q: { mediaUrl: string; openid: string; scene: WechatScene }
): Promise<string> {
  const url = `${apiBase}/wxa/media_check_async?${new URLSearchParams({ access_token: accessToken })}`
  const body = await postJson(
    fetch,
    url,
    { media_url: q.mediaUrl, media_type: 2, version: 2, scene: q.scene, openid: q.openid },
    'media_check_async'
  )
  wechatErr(body, 'media_check_async')
  if (typeof body.trace_id !== 'string' || !body.trace_id) throw new CheckerError('media_check_async: no trace_id in the answer')
  return body.trace_id
}

export interface AlipayDetectConfig {
  appId: string
  privateKey: string
  alipayPublicKey: string
  gateway: string
}

const DETECT_MEMBER = 'alipay_security_risk_content_detect_response'

export async function alipayContentDetect(fetch: FetchLike, cfg: AlipayDetectConfig, content: string, now: Date): Promise<Verdict> {
  let priv, pub
  try {
    priv = loadPrivateKey(cfg.privateKey, 'alipay')
    pub = loadPublicKey(cfg.alipayPublicKey, 'alipay')
  } catch (err) {
    throw new CheckerError(`content.detect: ${(err as Error).message}`)
  }
  const params: Record<string, string> = {
    app_id: cfg.appId,
    method: 'alipay.security.risk.content.detect',
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: toAlipayTime(now),
    version: '1.0',
    biz_content: JSON.stringify({ content })
  }
  params.sign = rsa2Sign(alipaySignContent(params), priv)
  let text: string
  try {
    const res = await fetch(cfg.gateway, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: formEncode(params),
      signal: AbortSignal.timeout(TIMEOUT_MS)
    })
    text = await res.text()
  } catch (err) {
    throw new CheckerError(`content.detect: request failed (${(err as Error).name})`)
  }
  let doc: Record<string, unknown>
  try {
    doc = JSON.parse(text) as Record<string, unknown>
  } catch {
    throw new CheckerError('content.detect: answer is not JSON')
  }
  const raw = rawJsonMember(text, DETECT_MEMBER) ?? rawJsonMember(text, 'error_response')
  const sign = typeof doc.sign === 'string' ? doc.sign : ''
  if (!raw || !sign || !rsa2Verify(raw, sign, pub)) throw new CheckerError('content.detect: answer signature does not verify')
  const a = (doc[DETECT_MEMBER] ?? {}) as Record<string, unknown>
  if (String(a.code ?? '') !== '10000') throw new CheckerError(`content.detect: refused ${String(a.sub_code ?? a.code ?? '')}`)
  const keywords = Array.isArray(a.keywords) ? a.keywords.map(String).join(',').slice(0, 40) : ''
  const action = String(a.action ?? '')
  if (action === 'PASSED') return { suggest: 'pass', label: '' }
  if (action === 'REJECTED') return { suggest: 'risky', label: keywords }
  return { suggest: 'review', label: action.slice(0, 40) }
}

/** The demo schools' checker: every outcome reachable by a marker in the text. */
export function sandboxVerdict(text: string): Verdict {
  if (text.includes('【违规】') || text.toLowerCase().includes('[risky]')) return { suggest: 'risky', label: 'sandbox' }
  if (text.includes('【待审】') || text.toLowerCase().includes('[review]')) return { suggest: 'review', label: 'sandbox' }
  return { suggest: 'pass', label: '' }
}
