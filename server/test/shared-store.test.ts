/**
 * The shared store (lib/shared-store, docs/decisions/023-scale-out.md): one contract, checked against the database
 * store (the suite's SQLite file or PostgreSQL database), Redis (REDIS_URL; skipped with the reason when unset) and
 * the in-memory store; then the users that must stay right under concurrency: sign-in guesses charged atomically,
 * and job claims by two database handles (two processes' pools) never handing one job out twice.
 */
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { after, before, describe, it } from 'node:test'
import { openDatabase } from '../src/db/factory'
import { GuessGuard } from '../src/domain/identity/guesses'
import { claimDue, complete, enqueue } from '../src/jobs/queue'
import { DatabaseStore, MemoryStore, RedisStore, type SharedStore } from '../src/lib/shared-store'
import { startApp, type TestContext } from './helpers'

let ctx: TestContext
before(async () => {
  ctx = await startApp()
})
after(async () => {
  await ctx.close()
})

const stores: { name: string; make: () => SharedStore; skip?: string }[] = [
  { name: 'database', make: () => new DatabaseStore(ctx.app.db) },
  { name: 'memory', make: () => new MemoryStore() },
  {
    name: 'redis',
    make: () => new RedisStore(process.env.REDIS_URL!, `uplus-test-${randomBytes(4).toString('hex')}:`),
    skip: process.env.REDIS_URL ? undefined : 'REDIS_URL is not set'
  }
]

for (const s of stores) {
  describe(`shared store: ${s.name}`, { skip: s.skip }, () => {
    let store: SharedStore
    const k = (name: string) => `t-${randomBytes(4).toString('hex')}-${name}`
    // Redis expires by its own clock: real waits there; the others take the caller's clock, which the test moves
    let offset = 0
    const now = () => Date.now() + offset
    const advance = async (ms: number) => {
      if (s.name === 'redis') await sleep(ms)
      else offset += ms
    }
    const TTL = 2000
    before(async () => {
      store = s.make()
      if (store instanceof RedisStore) await store.ready()
    })
    after(async () => {
      await store.close()
    })

    it('claims a key once while it lives, again once it expired', async () => {
      const key = k('claim')
      assert.equal(await store.claim(key, TTL, now()), true)
      assert.equal(await store.claim(key, TTL, now()), false)
      await advance(TTL + 200)
      assert.equal(await store.claim(key, TTL, now()), true)
    })

    it('one of twenty concurrent claims wins', async () => {
      const key = k('race')
      const wins = await Promise.all(Array.from({ length: 20 }, () => store.claim(key, 60_000, now())))
      assert.equal(wins.filter(Boolean).length, 1)
    })

    it('counts hits in fixed windows, several keys in one call', async () => {
      const [x, y] = [k('x'), k('y')]
      assert.deepEqual(await store.hit([{ key: x, windowMs: TTL }], now()), [1])
      assert.deepEqual(
        await store.hit(
          [
            { key: y, windowMs: 60_000 },
            { key: x, windowMs: TTL }
          ],
          now()
        ),
        [1, 2]
      )
      await advance(TTL + 200)
      assert.deepEqual(
        await store.hit(
          [
            { key: x, windowMs: TTL },
            { key: y, windowMs: 60_000 }
          ],
          now()
        ),
        [1, 2],
        'x opened a new window, y is still in its first'
      )
      const counts = await Promise.all(Array.from({ length: 20 }, () => store.hit([{ key: y, windowMs: 60_000 }], now())))
      assert.deepEqual(
        counts.map((c) => c[0]).sort((p, q) => p - q),
        Array.from({ length: 20 }, (_, i) => i + 3)
      )
    })

    it('claims and hits together: a held claim counts nothing; concurrent calls on one claim count once', async () => {
      const [nonce, x, y] = [k('nonce'), k('cx'), k('cy')]
      const windows = [
        { key: x, windowMs: TTL },
        { key: y, windowMs: 60_000 }
      ]
      assert.deepEqual(await store.claimAndHit({ key: nonce, ttlMs: TTL, now: now() }, windows, now()), [1, 1])
      assert.equal(await store.claimAndHit({ key: nonce, ttlMs: TTL, now: now() }, windows, now()), null)
      assert.equal(await store.claim(nonce, TTL, now()), false, 'the claim is held like any claim')
      assert.deepEqual(await store.hit(windows, now()), [2, 2], 'the refused call counted nothing')
      // twenty requests with one nonce at once, twenty with their own: 1 + 20 more on each window
      const same = k('same')
      const answers = await Promise.all([
        ...Array.from({ length: 20 }, () => store.claimAndHit({ key: same, ttlMs: 60_000, now: now() }, windows, now())),
        ...Array.from({ length: 20 }, (_, i) => store.claimAndHit({ key: k(`own${i}`), ttlMs: 60_000, now: now() }, windows, now()))
      ])
      assert.equal(answers.slice(0, 20).filter((a) => a !== null).length, 1)
      const counted = answers.filter((a): a is number[] => a !== null)
      assert.deepEqual(
        counted.map((c) => c[1]).sort((p, q) => p - q),
        Array.from({ length: 21 }, (_, i) => i + 3)
      )
      await advance(TTL + 200)
      // the claim expired and x opened a new window; y is still in its first
      assert.deepEqual(await store.claimAndHit({ key: nonce, ttlMs: TTL, now: now() }, windows, now()), [1, 24])
    })

    it('bumps back-off counters, takes a refused bump back, decrements and removes', async () => {
      const key = k('bump')
      const t1 = now()
      assert.deepEqual(await store.bump([{ key, ttlMs: 60_000 }], t1), [{ count: 1, prevStamp: 0 }])
      await sleep(5)
      const t2 = now()
      assert.deepEqual(await store.bump([{ key, ttlMs: 60_000 }], t2), [{ count: 2, prevStamp: t1 }])
      await store.unbump([{ key, prevStamp: t1 }], t2)
      const t3 = t2 + 1
      assert.deepEqual(await store.bump([{ key, ttlMs: 60_000 }], t3), [{ count: 2, prevStamp: t1 }], 'count and stamp restored')
      await store.decrement(key)
      await store.decrement(key)
      assert.deepEqual(await store.bump([{ key, ttlMs: 60_000 }], now()), [{ count: 1, prevStamp: 0 }], 'gone at zero')
      await store.remove(key)
      assert.deepEqual((await store.bump([{ key, ttlMs: TTL }], now()))[0].count, 1)
      await advance(TTL + 200)
      assert.deepEqual((await store.bump([{ key, ttlMs: TTL }], now()))[0], { count: 1, prevStamp: 0 }, 'forgotten after its ttl')
    })

    it('keeps values until they expire; long keys work', async () => {
      const key = k('v'.repeat(300))
      assert.equal(await store.get(key, now()), null)
      await store.set(key, 'token-1', TTL, now())
      assert.equal(await store.get(key, now()), 'token-1')
      await store.set(key, 'token-2', 60_000, now())
      assert.equal(await store.get(key, now()), 'token-2')
      await store.set(key, 'token-3', TTL, now())
      await advance(TTL + 200)
      assert.equal(await store.get(key, now()), null)
    })

    it('sweeps expired entries in bounded batches', { skip: s.name === 'redis' ? 'Redis expires keys itself' : false }, async () => {
      const t = now()
      await store.sweep(t + 3_600_000, 1_000_000)
      for (let i = 0; i < 5; i++) await store.claim(k(`sweep${i}`), 100, t)
      await store.claim(k('live'), 60_000, t)
      assert.equal(await store.sweep(t + 200, 3), 3)
      assert.equal(await store.sweep(t + 200, 3), 2)
      assert.equal(await store.sweep(t + 200, 3), 0)
    })
  })
}

