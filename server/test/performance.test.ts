/**
 * Performance (docs/decisions/022-performance.md): the per-school cache (tenant row, settings, forms, award rules,
 * payment configuration: decision 087) answers from memory until its writers invalidate it or its TTL runs out;
 * prepared reads answer the same rows as the builder for every shape; at most one log line per request, none for a
 * successful GET at info.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { CompiledQuery, sql } from 'kysely'
import { Api } from '../../types'
import { buildApp } from '../src/app'
import { poolMax } from '../src/db/factory'
import { prepared, preparedInsert } from '../src/db/prepared'
import {
  SCHOOL_CACHE_TTL_MS,
  invalidateSchoolCache,
  schoolAwards,
  schoolByCode,
  schoolForm,
  schoolPaymentConfig,
  schoolSetting
} from '../src/domain/school/cache'
import { ensureDefaultAwards } from '../src/domain/award/service'
import { resolveForm } from '../src/domain/form/service'
import { directoryPage } from '../src/domain/donation/repository'
import { pageProjects } from '../src/domain/project/repository'
import { PERF_ON } from '../src/perf/switch'
import { TEST_BUILD_DEFAULTS, call, startApp, type TestContext } from './helpers'

/** the per-school cache is performance machinery: with PERF_MACHINERY=off it is off, which the last test checks */
const cacheOff = !PERF_ON && 'PERF_MACHINERY=off: the per-school cache is off (checked below)'

