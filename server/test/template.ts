/**
 * One seeded template per test run instead of seeding the four demo schools for every test app (README "Test").
 * Seeding draws and writes about 40 tables' rows for four schools; a copy of the seeded result is a file copy on
 * SQLite and `CREATE DATABASE … TEMPLATE` on PostgreSQL, so each test app starts from the same data in a fraction of
 * the time, and stays as separate from every other as before (its own folder, its own database).
 *
 * A template is made at most once per run: `npm test` (scripts/test-all.js) names the run in UPLUS_TEST_RUN and
 * removes its templates at the end; a test file run on its own shares one per day and per version of server/src, so
 * a template never outlives the code or the day (seeded dates are relative to the day it was made). Two processes
 * that need the same template at once make it once: the SQLite folder is built aside and renamed into place, the
 * PostgreSQL one is built under an advisory lock and renamed when complete.
 */
import { createHash, randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { buildApp, type BuildOptions } from '../src/app'

const serverSrc = path.resolve(__dirname, '..', 'src')

function sourceHash(): string {
  const h = createHash('sha1')
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(dir, e.name)
      if (e.isDirectory()) walk(p)
      else if (/\.(ts|json)$/.test(e.name)) h.update(p).update(readFileSync(p))
    }
  }
  walk(serverSrc)
  return h.digest('hex').slice(0, 10)
}

/** The run's key: UPLUS_TEST_RUN from `npm test`, else the code's hash and today's date (UTC). */
export function templateKey(): string {
  const run = (process.env.UPLUS_TEST_RUN || '').replace(/[^a-z0-9]/gi, '').toLowerCase()
  return run ? `r${run}`.slice(0, 24) : `${sourceHash()}${new Date().toISOString().slice(0, 10).replace(/-/g, '')}`
}

/** Folder holding this run's templates (SQLite data folders). */
export function templateRoot(): string {
  return path.join(tmpdir(), 'uplus-templates')
}

/** Database name prefix of the PostgreSQL templates (scripts/test-all.js drops its run's). */
export const PG_TEMPLATE_PREFIX = 'uplus_tpl_'

async function seedInto(dataDir: string, databaseUrl: string | undefined, build: Partial<BuildOptions>): Promise<void> {
  const app = await buildApp({
    ...build,
    seed: true,
    dataDir,
    databaseUrl,
    logger: false,
    h5Dir: path.join(dataDir, 'no-h5')
  })
  await app.close()
}

let sqliteTemplate: string | undefined
/** The seeded SQLite data folder of this run (made on first use). */
export async function sqliteTemplateDir(build: Partial<BuildOptions>): Promise<string> {
  if (sqliteTemplate && existsSync(sqliteTemplate)) return sqliteTemplate
  const dir = path.join(templateRoot(), `sqlite-${templateKey()}`)
  if (!existsSync(path.join(dir, 'uplus.db'))) {
    mkdirSync(templateRoot(), { recursive: true })
    const aside = `${dir}.${process.pid}.${randomBytes(3).toString('hex')}`
    mkdirSync(aside)
    await seedInto(aside, undefined, build)
    try {
      renameSync(aside, dir)
    } catch {
      // another process renamed its own copy first: use that one
      rmSync(aside, { recursive: true, force: true })
    }
  }
  sqliteTemplate = dir
  return dir
}

/** Copies the template's data folder into `dataDir`; without the SQLite file when the test runs on PostgreSQL. */
export function copyTemplateFiles(templateDir: string, dataDir: string, withDatabase: boolean): void {
  for (const e of readdirSync(templateDir)) {
    if (!withDatabase && e.startsWith('uplus.db')) continue
    cpSync(path.join(templateDir, e), path.join(dataDir, e), { recursive: true })
  }
}

function withDatabase(baseUrl: string, name: string): string {
  const u = new URL(baseUrl)
  u.pathname = `/${name}`
  return u.toString()
}

async function adminQuery<T>(baseUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: baseUrl })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

const pgTemplates = new Map<string, string>()
/** This run's seeded PostgreSQL template on DATABASE_URL's server (made on first use); returns its name. */
export async function pgTemplate(baseUrl: string, build: Partial<BuildOptions>): Promise<string> {
  const name = `${PG_TEMPLATE_PREFIX}${templateKey()}`
  if (pgTemplates.has(baseUrl)) return pgTemplates.get(baseUrl)!
  const filesDir = await sqliteTemplateDir(build)
  await adminQuery(baseUrl, async (c) => {
    // one maker per template across processes; the others wait here and then find it made
    await c.query('select pg_advisory_lock(hashtext($1))', [name])
    try {
      const found = await c.query('select 1 from pg_database where datname = $1', [name])
      if (found.rowCount) return
      const building = `${name}_b${process.pid}`
      await c.query(`drop database if exists ${building} with (force)`)
      await c.query(`create database ${building}`)
      // the seed also writes its images into the data folder: seed into a scratch copy of the SQLite template's
      // folder (the same images) and keep only the database
      const scratch = path.join(templateRoot(), `pg-scratch-${process.pid}-${randomBytes(3).toString('hex')}`)
      mkdirSync(scratch, { recursive: true })
      copyTemplateFiles(filesDir, scratch, false)
      try {
        await seedInto(scratch, withDatabase(baseUrl, building), build)
      } finally {
        rmSync(scratch, { recursive: true, force: true })
      }
      await c.query(`alter database ${building} rename to ${name}`)
    } finally {
      await c.query('select pg_advisory_unlock(hashtext($1))', [name])
    }
  })
  pgTemplates.set(baseUrl, name)
  return name
}

/** A new database `prefix<random>` copied from this run's template; returns its URL and a drop function. */
export async function pgDatabaseFromTemplate(baseUrl: string, prefix: string, build: Partial<BuildOptions>) {
  const template = await pgTemplate(baseUrl, build)
  const name = `${prefix}${randomBytes(6).toString('hex')}`
  await adminQuery(baseUrl, (c) => c.query(`create database ${name} template ${template}`))
  return {
    url: withDatabase(baseUrl, name),
    drop: () => adminQuery(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined)
  }
}

/** A new empty database `prefix<random>` (a test that seeds nothing, or builds its own data). */
export async function emptyPgDatabase(baseUrl: string, prefix: string) {
  const name = `${prefix}${randomBytes(6).toString('hex')}`
  await adminQuery(baseUrl, (c) => c.query(`create database ${name}`))
  return {
    url: withDatabase(baseUrl, name),
    drop: () => adminQuery(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined)
  }
}
