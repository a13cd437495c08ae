/**
 * WeChat subscribe messages (docs/decisions/049-subscribe-messages.md): POST {api}/cgi-bin/message/subscribe/send
 * ?access_token=… with {touser, template_id, page, data, miniprogram_state, lang}, to a donor signed in through the
 * school's mini-program (app_user.source 'weapp', the openid), with the mini-program's access_token from the shared
 * cache (providers/wechat/jsapi.ts, as content checks use it). Each message spends one grant the donor gave by tapping
 * "accept" in wx.requestSubscribeMessage (grants.ts).
 *
 * WeChat answers errors as {errcode, errmsg} with HTTP 200. A stale token (40001/40014/42001) is dropped and fetched
 * again once. The donor refused or the subscription is used up (43101), a wrong template or data (40037, 47003) and a
 * bad openid (40003) will not change by retrying: NoticeSkip. Network failures, HTTP errors and anything else (-1
 * system busy, 45009 rate limits) throw, and the job worker retries them.
 */
import { outboundHostList, OutboundError, outboundFetch, WECHAT_API_HOSTS } from '../../lib/outbound'
import { STALE_TOKEN_CODES, WECHAT_API_DEFAULT, type OfficialAccount } from '../../providers/wechat/jsapi'
import { ChannelConfigError } from '../channel/credentials'
import { oauthConfig } from '../identity/oauth'
import { claimPlatformAddress } from './grants'
import type { NoticeChannel, NotifyRuntime } from './send'
import { NoticeSkip } from './skip'
import { NOTICE_PAGE, templateData, templateFor } from './templates'

const TIMEOUT_MS = 8000
/** refused by the donor / used up, bad openid, bad template id, bad data: trying again cannot help */
export const WECHAT_FINAL_CODES = new Set([43101, 40003, 40037, 47003])

class WechatSendError extends Error {
  constructor(
    message: string,
    readonly errcode?: number
  ) {
    super(message)
    this.name = 'WechatSendError'
  }
}

async function miniProgram(rt: NotifyRuntime, schoolId: number): Promise<OfficialAccount | null> {
  try {
    const cfg = await oauthConfig(rt.db, schoolId, 'weapp', rt.env)
    const secret = cfg?.credentials.secret ?? ''
    return cfg?.app_id && secret ? { appId: cfg.app_id, secret, apiBase: cfg.api_base } : null
  } catch (err) {
    if (err instanceof ChannelConfigError) throw new NoticeSkip(`the mini-program credentials are broken (${err.message})`)
    throw err
  }
}

async function post(rt: NotifyRuntime, url: string, body: unknown): Promise<void> {
  const fetch = outboundFetch(
    rt.outbound,
    [...WECHAT_API_HOSTS, ...outboundHostList(rt.env.WECHAT_API_BASE ? [rt.env.WECHAT_API_BASE] : [])],
    rt.fetch
  )
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
    throw new WechatSendError(
      `subscribe/send: request failed (${(err as Error).name}${err instanceof OutboundError ? `: ${err.message}` : ''})`
    )
  }
  const text = await res.text()
  let answer: Record<string, unknown>
  try {
    answer = JSON.parse(text) as Record<string, unknown>
  } catch {
    throw new WechatSendError(`subscribe/send: answer is not JSON (HTTP ${res.status})`)
  }
  const errcode = Number(answer.errcode ?? 0)
  if (errcode !== 0) throw new WechatSendError(`subscribe/send: errcode ${errcode} ${String(answer.errmsg ?? '')}`.trim(), errcode)
}

export const wechatChannel: NoticeChannel = {
  name: 'wechat',
  address: (rt, n) =>
    claimPlatformAddress(
      rt,
      n,
      'wechat',
      { source: 'weapp', signIn: 'not signed in through the WeChat mini-program', app: 'the school has no mini-program AppID and secret' },
      () => miniProgram(rt, n.school_id)
    ),
  async send(rt, n, p, to, lang) {
    const acct = await miniProgram(rt, n.school_id)
    const tpl = await templateFor(rt.db, n.school_id, 'wechat', n.kind)
    if (!acct || !tpl) throw new NoticeSkip('the mini-program or its template was removed')
    const school = await rt.db.selectFrom('school').select('is_production').where('id', '=', n.school_id).executeTakeFirstOrThrow()
    const body = {
      touser: to,
      template_id: tpl.templateId,
      page: NOTICE_PAGE[n.kind],
      data: templateData('wechat', tpl.fields, n.kind, lang, p.facts, rt.now()),
      // a school not in production runs the trial version of its mini-program (staff settings, isProduction)
      miniprogram_state: school.is_production ? 'formal' : 'trial',
      lang: lang === 'en' ? 'en_US' : 'zh_CN'
    }
    const base = (acct.apiBase || rt.env.WECHAT_API_BASE || WECHAT_API_DEFAULT).replace(/\/+$/, '')
    const urlWith = (token: string) => `${base}/cgi-bin/message/subscribe/send?${new URLSearchParams({ access_token: token })}`
    const token = await rt.jsapi.accessToken(acct)
    try {
      try {
        await post(rt, urlWith(token), body)
      } catch (err) {
        if (!(err instanceof WechatSendError) || !STALE_TOKEN_CODES.has(err.errcode ?? 0)) throw err
        await rt.jsapi.forgetToken(acct, token)
        await post(rt, urlWith(await rt.jsapi.accessToken(acct)), body)
      }
    } catch (err) {
      if (err instanceof WechatSendError && WECHAT_FINAL_CODES.has(err.errcode ?? 0)) throw new NoticeSkip(err.message)
      throw err
    }
  }
}
