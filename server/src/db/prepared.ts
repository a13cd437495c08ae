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
import type { Compilable, CompiledQuery, Kysely } from 'kysely'
import type { DB } from './types'

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
}

const slots: Slots = (index) => new Slot(index)

export function prepared<R>(build: (db: Kysely<DB>, $: Slots, shape: Shape) => Compilable<R>): Prepared<R> {
  // per database handle (dialects differ), then per shape
  const plans = new WeakMap<object, Map<Shape, Plan<R>>>()
  const plan = (db: Kysely<DB>, shape: Shape): Plan<R> => {
    let byShape = plans.get(db)
    if (!byShape) plans.set(db, (byShape = new Map()))
    let p = byShape.get(shape)
    if (!p) {
      const compiled = build(db, slots, shape).compile()
      p = { compiled, binds: compiled.parameters.map((v) => (v instanceof Slot ? { arg: v.index, value: null } : { arg: null, value: v })) }
      byShape.set(shape, p)
    }
    return p
  }
  const run = async (db: Kysely<DB>, args: readonly unknown[], shape: Shape = 0) => {
    const { compiled, binds } = plan(db, shape)
    const parameters = binds.map((b) => (b.arg === null ? b.value : args[b.arg]))
    return (await db.executeQuery<R>({ ...compiled, parameters })).rows
  }
  return {
    all: run,
    first: async (db, args, shape) => (await run(db, args, shape))[0]
  }
}
