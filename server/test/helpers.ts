/**
 * Test helpers: a fresh app on a real database (SQLite file in a temp DATA_DIR, or a fresh PostgreSQL database
 * when DATABASE_URL is set) copied from the run's seeded template (template.ts), real AES request signatures,
 * sandbox login.
 */
import { createCipheriv, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { Api, type Envelope, type SchoolConfig } from '../../types'
import { buildApp, type BuildOptions } from '../src/app'
import { copyTemplateFiles, emptyPgDatabase, pgDatabaseFromTemplate, sqliteTemplateDir } from './template'

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function makeNonce(): string {
  return [...randomBytes(32)].map((b) => ALNUM[b % ALNUM.length]).join('')
}

/** base64(AES-128-CBC/PKCS#7(timestamp)), key = signKey, IV = nonce[0..16), exactly as the app signs. */
export function sign(signKey: string, nonce: string, timestamp = Date.now()): string {
  const c = createCipheriv('aes-128-cbc', Buffer.from(signKey, 'utf8'), Buffer.from(nonce.slice(0, 16), 'utf8'))
  return Buffer.concat([c.update(String(timestamp), 'utf8'), c.final()]).toString('base64')
}

export function signedHeaders(signKey: string, opts: { timestamp?: number; nonce?: string } = {}): Record<string, string> {
  const nonce = opts.nonce ?? makeNonce()
  return { nonce, signature: sign(signKey, nonce, opts.timestamp) }
}

export interface TestContext {
  app: FastifyInstance
  dataDir: string
  /** the PostgreSQL database of this context (undefined on SQLite) */
  databaseUrl?: string
  /** closes the app and builds a new one on the same data folder and database (a server restart) */
  restart: (opts?: Partial<BuildOptions>) => Promise<FastifyInstance>
  close: () => Promise<void>
}

/** Build options of every test app: the job worker does not run by itself (tests call app.jobs.runJobsOnce()),
 *  order rate limits are high enough not to interfere (the rate-limit test sets its own), and answers are checked
 *  against their response schemas. */
export const TEST_BUILD_DEFAULTS: Partial<BuildOptions> = {
  // the demo schools in every test database, on PostgreSQL too (a server seeds by itself only on its embedded
  // SQLite default: README "Run"); startApp copies them from the run's template instead of seeding again
  seed: true,
  jobs: { autoStart: false },
  // no daily bill runs behind a test's back: reconciliation.test.ts runs them by hand (docs/decisions/038)
  bills: { hour: null },
  // every success answer of every test is checked against its route's response schema (docs/decisions/014)
  strictResponses: true,
  orders: { rateLimits: { perUser: 100_000, perIp: 100_000 } },
  // the read cache is off: tests change rows directly (as another process would) and read them back at once;
  // read-cache.test.ts turns it on and checks it (perf/read-cache.ts)
  readCacheTtlMs: 0
}

/** A test app on its own data folder and database: a copy of the run's seeded template, or empty with
 *  `build: { seed: false }`. */
export async function startApp(opts: { h5Dir?: string; build?: Partial<BuildOptions> } = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uplus-test-'))
  const seeded = opts.build?.seed !== false
  const base = process.env.DATABASE_URL
  if (seeded) copyTemplateFiles(await sqliteTemplateDir(TEST_BUILD_DEFAULTS), dataDir, !base)
  const pgDb = base
    ? seeded
      ? await pgDatabaseFromTemplate(base, 'uplus_t_', TEST_BUILD_DEFAULTS)
      : await emptyPgDatabase(base, 'uplus_t_')
    : null
  const build = (extra: Partial<BuildOptions> = {}) =>
    buildApp({
      ...TEST_BUILD_DEFAULTS,
      ...opts.build,
      ...extra,
      dataDir,
      databaseUrl: pgDb?.url,
      logger: false,
      h5Dir: opts.h5Dir ?? path.join(dataDir, 'no-h5')
    })
  const ctx: TestContext = {
    app: await build(),
    dataDir,
    databaseUrl: pgDb?.url,
    restart: async (extra) => {
      await ctx.app.close()
      ctx.app = await build(extra)
      return ctx.app
    },
    close: async () => {
      await ctx.app.close()
      await pgDb?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  return ctx
}

const keyCache = new WeakMap<FastifyInstance, Map<string, string>>()

export async function signKeyOf(app: FastifyInstance, school: string): Promise<string> {
  let m = keyCache.get(app)
  if (!m) keyCache.set(app, (m = new Map()))
  if (!m.has(school)) {
    const res = await app.inject({ url: `/config/${school}/index.json` })
    m.set(school, (res.json() as SchoolConfig).signKey)
  }
  return m.get(school)!
}

/** A signed call to /api/{school}{path}; returns HTTP status and the parsed envelope. */
export async function call<T = any>(
  app: FastifyInstance,
  school: string,
  apiPath: string,
  opts: {
    query?: Record<string, string | number>
    method?: 'GET' | 'POST'
    body?: unknown
    headers?: Record<string, string>
    token?: string
  } = {}
) {
  const qs = opts.query
    ? `?${new URLSearchParams(Object.entries(opts.query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`
    : ''
  const headers: Record<string, string> = { ...signedHeaders(await signKeyOf(app, school)), ...opts.headers }
  if (opts.token) headers.authorization = opts.token
  const req: InjectOptions = { method: opts.method ?? 'GET', url: `/api/${school}${apiPath}${qs}`, headers }
  if (opts.body !== undefined) req.payload = opts.body as InjectOptions['payload']
  const res = await app.inject(req)
  return { status: res.statusCode, body: res.json() as Envelope<T> }
}

/** Sandbox login without agreeing to the privacy policy: forms that collect personal data refuse this donor. */
export async function loginWithoutConsent(app: FastifyInstance, school: string, code: string): Promise<string> {
  const { body } = await call<{ token: string }>(app, school, Api.getAuthToken, { query: { billType: 2, code } })
  if (body.code !== 0) throw new Error(`login failed: ${body.message}`)
  return body.data.token
}

/** Agrees, as the token's donor, to the school's current privacy policy (what the app's consent prompt sends). */
export async function agreeToPrivacy(app: FastifyInstance, school: string, token: string): Promise<void> {
  const status = await call<{ version: number }>(app, school, Api.privacyStatus, { token })
  if (status.body.code !== 0) throw new Error(`privacyStatus failed: ${status.body.message}`)
  const { body } = await call(app, school, Api.privacyConsent, { method: 'POST', body: { version: status.body.data.version }, token })
  if (body.code !== 0) throw new Error(`privacyConsent failed: ${body.message}`)
}

/** Sandbox login: the code is the user's openId at that school. The donor has agreed to the privacy policy, as every
 *  donor who fills a form in the app has (docs/decisions/041); loginWithoutConsent is the donor who has not. */
export async function login(app: FastifyInstance, school: string, code: string): Promise<string> {
  const token = await loginWithoutConsent(app, school, code)
  await agreeToPrivacy(app, school, token)
  return token
}
