/** What the identity routes need at run time (app.ts builds it; tests inject a clock, an SMS provider, fetch). */
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { DB } from '../../db/types'
import type { SmsProvider } from '../../providers/sms/types'
import type { FileStorage } from '../../providers/storage/types'
import { WindowLimiter } from '../order/rate-limit'

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

export interface IdentityRuntime {
  db: Kysely<DB>
  now: () => Date
  sms: SmsProvider
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  /** WeChat/Alipay sign-in calls */
  fetch: FetchLike
  /** uploads and receipt files */
  storage: FileStorage
  /** where "env:NAME" credentials of oauth_config are read */
  env: NodeJS.ProcessEnv
  /** password and code guesses per client IP and per account (in memory, one process per school) */
  guesses: { ip: WindowLimiter; account: WindowLimiter }
}

export function guessLimiters() {
  return { ip: new WindowLimiter(30, 60_000), account: new WindowLimiter(10, 15 * 60_000) }
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityRuntime
  }
}
