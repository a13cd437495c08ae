/**
 * One content check for everything donors write (docs/decisions/042-content-security.md): messages, nicknames,
 * joint-donation sponsor names and slogans, nameplate texts, avatars. Called before anything is stored:
 *
 * - pass: the caller stores the content as visible;
 * - risky: refused with `contentRisky` in the request's language, nothing stored;
 * - review, no checker for this donor, or a checker that failed: held (the caller stores it visible to its author only
 *   and records a content_check row for the console's moderation queue, queue.ts);
 * - an image sent to WeChat's asynchronous check: 'checking' until the wxa_media_check event (routes/moderation).
 *
 * Which checker: a donor signed in through the school's WeChat mini-program (app_user.source 'weapp') is checked by
 * WeChat (msgSecCheck v2 needs their openid) with the mini-program's AppID and secret (the weapp channel row or
 * oauth_config, as sign-in uses them) and its access_token from the shared cache (providers/wechat/jsapi.ts); other
 * donors by Alipay's content.detect when the school has Alipay credentials (text only: Alipay has no image check
 * here); at a sandbox school (school_setting.sandbox_enabled, the demo schools) by the sandbox; otherwise nobody,
 * and the content waits for staff. Every call goes through the outbound allow-list (lib/outbound.ts).
 */
import type { Kysely, Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import { bizError } from '../../errors'
import type { MessageKey } from '../../i18n'
import { ALIPAY_HOSTS, outboundFetch, WECHAT_API_HOSTS, outboundHostList } from '../../lib/outbound'
import { STALE_TOKEN_CODES } from '../../providers/wechat/jsapi'
import { ChannelConfigError } from '../channel/credentials'
import { ALIPAY_GATEWAY, oauthConfig, WECHAT_API } from '../identity/oauth'
import type { IdentityRuntime } from '../identity/runtime'
import {
  alipayContentDetect,
  CheckerError,
  sandboxVerdict,
  wechatMediaCheckAsync,
  wechatMsgSecCheck,
  type AlipayDetectConfig,
  type Verdict,
  type WechatScene
} from './checkers'
import type { CheckerName, ContentKind } from '../../db/schema'
import * as repo from './repository'

export type ModerationRuntime = Pick<IdentityRuntime, 'db' | 'now' | 'log' | 'fetch' | 'outbound' | 'env' | 'jsapi'> & {
  /** PUBLIC_BASE_URL: where WeChat can fetch an avatar from; without it images are held for staff */
  publicBaseUrl: string
}

type Plan =
  | { checker: 'wechat'; appId: string; secret: string; apiBase: string; openid: string }
  | { checker: 'alipay'; cfg: AlipayDetectConfig }
  | { checker: 'sandbox' }
  | { checker: 'none' }

/** What the caller does with the content. `hold` goes into content_check with the stored row's id (recordHold). */
export type CheckOutcome =
  { visible: true } | { visible: false; hold: { checker: CheckerName; state: 'held' | 'checking'; reason: string; traceId: string } }

async function planFor(rt: ModerationRuntime, schoolId: number, userId: number): Promise<Plan> {
  const user = await repo.authorSource(rt.db, schoolId, userId)
  try {
    if (user?.source === 'weapp' && user.open_id) {
      const cfg = await oauthConfig(rt.db, schoolId, 'weapp', rt.env)
      const secret = cfg?.credentials.secret ?? ''
      if (cfg?.app_id && secret) {
        return { checker: 'wechat', appId: cfg.app_id, secret, apiBase: cfg.api_base, openid: user.open_id }
      }
    }
    const ali = await oauthConfig(rt.db, schoolId, 'alipay', rt.env)
    const { privateKey, alipayPublicKey } = ali?.credentials ?? {}
    if (ali?.app_id && privateKey && alipayPublicKey) {
      return { checker: 'alipay', cfg: { appId: ali.app_id, privateKey, alipayPublicKey, gateway: ali.api_base || ALIPAY_GATEWAY } }
    }
  } catch (err) {
    if (!(err instanceof ChannelConfigError)) throw err
    // a broken channel row must not let content through unchecked: held, and said in the log
    rt.log.error({ schoolId, reason: err.message }, 'content check: the channel credentials are broken')
    return { checker: 'none' }
  }
  const s = await repo.sandboxSwitch(rt.db, schoolId)
  return s?.sandbox_enabled ? { checker: 'sandbox' } : { checker: 'none' }
}

function wechatBase(rt: ModerationRuntime, apiBase: string) {
  return (apiBase || rt.env.WECHAT_API_BASE || WECHAT_API).replace(/\/+$/, '')
}

function wechatFetch(rt: ModerationRuntime) {
  return outboundFetch(
    rt.outbound,
    [...WECHAT_API_HOSTS, ...outboundHostList(rt.env.WECHAT_API_BASE ? [rt.env.WECHAT_API_BASE] : [])],
    rt.fetch
  )
}

/** A WeChat call with the mini-program's access_token; a token WeChat calls stale is dropped and fetched again once. */
async function withWechatToken<T>(
  rt: ModerationRuntime,
  p: Extract<Plan, { checker: 'wechat' }>,
  call: (base: string, token: string) => Promise<T>
) {
  const acct = { appId: p.appId, secret: p.secret, apiBase: p.apiBase }
  const base = wechatBase(rt, p.apiBase)
  let token: string
  try {
    token = await rt.jsapi.accessToken(acct)
  } catch (err) {
    throw new CheckerError(`access_token: ${(err as Error).message}`)
  }
  try {
    return await call(base, token)
  } catch (err) {
    if (!(err instanceof CheckerError) || !STALE_TOKEN_CODES.has(err.errcode ?? 0)) throw err
    await rt.jsapi.forgetToken(acct, token)
    return call(base, await rt.jsapi.accessToken(acct))
  }
}

const WHAT: Record<'message' | 'nickname' | 'together' | 'nameplate', MessageKey> = {
  message: 'contentRiskyMessage',
  nickname: 'contentRiskyNickname',
  together: 'contentRiskyTogether',
  nameplate: 'contentRiskyNameplate'
}

const held = (checker: CheckerName, reason: string): CheckOutcome => ({
  visible: false,
  hold: { checker, state: 'held', reason, traceId: '' }
})

function outcomeOf(checker: CheckerName, v: Verdict, what: keyof typeof WHAT): CheckOutcome {
  if (v.suggest === 'risky') throw bizError(WHAT[what])
  if (v.suggest === 'review') return held(checker, `review${v.label ? `:${v.label}` : ''}`)
  return { visible: true }
}

/**
 * Checks donor text before it is stored. `what` names it in the refusal. Throws `contentRisky` for risky text; a
 * checker that fails holds the text (the donor is not refused for the platform's outage, nor is the text shown).
 */
export async function checkText(
  rt: ModerationRuntime,
  q: { schoolId: number; userId: number; what: keyof typeof WHAT; text: string }
): Promise<CheckOutcome> {
  const text = q.text.trim()
  if (!text) return { visible: true }
  const plan = await planFor(rt, q.schoolId, q.userId)
  // nicknames are profile text (scene 1); everything else is what a donor posts for others to read (scene 2)
  const scene: WechatScene = q.what === 'nickname' ? 1 : 2
  let v: Verdict
  try {
    if (plan.checker === 'none') return held('none', 'unconfigured')
    if (plan.checker === 'sandbox') v = sandboxVerdict(text)
    else if (plan.checker === 'alipay')
      v = await alipayContentDetect(outboundFetch(rt.outbound, ALIPAY_HOSTS, rt.fetch), plan.cfg, text, rt.now())
    else
      v = await withWechatToken(rt, plan, (base, token) =>
        wechatMsgSecCheck(wechatFetch(rt), base, token, { content: text, openid: plan.openid, scene })
      )
  } catch (err) {
    if (!(err instanceof CheckerError)) throw err
    rt.log.error({ schoolId: q.schoolId, checker: plan.checker, reason: err.message }, 'content check failed: held for staff')
    return held(plan.checker, 'failed')
  }
  return outcomeOf(plan.checker, v, q.what)
}

/** Several texts of one submission (a joint donation's sponsor and slogan, a naming order's nameplates) as one check. */
export function checkTexts(
  rt: ModerationRuntime,
  q: { schoolId: number; userId: number; what: keyof typeof WHAT; texts: string[] }
): Promise<CheckOutcome> {
  const text = q.texts
    .map((s) => s.trim())
    .filter(Boolean)
    .join('\n')
  return checkText(rt, { schoolId: q.schoolId, userId: q.userId, what: q.what, text })
}

/**
 * Checks an avatar (a /files/ path the donor uploaded). WeChat's check is asynchronous: the image is 'checking'
 * until the wxa_media_check event settles it (queue.ts applyMediaVerdict). Without PUBLIC_BASE_URL WeChat cannot
 * fetch the image, so it is held for staff; so is every image outside WeChat (no image check there).
 */
export async function checkImage(rt: ModerationRuntime, q: { schoolId: number; userId: number; path: string }): Promise<CheckOutcome> {
  const plan = await planFor(rt, q.schoolId, q.userId)
  if (plan.checker === 'sandbox') return { visible: true }
  if (plan.checker !== 'wechat') return held(plan.checker, plan.checker === 'none' ? 'unconfigured' : 'no image check')
  if (!rt.publicBaseUrl) return held('wechat', 'no PUBLIC_BASE_URL')
  const mediaUrl = `${rt.publicBaseUrl}${q.path}`
  try {
    const traceId = await withWechatToken(rt, plan, (base, token) =>
      wechatMediaCheckAsync(wechatFetch(rt), base, token, { mediaUrl, openid: plan.openid, scene: 1 })
    )
    return { visible: false, hold: { checker: 'wechat', state: 'checking', reason: 'pending', traceId: `${plan.appId}|${traceId}` } }
  } catch (err) {
    if (!(err instanceof CheckerError)) throw err
    rt.log.error({ schoolId: q.schoolId, checker: 'wechat', reason: err.message }, 'image check failed: held for staff')
    return held('wechat', 'failed')
  }
}

/**
 * The queue row of held content, in the transaction that stores the content. Earlier rows still waiting for the same
 * nickname or avatar are closed ('rejected', reason 'superseded'): only the newest one can be approved.
 */
export async function recordHold(
  trx: Kysely<DB> | Transaction<DB>,
  row: { schoolId: number; userId: number; kind: ContentKind; targetId: number; content: string; now: Date },
  outcome: CheckOutcome
): Promise<void> {
  const at = row.now.toISOString()
  if (row.kind === 'nickname' || row.kind === 'avatar') await repo.supersedeChecks(trx, row.schoolId, row.kind, row.targetId, at)
  if (outcome.visible) return
  await repo.insertContentCheck(trx, {
    school_id: row.schoolId,
    user_id: row.userId,
    kind: row.kind,
    target_id: row.targetId,
    content: row.content,
    checker: outcome.hold.checker,
    state: outcome.hold.state,
    reason: outcome.hold.reason.slice(0, 120),
    trace_id: outcome.hold.traceId.slice(0, 128),
    created_at: at,
    updated_at: at
  })
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the content check of donor-written text and images (app.ts builds it) */
    moderation: ModerationRuntime
  }
}
