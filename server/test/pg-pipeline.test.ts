/**
 * A transaction's BEGIN goes out in one write with its first statement on PostgreSQL (db/factory.ts namingPool, the
 * driver's pipeline mode; docs/decisions/087-postgresql-peak-statements.md, "BEGIN with the first statement"). Writes
 * are counted on the sockets themselves. Runs only with DATABASE_URL.
 *
 * - a transaction of one statement is two writes (BEGIN with the statement, COMMIT), three with PG_PIPELINE=off;
 * - the caller gets the statement's own answer, and what it wrote is committed;
 * - a first statement that fails rejects with its own error, nothing of the transaction stays, and the connection
 *   serves the next transaction;
 * - a transaction that sends nothing writes nothing.
 */
import assert from 'node:assert/strict'
import net from 'node:net'
import { randomBytes } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { sql, type Kysely } from 'kysely'
import { openDatabase, pgPipeline, type DbHandle } from '../src/db/factory'
import { PERF_ON } from '../src/perf/switch'
import type { DB } from '../src/db/schema'

const url = process.env.DATABASE_URL

/** socket writes (each a system call carrying whatever was corked) made while `run` runs, but the test runner's own */
async function writesOf(run: () => Promise<unknown>): Promise<number> {
  let n = 0
  const proto = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...a: unknown[]) => unknown>
  const write = proto._write
  const writev = proto._writev
  const ours = (socket: unknown) => socket !== process.stdout && socket !== process.stderr
  proto._write = function (this: unknown, ...a: unknown[]) {
    if (ours(this)) n++
    return write.apply(this, a)
  }
  proto._writev = function (this: unknown, ...a: unknown[]) {
    if (ours(this)) n++
    return writev.apply(this, a)
  }
  try {
    await run()
  } finally {
    proto._write = write
    proto._writev = writev
  }
  return n
}

function open(pipeline: string | undefined): DbHandle {
  const saved = { pool: process.env.PG_POOL_MAX, pipe: process.env.PG_PIPELINE }
  // one connection: every transaction of a test reuses it, so none opens a connection while counted
  process.env.PG_POOL_MAX = '1'
  if (pipeline === undefined) delete process.env.PG_PIPELINE
  else process.env.PG_PIPELINE = pipeline
  try {
    const h = openDatabase({ dataDir: '', databaseUrl: url })
    h.prepareStatements?.()
    return h
  } finally {
    for (const [k, v] of [
      ['PG_POOL_MAX', saved.pool],
      ['PG_PIPELINE', saved.pipe]
    ] as const)
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
  }
}

describe('BEGIN with the first statement (PostgreSQL)', { skip: !url && 'PostgreSQL only (DATABASE_URL)' }, () => {
  const table = `pipeline_probe_${randomBytes(4).toString('hex')}`
  let piped: DbHandle
  let plain: DbHandle
  // the probe table is not in the schema: the tests speak raw SQL to it
  const db = (h: DbHandle) => h.db as unknown as Kysely<DB>
  const insertOne = (trx: Kysely<DB>, id: number) =>
    sql<{ id: number }>`insert into ${sql.table(table)} (id, note) values (${id}, ${'n' + id}) returning id`.execute(trx)
  const ids = async (h: DbHandle) =>
    (await sql<{ id: number }>`select id from ${sql.table(table)} order by id`.execute(db(h))).rows.map((r) => Number(r.id))

  before(async () => {
    piped = open(undefined)
    plain = open('off')
    await sql`create table ${sql.table(table)} (id bigint primary key, note text not null)`.execute(db(piped))
    // warm both connections: the counted transactions open none
    await sql`select 1`.execute(db(piped))
    await sql`select 1`.execute(db(plain))
  })
  after(async () => {
    await sql`drop table if exists ${sql.table(table)}`.execute(db(piped))
    await piped?.close()
    await plain?.close()
  })

  it('sends BEGIN in one write with the first statement, and the caller gets the statement answer', async () => {
    assert.equal(pgPipeline(undefined), PERF_ON)
    assert.equal(pgPipeline('off'), false)
    let answer: number[] = []
    const writes = await writesOf(() =>
      db(piped)
        .transaction()
        .execute(async (trx) => {
          answer = (await insertOne(trx, 1)).rows.map((r) => Number(r.id))
          // a second statement in the same transaction sees the first one's row
          const seen = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(trx)
          assert.equal(seen.rows[0].n, 1)
        })
    )
    assert.deepEqual(answer, [1])
    // BEGIN + insert, the count, COMMIT; four with BEGIN on its own
    assert.equal(writes, PERF_ON ? 3 : 4)
    assert.deepEqual(await ids(piped), [1])
  })

  it('PG_PIPELINE=off sends BEGIN on its own', async () => {
    const writes = await writesOf(() =>
      db(plain)
        .transaction()
        .execute((trx) => insertOne(trx, 2))
    )
    assert.equal(writes, 3)
    assert.deepEqual(await ids(plain), [1, 2])
  })

  it('a failing first statement rejects with its own error, keeps nothing, and the connection serves the next one', async () => {
    await assert.rejects(
      db(piped)
        .transaction()
        .execute(async (trx) => {
          await insertOne(trx, 1) // the primary key is taken
          await insertOne(trx, 3)
        }),
      (err: Error & { code?: string }) => err.code === '23505'
    )
    assert.deepEqual(await ids(piped), [1, 2])
    await db(piped)
      .transaction()
      .execute((trx) => insertOne(trx, 4))
    assert.deepEqual(await ids(piped), [1, 2, 4])
  })

  it('a transaction whose body sends nothing writes nothing', async () => {
    const writes = await writesOf(() =>
      db(piped)
        .transaction()
        .execute(async () => 'nothing')
    )
    assert.equal(writes, PERF_ON ? 0 : 2)
  })
})
