/**
 * The performance machinery's one switch (server/src/perf/switch.ts, perf/README.md, docs/decisions/054): the values
 * it takes, and what a process started with PERF_MACHINERY=off and one started with it on actually run. The switch is
 * read once at start, so each mode is a child process of its own.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { readCacheTtlFromEnv } from '../src/perf/read-cache'
import { perfModeFromEnv } from '../src/perf/switch'

const root = path.resolve(__dirname, '..', '..')
const tsx = path.join(root, 'node_modules', '.bin', 'tsx')
const src = (rel: string) => JSON.stringify(path.join(root, 'server', 'src', rel))

describe('PERF_MACHINERY', () => {
  it('is on unless set to off, and refuses anything else', () => {
    assert.equal(perfModeFromEnv({}), 'on')
    assert.equal(perfModeFromEnv({ PERF_MACHINERY: '' }), 'on')
    assert.equal(perfModeFromEnv({ PERF_MACHINERY: ' On ' }), 'on')
    assert.equal(perfModeFromEnv({ PERF_MACHINERY: 'off' }), 'off')
    assert.equal(perfModeFromEnv({ PERF_MACHINERY: 'OFF' }), 'off')
    assert.throws(() => perfModeFromEnv({ PERF_MACHINERY: 'of' }), /PERF_MACHINERY must be "on" or "off"/)
    assert.throws(() => perfModeFromEnv({ PERF_MACHINERY: '0' }), /PERF_MACHINERY/)
  })

  it('off turns the read cache off whatever READ_CACHE_TTL_MS says', () => {
    assert.equal(readCacheTtlFromEnv({ READ_CACHE_TTL_MS: '500' }, true), 500)
    assert.equal(readCacheTtlFromEnv({}, true), 1000)
    assert.equal(readCacheTtlFromEnv({ READ_CACHE_TTL_MS: '500' }, false), 0)
    assert.equal(readCacheTtlFromEnv({}, false), 0)
  })

  // what a fresh process runs: 24 concurrent transactions on a scratch SQLite file, a batch of nonce claims, the
  // read cache's default, the signature's decipher and the prepared plans
  const probe = (mode: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uplus-perf-switch-'))
    try {
      const script = path.join(dir, 'probe.ts')
      writeFileSync(
        script,
        `import { openDatabase } from ${src('db/factory')}
import { prepared } from ${src('db/prepared')}
import { DatabaseStore } from ${src('lib/shared-store/database')}
import { readCacheTtlFromEnv } from ${src('perf/read-cache')}
import { decipherCbc, keptDecipherCbc } from ${src('perf/signature-decipher')}
async function main() {
  const h = openDatabase({ dataDir: ${JSON.stringify(dir)} })
  const db = h.db as any
  await db.schema.createTable('t').addColumn('id', 'integer', (c: any) => c.primaryKey()).addColumn('v', 'integer', (c: any) => c.notNull()).execute()
  await Promise.all(Array.from({ length: 24 }, (_, i) => db.transaction().execute((trx: any) => trx.insertInto('t').values({ v: i }).execute())))
  let builds = 0
  const q = prepared((d: any, $) => { builds++; return d.selectFrom('t').select('v').where('v', '=', $(0)) })
  for (let i = 0; i < 3; i++) await q.first(db, [i])
  const store = new DatabaseStore(h.db)
  console.log(JSON.stringify({ groups: h.groupCommit!.groups, transactions: h.groupCommit!.transactions, builds,
    batched: store.batched, readCacheTtl: readCacheTtlFromEnv(), keptDecipher: decipherCbc === keptDecipherCbc }))
  await h.close()
}
main().catch((e) => { console.error(e); process.exit(1) })
`
      )
      const r = spawnSync(tsx, [script], {
        cwd: root,
        env: { ...process.env, PERF_MACHINERY: mode, READ_CACHE_TTL_MS: '' },
        encoding: 'utf8'
      })
      assert.equal(r.status, 0, r.stderr)
      return JSON.parse(r.stdout.trim().split('\n').pop()!)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }

  it('off: every transaction commits alone, and every other piece is off', () => {
    const off = probe('off')
    assert.deepEqual(off, { groups: 24, transactions: 24, builds: 3, batched: false, readCacheTtl: 0, keptDecipher: false })
  })

  it('on: transactions share commits, and every piece is on', () => {
    const on = probe('on')
    assert.equal(on.transactions, 24)
    assert.ok(on.groups < 24, `24 concurrent transactions took ${on.groups} commits`)
    assert.deepEqual(
      { ...on, groups: 0 },
      { groups: 0, transactions: 24, builds: 1, batched: true, readCacheTtl: 1000, keptDecipher: true }
    )
  })

  it('a value other than on or off stops the process at start', () => {
    const r = spawnSync(tsx, [path.join(root, 'server', 'src', 'perf', 'switch.ts')], {
      cwd: root,
      env: { ...process.env, PERF_MACHINERY: 'maybe' },
      encoding: 'utf8'
    })
    assert.notEqual(r.status, 0)
    assert.match(r.stderr, /PERF_MACHINERY must be "on" or "off", not "maybe"/)
  })
})
