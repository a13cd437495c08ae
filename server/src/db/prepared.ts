/**
 * Prepared queries (docs/decisions/022-performance.md): a hot read's Kysely builder runs and compiles once per
 * database handle and shape, with placeholders where its values go; each call binds its values to the cached SQL.
 * Building and compiling a Kysely query costs about as much as running it on SQLite, so the read paths that every
 * visitor calls (project list and detail, donor directory) skip it. On SQLite the statement itself is prepared once
 * as well (db/factory.ts keeps better-sqlite3 statements by SQL text).
 *
 *   const byId = prepared((db, $) => db.selectFrom('project').selectAll().where('school_id', '=', $(0)).where('id', '=', $(1)))
 *   const row = await byId.first(db, [schoolId, id])
 *
 * `$(i)` stands for args[i]; a shape that depends on the arguments (an `in` list's length, an optional filter) is
 * named by `shape` and compiled once per shape: (db, $, shape) => ..., called as byId.all(db, args, shape).
 */
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely'
import { PERF_ON } from '../perf/switch'
import type { DB } from './schema'

/** The placeholder of args[index]: Kysely writes it as a parameter like any value, and the call binds it. */
class Slot {
  constructor(readonly index: number) {}
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a slot stands for a value of any column type
export type Slots = (index: number) => any
type Shape = string | number

interface Plan<R> {
  compiled: CompiledQuery<R>
  /** per parameter: the argument it binds (a number) or the constant Kysely put there */
  binds: { arg: number | null; value: unknown }[]
}

export interface Prepared<R> {
  all(db: Kysely<DB>, args: readonly unknown[], shape?: Shape): Promise<R[]>
  first(db: Kysely<DB>, args: readonly unknown[], shape?: Shape): Promise<R | undefined>
  /** the whole result: rows, and for a write numAffectedRows and insertId */
  exec(db: Kysely<DB>, args: readonly unknown[], shape?: Shape): Promise<QueryResult<R>>
  /** the SQL and its parameters without running it (to be written inside a larger statement) */
  text(db: Kysely<DB>, args: readonly unknown[], shape?: Shape): { sql: string; parameters: unknown[] }
}

const slots: Slots = (index) => new Slot(index)

function toPlan<R>(compiled: CompiledQuery<R>): Plan<R> {
  return { compiled, binds: compiled.parameters.map((v) => (v instanceof Slot ? { arg: v.index, value: null } : { arg: null, value: v })) }
}

export function prepared<R>(build: (db: Kysely<DB>, $: Slots, shape: Shape) => Compilable<R>): Prepared<R> {
  // per dialect adapter (SQLite and PostgreSQL write different SQL), then per shape. A handle's transactions share
  // its executor's adapter, so a plan compiled on the handle serves its transactions too, and runs on the
  // transaction's connection (db.executeQuery below).
  const plans = new WeakMap<object, Map<Shape, Plan<R>>>()
  const plan = (db: Kysely<DB>, shape: Shape): Plan<R> => {
    // PERF_MACHINERY=off (perf/README.md): built and compiled on every call, as a plain Kysely query is
    if (!PERF_ON) return toPlan(build(db, slots, shape).compile())
    const key = db.getExecutor().adapter
    let byShape = plans.get(key)
    if (!byShape) plans.set(key, (byShape = new Map()))
    let p = byShape.get(shape)
    if (!p) {
      p = toPlan(build(db, slots, shape).compile())
      byShape.set(shape, p)
    }
    return p
  }
  const bound = (db: Kysely<DB>, args: readonly unknown[], shape: Shape = 0) => {
    const { compiled, binds } = plan(db, shape)
    return { compiled, parameters: binds.map((b) => (b.arg === null ? b.value : args[b.arg])) }
  }
  const run = async (db: Kysely<DB>, args: readonly unknown[], shape: Shape = 0) => {
    const { compiled, parameters } = bound(db, args, shape)
    return db.executeQuery<R>({ ...compiled, parameters })
  }
  return {
    all: async (db, args, shape) => (await run(db, args, shape)).rows,
    first: async (db, args, shape) => (await run(db, args, shape)).rows[0],
    exec: run,
    text: (db, args, shape) => {
      const { compiled, parameters } = bound(db, args, shape)
      return { sql: compiled.sql, parameters }
    }
  }
}

/** A value Kysely would write as SQL of its own (sql`…`, a sub-query) rather than bind: such a row takes the builder. */
export const isExpression = (v: unknown) => typeof v === 'object' && v !== null && !(v instanceof Uint8Array) && 'toOperationNode' in v

type Row = Record<string, unknown>

/**
 * One-row inserts into `table` whose columns vary by call (Kysely skips undefined values): compiled once per set of
 * columns given, `finish` adding what every call shares (returning, on conflict). A row holding an SQL expression
 * is built by Kysely as usual.
 *
 *   const insertJob = preparedInsert('job')
 *   await insertJob.exec(trx, { school_id: 1, kind: 'certificate', … })
 */
export function preparedInsert<R = unknown>(
  table: keyof DB & string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the insert builder of any table
  finish: (q: any) => Compilable<R> = (q) => q
): { exec(db: Kysely<DB>, row: Row): Promise<QueryResult<R>> } {
  const byColumns = prepared<R>((db, $, shape) => {
    const columns = String(shape).split(',')
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- slots stand for the row's values
    return finish(db.insertInto(table).values(Object.fromEntries(columns.map((c, i) => [c, $(i)])) as any))
  })
  return {
    exec(db, row) {
      const columns = Object.keys(row).filter((c) => row[c] !== undefined)
      const values = columns.map((c) => row[c])
      if (values.some(isExpression)) {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
        return db.executeQuery(finish(db.insertInto(table).values(row as any)).compile())
      }
      return byColumns.exec(db, values, columns.join(','))
    }
  }
}
