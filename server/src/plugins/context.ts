/** What the app and each request carry, declared once for the compiler. */
import type { Kysely } from 'kysely'
import type { Lang } from '../../../types'
import type { DB, SchoolTable } from '../db/types'

export type SchoolRow = Omit<SchoolTable, 'id'> & { id: number }

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<DB>
    dataDir: string
  }
  interface FastifyRequest {
    /** resolved from the `lang` query, then the `lang` header; zh_CN by default */
    lang: Lang
    /** the tenant of /api/{school}/...; set by plugins/tenant.ts, only inside that prefix */
    school: SchoolRow
  }
}
