/**
 * SQLite group commit (perf/sqlite-group-commit.ts, perf/README.md): transactions that queue up together share one
 * COMMIT, and still each caller is answered only after its own work is committed, a rollback undoes only its own
 * transaction, a failed COMMIT fails every transaction of its group, and no read outside a transaction sees a
 * group's rows before its COMMIT. With the group commit off (PERF_MACHINERY=off) every transaction commits alone.
 * On scratch SQLite files (the driver is SQLite's whatever DATABASE_URL says or PERF_MACHINERY is: each handle
 * here says whether it groups); a second handle on the same file stands for another process.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { sql, type Kysely } from 'kysely'
import { openDatabase, type DbHandle } from '../src/db/factory'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- scratch tables outside the app's schema
type Scratch = Kysely<any>

let dir: string
let main: DbHandle
let other: DbHandle
let db: Scratch
let peer: Scratch

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'uplus-group-commit-'))
  main = openDatabase({ dataDir: dir, groupCommit: true })
  other = openDatabase({ dataDir: dir, groupCommit: true })
  db = main.db as unknown as Scratch
  peer = other.db as unknown as Scratch
  await sql`create table gift (id integer primary key, who text not null unique, fen integer not null)`.execute(db)
  await sql`create table parent (id integer primary key)`.execute(db)
  await sql`create table child (id integer primary key, parent_id integer references parent(id) deferrable initially deferred)`.execute(db)
})
after(async () => {
  await main.close()
  await other.close()
  rmSync(dir, { recursive: true, force: true })
})

const peerHas = async (who: string) => !!(await peer.selectFrom('gift').select('id').where('who', '=', who).executeTakeFirst())

describe('SQLite group commit', () => {
  it('concurrent transactions share commits, and each caller is answered only once its rows are committed', async () => {
    const stats = main.groupCommit!
    const before = { ...stats }
    const N = 60
    const seenByPeer: boolean[] = []
    await Promise.all(
      Array.from({ length: N }, async (_, i) => {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('gift')
            .values({ who: `a${i}`, fen: i })
            .execute()
          await trx
            .updateTable('gift')
            .set({ fen: i * 100 })
            .where('who', '=', `a${i}`)
            .execute()
        })
        // another connection (another process) sees the rows as soon as the caller is answered
        seenByPeer[i] = await peerHas(`a${i}`)
      })
    )
    assert.deepEqual(seenByPeer, Array(N).fill(true))
    const groups = stats.groups - before.groups
    assert.equal(stats.transactions - before.transactions, N)
    assert.ok(groups < N / 4, `${N} concurrent transactions took ${groups} commits`)
    console.log(`# ${N} concurrent transactions in ${groups} commit(s)`)
    const total = await peer
      .selectFrom('gift')
      .select(sql<number>`sum(fen)`.as('s'))
      .where('who', 'like', 'a%')
      .executeTakeFirstOrThrow()
    assert.equal(Number(total.s), (100 * (N * (N - 1))) / 2)
  })

  it('a rollback undoes only its own transaction; the rest of its group commits', async () => {
    const rolledBack = main.groupCommit!.rolledBack
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('gift')
            .values({ who: `b${i}`, fen: 1 })
            .execute()
          if (i % 3 === 0) throw new Error(`refused ${i}`)
          // a constraint error inside a transaction that the caller catches leaves the transaction usable
          if (i % 3 === 1)
            await trx
              .insertInto('gift')
              .values({ who: `b${i}`, fen: 2 })
              .execute()
              .catch(() => undefined)
        })
      )
    )
    for (let i = 0; i < 30; i++) {
      const r = results[i]
      if (i % 3 === 0) {
        assert.equal(r.status, 'rejected')
        assert.match(String((r as PromiseRejectedResult).reason), new RegExp(`refused ${i}`))
        assert.equal(await peerHas(`b${i}`), false, `b${i} was rolled back`)
      } else {
        assert.equal(r.status, 'fulfilled')
        assert.equal(await peerHas(`b${i}`), true, `b${i} committed`)
      }
    }
    assert.equal(main.groupCommit!.rolledBack - rolledBack, 10)
  })

  it("another process's write lock is waited for without stopping this process, and the write then goes through", async () => {
    const waits = main.groupCommit!.busyWaits
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let locked!: () => void
    const isLocked = new Promise<void>((resolve) => (locked = resolve))
    // the other process holds the write lock for 150 ms
    const peerTx = peer.transaction().execute(async (trx) => {
      await trx.insertInto('gift').values({ who: 'f-peer', fen: 1 }).execute()
      locked()
      await held
    })
    await isLocked
    let settled = false
    const write = db
      .transaction()
      .execute((trx) => trx.insertInto('gift').values({ who: 'f-main', fen: 1 }).execute())
      .finally(() => (settled = true))
    // meanwhile this process's event loop runs: timers fire while the write waits (SQLite's own busy wait would
    // stop the process until it gave up with SQLITE_BUSY)
    let ticks = 0
    const timer = setInterval(() => ticks++, 10)
    const deadline = Date.now() + 3000
    while (ticks < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10))
    assert.ok(ticks >= 5, `timers fired ${ticks} times`)
    assert.equal(settled, false, 'the write still waits for the lock')
    release()
    await peerTx
    await write
    clearInterval(timer)
    assert.ok(main.groupCommit!.busyWaits > waits, 'the write found the lock taken and waited')
    assert.equal(await peerHas('f-main'), true)
    assert.equal(await peerHas('f-peer'), true)
  })

  it('a write outside a transaction is answered after its own commit, while transactions are grouped around it', async () => {
    const seen = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        if (i % 2)
          await db
            .insertInto('gift')
            .values({ who: `c${i}`, fen: 1 })
            .execute()
        else
          await db.transaction().execute((trx) =>
            trx
              .insertInto('gift')
              .values({ who: `c${i}`, fen: 1 })
              .execute()
          )
        return peerHas(`c${i}`)
      })
    )
    assert.deepEqual(seen, Array(40).fill(true))
  })

  it('a COMMIT that fails fails every transaction of its group, and none of their writes stays', async () => {
    await db.insertInto('parent').values({ id: 1 }).execute()
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('gift')
            .values({ who: `d${i}`, fen: 1 })
            .execute()
          // a deferred foreign key is checked at COMMIT: one transaction's orphan fails the group's COMMIT
          await trx
            .insertInto('child')
            .values({ parent_id: i === 5 ? 999 : 1 })
            .execute()
        })
      )
    )
    const failed = results.map((r, i) => (r.status === 'rejected' ? i : -1)).filter((i) => i >= 0)
    assert.ok(failed.includes(5), 'the orphan transaction failed')
    for (let i = 0; i < 12; i++) assert.equal(await peerHas(`d${i}`), !failed.includes(i), `d${i}: committed exactly when answered ok`)
    // the connection works on
    await db.transaction().execute((trx) => trx.insertInto('gift').values({ who: 'after', fen: 1 }).execute())
    assert.equal(await peerHas('after'), true)
  })

  it('no read outside a transaction sees rows of a group that has not committed, and the group then fails whole', async () => {
    // a handle whose groups stay open up to 2 s, so the read below surely comes while one is open
    const slow = openDatabase({ dataDir: dir, groupCommit: true, maxWaitMs: 2000 })
    const sdb = slow.db as unknown as Scratch
    try {
      const stats = slow.groupCommit!
      const before = stats.readsBesideGroup
      const insert = (who: string, parent: number) =>
        sdb.transaction().execute(async (trx) => {
          await trx.insertInto('gift').values({ who, fen: 1 }).execute()
          await trx.insertInto('child').values({ parent_id: parent }).execute()
        })
      // queued together: e1 and e2 are released into one open group; the read comes next, while the group is
      // open; e3's orphan child (a deferred foreign key) then fails the group's COMMIT
      const e1 = insert('e1', 1)
      const e2 = insert('e2', 1)
      const read = sdb.selectFrom('gift').select('who').where('who', 'like', 'e%').execute()
      const e3 = insert('e3', 999)
      const [r1, r2, seen, r3] = await Promise.allSettled([e1, e2, read, e3])
      assert.equal(seen.status, 'fulfilled')
      assert.ok(stats.readsBesideGroup > before, 'the read came while the group was open')
      assert.deepEqual((seen as PromiseFulfilledResult<{ who: string }[]>).value, [], 'the read saw rows not yet committed')
      // one failed COMMIT fails the whole group: every transaction in it is answered with the error
      assert.deepEqual([r1.status, r2.status, r3.status], ['rejected', 'rejected', 'rejected'])
      for (const who of ['e1', 'e2', 'e3']) assert.equal(await peerHas(who), false, `${who} is not in the database`)
      // reads after a committed group see it
      await Promise.all([insert('e4', 1), insert('e5', 1)])
      const after = await sdb.selectFrom('gift').select('who').where('who', 'in', ['e4', 'e5']).orderBy('who').execute()
      assert.deepEqual(
        after.map((r) => r.who),
        ['e4', 'e5']
      )
    } finally {
      await slow.close()
    }
  })

  it('with the group commit off each transaction commits alone: a failed COMMIT fails only its own', async () => {
    const plain = openDatabase({ dataDir: dir, groupCommit: false })
    const pdb = plain.db as unknown as Scratch
    try {
      const stats = plain.groupCommit!
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) =>
          pdb.transaction().execute(async (trx) => {
            await trx
              .insertInto('gift')
              .values({ who: `g${i}`, fen: 1 })
              .execute()
            await trx
              .insertInto('child')
              .values({ parent_id: i === 3 ? 999 : 1 })
              .execute()
          })
        )
      )
      assert.deepEqual(
        results.map((r) => r.status),
        Array.from({ length: 8 }, (_, i) => (i === 3 ? 'rejected' : 'fulfilled'))
      )
      for (let i = 0; i < 8; i++) assert.equal(await peerHas(`g${i}`), i !== 3, `g${i}`)
      assert.equal(stats.groups, 7, 'one COMMIT per committed transaction')
      assert.equal(stats.transactions, 7)
    } finally {
      await plain.close()
    }
  })
})