describe('per-school cache', () => {
  let ctx: TestContext
  before(async () => {
    ctx = await startApp()
  })
  after(async () => ctx.close())

  it('keeps the tenant row until invalidated or the TTL has passed, and never caches an unknown code', { skip: cacheOff }, async () => {
    const db = ctx.app.db
    invalidateSchoolCache()
    const t0 = Date.now()
    const first = await schoolByCode(db, 'demo', t0)
    assert.ok(first && Object.isFrozen(first))
    await db.updateTable('school').set({ module_name: 'changed by another process' }).where('id', '=', first.id).execute()
    try {
      assert.equal((await schoolByCode(db, 'demo', t0 + 1000))?.module_name, first.module_name, 'served from the cache')
      assert.equal(
        (await schoolByCode(db, 'demo', t0 + SCHOOL_CACHE_TTL_MS + 1))?.module_name,
        'changed by another process',
        'read again after the TTL'
      )
      await db.updateTable('school').set({ module_name: 'changed here' }).where('id', '=', first.id).execute()
      invalidateSchoolCache()
      assert.equal((await schoolByCode(db, 'demo'))?.module_name, 'changed here', 'read again after an invalidation')
    } finally {
      await db.updateTable('school').set({ module_name: first.module_name }).where('id', '=', first.id).execute()
      invalidateSchoolCache()
    }
    assert.equal(await schoolByCode(db, 'no-such-school'), undefined)
    const other = await db.selectFrom('school').select('code').where('code', '!=', 'demo').executeTakeFirstOrThrow()
    await db.updateTable('school').set({ code: 'renamed-late' }).where('code', '=', other.code).execute()
    try {
      assert.ok(await schoolByCode(db, 'renamed-late'), 'a code unknown a moment ago is found at once')
    } finally {
      await db.updateTable('school').set({ code: other.code }).where('code', '=', 'renamed-late').execute()
      invalidateSchoolCache()
    }
  })

  it(
    'keeps donation forms (every gift reads one) until invalidated or the TTL has passed; a transaction reads afresh',
    { skip: cacheOff },
    async () => {
      const db = ctx.app.db
      const { id: sid } = (await schoolByCode(db, 'demo'))!
      invalidateSchoolCache()
      const t0 = Date.now()
      const first = await schoolForm(db, sid, null, t0)
      assert.ok(first && Object.isFrozen(first), 'the default form row, frozen')
      const model = await resolveForm(db, sid, { form_id: null })
      assert.equal(await resolveForm(db, sid, { form_id: null }), model, 'one model per row and language')
      assert.ok(Object.isFrozen(model.payTypes), 'shared models are frozen to the leaves')
      await db
        .updateTable('donation_form')
        .set({ min_fen: first.min_fen + 100 })
        .where('id', '=', first.id)
        .execute()
      try {
        assert.equal((await schoolForm(db, sid, null, t0 + 1000))?.min_fen, first.min_fen, 'served from the cache')
        assert.equal((await resolveForm(db, sid, { form_id: null })).minFen, first.min_fen)
        assert.equal(
          await db.transaction().execute(async (trx) => (await resolveForm(trx, sid, { form_id: null })).minFen),
          first.min_fen + 100,
          'inside a transaction the row is read afresh'
        )
        assert.equal(
          (await schoolForm(db, sid, null, t0 + SCHOOL_CACHE_TTL_MS + 1))?.min_fen,
          first.min_fen + 100,
          'read again after the TTL'
        )
        invalidateSchoolCache()
        assert.equal((await resolveForm(db, sid, { form_id: null })).minFen, first.min_fen + 100, 'read again after an invalidation')
      } finally {
        await db.updateTable('donation_form').set({ min_fen: first.min_fen }).where('id', '=', first.id).execute()
        invalidateSchoolCache()
      }
    }
  )

  it(
    'keeps award rules (every paid gift is evaluated against them), also for a transaction, until invalidated or the TTL',
    { skip: cacheOff },
    async () => {
      const db = ctx.app.db
      const { id: sid } = (await schoolByCode(db, 'demo'))!
      await ensureDefaultAwards(db, sid)
      invalidateSchoolCache()
      const t0 = Date.now()
      const rules = await schoolAwards(db, sid, t0)
      assert.ok(rules && rules.length >= 5 && Object.isFrozen(rules) && Object.isFrozen(rules[0]))
      const first = rules[0]
      await db
        .updateTable('award')
        .set({ min_gift_count: first.min_gift_count + 7 })
        .where('id', '=', first.id)
        .execute()
      try {
        assert.equal(
          await db.transaction().execute(async (trx) => await schoolAwards(trx, sid, t0 + 1000)),
          rules,
          'a transaction of the same handle is served the cached rules'
        )
        const later = await schoolAwards(db, sid, t0 + SCHOOL_CACHE_TTL_MS + 1)
        assert.equal(later?.find((a) => a.id === first.id)?.min_gift_count, first.min_gift_count + 7, 'read again after the TTL')
        assert.equal(await schoolAwards(db, -1), undefined, 'a school without awards: nothing cached')
      } finally {
        await db.updateTable('award').set({ min_gift_count: first.min_gift_count }).where('id', '=', first.id).execute()
        invalidateSchoolCache()
      }
    }
  )

  it(
    "keeps a pay type's payment configuration, and its absence (the sandbox), until invalidated or the TTL",
    { skip: cacheOff },
    async () => {
      const db = ctx.app.db
      const { id: hhu } = (await schoolByCode(db, 'hhu'))!
      invalidateSchoolCache()
      const t0 = Date.now()
      const card = await schoolPaymentConfig(db, hhu, 9, t0)
      assert.ok(card && card.provider === 'campus' && Object.isFrozen(card), 'the seeded campus card row, frozen')
      assert.equal(await schoolPaymentConfig(db, hhu, 1, t0), undefined, 'no WeChat Pay row')
      const at = new Date().toISOString()
      await db.updateTable('payment_config').set({ enabled: 0 }).where('id', '=', card.id).execute()
      await db
        .insertInto('payment_config')
        .values({ school_id: hhu, pay_type: 1, provider: 'sandbox', credentials: '{}', enabled: 1, updated_at: at })
        .execute()
      try {
        // an operator's SQL: this process goes on with what it read until the TTL has passed
        assert.equal(await schoolPaymentConfig(db, hhu, 9, t0 + 1000), card, 'the disabled row still served')
        assert.equal(await schoolPaymentConfig(db, hhu, 1, t0 + 1000), undefined, 'the absence is cached too')
        assert.equal((await ctx.app.payments.forPayType(hhu, 9)).name, 'campus', 'the registry reads through the cache')
        assert.equal(await schoolPaymentConfig(db, hhu, 9, t0 + SCHOOL_CACHE_TTL_MS + 1), undefined, 'read again after the TTL')
        assert.equal((await schoolPaymentConfig(db, hhu, 1, t0 + SCHOOL_CACHE_TTL_MS + 1))?.provider, 'sandbox')
        await db.updateTable('payment_config').set({ enabled: 1 }).where('id', '=', card.id).execute()
        invalidateSchoolCache()
        assert.equal((await schoolPaymentConfig(db, hhu, 9))?.id, card.id, 'read again once invalidated')
      } finally {
        await db.updateTable('payment_config').set({ enabled: 1 }).where('id', '=', card.id).execute()
        await db.deleteFrom('payment_config').where('school_id', '=', hhu).where('pay_type', '=', 1).execute()
        invalidateSchoolCache()
      }
    }
  )

  it('the directory follows a settings change made through the console at once (saveSettings invalidates)', async () => {
    const { id } = (await schoolByCode(ctx.app.db, 'demo'))!
    const names = async () =>
      (await call<{ rows: { name: string }[] }>(ctx.app, 'demo', Api.donateRecordPage, { query: { limit: 50 } })).body.data.rows.map(
        (r) => r.name
      )
    const before = await schoolSetting(ctx.app.db, id)
    assert.ok(before, 'settings row cached')
    await ctx.app.db.updateTable('school_setting').set({ mask_donor_names: 1 }).where('school_id', '=', id).execute()
    try {
      invalidateSchoolCache()
      const masked = await names()
      assert.ok(masked.length > 0 && masked.every((n) => n.endsWith('**') || !/\*/.test(n)), 'masked names after the change')
      assert.ok(masked.some((n) => n.endsWith('**')))
    } finally {
      await ctx.app.db
        .updateTable('school_setting')
        .set({ mask_donor_names: before.mask_donor_names })
        .where('school_id', '=', id)
        .execute()
      invalidateSchoolCache()
    }
    assert.ok(
      (await names()).every((n) => !n.endsWith('**')),
      'names unmasked again'
    )
  })

  it('with PERF_MACHINERY=off every read of the per-school rows is fresh', { skip: PERF_ON && 'the machinery is on' }, async () => {
    const db = ctx.app.db
    const first = (await schoolByCode(db, 'demo'))!
    await db.updateTable('school').set({ module_name: 'changed by another process' }).where('id', '=', first.id).execute()
    try {
      // no invalidation, no TTL: the next read sees the row as it is
      assert.equal((await schoolByCode(db, 'demo'))?.module_name, 'changed by another process')
      const setting = (await schoolSetting(db, first.id))!
      await db
        .updateTable('school_setting')
        .set({ mask_donor_names: setting.mask_donor_names ? 0 : 1 })
        .where('school_id', '=', first.id)
        .execute()
      assert.equal((await schoolSetting(db, first.id))?.mask_donor_names, setting.mask_donor_names ? 0 : 1)
      await db.updateTable('school_setting').set({ mask_donor_names: setting.mask_donor_names }).where('school_id', '=', first.id).execute()
    } finally {
      await db.updateTable('school').set({ module_name: first.module_name }).where('id', '=', first.id).execute()
    }
  })
})

