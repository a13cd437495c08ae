/**
 * The layer rules are lint rules (.eslintrc.js): this proves they bite, and `npm run lint` runs it after eslint.
 * Each case lints a small file placed where a wrong import would live and expects the zone's own message; the
 * allowed import (a feature's index.ts) lints clean. Plain node:test: ESLint does not run inside jest's sandbox.
 */
const assert = require('node:assert/strict')
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

// Services hold no SQL (docs/decisions/058-one-db-schema.md): a query builder or `sql` in a domain's service.ts fails
// lint; the same code in its repository.ts does not. domain/staff is left out until its SQL moves to repositories.
async function syntaxMessages(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message)
    .join('\n')
}

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
    assert.match(await syntaxMessages('server/src/domain/order/service.ts', code), /A service holds no SQL/)
    assert.doesNotMatch(await syntaxMessages('server/src/domain/order/repository.ts', code), /A service holds no SQL/)
  }
  assert.equal((await syntaxMessages('server/src/domain/refund/service.ts', WRITE)).split('\n').length, 3)
})

test('domain/staff is not yet under the service rule (its SQL moves separately)', async () => {
  assert.doesNotMatch(await syntaxMessages('server/src/domain/staff/service.ts', QUERY), /A service holds no SQL/)
})
