/**
 * Per-school rows read on every request (the tenant row by code, the school's settings row, the donation forms, the
 * award rules every paid gift is evaluated against, the payment configuration of a pay type every order asks for, the
 * project and its sub-projects' prices every order of it reads), cached per database handle
 * (docs/decisions/022-performance.md, 087). They change rarely and only through a few writers:
 *
 * - in this process: createSchool/setCampaignItems (service.ts) and anything else that writes `school`,
 *   `school_setting`, `donation_form`, `award`, `payment_config` (seed/forms.ts), `project` or `sub_project`
 *   (project/editor.ts, form/project-form.ts, naming-map/campaigns.ts, the seed) calls invalidateSchoolCache() right
 *   after its write commits, and the next request reads the new row;
 * - in another process (a second server, cli/channel.ts) or by an operator's SQL (payment_config, server/README.md):
 *   the entry lives SCHOOL_CACHE_TTL_MS at most.
 *
 * Unknown codes are never cached (a school added by the CLI answers at once). Cached rows are frozen: a caller that
 * wants to change one writes the table and invalidates. Money, orders and donations are never cached here.
 */
import type { Kysely, Selectable } from 'kysely'
import { prepared } from '../../db/prepared'
import { PERF_ON } from '../../perf/switch'
import type { DB, DonationFormTable, SchoolSettingTable, SchoolTable } from '../../db/schema'
import type { AwardTable, PaymentConfigTable } from '../../db/schema'
import { getDefaultForm, getForm, projectWithSubPrices } from '../form/repository'
import { findSchoolByCode, getSchoolSetting } from './repository'

/** How long another process's change to a school or its settings can go unseen by this one. */
export const SCHOOL_CACHE_TTL_MS = 5_000

type SchoolRow = Selectable<SchoolTable>
type SettingRow = Selectable<SchoolSettingTable>
type FormRow = Selectable<DonationFormTable>
type AwardRow = Selectable<AwardTable>
/** the columns the payment registry builds a provider from (providers/payment/registry.ts) */
export type PaymentConfigRow = Pick<
  Selectable<PaymentConfigTable>,
  'id' | 'school_id' | 'pay_type' | 'provider' | 'credentials' | 'updated_at'
>
/** a project row and its sub-projects' prices (form/repository.ts projectWithSubPrices) */
type ProjectRead = NonNullable<Awaited<ReturnType<typeof projectWithSubPrices>>>
interface ProjectEntry {
  project: Readonly<ProjectRead['project']>
  subs: readonly Readonly<ProjectRead['subs'][number]>[]
}
/** the answer for a pay type, kept also when there is no row (the sandbox stands in) */
interface PaymentConfigAnswer {
  row: Readonly<PaymentConfigRow> | undefined
}
interface Entry<T> {
  at: number
  value: Promise<T | undefined>
  /** read outside any transaction: its query waits for a connection of the pool */
  pooled: boolean
  settled: boolean
}
interface Caches {
  byCode: Map<string, Entry<SchoolRow>>
  settings: Map<number, Entry<SettingRow>>
  /** `${schoolId}:${formId}`, or `${schoolId}:default` for the school's default form */
  forms: Map<string, Entry<FormRow>>
  awards: Map<number, Entry<readonly AwardRow[]>>
  /** `${schoolId}:${payType}` */
  paymentConfigs: Map<string, Entry<PaymentConfigAnswer>>
  /** `${schoolId}:${projectId}` */
  projects: Map<string, Entry<ProjectEntry>>
  /** the invalidation generation these entries belong to */
  generation: number
}

// Per database handle: tests run several apps (several databases with the same school codes) in one process. Keyed
// by the handle's dialect adapter, which its transactions share: a transaction finds the handle's entries.
const perDb = new WeakMap<object, Caches>()
/** bumped by every invalidation; a writer inside a transaction cannot name its database, so all caches go */
let generation = 0

function caches(db: Kysely<DB>): Caches {
  const key = db.getExecutor().adapter
  let c = perDb.get(key)
  if (!c || c.generation !== generation) {
    c = {
      byCode: new Map(),
      settings: new Map(),
      forms: new Map(),
      awards: new Map(),
      paymentConfigs: new Map(),
      projects: new Map(),
      generation
    }
    perDb.set(key, c)
  }
  return c
}

function cached<K, T extends object>(
  db: Kysely<DB>,
  map: Map<K, Entry<T>>,
  key: K,
  load: () => Promise<T | undefined>,
  now: number
): Promise<T | undefined> {
  const read = () => load().then((row) => (row ? Object.freeze(row) : row))
  // PERF_MACHINERY=off (perf/README.md): every call reads the row afresh
  if (!PERF_ON) return read()
  const hit = map.get(key)
  if (hit && now - hit.at < SCHOOL_CACHE_TTL_MS) {
    // A caller inside a transaction holds a connection; it must not wait for a read still queued for one of the
    // pool's: with every connection held by such callers that read would never get one, and none would finish (seen
    // on PostgreSQL at 64 donors with a pool of 10: paid transactions waiting on an award-rules read made outside one).
    // It reads on its own transaction instead, and leaves the shared entry as it is.
    if (db.isTransaction && hit.pooled && !hit.settled) return read()
    return hit.value
  }
  // concurrent misses share one query; a failed or empty read is not kept (nor is one that an invalidation
  // overtook: c is then no longer this database's cache and nobody reads it again)
  const value = read()
  const entry: Entry<T> = { at: now, value, pooled: !db.isTransaction, settled: false }
  map.set(key, entry)
  value.then(
    (row) => {
      entry.settled = true
      if (!row && map.get(key) === entry) map.delete(key)
    },
    () => {
      entry.settled = true
      if (map.get(key) === entry) map.delete(key)
    }
  )
  return value
}

