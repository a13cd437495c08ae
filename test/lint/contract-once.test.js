/**
 * Every request and answer shape is declared once, as a schema in types/schema/ with its type derived by `Static<>`
 * (docs/decisions/055-one-contract.md, 056-donor-contract.md, 066-donor-requests.md). Three rules, plain node:test run
 * by `npm run lint`:
 * - a name a module of types/schema/ declares is not declared again (interface, type alias, schema constant) in the
 *   contract's modules (types/*.ts) or in the server's routes (server/src/routes/**); re-exports
 *   (`export type { X } from './schema/…'`) are how the contract's modules name them, and are allowed;
 * - the contract's modules declare no shape of their own at all: no `interface`, no object type alias (`type X = {…}`,
 *   `… & {…}`), except the ALLOWED_TYPE_SHAPES below. Enums, constants, field-type unions (`'zh_CN' | 'en'`,
 *   `(typeof X)[keyof typeof X]`) stay where they are;
 * - the routes declare no schema: no `Type.…(` and no call of the request builders of types/schema/wire-int.ts
 *   (`query(`, `body(`, `reqInt(` …), except in the ROUTE_SCHEMA_ALLOWED paths below. A route imports its schemas.
 */
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { test } = require('node:test')

const root = path.resolve(__dirname, '../..')
const read = (rel) => fs.readFileSync(path.join(root, rel), 'utf8')

function stripComments(code) {
  // comments become blank lines, so the line numbers reported are the file's
  return code.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, '')).replace(/(^|[\s;{}(),])\/\/.*$/gm, '$1')
}

/** The names the schema modules declare: `export type X = Static<…>` and `export const X = <a schema>`, not the
 *  building-block functions (`export const Page = <T …>(row) =>`). name -> module. */
function schemaNames() {
  const out = new Map()
  const dir = path.join(root, 'types/schema')
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const text = stripComments(read(`types/schema/${file}`))
    for (const [, name] of text.matchAll(/^export type (\w+)\s*=\s*Static</gm)) out.set(name, `types/schema/${file}`)
    for (const [, name, rhs] of text.matchAll(/^export const (\w+)\s*=\s*(.*)$/gm)) {
      if (/^[A-Z][a-z]/.test(name) && !/^[<(]/.test(rhs)) out.set(name, `types/schema/${file}`)
    }
  }
  return out
}

