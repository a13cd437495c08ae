/**
 * API paths are written once, in the contract (types/routes.ts for the donor API and the config files,
 * types/staff-api.ts for the staff API; docs/decisions/055-one-contract.md). This fails on a bare API path in the
 * app (src/) or the staff console (server/admin/src/): a string or template literal that is a contract path (its
 * `${...}` parts standing for the `:params`), that starts with one of the API prefixes, or that the console hands
 * straight to its request helpers. Plain node:test, run by `npm run lint`.
 */
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { test } = require('node:test')

const root = path.resolve(__dirname, '../..')
const read = (rel) => fs.readFileSync(path.join(root, rel), 'utf8')

/** The path templates of the contract modules, their `${P}`-style constants expanded. */
function contractPaths() {
  const out = new Set()
  for (const rel of ['types/routes.ts', 'types/staff-api.ts']) {
    const text = read(rel)
    const consts = {}
    for (const [, name, value] of text.matchAll(/^export const (\w+) = ['`]([^'`$]*)['`]$/gm)) consts[name] = value
    const expand = (s) => s.replace(/\$\{(\w+)\}/g, (m, name) => (name in consts ? consts[name] : m))
    for (const m of text.matchAll(/^\s+\w+: (?:'([^']*)'|`([^`]*)`),?$/gm)) {
      const value = expand(m[1] ?? m[2])
      if (value.startsWith('/')) out.add(value)
    }
    for (const value of Object.values(consts)) if (value.startsWith('/')) out.add(value)
  }
  return out
}

const PREFIXES = ['/api/', '/staff-api', '/uplus-', '/config/']
// a template's `${...}` and a path's `:param` both stand for one segment (or part of one)
const shape = (p) =>
  p
    .split('?')[0]
    .replace(/\$\{[^}]*\}/g, ':p')
    .replace(/:[A-Za-z]+/g, ':p')

function stripComments(code) {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[\s;{}(),])\/\/.*$/gm, '$1')
}

/** Bare API paths in one file's code: [{line, text, why}]. */
function barePaths(code, known, { console: isConsole }) {
  const shapes = new Set([...known].map(shape))
  const found = []
  const text = stripComments(code)
  const literal = /(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g
  for (const m of text.matchAll(literal)) {
    const value = m[2]
    if (!value.startsWith('/')) continue
    const line = text.slice(0, m.index).split('\n').length
    const before = text.slice(Math.max(0, m.index - 40), m.index)
    let why = ''
    if (shapes.has(shape(value))) why = 'is a contract path'
    else if (PREFIXES.some((p) => value.startsWith(p))) why = 'starts with an API prefix'
    else if (isConsole && /(\b(get|post|upload|download)(<[^()]*>)?\(\s*|path=\{?\s*)$/.test(before)) why = 'is handed to a request'
    if (why) found.push({ line, text: value, why })
  }
  return found
}

function sourceFiles(dir) {
  const out = []
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...sourceFiles(rel))
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel)
  }
  return out
}

test('the contract lists the paths this test looks for', () => {
  const known = contractPaths()
  for (const p of ['/exports/:id', '/login', '/uplus-foundation/app/v1/donateu/items/itemsList', '/config/:school/index.json'])
    assert.ok(known.has(p), `${p} missing from the parsed contract`)
})

test('a bare API path in the console or the app is found', () => {
  const known = contractPaths()
  const hits = (code, opts) => barePaths(code, known, opts).map((h) => h.why)
  assert.deepEqual(hits("await post<{ id: number }>('/exports', { kind })", { console: true }), ['is a contract path'])
  assert.deepEqual(hits('get(`/exports/${id}`)', { console: true }), ['is a contract path'])
  assert.deepEqual(hits("<PagedTable path='/not-yet-in-the-contract' />", { console: true }), ['is handed to a request'])
  assert.deepEqual(hits("request({ url: '/uplus-foundation/app/v1/donateu/items/new' })", { console: false }), [
    'starts with an API prefix'
  ])
  assert.deepEqual(hits('request({ url: `${P}/items/itemsList` })', { console: false }), [])
  assert.deepEqual(hits("const u = '/uplus-foundation/app/v1/donateu/items/itemsDetail'", { console: false }), ['is a contract path'])
  // through the contract, in comments, and page routes are not API paths
  assert.deepEqual(hits("get(StaffApi.exports) // GET '/exports'\n/* post('/exports') */", { console: true }), [])
  assert.deepEqual(hits("Taro.navigateTo({ url: '/pkg-donate/pages/pay/index' })", { console: false }), [])
})

test('no bare API path in the app or the staff console', () => {
  const known = contractPaths()
  const found = []
  for (const [dir, isConsole] of [
    ['src', false],
    ['server/admin/src', true]
  ])
    for (const file of sourceFiles(dir))
      for (const hit of barePaths(read(file), known, { console: isConsole })) found.push(`${file}:${hit.line} '${hit.text}' ${hit.why}`)
  assert.deepEqual(found, [], 'use the path constants of types/routes.ts or types/staff-api.ts')
})