/** The tenant row of /api/{code}/... (plugins/tenant.ts), cached; undefined for an unknown code. */
export function schoolByCode(db: Kysely<DB>, code: string, now = Date.now()): Promise<Readonly<SchoolRow> | undefined> {
  return cached(db, caches(db).byCode, code, () => findSchoolByCode(db, code), now)
}

/** The school's settings row (directory masking and order, base config), cached; undefined when it has none. */
export function schoolSetting(db: Kysely<DB>, schoolId: number, now = Date.now()): Promise<Readonly<SettingRow> | undefined> {
  return cached(db, caches(db).settings, schoolId, () => getSchoolSetting(db, schoolId), now)
}

/**
 * A donation form row (the project's own `formId`, else the school's default: form/repository.ts), cached: every
 * donation reads it (docs/decisions/027-write-path.md). undefined when there is none (the built-in form applies).
 */
export function schoolForm(
  db: Kysely<DB>,
  schoolId: number,
  formId: number | null,
  now = Date.now()
): Promise<Readonly<FormRow> | undefined> {
  const key = `${schoolId}:${formId ?? 'default'}`
  return cached(db, caches(db).forms, key, () => (formId ? getForm(db, schoolId, formId) : getDefaultForm(db, schoolId)), now)
}

const awardsOf = prepared((db, $) => db.selectFrom('award').selectAll().where('school_id', '=', $(0)))

/**
 * The school's award rules, enabled or not (award/service.ts recordGiftForAwards: every paid gift is evaluated
 * against them), cached, also when asked inside a transaction: only the defaults' insert writes `award`, and it
 * invalidates. undefined when the school has none yet (never cached: the caller inserts the defaults).
 */
export function schoolAwards(db: Kysely<DB>, schoolId: number, now = Date.now()): Promise<readonly AwardRow[] | undefined> {
  return cached(
    db,
    caches(db).awards,
    schoolId,
    async () => {
      const rows = await awardsOf.all(db, [schoolId])
      return rows.length ? rows.map((r) => Object.freeze(r)) : undefined
    },
    now
  )
}

/** every order asks for its pay type's configuration: compiled once (db/prepared.ts) */
const paymentConfigOf = prepared((db, $) =>
  db
    .selectFrom('payment_config')
    .select(['id', 'school_id', 'pay_type', 'provider', 'credentials', 'updated_at'])
    .where('school_id', '=', $(0))
    .where('enabled', '=', 1)
    .where('pay_type', '=', $(1))
)

/**
 * The school's enabled payment configuration of a pay type (providers/payment/registry.ts forPayType: every order,
 * refund and monthly charge asks for it), cached; `row` undefined when there is none, and that answer is cached too
 * (a row an operator adds is seen within SCHOOL_CACHE_TTL_MS, as a changed one is). The credentials JSON stays in
 * this process's memory only, as the registry's built providers do; "env:NAME" values are not resolved here.
 */
export async function schoolPaymentConfig(
  db: Kysely<DB>,
  schoolId: number,
  payType: number,
  now = Date.now()
): Promise<Readonly<PaymentConfigRow> | undefined> {
  const answer = await cached(
    db,
    caches(db).paymentConfigs,
    `${schoolId}:${payType}`,
    async (): Promise<PaymentConfigAnswer> => {
      const row = await paymentConfigOf.first(db, [schoolId, payType])
      return { row: row ? Object.freeze(row) : undefined }
    },
    now
  )
  return answer?.row
}

/**
 * A project row and its sub-projects' prices (form/repository.ts projectWithSubPrices), cached: every order reads both
 * (order/service.ts donate; docs/decisions/087-postgresql-peak-statements.md, addendum). Nothing in them moves with a
 * gift (the raised totals are sums over paid rows, never a column here); staff's edits and status changes invalidate,
 * another process's or an operator's SQL change is seen within SCHOOL_CACHE_TTL_MS, as with the school's settings
 * (whose "online donation off" switch is cached the same way). undefined when there is no such project (not cached).
 */
export function schoolProject(
  db: Kysely<DB>,
  schoolId: number,
  projectId: number,
  now = Date.now()
): Promise<Readonly<ProjectEntry> | undefined> {
  return cached(
    db,
    caches(db).projects,
    `${schoolId}:${projectId}`,
    async () => {
      const found = await projectWithSubPrices(db, schoolId, projectId)
      return found && { project: Object.freeze(found.project), subs: Object.freeze(found.subs.map((x) => Object.freeze(x))) }
    },
    now
  )
}

/**
 * Call right after a write to `school`, `school_setting`, `donation_form`, `award`, `payment_config`, `project` or
 * `sub_project` commits (any school, any database handle of this process:
 * every cached row is dropped, which costs one query per school on the next requests). Console routes that change
 * a school or its settings call this.
 */
export function invalidateSchoolCache(): void {
  generation++
}
