/**
 * Alipay mini-program subscription messages (docs/decisions/049-subscribe-messages.md): the RSA2-signed gateway call
 * alipay.open.app.mini.templatemessage.send with biz_content {to_open_id | to_user_id, user_template_id, page, data},
 * where data is the JSON text {"keyword1": {"value": …}, …}. Since the subscribe dialog (my.requestSubscribeMessage)
 * replaced form ids, a donor's accepted subscription is what lets the message through; like WeChat's, each accept of
 * a one-time template allows one message (grants.ts). The donor is one signed in through the Alipay mini-program
 * (app_user.source 'alipay'): their open_id, or the older 2088… user_id. Signed with the school's Alipay app key
 * (providers/payment/alipay.ts), the answer's signature verified with the Alipay public key.
 *
 * code 10000 is sent. 40004 (a business refusal: no subscription, wrong template) and 40002 (invalid arguments) will
 * not change by retrying: NoticeSkip with Alipay's sub_code. 20000 (service unavailable), network and signature
 * failures throw, and the job worker retries.
 */
import { ALIPAY_HOSTS, OutboundError, outboundFetch } from '../../lib/outbound'
import { alipaySignContent, rawJsonMember, rsa2Sign, rsa2Verify } from '../../providers/payment/alipay'
import { formEncode, loadPrivateKey, loadPublicKey, toAlipayTime } from '../../providers/payment/common/http'
import { ChannelConfigError } from '../channel/credentials'
import { ALIPAY_GATEWAY, oauthConfig } from '../identity/oauth'
import { claimPlatformAddress } from './grants'
import type { NoticeChannel, NotifyRuntime } from './send'
import { NoticeSkip } from './skip'
import { NOTICE_PAGE, templateData, templateFor } from './templates'

const TIMEOUT_MS = 8000
export const ALIPAY_NOTICE_METHOD = 'alipay.open.app.mini.templatemessage.send'
const MEMBER = 'alipay_open_app_mini_templatemessage_send_response'
const FINAL_CODES = new Set(['40002', '40004'])

async function alipayApp(rt: NotifyRuntime, schoolId: number) {
  try {
    const cfg = await oauthConfig(rt.db, schoolId, 'alipay', rt.env)
    const { privateKey, alipayPublicKey } = cfg?.credentials ?? {}
    return cfg?.app_id && privateKey && alipayPublicKey
      ? { appId: cfg.app_id, privateKey, alipayPublicKey, gateway: cfg.api_base || ALIPAY_GATEWAY }
      : null
  } catch (err) {
    if (err instanceof ChannelConfigError) throw new NoticeSkip(`the Alipay credentials are broken (${err.message})`)
    throw err
  }
}

export const alipayChannel: NoticeChannel = {
  name: 'alipay',
  address: (rt, n) =>
    claimPlatformAddress(
      rt,
      n,
      'alipay',
      { source: 'alipay', signIn: 'not signed in through the Alipay mini-program', app: 'the school has no Alipay app credentials' },
      () => alipayApp(rt, n.school_id)
    ),
  async send(rt, n, p, to, lang) {
    const cfg = await alipayApp(rt, n.school_id)
    const tpl = await templateFor(rt.db, n.school_id, 'alipay', n.kind)
    if (!cfg || !tpl) throw new NoticeSkip('the Alipay app or its template was removed')
    let priv, pub
    try {
      priv = loadPrivateKey(cfg.privateKey, 'alipay')
      pub = loadPublicKey(cfg.alipayPublicKey, 'alipay')
    } catch (err) {
      throw new NoticeSkip(`templatemessage.send: ${(err as Error).message}`)
    }
    const data = templateData('alipay', tpl.fields, n.kind, lang, p.facts, rt.now())
    // a 2088… number is the older user_id; anything else is the open_id of the newer sign-in
    const recipient = /^2088\d{12}$/.test(to) ? { to_user_id: to } : { to_open_id: to }
    const params: Record<string, string> = {
      app_id: cfg.appId,
      method: ALIPAY_NOTICE_METHOD,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: toAlipayTime(rt.now()),
      version: '1.0',
      biz_content: JSON.stringify({ ...recipient, user_template_id: tpl.templateId, page: NOTICE_PAGE[n.kind], data: JSON.stringify(data) })
    }
    params.sign = rsa2Sign(alipaySignContent(params), priv)
    let text: string
    try {
      const res = await outboundFetch(
        rt.outbound,
        ALIPAY_HOSTS,
        rt.fetch
      )(cfg.gateway, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: formEncode(params),
        signal: AbortSignal.timeout(TIMEOUT_MS)
      })
      text = await res.text()
    } catch (err) {
      throw new Error(
        `templatemessage.send: request failed (${(err as Error).name}${err instanceof OutboundError ? `: ${err.message}` : ''})`
      )
    }
    let doc: Record<string, unknown>
    try {
      doc = JSON.parse(text) as Record<string, unknown>
    } catch {
      throw new Error('templatemessage.send: answer is not JSON')
    }
    const raw = rawJsonMember(text, MEMBER) ?? rawJsonMember(text, 'error_response')
    const sign = typeof doc.sign === 'string' ? doc.sign : ''
    if (!raw || !sign || !rsa2Verify(raw, sign, pub)) throw new Error('templatemessage.send: answer signature does not verify')
    const a = (doc[MEMBER] ?? doc.error_response ?? {}) as Record<string, unknown>
    const code = String(a.code ?? '')
    if (code === '10000') return
    const why = `templatemessage.send: ${code} ${String(a.sub_code ?? '')} ${String(a.sub_msg ?? a.msg ?? '')}`.trim()
    if (FINAL_CODES.has(code)) throw new NoticeSkip(why)
    throw new Error(why)
  }
}
