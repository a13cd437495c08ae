/**
 * Real server processes for the scale-out and fault tests (not a test file itself): `tsx server/src/main.ts` started
 * as README says, on a free port, waited for by polling; a signed HTTP client over loopback; a PostgreSQL database
 * per run (copied from the run's seeded template, dropped after) or a SQLite file in a shared DATA_DIR (copied from
 * the template too: a server on PostgreSQL seeds nothing by itself); direct database access for the assertions.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Api, type Envelope } from '../../types'
import { openDatabase, type DbHandle } from '../src/db/factory'
import { signedHeaders, TEST_BUILD_DEFAULTS } from './helpers'
import { copyTemplateFiles, pgDatabaseFromTemplate, sqliteTemplateDir } from './template'

const root = path.resolve(__dirname, '..', '..')
const START_TIMEOUT_MS = 180_000

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.unref()
    s.on('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address()
      const port = typeof addr === 'object' && addr ? addr.port : 0
      s.close(() => resolve(port))
    })
  })
}

/** Where the processes of one test keep their data: one DATA_DIR (files, and the SQLite file) and, on the
 *  PostgreSQL pass, a database of their own on DATABASE_URL's server. */
export interface Site {
  dataDir: string
  databaseUrl?: string
  /** opens the site's database from the test process (for assertions) */
  open: () => DbHandle
  remove: () => Promise<void>
}

export async function createSite(): Promise<Site> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uplus-proc-'))
  const base = process.env.DATABASE_URL
  copyTemplateFiles(await sqliteTemplateDir(TEST_BUILD_DEFAULTS), dataDir, !base)
  const db = base ? await pgDatabaseFromTemplate(base, 'uplus_p_', TEST_BUILD_DEFAULTS) : null
  return {
    dataDir,
    databaseUrl: db?.url,
    open: () => openDatabase({ dataDir, databaseUrl: db?.url }),
    remove: async () => {
      await db?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

export interface ServerProcess {
  name: string
  origin: string
  pid: number
  port: number
  child: ChildProcess
  log: () => string
  /** SIGTERM, then SIGKILL after 5 s; resolves when the process is gone */
  stop: () => Promise<void>
  kill: () => Promise<void>
}

/** Starts `tsx server/src/main.ts` on `site` and waits (polling GET /config/index.json) until it answers. */
export async function startServerProcess(
  site: Site,
  opts: { name: string; env?: Record<string, string>; port?: number }
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort())
  // node --import tsx rather than the tsx binary: the pid is the server's own, so SIGKILL reaches the server itself
  // (the tsx binary is a parent process that would leave its child running)
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'src', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      ...opts.env,
      DATABASE_URL: site.databaseUrl ?? '',
      DATA_DIR: site.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1'
    },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let log = ''
  const keep = (d: Buffer) => {
    log += d.toString('utf8')
    if (log.length > 200_000) log = log.slice(-100_000)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const exited = once(child, 'exit')
  const gone = async () => {
    if (child.exitCode === null && child.signalCode === null) await exited
  }
  const proc: ServerProcess = {
    name: opts.name,
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    port,
    child,
    log: () => log,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const t = setTimeout(() => child.kill('SIGKILL'), 5000)
      await gone()
      clearTimeout(t)
    },
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGKILL')
      await gone()
    }
  }
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${opts.name} exited while starting:\n${log}`)
    try {
      const r = await fetch(`${proc.origin}/config/index.json`, { signal: AbortSignal.timeout(2000) })
      if (r.status === 200) break
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await proc.kill()
      throw new Error(`${opts.name} did not answer within ${START_TIMEOUT_MS / 1000} s:\n${log}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return proc
}

export interface CallResult<T = any> {
  status: number
  body: Envelope<T>
  /** the headers sent (a replay sends them again) */
  sent: Record<string, string>
}

/** A signed client of one school over HTTP, as the app calls the API. */
export class SchoolClient {
  constructor(
    readonly school: string,
    readonly signKey: string,
    readonly apiPrefix: string
  ) {}

  static async of(origin: string, school = 'demo'): Promise<SchoolClient> {
    const cfg = (await (await fetch(`${origin}/config/${school}/index.json`)).json()) as { signKey: string; api: string }
    return new SchoolClient(school, cfg.signKey, cfg.api)
  }

  async call<T = any>(
    origin: string,
    apiPath: string,
    opts: { method?: 'GET' | 'POST'; body?: unknown; token?: string; headers?: Record<string, string>; timeoutMs?: number } = {}
  ): Promise<CallResult<T>> {
    const sent: Record<string, string> = opts.headers ?? { ...signedHeaders(this.signKey) }
    const headers: Record<string, string> = { ...sent }
    if (opts.token) headers.authorization = opts.token
    if (opts.body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(`${origin}${this.apiPrefix}${apiPath}`, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000)
    })
    const text = await res.text()
    let body: Envelope<T>
    try {
      body = JSON.parse(text) as Envelope<T>
    } catch {
      throw new Error(`${apiPath}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`)
    }
    return { status: res.status, body, sent }
  }

  async login(origin: string, code: string): Promise<string> {
    const r = await this.call<{ token: string }>(origin, `${Api.getAuthToken}?billType=2&code=${encodeURIComponent(code)}`)
    if (r.body.code !== 0) throw new Error(`login failed: ${r.body.message}`)
    const token = r.body.data.token
    // the donor agreed to the privacy policy, as the app's consent prompt records it (docs/decisions/041)
    const status = await this.call<{ version: number }>(origin, Api.privacyStatus, { token })
    if (status.body.code !== 0) throw new Error(`privacyStatus failed: ${status.body.message}`)
    const agreed = await this.call(origin, Api.privacyConsent, { method: 'POST', token, body: { version: status.body.data.version } })
    if (agreed.body.code !== 0) throw new Error(`privacyConsent failed: ${agreed.body.message}`)
    return token
  }
}

/** A donation the demo default form accepts (money project, WeChat Pay, H5), `yuan` like "50.00". */
export function donationBody(itemsId: number, yuan: string, donor: string) {
  return {
    currency: 'CNY',
    payType: 1,
    currencyMoney: yuan,
    itemsId,
    itemsType: 1,
    isAnonymous: 0,
    donateFrom: 'U1',
    formDataMap: { name: donor, mobile: '86-13800138000', isAlumni: '0' },
    isAgree: 1
  }
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const v = await probe()
    if (v) return v
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}