/** Declarations in one file's code of a name in `names`: [{line, name, kind}]. Re-exports are not declarations. */
function redeclarations(code, names) {
  const text = stripComments(code)
  const found = []
  const decl = /^[ \t]*(?:export\s+)?(?:declare\s+)?(interface|type|const|let)\s+(\w+)\b(?:<[^=]*>)?\s*(=\s*([^\n]*)|extends|\{)?/gm
  for (const m of text.matchAll(decl)) {
    const [, kind, name, , rhs] = m
    if (!names.has(name)) continue
    // a value that is not a schema (a run-time constant the app needs) is not a redeclared shape
    if ((kind === 'const' || kind === 'let') && !/^(Type\.|wireSchema|Page\(|Nullable\(|strEnum\(|intEnum\()/.test(rhs ?? '')) continue
    found.push({ line: text.slice(0, m.index).split('\n').length, name, kind })
  }
  return found
}

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`
    if (entry.isDirectory()) walk(rel, out)
    else if (/\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel)
  }
  return out
}

/** Shapes the contract's modules may still declare, each with its reason. */
const ALLOWED_TYPE_SHAPES = new Map([
  // generic wrappers over any answer: the server builds their schemas per answer (lib/envelope.ts Envelope(data),
  // types/schema/common.ts Page(row)); a Static type cannot be generic
  ['types/envelope.ts:Envelope', 'generic envelope'],
  ['types/envelope.ts:Page', 'generic page']
])

/**
 * Route files that may still write schemas inline: none. The staff routes' requests moved to types/schema/staff-*.ts
 * (docs/decisions/067-staff-requests-once.md), so the donor rule below covers every route file; the list stays as
 * the one place an exception would have to be argued.
 */
const ROUTE_SCHEMA_ALLOWED = []

/** The schema builders a route would declare a shape with: TypeBox's, and the exported helpers of wire-int.ts and
 *  common.ts (query, body, reqInt, strEnum, Page …). */
function builderNames() {
  const names = new Set()
  for (const rel of ['types/schema/wire-int.ts', 'types/schema/common.ts']) {
    for (const [, name] of stripComments(read(rel)).matchAll(/^export const (\w+)\s*=\s*(?:<[^=]*>)?\s*\(/gm)) names.add(name)
  }
  return names
}

/** Schema declarations in one route file's code: [{line, what}]. `req.query(`-style method calls are not builders. */
function routeSchemas(code, builders) {
  const text = stripComments(code)
  const found = []
  for (const m of text.matchAll(/(?<![.\w$])(Type\.\w+|\w+)\s*\(/g)) {
    const what = m[1]
    if (!what.startsWith('Type.') && !builders.has(what)) continue
    found.push({ line: text.slice(0, m.index).split('\n').length, what })
  }
  return found
}

/** Shape declarations in one contract module: interfaces and object type aliases. [{line, name, kind}] */
function typeShapes(code) {
  const text = stripComments(code)
  const found = []
  for (const m of text.matchAll(/^[ \t]*(?:export\s+)?(?:declare\s+)?(interface|type)\s+(\w+)\b([^\n]*(?:\n[ \t]+[^\n]*)*)/gm)) {
    const [, kind, name, rest] = m
    // `type X = …` up to the next top-level line; an object type literal in it makes it a shape
    const rhs = kind === 'type' ? rest.replace(/^[^=]*=/, '').trim() : ''
    if (kind === 'interface' || /^\{|[&|]\s*\{|^(Omit|Pick|Partial|Required)</.test(rhs)) {
      found.push({ line: text.slice(0, m.index).split('\n').length, name, kind })
    }
  }
  return found
}

const contractModules = () =>
  fs
    .readdirSync(path.join(root, 'types'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => `types/${f}`)

test('the schema modules declare the shapes this test looks for', () => {
  const names = schemaNames()
  for (const name of ['FormConfig', 'Project', 'UserCenter', 'NameplateShowData', 'MapConfig', 'LedgerRow', 'StaffLedgerRow']) {
    assert.ok(names.has(name), `${name} is declared in types/schema/`)
  }
  assert.ok(!names.has('Page'), 'the Page builder is not a shape')
})

test('a second declaration of a schema shape is found', () => {
  const names = schemaNames()
  const scratch = [
    "export type { FormConfig } from './schema/donate'",
    'export interface FormConfig {',
    '  id: number',
    '}',
    'type UserCenter = { userId: number }',
    'const SeatListAnswer = Type.Object({ type: Num })',
    'export const ItemsType = { DONATION: 1, NAMING: 2 } as const',
    '/** interface Project { } in a comment is not a declaration */'
  ].join('\n')
  assert.deepEqual(
    redeclarations(scratch, names).map((f) => `${f.line}:${f.kind} ${f.name}`),
    ['2:interface FormConfig', '5:type UserCenter', '6:const SeatListAnswer']
  )
})

test('no shape of types/schema/ is declared again in the contract modules or the server routes', () => {
  const names = schemaNames()
  const problems = []
  for (const rel of [...contractModules(), ...walk('server/src/routes')]) {
    for (const f of redeclarations(read(rel), names)) {
      problems.push(`${rel}:${f.line}: ${f.kind} ${f.name} is declared in ${names.get(f.name)}`)
    }
  }
  assert.deepEqual(problems, [], problems.join('\n'))
})

test('a shape declared in a contract module is found', () => {
  const scratch = [
    "export type { FormConfig } from './schema/donate'",
    'export interface SeatFilter {',
    '  itemsId: number',
    '}',
    'export type OrderQuery = { donatePlatOrder: string }',
    "export type NamingBody = Omit<DonateSubmission, 'itemsType'> & {",
    '  namingType: string',
    '}',
    "export type Lang = 'zh_CN' | 'en'",
    'export type PayTypeCode = (typeof PayTypes)[keyof typeof PayTypes]',
    "export type DirectoryOrder = SchoolSettings['defaultDirectoryOrder']",
    'export const PayTypes = { WECHAT: 1 } as const',
    '/** interface Project { } in a comment is not a declaration */'
  ].join('\n')
  assert.deepEqual(
    typeShapes(scratch).map((f) => `${f.line}:${f.kind} ${f.name}`),
    ['2:interface SeatFilter', '5:type OrderQuery', '6:type NamingBody']
  )
})

test('a schema written in a route is found', () => {
  const builders = builderNames()
  for (const name of ['query', 'body', 'reqInt', 'optString', 'strEnum', 'Page']) assert.ok(builders.has(name), `${name} is a builder`)
  const scratch = [
    "import { IdQuery } from '../../../../types/schema/requests'",
    'const insertBody = body({ itemsId: reqInt(), token: optString(200) })',
    'app.get(Api.x, { schema: { querystring: IdQuery, response: answers(Type.Null()) } }, async (req) => ok(req.query.id))',
    'app.post(Api.y, { schema: { body: W.SeatFilter } }, async (req) => ok(await seatStatusList(app.db, req.body)))',
    '// body({ a: reqInt() }) in a comment is not a declaration',
    'const n = reply.query(1) + db.body(2)'
  ].join('\n')
  assert.deepEqual(
    routeSchemas(scratch, builders).map((f) => `${f.line}:${f.what}`),
    ['2:body', '2:reqInt', '2:optString', '3:Type.Null']
  )
})

test('the contract modules declare no request or answer shape of their own', () => {
  const problems = []
  for (const rel of contractModules()) {
    for (const f of typeShapes(read(rel))) {
      if (ALLOWED_TYPE_SHAPES.has(`${rel}:${f.name}`)) continue
      problems.push(`${rel}:${f.line}: ${f.kind} ${f.name} is a shape: make it a schema in types/schema/ and re-export its type`)
    }
  }
  assert.deepEqual(problems, [], problems.join('\n'))
})

test('the routes validate with the schemas of types/schema/ and write none themselves', () => {
  const builders = builderNames()
  const problems = []
  for (const rel of walk('server/src/routes')) {
    if (ROUTE_SCHEMA_ALLOWED.some((allowed) => rel.startsWith(allowed))) continue
    for (const f of routeSchemas(read(rel), builders)) {
      problems.push(`${rel}:${f.line}: ${f.what}( declares a schema in a route: declare it in types/schema/ and import it`)
    }
  }
  assert.deepEqual(problems, [], problems.join('\n'))
})

// ---------------------------------------------------------------------------------------------------------------------
// Staff requests and answers (docs/decisions/067-staff-requests-once.md). Kept as its own block: the donor routes'
// rules above are another change's. Every body, query string, params and answer schema of the staff API is declared in
// types/schema/staff-*.ts; the route files only name them, and the console's pages import their `Static` types.

/** What declares a shape inline in a route file: a TypeBox builder or one of the request helpers of
 *  types/schema/wire-int.ts (which the server re-exports from lib/schemas.ts). [{line, what}] */
function inlineShapes(code) {
  const text = stripComments(code)
  const found = []
  const builder =
    /\bType\.[A-Z]\w*\s*\(|\b(body|query|reqInt|optInt|optFlag|optCode|reqCode|optEnum|idList|reqString|optString|optNullableString|optAny|strEnum|intEnum|wireInt|Page|Nullable)\s*\(|\.\.\.pageProps\b/g
  for (const m of text.matchAll(builder)) found.push({ line: text.slice(0, m.index).split('\n').length, what: m[0].replace(/\s*\($/, '') })
  return found
}

/** Wire shapes typed by hand in a console file: an interface, an object-literal type alias, or an object type handed
 *  to the API client (`get<{ rows: X[] }>`). [{line, what}] */
function handTypedShapes(code) {
  const text = stripComments(code)
  const found = []
  const decl = /^[ \t]*(?:export\s+)?(?:interface\s+(\w+)|type\s+(\w+)(?:<[^=]*>)?\s*=\s*\{)|\b(?:get|post|upload)<\{/gm
  for (const m of text.matchAll(decl)) {
    found.push({ line: text.slice(0, m.index).split('\n').length, what: m[1] ?? m[2] ?? m[0].trim() })
  }
  return found
}

/** Console declarations that are not wire shapes, with the reason they stay. file -> names */
const CONSOLE_ALLOWED = {
  // the navigation's own record of a screen (path, title, roles, component): never sent nor received
  'server/admin/src/screens.tsx': ['Screen'],
  // the language context React hands the pages
  'server/admin/src/i18n.tsx': ['LangContext'],
  // what a bulk action did in the browser (counts and the refusals' messages), never sent
  'server/admin/src/components.tsx': ['BulkResult'],
  // the rich-text editor's toolbar buttons
  'server/admin/src/pages/rich-text.tsx': ['Command']
}

const tsFiles = (dir, re) => walkAll(dir).filter((f) => re.test(f))
function walkAll(dir, out = []) {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`
    if (entry.isDirectory()) walkAll(rel, out)
    else out.push(rel)
  }
  return out
}

test('a staff route declaring a shape inline, and a console page typing one by hand, are found', () => {
  const route = [
    "import { StaffIdParams } from '../../../../types/schema/staff-common'",
    'const idParams = Type.Object({ id: reqInt() })',
    'app.get(StaffApi.audit, { schema: { params: StaffIdParams, querystring: W.AuditQuery, response: answers(W.AuditPage) } }, h)',
    'app.post(path, { schema: { body: body({ note: optString(800) }) } }, h)',
    '// Type.Object({ a }) in a comment is not a declaration'
  ].join('\n')
  assert.deepEqual(
    inlineShapes(route).map((f) => `${f.line}:${f.what}`),
    ['2:Type.Object', '2:reqInt', '4:body', '4:optString']
  )
  const page = [
    "import type { StaffBook } from '@contract/schema/staff-console'",
    'interface Summary {',
    '  itemId: number',
    '}',
    'type Row = { id: number }',
    "type Values = Omit<OfflineGiftBody, 'donatedOn'> & { donatedOn: Dayjs }",
    'const x = get<{ rows: StaffBook[] }>(StaffApi.namingBooks)',
    'const y = get<StaffBookPage>(StaffApi.namingBooks)'
  ].join('\n')
  assert.deepEqual(
    handTypedShapes(page).map((f) => `${f.line}:${f.what}`),
    ['2:Summary', '5:Row', '7:get<{']
  )
})

test('the staff routes declare no request or answer shape inline: they name the schemas of types/schema/staff-*.ts', () => {
  const problems = []
  for (const rel of tsFiles('server/src/routes/staff', /\.ts$/)) {
    for (const f of inlineShapes(read(rel)))
      problems.push(`${rel}:${f.line}: ${f.what}(…) declares a shape; put it in types/schema/staff-*.ts`)
  }
  assert.deepEqual(problems, [], problems.join('\n'))
})

test('the console types no wire shape by hand: its pages import the contract', () => {
  const problems = []
  for (const rel of tsFiles('server/admin/src', /\.tsx?$/)) {
    const allowed = CONSOLE_ALLOWED[rel] ?? []
    for (const f of handTypedShapes(read(rel))) {
      if (!allowed.includes(f.what)) problems.push(`${rel}:${f.line}: ${f.what} is typed by hand; import its type from @contract/schema/…`)
    }
  }
  assert.deepEqual(problems, [], problems.join('\n'))
  for (const [rel, names] of Object.entries(CONSOLE_ALLOWED)) {
    const declared = handTypedShapes(read(rel)).map((f) => f.what)
    for (const name of names) assert.ok(declared.includes(name), `${rel} no longer declares ${name}: drop it from CONSOLE_ALLOWED`)
  }
})
