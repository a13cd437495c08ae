/**
 * The seed CLI gathers PostgreSQL's planner statistics for what it loaded (docs/decisions/087-postgresql-peak-statements.md,
 * "Statistics after the seed"). Without them a named statement planned on a fresh database keeps, on its connection, a
 * plan made for tables of unknown size: the paid notification's order read by bill number (order/repository.ts
 * findOrder) scanned the school's orders through donation_together_idx instead of the unique bill_no index, a scan
 * that grew with every order. Runs only with DATABASE_URL (SQLite's planner needs no statistics here).
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import pg from 'pg'

const base = process.env.DATABASE_URL
const ROOT = path.resolve(__dirname, '..', '..')

describe('the seed CLI on PostgreSQL', { skip: !base && 'PostgreSQL only (DATABASE_URL)' }, () => {
  const name = `uplus_t_${randomBytes(6).toString('hex')}`
  let url = ''
  let dataDir = ''
  before(async () => {
    const admin = new pg.Client({ connectionString: base })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const u = new URL(base!)
    u.pathname = `/${name}`
    url = u.toString()
    dataDir = mkdtempSync(path.join(tmpdir(), 'uplus-seed-analyze-'))
  })
  after(async () => {
    rmSync(dataDir, { recursive: true, force: true })
    const admin = new pg.Client({ connectionString: base })
    await admin.connect()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  })

  it('analyzes what it loaded, so the order read by bill number plans on the unique index', async () => {
    const seeded = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [path.join(ROOT, 'server', 'src', 'cli', 'seed.ts')], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir },
      encoding: 'utf8'
    })
    assert.equal(seeded.status, 0, `${seeded.stdout}${seeded.stderr}`)
    assert.match(seeded.stdout, /seeded: postgres/)
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    try {
      const { rows } = await c.query<{ relname: string; analyzed: boolean }>(
        `select relname, (last_analyze is not null or last_autoanalyze is not null) as analyzed from pg_stat_user_tables
         where relname in ('donation', 'project', 'app_user', 'session', 'payment_notification', 'job')`
      )
      assert.equal(rows.length, 6)
      for (const r of rows) assert.equal(r.analyzed, true, `${r.relname} has no statistics after the seed`)
      const { rows: counted } = await c.query<{ n: number }>('select count(*)::int as n from donation')
      assert.ok(counted[0].n > 50, `the demo seeds orders (${counted[0].n})`)
      // the plan a named statement settles on: the generic plan (PostgreSQL 15 has no EXPLAIN (GENERIC_PLAN))
      await c.query('set plan_cache_mode = force_generic_plan')
      await c.query(`prepare by_bill(bigint, text) as select * from "donation" where "school_id" = $1 and "bill_no" = $2`)
      const plan = (await c.query<{ 'QUERY PLAN': string }>(`explain execute by_bill(1, 'D0')`)).rows.map((r) => r['QUERY PLAN']).join('\n')
      assert.match(plan, /donation_bill_no_key/, plan)
    } finally {
      await c.end()
    }
  })
})
