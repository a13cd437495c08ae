/**
 * The per-process cache of school rows (domain/school/cache.ts) and the connection pool: a caller inside a
 * transaction holds one of the pool's connections, so it must never wait for a cached read that is still queued for
 * another connection. With a pool of one connection, a transaction asks for the school's settings while the same
 * read, started outside any transaction, waits for that very connection: the transaction reads them on its own
 * connection and finishes (it waited forever before: seen on PostgreSQL at 64 donors with a pool of 10, on the award rules).
 */
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import { after, before, describe, it } from 'node:test'
import pg from 'pg'
import { sql } from 'kysely'
import { invalidateSchoolCache, schoolSetting } from '../src/domain/school/cache'
import { PERF_ON } from '../src/perf/switch'
import { startApp, type TestContext } from './helpers'
import { schoolIdOf } from './order-fixtures'

const onPg = !!process.env.DATABASE_URL
let ctx: TestContext
const poolMaxBefore = process.env.PG_POOL_MAX

describe('cached school rows inside a transaction', { skip: (!onPg || !PERF_ON) && 'PostgreSQL with the cache on' }, () => {
  before(async () => {
    process.env.PG_POOL_MAX = '1'
    ctx = await startApp()
  })
  after(async () => {
    if (poolMaxBefore === undefined) delete process.env.PG_POOL_MAX
    else process.env.PG_POOL_MAX = poolMaxBefore
    await ctx?.close()
  })

  it("a transaction does not wait for a read queued for the pool's connection it holds", async () => {
    const db = ctx.app.db
    const sid = await schoolIdOf(ctx.app, 'demo')
    invalidateSchoolCache()
    let pooled: Promise<unknown> = Promise.resolve()
    const done = db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx)
      // outside the transaction: queued until the transaction gives its connection back
      pooled = schoolSetting(db, sid)
      const inside = await schoolSetting(trx, sid)
      return inside?.school_id
    })
    const outcome = await Promise.race([done, sleep(5_000).then(() => 'stuck' as const)])
    if (outcome === 'stuck') {
      // free the pool so the file can end: end the transaction's backend from outside
      const admin = new pg.Client({ connectionString: ctx.databaseUrl })
      await admin.connect()
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()'
      )
      await admin.end()
      await done.catch(() => undefined)
      await pooled.catch(() => undefined)
    }
    assert.notEqual(outcome, 'stuck', 'the transaction waited for a read that needed its own connection')
    assert.equal(outcome, sid, "the school's settings were read inside the transaction")
    // the read outside got the connection back and its answer
    assert.equal(((await pooled) as { school_id?: number } | undefined)?.school_id, sid)
  })
})