describe('prepared reads', () => {
  let ctx: TestContext
  before(async () => {
    ctx = await startApp()
  })
  after(async () => ctx.close())

  it('binds each call its own values into the SQL compiled once per shape', async () => {
    const db = ctx.app.db
    const byCode = prepared((d, $) => d.selectFrom('school').select(['id', 'code']).where('code', '=', $(0)))
    const schools = await db.selectFrom('school').select(['id', 'code']).orderBy('id').execute()
    assert.ok(schools.length >= 2)
    for (const s of schools) assert.deepEqual(await byCode.first(db, [s.code]), s)
    assert.equal(await byCode.first(db, ['nobody']), undefined)
    const byIds = prepared((d, $, n) =>
      d
        .selectFrom('school')
        .select('id')
        .where(
          'id',
          'in',
          Array.from({ length: Number(n) }, (_, i) => $(i))
        )
        .orderBy('id')
    )
    const ids = schools.map((s) => s.id)
    assert.deepEqual(
      (await byIds.all(db, ids.slice(0, 2), 2)).map((r) => r.id),
      ids.slice(0, 2)
    )
    assert.deepEqual(
      (await byIds.all(db, [ids[1]], 1)).map((r) => r.id),
      [ids[1]]
    )
  })

  it("a plan compiled once serves the handle and its transactions, on the transaction's own connection", async () => {
    const db = ctx.app.db
    let builds = 0
    const byCode = prepared((d, $) => {
      builds++
      return d.selectFrom('school').select(['id', 'name']).where('code', '=', $(0))
    })
    const before = await byCode.first(db, ['demo'])
    assert.ok(before)
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('school').set({ name: 'renamed in a transaction' }).where('id', '=', before.id).execute()
        // inside: the transaction's uncommitted write is seen
        assert.equal((await byCode.first(trx, ['demo']))?.name, 'renamed in a transaction')
        throw new Error('roll back')
      }),
      /roll back/
    )
    assert.deepEqual(await byCode.first(db, ['demo']), before, 'rolled back with its transaction')
    // PERF_MACHINERY=off (perf/README.md): built on every call
    assert.equal(builds, PERF_ON ? 1 : 3, 'one plan for the handle and its transaction')
  })

  it('preparedInsert: one plan per set of columns, undefined columns left out, SQL expressions through the builder', async () => {
    const db = ctx.app.db
    const { id: sid } = (await schoolByCode(db, 'demo'))!
    const insert = preparedInsert<{ id: number; kind: string; last_error: string; attempts: number }>('job', (q) =>
      q.returning(['id', 'kind', 'last_error', 'attempts'])
    )
    const row = (over: Record<string, unknown>) => ({
      school_id: sid,
      kind: 'perf-test',
      payload: '{}',
      status: 'done',
      attempts: 0,
      max_attempts: 1,
      run_after: new Date().toISOString(),
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      ...over
    })
    const a = (await insert.exec(db, row({ last_error: 'a' }))).rows[0]
    const b = (await insert.exec(db, row({ last_error: undefined }))).rows[0]
    const c = (await insert.exec(db, row({ last_error: 'c', attempts: sql<number>`1 + 2` }))).rows[0]
    assert.deepEqual([a.last_error, b.last_error, c.last_error], ['a', '', 'c'])
    assert.equal(c.attempts, 3, 'the expression was written as SQL, not bound as a value')
    assert.ok(a.id < b.id && b.id < c.id)
    await db.deleteFrom('job').where('kind', '=', 'perf-test').execute()
  })

  it('the project list and the directory answer what the builder answers, for every filter shape and order', async () => {
    const db = ctx.app.db
    const { id: sid } = (await schoolByCode(db, 'demo'))!
    const type = await db.selectFrom('project').select('type_id').where('school_id', '=', sid).where('type_id', '>', 0).executeTakeFirst()
    const label = await db.selectFrom('project_label_link').select('label_id').where('school_id', '=', sid).executeTakeFirst()
    const filters = [{}, { typeId: type?.type_id }, { labelId: label?.label_id }, { typeId: type?.type_id, labelId: label?.label_id }]
    for (const f of filters) {
      for (const [limit, offset] of [
        [10, 0],
        [3, 2]
      ]) {
        const fast = await pageProjects(db, sid, f, limit, offset)
        // a transaction takes the builder path (no prepared plan): the same answer is the check
        const slow = await db.transaction().execute((trx) => pageProjects(trx, sid, f, limit, offset))
        assert.deepEqual(fast, slow, JSON.stringify({ f, limit, offset }))
      }
    }
    const project = await db
      .selectFrom('donation')
      .select('items_id')
      .where('school_id', '=', sid)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow()
    for (const order of ['', 'donate_time_asc', '1', 'donate_money_asc'] as const) {
      for (const f of [{}, { itemsId: project.items_id }]) {
        const fast = await directoryPage(db, sid, f, order, 7, 1)
        assert.ok(fast.rows.length > 0 && fast.total > 0)
        const slow = await db.transaction().execute((trx) => directoryPage(trx, sid, f, order, 7, 1))
        assert.deepEqual(fast, slow, JSON.stringify({ order, f }))
      }
    }
  })
  it(
    'public reads find their rows through an index (SQLite query plans; migration 023)',
    { skip: !!process.env.DATABASE_URL && 'plans are SQLite text' },
    async () => {
      const db = ctx.app.db
      const plan = async (q: { compile(): CompiledQuery }) => {
        const c = q.compile()
        const rows = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${c.sql}`, [...c.parameters]))
        return rows.rows.map((r) => r.detail).join(' / ')
      }
      const naming = await plan(
        db
          .selectFrom('donation_naming')
          .select(['donation_id', 'label'])
          .where('school_id', '=', 1)
          .where('donation_id', 'in', [1, 2, 3])
          .orderBy('id')
      )
      assert.match(naming, /donation_naming_donation_idx/, `the directory's naming labels by donation id: ${naming}`)
      const covers = await plan(
        db
          .selectFrom('project_cover')
          .select('file_url')
          .where('school_id', '=', 1)
          .where('items_id', '=', 1)
          .orderBy('sort_no')
          .orderBy('id')
      )
      assert.doesNotMatch(covers, /SCAN/, `a project's covers without reading the whole table: ${covers}`)
      const subs = await plan(
        db
          .selectFrom('sub_project')
          .select(['id', 'name'])
          .where('school_id', '=', 1)
          .where('items_id', '=', 1)
          .orderBy('sort_no')
          .orderBy('id')
      )
      assert.doesNotMatch(subs, /SCAN/, `a project's sub-projects without reading the whole table: ${subs}`)
      const list = await plan(
        db
          .selectFrom('project')
          .select(['id', 'name'])
          .where('school_id', '=', 1)
          .orderBy('is_complete')
          .orderBy('sort_no')
          .orderBy('id')
          .limit(10)
      )
      assert.doesNotMatch(list, /TEMP B-TREE/, `the list in index order: ${list}`)
    }
  )
})

