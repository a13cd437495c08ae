/**
 * Which shared store a process uses (docs/decisions/023-scale-out.md): Redis when REDIS_URL is set, otherwise the
 * application's database (SQLite or PostgreSQL, so several processes on one database share it with no extra
 * service); SHARED_STORE=memory keeps it in process memory for a single process that wants no round trip.
 * The database store's expired rows are swept in bounded batches by a timer that the app starts and stops.
 */
import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { DatabaseStore } from './database'
import { MemoryStore } from './memory'
import { RedisStore } from './redis'
import type { SharedStore } from './types'

declare module 'fastify' {
  interface FastifyInstance {
    /** the store every server process shares (app.ts) */
    shared: SharedStore
  }
}

export type { Bumped, SharedStore } from './types'
export { DatabaseStore, MemoryStore, RedisStore }

export const SWEEP_EVERY_MS = 60_000
export const SWEEP_BATCH = 1000

export async function createSharedStore(opts: { db: Kysely<DB>; env?: NodeJS.ProcessEnv }): Promise<SharedStore> {
  const env = opts.env ?? process.env
  if (env.REDIS_URL) {
    const store = new RedisStore(env.REDIS_URL, env.REDIS_PREFIX || 'uplus:')
    try {
      await store.ready()
    } catch (err) {
      await store.close()
      throw err
    }
    return store
  }
  if (env.SHARED_STORE === 'memory') return new MemoryStore()
  return new DatabaseStore(opts.db)
}

/** Sweeps expired entries every `everyMs`, up to SWEEP_BATCH at a time; returns the stop function. */
export function startSweeper(
  store: SharedStore,
  log: { warn: (obj: object, msg: string) => void },
  everyMs = SWEEP_EVERY_MS,
  /** the app's clock (tests move it), so entries expire by the same time they were written with */
  now: () => number = Date.now
): () => Promise<void> {
  let running: Promise<unknown> | null = null
  const timer = setInterval(() => {
    if (running) return
    running = store
      .sweep(now(), SWEEP_BATCH)
      .catch((err) => log.warn({ err }, 'shared store sweep failed'))
      .finally(() => (running = null))
  }, everyMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
