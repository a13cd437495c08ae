/** What the app and each request carry, declared once for the compiler. */
import type { Kysely, Selectable } from 'kysely'
import type { Lang } from '../../../types'
import type { DB, SchoolTable } from '../db/schema'
import type { OrderChallenges } from '../domain/order/challenge'
import type { OrderRateLimiter } from '../domain/order/rate-limit'
import type { OrderDeps } from '../domain/order/service'
import type { MonthlyDeps } from '../domain/monthly/service'
import type { JobWorker } from '../jobs/worker'
import type { PaymentRegistry } from '../providers/payment/registry'

/** The donation flow's runtime (app.ts): order dependencies, rate limiter and challenge, public origin for provider URLs. */
export interface OrderRuntime extends OrderDeps {
  limiter: OrderRateLimiter
  /** the challenge past an address's threshold (domain/order/challenge.ts) */
  challenges: OrderChallenges
  /** PUBLIC_BASE_URL: absolute origin providers call back and browsers return to; else the request's */
  publicBaseUrl: string
}

export type SchoolRow = Selectable<SchoolTable>

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DB>
    dataDir: string
    orders: OrderRuntime
    /** monthly giving (domain/monthly, docs/decisions/071-monthly-giving.md) */
    monthly: MonthlyDeps
    payments: PaymentRegistry
    jobs: JobWorker
  }
  interface FastifyRequest {
    /** resolved from the `lang` query, then the `lang` header; zh_CN by default */
    lang: Lang
    /** the tenant of /api/{school}/...; set by plugins/tenant.ts, only inside that prefix */
    school: SchoolRow
  }
}
