/** What the identity routes need at run time (app.ts builds it; tests inject a clock, an SMS provider, fetch). */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { SmsProvider } from '../../providers/sms/types'
import type { FileStorage } from '../../providers/storage/types'
import type { WechatJsapi } from '../../providers/wechat/jsapi'
import { NonceStore } from '../../plugins/signature'
import { WindowLimiter } from '../order/rate-limit'
import type { SharedStore } from '../../lib/shared-store'
import type { OutboundPolicy } from '../../lib/outbound'
import { DONOR_GUESS_RULES, GuessGuard, STAFF_GUESS_RULES } from './guesses'

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

export interface IdentityRuntime {
  db: Kysely<DB>
  now: () => Date
  sms: SmsProvider
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  /** tests that simulate the network: replaces the connection of WeChat/Alipay/SMS calls (the URL checks of
   *  lib/outbound.ts still apply); unset in production */
  fetch?: FetchLike
  /** which hosts and addresses the server may call (lib/outbound.ts) */
  outbound: OutboundPolicy
  /** uploads and receipt files */
  storage: FileStorage
  /** where "env:NAME" credentials of oauth_config are read */
  env: NodeJS.ProcessEnv
  /** the official accounts' access_token and jsapi_ticket cache (providers/wechat/jsapi.ts) */
  jsapi: WechatJsapi
  /**
   * In the shared store (every process counts together): `ip` all sign-in attempts per client IP and minute; `donor` and `staff`
   * password failures per (account, IP) pair and per IP with back-off (guesses.ts: never per account alone, so
   * nobody can lock someone else out); `handoffs` the middle-school hand-off signatures already used (middle.ts).
   */
  guesses: { ip: WindowLimiter; donor: GuessGuard; staff: GuessGuard; handoffs: NonceStore }
}

export function guessLimiters(store: SharedStore) {
  return {
    ip: new WindowLimiter(store, 'signin-ip:', 30, 60_000),
    donor: new GuessGuard(store, 'guess-donor-', DONOR_GUESS_RULES),
    staff: new GuessGuard(store, 'guess-staff-', STAFF_GUESS_RULES),
    // a hand-off is fresh for ±5 minutes around its timestamp: remember it 10 minutes
    handoffs: new NonceStore(store, 10 * 60_000, 'handoff:')
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityRuntime
  }
}