describe('sign-in guesses across processes', () => {
  it('thirty concurrent wrong guesses: exactly the free ones get through, on one shared store', async () => {
    const rule = { free: 5, baseMs: 30_000, maxMs: 60_000, forgetMs: 60_000 }
    // two guards on one store: two server processes
    const store = new DatabaseStore(ctx.app.db)
    const guards = [new GuessGuard(store, 'g1-', { ip: rule, pair: rule }), new GuessGuard(store, 'g1-', { ip: rule, pair: rule })]
    const now = Date.now()
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => guards[i % 2].attempt('1', 'alice', '10.0.0.1', now)))
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 5)
    for (const r of results)
      if (r.status === 'rejected') assert.match(String((r.reason as Error).message ?? r.reason), /loginRetryLater|稍后|seconds|秒/)
    // the refused attempts were taken back: the wait is the one after five failures, not thirty
    const later = now + 30_000 + 1
    await guards[1].attempt('1', 'alice', '10.0.0.1', later)
  })
})

/** Calls made together on a database without the shared_entry table (no migrations): their one statement fails,
 *  and every call of the batch must be rejected. */
async function everyCallRejected(calls: (store: DatabaseStore) => Promise<unknown>[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'uplus-nomigrate-'))
  const handle = openDatabase({ dataDir: dir })
  try {
    const results = await Promise.allSettled(calls(new DatabaseStore(handle.db)))
    assert.ok(results.length > 1)
    assert.deepEqual(
      results.map((r) => r.status),
      results.map(() => 'rejected')
    )
  } finally {
    await handle.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('nonce claims batched by the database store (group commit)', () => {
  const k = (name: string) => `b-${randomBytes(4).toString('hex')}-${name}`

  it('answers each of many concurrent claims exactly, duplicates inside one batch included, in few statements', async () => {
    const store = new DatabaseStore(ctx.app.db)
    const now = Date.now()
    const held = k('held')
    assert.equal(await store.claim(held, 60_000, now), true)
    const expired = k('expired')
    assert.equal(await store.claim(expired, 1000, now - 5000), true)
    const before = { ...store.claimStats }
    // 150 distinct keys, each claimed three times, plus a held key (refused) and an expired one (won once), all at once
    const keys = Array.from({ length: 150 }, (_, i) => k(`n${i}`))
    const calls = [...keys, held, expired, ...keys, held, expired, ...keys]
    const answers = await Promise.all(calls.map((key) => store.claim(key, 60_000, now)))
    const wins = new Map<string, number>()
    calls.forEach((key, i) => wins.set(key, (wins.get(key) ?? 0) + (answers[i] ? 1 : 0)))
    for (const key of keys) assert.equal(wins.get(key), 1, `${key} won ${wins.get(key)} times`)
    assert.equal(wins.get(held), 0)
    assert.equal(wins.get(expired), 1)
    // the first claim of a key inside a batch is the one that wins
    for (let i = 0; i < keys.length; i++) assert.equal(answers[i], true)
    const statements = store.claimStats.batches - before.batches
    assert.equal(store.claimStats.claims - before.claims, calls.length)
    // PERF_MACHINERY=off (perf/README.md): one statement per claim, the same answers
    if (store.batched) assert.ok(statements <= 2, `${calls.length} claims made together took ${statements} statements`)
    else assert.equal(statements, calls.length)
    console.log(`# ${calls.length} concurrent claims in ${statements} statement(s)`)
    // and they are stored: a later claim of any of them is a replay
    assert.deepEqual(await Promise.all([keys[0], keys[149], expired].map((key) => store.claim(key, 60_000, now + 1))), [
      false,
      false,
      false
    ])
  })

  it('two stores on two database handles (two processes) racing on the same keys: each key won once', async () => {
    const handle = openDatabase({ dataDir: ctx.dataDir, databaseUrl: ctx.databaseUrl })
    try {
      const stores = [new DatabaseStore(ctx.app.db), new DatabaseStore(handle.db)]
      const now = Date.now()
      const keys = Array.from({ length: 60 }, (_, i) => k(`r${i}`))
      const answers = await Promise.all(
        keys.flatMap((key) => [stores[0].claim(key, 60_000, now), stores[1].claim(key, 60_000, now), stores[1].claim(key, 60_000, now)])
      )
      for (let i = 0; i < keys.length; i++) assert.equal(answers.slice(3 * i, 3 * i + 3).filter(Boolean).length, 1, keys[i])
    } finally {
      await handle.close()
    }
  })

  it('a failed statement rejects every claim of its batch (the request answers -1, nothing is assumed won)', async () => {
    await everyCallRejected((store) => [store.claim(k('x'), 1000, Date.now()), store.claim(k('y'), 1000, Date.now())])
  })
})

describe('rate-window hits batched by the database store (group commit)', () => {
  const k = (name: string) => `h-${randomBytes(4).toString('hex')}-${name}`

  it('answers each concurrent hit as one-at-a-time upserts in call order would, in few statements', async () => {
    const store = new DatabaseStore(ctx.app.db)
    const now = Date.now()
    const ip = k('ip')
    const users = Array.from({ length: 40 }, (_, i) => k(`u${i}`))
    const stale = k('stale')
    // a window that ran out: its first hit in the batch opens a new one
    assert.deepEqual(await store.hit([{ key: stale, windowMs: 1000 }], now - 5000), [1])
    assert.deepEqual(await store.hit([{ key: ip, windowMs: 60_000 }], now), [1])
    const before = { ...store.hitStats }
    // every order hits its client IP and its user: 120 calls, the IP in all, each user three times, the stale key twice
    const calls = Array.from({ length: 120 }, (_, i) => [
      { key: ip, windowMs: 60_000 },
      { key: users[i % 40], windowMs: 60_000 },
      ...(i < 2 ? [{ key: stale, windowMs: 1000 }] : [])
    ])
    const answers = await Promise.all(calls.map((entries) => store.hit(entries, now)))
    answers.forEach((counts, i) => {
      assert.equal(counts[0], i + 2, `call ${i}: the IP's count`)
      assert.equal(counts[1], Math.floor(i / 40) + 1, `call ${i}: the user's count`)
      if (i < 2) assert.equal(counts[2], i + 1, `call ${i}: the stale key's new window`)
    })
    const statements = store.hitStats.batches - before.batches
    assert.equal(store.hitStats.calls - before.calls, calls.length)
    if (store.batched) assert.ok(statements <= 2, `${calls.length} hits made together took ${statements} statements`)
    else assert.equal(statements, calls.length)
    console.log(`# ${calls.length} concurrent hits in ${statements} statement(s)`)
    // stored: the next hit continues the counts
    assert.deepEqual(
      await store.hit(
        [
          { key: ip, windowMs: 60_000 },
          { key: users[0], windowMs: 60_000 }
        ],
        now + 1
      ),
      [122, 4]
    )
  })

  it('a key hit at two clock readings in one turn is counted against each, in call order', async () => {
    const store = new DatabaseStore(ctx.app.db)
    const key = k('clock')
    const t = Date.now()
    const answers = await Promise.all([
      store.hit([{ key, windowMs: 1000 }], t),
      store.hit([{ key, windowMs: 1000 }], t),
      // past the window opened at t: a new window
      store.hit([{ key, windowMs: 1000 }], t + 1500),
      // the same clock reading as the first two, but after the new window in call order: counted in it
      store.hit([{ key, windowMs: 1000 }], t + 1500)
    ])
    assert.deepEqual(answers, [[1], [2], [1], [2]])
  })

  it('a failed statement rejects every hit of its batch', async () => {
    await everyCallRejected((store) => [
      store.hit([{ key: k('x'), windowMs: 1000 }], Date.now()),
      store.hit([{ key: k('y'), windowMs: 1000 }], Date.now())
    ])
  })
})

describe('job claims by two database handles', () => {
  it('hands every job to exactly one of two racing claimers', async () => {
    const school = (await ctx.app.db.selectFrom('school').select('id').executeTakeFirstOrThrow()).id
    const at = new Date(Date.now() - 1000)
    const N = 40
    for (let i = 0; i < N; i++) await enqueue(ctx.app.db, school, 'certificate', { donationId: -1 - i, race: true }, { now: at })
    const handles = [
      openDatabase({ dataDir: ctx.dataDir, databaseUrl: ctx.databaseUrl }),
      openDatabase({ dataDir: ctx.dataDir, databaseUrl: ctx.databaseUrl })
    ]
    try {
      // both connected before the race starts, so neither has the queue to itself while the other connects
      await Promise.all(handles.map((h) => h.db.selectFrom('job').select('id').limit(1).execute()))
      const seen: number[][] = [[], []]
      await Promise.all(
        handles.map(async (h, w) => {
          for (;;) {
            const jobs = await claimDue(h.db, new Date(), 2)
            if (!jobs.length) {
              // a round can lose every claim to the other handle: stop only once nothing is pending
              const left = await h.db.selectFrom('job').select('id').where('status', '=', 'pending').limit(1).execute()
              if (!left.length) break
              continue
            }
            for (const j of jobs) {
              seen[w].push(j.id)
              await complete(h.db, j, new Date())
            }
          }
        })
      )
      const all = [...seen[0], ...seen[1]]
      assert.equal(all.length, N, `claimed ${all.length} times for ${N} jobs`)
      assert.equal(new Set(all).size, N)
      const rows = await ctx.app.db.selectFrom('job').select(['status', 'attempts', 'payload']).execute()
      const ours = rows.filter((r) => (JSON.parse(r.payload) as { race?: boolean }).race)
      assert.ok(ours.every((r) => r.status === 'done' && r.attempts === 1))
      console.log(`# claims: ${seen[0].length} by the first handle, ${seen[1].length} by the second`)
    } finally {
      await Promise.all(handles.map((h) => h.close()))
    }
  })

  it('a worker whose lease was handed on cannot complete the job', async () => {
    const school = (await ctx.app.db.selectFrom('school').select('id').executeTakeFirstOrThrow()).id
    const t0 = new Date(Date.now() - 1000)
    await enqueue(ctx.app.db, school, 'certificate', { donationId: -999, lease: true }, { now: t0 })
    const [job] = (await claimDue(ctx.app.db, new Date(), 100)).filter((j) => (JSON.parse(j.payload) as { lease?: boolean }).lease)
    assert.ok(job)
    // the lease ran out and another worker claimed it (simulated: a new claim time)
    await ctx.app.db
      .updateTable('job')
      .set({ locked_at: new Date(Date.now() + 5).toISOString() })
      .where('id', '=', job.id)
      .execute()
    await complete(ctx.app.db, job, new Date())
    const row = await ctx.app.db.selectFrom('job').select('status').where('id', '=', job.id).executeTakeFirstOrThrow()
    assert.equal(row.status, 'running', 'the old lease holder did not mark it done')
  })
})