describe('request log', () => {
  it('writes nothing for a successful GET at info and one line with the redacted URL for anything else', async () => {
    const out: string[] = []
    const dir = mkdtempSync(path.join(tmpdir(), 'uplus-perf-log-'))
    const app = await buildApp({
      ...TEST_BUILD_DEFAULTS,
      dataDir: dir,
      h5Dir: path.join(dir, 'none'),
      logger: { level: 'info', stream: { write: (s: string) => void out.push(s) } }
    })
    try {
      await app.ready()
      out.length = 0
      const ok = await call(app, 'demo', Api.itemsList, { query: { limit: 5 } })
      assert.equal(ok.body.code, 0)
      assert.equal(out.length, 0, `a successful GET logged: ${out.join('')}`)
      const refused = await app.inject({ url: `/api/demo${Api.itemsList}?token=secret-token-123` })
      assert.equal(refused.json().code, -1)
      const lines = out.map((l) => JSON.parse(l) as { msg: string; url?: string; status?: number })
      const requestLines = lines.filter((l) => l.msg === 'request')
      assert.equal(requestLines.length, 1, out.join(''))
      assert.equal(requestLines[0].status, refused.statusCode)
      assert.match(requestLines[0].url ?? '', /token=\[REDACTED\]/)
      assert.ok(!out.join('').includes('secret-token-123'))
    } finally {
      await app.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('PG_POOL_MAX', () => {
  it('takes a whole number from 1 to 200, else 10', () => {
    assert.equal(poolMax(undefined), 10)
    assert.equal(poolMax(''), 10)
    assert.equal(poolMax('25'), 25)
    for (const bad of ['0', '-3', '2.5', 'many', '500']) assert.equal(poolMax(bad), 10, bad)
  })
})
