/**
 * A short-lived per-school cache of public, caller-independent answers (docs/decisions/026-read-path.md).
 * A route opts in with `config: { readCache: true }`, and only a route whose answer depends on nothing but the school,
 * the route, its validated query and the language may: never one that reads the caller's token or session.
 *
 * key   = route URL pattern + language + the validated query with its keys sorted (so `?b=1&a=2` and `?a=2&b=1`, and
 *         `limit=10` sent as "10" or 10, share an entry)
 * value = the serialised success answer (code 0) as sent; refusals are never stored
 *
 * Freshness: an entry lives READ_CACHE_TTL_MS (default 1000 ms; 0 turns the cache off). Every write request this
 * process answers (any method other than GET/HEAD/OPTIONS: donor API, payment notify, staff console) clears the
 * entries of its school when its handler has finished (every school when the request named none), and so does a donation
 * marked paid by the reconciliation job; a read that began before such a clear does not store its answer (the
 * school's generation moved), so a pre-write answer can never be stored after the write. Writes made by another
 * process are seen once the entry expires, within the TTL.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PERF_ON } from './switch'

declare module 'fastify' {
  interface FastifyInstance {
    /** null when READ_CACHE_TTL_MS is 0 (app.ts) */
    readCache: ReadCache | null
  }
  interface FastifyContextConfig {
    /** the answer is public and caller-independent: served from the read cache (perf/read-cache.ts) */
    readCache?: boolean
  }
}

/** route config of a public read (the route must not read the caller's token: installReadCache refuses both) */
export const publicRead = { readCache: true } as const

interface Entry {
  body: string
  expires: number
}

interface SchoolEntries {
  generation: number
  entries: Map<string, Entry>
}

/** entries kept per school; past this the school's entries are dropped at once (a crawler walking every page) */
export const READ_CACHE_MAX_ENTRIES = 2000

/** READ_CACHE_TTL_MS, default 1000; 0 (no cache) whenever PERF_MACHINERY=off (switch.ts) */
export function readCacheTtlFromEnv(env: NodeJS.ProcessEnv = process.env, perfOn: boolean = PERF_ON): number {
  if (!perfOn) return 0
  const raw = env.READ_CACHE_TTL_MS
  if (raw === undefined || raw === '') return 1000
  const n = Number(raw)
  return Number.isFinite(n) && n >= 0 ? n : 1000
}

export class ReadCache {
  private readonly schools = new Map<number, SchoolEntries>()
  /** counters for tests and the bench */
  readonly stats = { hits: 0, misses: 0, stores: 0, clears: 0 }

  constructor(
    readonly ttlMs: number,
    private readonly now: () => number = Date.now
  ) {}

  private school(id: number): SchoolEntries {
    let s = this.schools.get(id)
    if (!s) {
      s = { generation: 0, entries: new Map() }
      this.schools.set(id, s)
    }
    return s
  }

  generation(schoolId: number): number {
    return this.school(schoolId).generation
  }

  get(schoolId: number, key: string): string | undefined {
    const s = this.schools.get(schoolId)
    const e = s?.entries.get(key)
    if (!e) return undefined
    if (e.expires <= this.now()) {
      s!.entries.delete(key)
      return undefined
    }
    return e.body
  }

  /** stores only when no write cleared the school since `generation` was read */
  set(schoolId: number, key: string, body: string, generation: number): boolean {
    const s = this.school(schoolId)
    if (s.generation !== generation) return false
    if (s.entries.size >= READ_CACHE_MAX_ENTRIES) s.entries.clear()
    s.entries.set(key, { body, expires: this.now() + this.ttlMs })
    this.stats.stores++
    return true
  }

  /** a write finished: the school's entries go (every school's when `schoolId` is undefined) */
  clear(schoolId?: number): void {
    this.stats.clears++
    if (schoolId === undefined) {
      for (const s of this.schools.values()) {
        s.generation++
        s.entries.clear()
      }
      return
    }
    const s = this.school(schoolId)
    s.generation++
    s.entries.clear()
  }
}

/** the query as validated (numbers coerced, defaults applied), keys sorted, `lang` left to the language part */
export function cacheKey(routeUrl: string, lang: string, query: unknown): string {
  const q = (query ?? {}) as Record<string, unknown>
  const parts = Object.keys(q)
    .filter((k) => k !== 'lang' && q[k] !== undefined)
    .sort()
    .map((k) => `${k}=${JSON.stringify(q[k])}`)
  return `${routeUrl}\n${lang}\n${parts.join('&')}`
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

interface CacheState {
  key: string
  generation: number
  hit: boolean
}
const STATE = Symbol('readCache')
type WithState = FastifyRequest & { [STATE]?: CacheState }
const schoolOf = (req: FastifyRequest): { id: number } | undefined => (req as { school?: { id: number } }).school ?? undefined

/**
 * The donor API scope's hooks (app.ts installs them inside /api/:school, after the tenant and the signature, so a
 * cached answer still needs a valid signature and a fresh nonce). Served in preHandler: after validation, so the key
 * holds the normalised query.
 */
export function installReadCache(api: FastifyInstance, cache: ReadCache) {
  api.addHook('onRoute', (route) => {
    const config = route.config as { readCache?: boolean; session?: unknown } | undefined
    if (config?.readCache && config.session)
      throw new Error(`${route.url}: a route that reads the caller's session cannot be a cached public read`)
  })
  api.addHook('preHandler', async (req: WithState, reply: FastifyReply) => {
    const school = schoolOf(req)
    if (!req.routeOptions.config.readCache || req.method !== 'GET' || !school) return
    const key = cacheKey(req.routeOptions.url ?? '', req.lang, req.query)
    const body = cache.get(school.id, key)
    if (body !== undefined) {
      cache.stats.hits++
      req[STATE] = { key, generation: -1, hit: true }
      return reply.type('application/json; charset=utf-8').send(body)
    }
    cache.stats.misses++
    req[STATE] = { key, generation: cache.generation(school.id), hit: false }
  })
  api.addHook('onSend', async (req: WithState, reply, payload) => {
    const st = req[STATE]
    const school = schoolOf(req)
    if (!st || st.hit || reply.statusCode !== 200 || typeof payload !== 'string' || !school) return payload
    // only success answers: a refusal (code -1) is answered again, in case its cause has gone
    if (payload.startsWith('{"code":0,')) cache.set(school.id, st.key, payload, st.generation)
    return payload
  })
}

/** Every write this process answers clears its school's entries once its handler has finished, before the answer
 *  is written (app-wide onSend hook), so the caller's next read never meets the answer from before its write. */
export function installReadCacheInvalidation(app: FastifyInstance, cache: ReadCache) {
  app.addHook('onSend', async (req: WithState, _reply, payload) => {
    if (!READS.has(req.method)) cache.clear(schoolOf(req)?.id)
    return payload
  })
}
