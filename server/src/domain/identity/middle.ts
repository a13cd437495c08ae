/**
 * The middle-school edition's hand-off (docs/product §1: a mini-program passes the user's openId to its web-view), POST
 * S/app/v1/user/middle/auth {openId, timestamp, signature}. The openId is only believed when the issuing system
 * proves it sent it:
 *   signature = lowercase hex HMAC-SHA256(secret, `${openId}.${timestamp}`), timestamp in Unix seconds,
 * with the school's secret in oauth_config (platform 'middle', credentials {"secret": "…" or "env:NAME"}). A
 * hand-off is fresh for 300 s either side of the server clock and is accepted once (its signature is remembered
 * for as long as it could be fresh), so a link copied out of the web-view cannot be replayed.
 *
 * A school without that row has no issuing system: the hand-off is then a sandbox sign-in, allowed only while the
 * school's sandbox identity is on (login_setting.sandbox_login, off for schools made by add-school), and it signs
 * in the sandbox user of that openId (source 'sandbox', as getAuthToken's sandbox code does), never a 'middle'
 * identity a real issuing system vouches for.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { AuthToken, MiddleAuthBody } from '../../../../types'
import { bizError } from '../../errors'
import { findOrCreateUser } from '../user/repository'
import { DEFAULT_NICKNAME, issueToken } from '../user/service'
import { oauthConfig } from './oauth'
import type { IdentityRuntime } from './runtime'
import { defaultAvatar } from './service'
import { loginSettings } from './settings'

export const HANDOFF_MAX_SKEW_S = 300
/** below this a secret is a typo or a placeholder, not a key */
export const HANDOFF_SECRET_MIN = 16

export const handoffSignature = (secret: string, openId: string, timestamp: number) =>
  createHmac('sha256', secret).update(`${openId}.${timestamp}`, 'utf8').digest('hex')

export async function middleSignIn(rt: IdentityRuntime, schoolId: number, body: MiddleAuthBody): Promise<AuthToken> {
  const cfg = await oauthConfig(rt.db, schoolId, 'middle', rt.env)
  if (!cfg) {
    if (!(await loginSettings(rt.db, schoolId)).sandboxLogin) throw bizError('loginUnavailable')
    const user = await findOrCreateUser(rt.db, schoolId, 'sandbox', body.openId, {
      nickname: DEFAULT_NICKNAME,
      avatar: defaultAvatar(body.openId)
    })
    return issueToken(rt.db, schoolId, user.id)
  }
  const secret = cfg.credentials.secret ?? ''
  if (secret.length < HANDOFF_SECRET_MIN) {
    // configured but unusable (an env:NAME that is not set): refuse rather than fall back to the sandbox
    rt.log.error({ schoolId }, 'middle-school hand-off secret missing or shorter than 16 characters')
    throw bizError('loginFailed')
  }
  const { timestamp, signature = '' } = body
  if (timestamp === undefined || !/^[0-9a-f]{64}$/.test(signature)) throw bizError('handoffInvalid')
  const expected = Buffer.from(handoffSignature(secret, body.openId, timestamp), 'hex')
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
    rt.log.warn({ security: true, schoolId }, 'middle-school hand-off with a wrong signature')
    throw bizError('handoffInvalid')
  }
  const now = rt.now().getTime()
  if (Math.abs(now / 1000 - timestamp) > HANDOFF_MAX_SKEW_S) throw bizError('handoffExpired')
  // remembered only once the signature is genuine, so forged requests cannot fill the store
  if (!(await rt.guesses.handoffs.remember(`${schoolId}:${signature}`, now))) throw bizError('handoffUsed')
  const user = await findOrCreateUser(rt.db, schoolId, 'middle', body.openId, {
    nickname: DEFAULT_NICKNAME,
    avatar: defaultAvatar(body.openId)
  })
  return issueToken(rt.db, schoolId, user.id)
}
