/**
 * A deployment's first start (docs/deployment.md "First start"): the demo schools come only with the embedded SQLite
 * default that README's first command runs. On PostgreSQL (DATABASE_URL) or with NODE_ENV=production the server seeds
 * nothing, and the app's first call, /config/index.json, names the add-school command; the seed command seeds on
 * purpose. Builds the app as server/src/main.ts does (no `seed` option), on an empty database.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { buildApp, demoSeedsByDefault } from '../src/app'
import { emptyPgDatabase } from './template'

async function firstStart(opts: { databaseUrl?: string; nodeEnv?: string }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uplus-first-'))
  const prev = process.env.NODE_ENV
  if (opts.nodeEnv === undefined) delete process.env.NODE_ENV
  else process.env.NODE_ENV = opts.nodeEnv
  try {
    // what main.ts passes: no `seed`, so the server decides
    const app = await buildApp({
      dataDir,
      databaseUrl: opts.databaseUrl,
      logger: false,
      h5Dir: path.join(dataDir, 'none'),
      jobs: { autoStart: false }
    })
    try {
      const zh = await app.inject({ url: '/config/index.json' })
      const en = await app.inject({ url: '/config/index.json?lang=en' })
      const demo = await app.inject({ url: '/config/demo/index.json' })
      const schools = await app.db.selectFrom('school').select('code').execute()
      return { zh, en, demo, schools: schools.map((s) => s.code) }
    } finally {
      await app.close()
    }
  } finally {
    if (prev === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = prev
    rmSync(dataDir, { recursive: true, force: true })
  }
}

function assertNoSchool(r: Awaited<ReturnType<typeof firstStart>>) {
  assert.deepEqual(r.schools, [])
  assert.equal(r.zh.statusCode, 503)
  assert.equal(r.zh.json().code, -1)
  assert.match(r.zh.json().message, /尚未添加学校.*server\/src\/cli\/add-school\.ts/)
  assert.match(r.en.json().message, /^No school has been added yet: run npx tsx server\/src\/cli\/add-school\.ts/)
  assert.equal(r.demo.statusCode, 404)
}

describe('first start on an empty database', () => {
  it('the embedded SQLite default (npm start) seeds the demo schools, demo the default', async () => {
    const r = await firstStart({})
    assert.deepEqual(r.schools.sort(), ['cpu', 'demo', 'fzu', 'hhu'])
    assert.equal(r.zh.statusCode, 200)
    assert.deepEqual(r.zh.json(), { school: 'demo' })
  })

  it('NODE_ENV=production on SQLite seeds nothing and names the add-school command', async () => {
    assertNoSchool(await firstStart({ nodeEnv: 'production' }))
  })

  it('the default is decided by the database and NODE_ENV alone', () => {
    assert.equal(demoSeedsByDefault(undefined, {}), true)
    assert.equal(demoSeedsByDefault('', { NODE_ENV: 'development' }), true)
    assert.equal(demoSeedsByDefault('postgres://db/x', {}), false)
    assert.equal(demoSeedsByDefault(undefined, { NODE_ENV: 'production' }), false)
  })

  const base = process.env.DATABASE_URL
  it('PostgreSQL (DATABASE_URL) seeds nothing, even outside production', { skip: !base && 'DATABASE_URL is not set' }, async () => {
    const db = await emptyPgDatabase(base!, 'uplus_first_')
    try {
      assertNoSchool(await firstStart({ databaseUrl: db.url }))
    } finally {
      await db.drop()
    }
  })
})
