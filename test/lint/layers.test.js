/**
 * The layer rules are lint rules (.eslintrc.js): this proves they bite, and `npm run lint` runs it after eslint.
 * Each case lints a small file placed where a wrong import would live and expects the zone's own message; the
 * allowed import (a feature's index.ts) lints clean. Plain node:test: ESLint does not run inside jest's sandbox.
 */
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { test } = require('node:test')
const { ESLint } = require('eslint')

const root = path.resolve(__dirname, '../..')
// import/no-cycle reads the file from disk, and these scratch files exist only as text: it is off here (it has no
// part in the zones checked below).
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import/no-cycle': 'off' } } })

async function importMessages(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return result.messages
    .filter((m) => m.ruleId && m.ruleId.startsWith('import/'))
    .map((m) => m.message)
    .join('\n')
}

test('a feature importing a page fails lint', async () => {
  const msgs = await importMessages('src/features/donate/scratch-layer.ts', "import Mine from '@/pages/mine/index'\nexport default Mine\n")
  assert.match(msgs, /never import a page/)
})

test("a feature importing another feature's internals fails lint; its index.ts is allowed", async () => {
  const internal = await importMessages(
    'src/features/receipt/scratch-layer.ts',
    "import * as x from '@/features/certificate/model/status'\nexport default x\n"
  )
  assert.match(internal, /may use another feature only through its index\.ts/)
  const face = await importMessages(
    'src/features/receipt/scratch-layer.ts',
    "import * as x from '@/features/certificate'\nexport default x\n"
  )
  assert.doesNotMatch(face, /another feature/)
})

test('src/lib importing a feature fails lint', async () => {
  const msgs = await importMessages('src/lib/scratch-layer.ts', "import * as x from '@/features/donate'\nexport default x\n")
  assert.match(msgs, /shared layers: they import no feature/)
})

test('the server importing app code fails lint', async () => {
  const msgs = await importMessages('server/src/scratch-layer.ts', "import * as x from '../../src/lib/money'\nexport default x\n")
  assert.match(msgs, /server never imports app code/)
})

// SQL only in repositories (docs/decisions/058-one-db-schema.md, 068-sql-in-repositories.md): a query builder, `sql`
// or `eb.fn` in any file under server/src/domain fails lint, domain/staff included; the same code in a domain's
// repository.ts (or a *-repository.ts) does not. Files that still hold SQL are named in .eslintrc.js's allow-list.
async function syntaxMessages(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message)
    .join('\n')
}

const NO_SQL = /A domain's rule module holds no SQL/

const QUERY = `import type { Kysely } from 'kysely'
export const q = (db: Kysely<any>) => db.selectFrom('donation').selectAll().where('id', '=', 1).execute()
`
const RAW = `import { sql, type Kysely } from 'kysely'
export const q = (db: Kysely<any>) => sql\`select 1\`.execute(db)
`
const WRITE = `import type { Kysely } from 'kysely'
export async function w(db: Kysely<any>) {
  await db.updateTable('donation').set({ status: 'paid' }).execute()
  await db.insertInto('refund').values({}).execute()
  await db.deleteFrom('award_record').execute()
}
`
const COUNT = `import type { Kysely } from 'kysely'
export const n = (db: Kysely<any>, base: any) => base.select((eb: any) => eb.fn.countAll().as('n'))
`

test("a domain service's query builders, sql and eb.fn fail lint; the same code in its repository.ts passes", async () => {
  for (const code of [QUERY, RAW, WRITE, COUNT]) {
    assert.match(await syntaxMessages('server/src/domain/order/service.ts', code), NO_SQL)
    assert.doesNotMatch(await syntaxMessages('server/src/domain/order/repository.ts', code), NO_SQL)
  }
  assert.equal((await syntaxMessages('server/src/domain/refund/service.ts', WRITE)).split('\n').length, 3)
})

test("a query planted in a domain/staff rule module fails lint; domain/staff's repository.ts may hold it", async () => {
  for (const file of ['admin.ts', 'audit.ts', 'dashboard.ts', 'service.ts', 'roles.ts']) {
    for (const code of [QUERY, RAW, WRITE, COUNT]) {
      assert.match(await syntaxMessages(`server/src/domain/staff/${file}`, code), NO_SQL, `staff/${file}`)
    }
  }
  for (const code of [QUERY, RAW, WRITE, COUNT]) {
    assert.doesNotMatch(await syntaxMessages('server/src/domain/staff/repository.ts', code), NO_SQL)
  }
})

test('the rule modules cleaned by decision 068, and a new file of any domain, are under the rule; *-repository.ts is not', async () => {
  for (const file of [
    'ledger/offline.ts',
    'naming/inventory.ts',
    'project/editor.ts',
    'some-new-domain/rules.ts',
    'order/nested/deep.ts'
  ]) {
    assert.match(await syntaxMessages(`server/src/domain/${file}`, QUERY), NO_SQL, file)
  }
  assert.doesNotMatch(await syntaxMessages('server/src/domain/ledger/offline-repository.ts', QUERY), NO_SQL)
})

// The allow-list only shrinks: each file it names exists and still holds SQL (linted under another name in its own
// folder, where the rule applies). A file whose queries moved out must leave the list, so the rule then covers it.
// (the import rules are off for these probes: only no-restricted-syntax is read, and resolving imports is slow)
const probeLint = new ESLint({
  cwd: root,
  overrideConfig: { rules: { 'import/no-cycle': 'off', 'import/no-restricted-paths': 'off', 'import/no-unresolved': 'off' } }
})
const sqlRule = require('../../.eslintrc.js').overrides.find((o) => o.files.includes('server/src/domain/**/*.ts'))
const allowList = sqlRule.excludedFiles.filter((f) => !f.includes('*'))

test(".eslintrc.js's allow-list names only files that exist and still hold SQL", async () => {
  assert.ok(allowList.length > 0)
  const cleaned = []
  for (const file of allowList) {
    const code = fs.readFileSync(path.join(root, file), 'utf8')
    const probe = file.replace(/\.ts$/, '.allow-list-probe.ts')
    const [result] = await probeLint.lintText(code, { filePath: path.join(root, probe) })
    if (!result.messages.some((m) => m.ruleId === 'no-restricted-syntax' && NO_SQL.test(m.message))) cleaned.push(file)
  }
  assert.deepEqual(cleaned, [], 'these files hold no SQL any more: take them off SQL_NOT_YET_IN_REPOSITORIES in .eslintrc.js')
  for (const f of ['server/src/domain/staff/admin.ts', 'server/src/domain/ledger/offline.ts', 'server/src/domain/naming/inventory.ts']) {
    assert.ok(!allowList.includes(f), f)
  }
})
