#!/usr/bin/env node
/**
 * `npm run size:h5` (after `npm run build:h5`): what each H5 route loads on a first visit, the entry's JS and CSS
 * plus its page's chunks (from dist/h5.chunks.json, which the build writes from webpack's chunk graph:
 * config/h5-weight.ts), and index.html, raw and compressed as the server sends them: brotli (quality 11) and gzip
 * (level 9), computed here with zlib. Then the modules that more than one file carries (a module id of the build in
 * two chunk files), which a shared chunk should have taken.
 * Budget: the first route (home) at most 200 KB brotli (KB = 1024 bytes) and no module in two JS files;
 * exits 1 otherwise.
 */
const fs = require('node:fs')
const path = require('node:path')
const zlib = require('node:zlib')

const root = path.resolve(__dirname, '..')
const dist = path.join(root, 'dist', 'h5')
const manifestFile = path.join(root, 'dist', 'h5.chunks.json')
const BUDGET_KB = 200
const FIRST_PAGE = 'pages/home/index'

if (!fs.existsSync(manifestFile) || !fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('dist/h5 or dist/h5.chunks.json is missing: run `npm run build:h5` first')
  process.exit(2)
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'))

// Taro page path -> route name (src/lib/route-list.ts PAGES, from which the H5 router's customRoutes are derived)
const routes = {}
for (const m of fs.readFileSync(path.join(root, 'src', 'lib', 'route-list.ts'), 'utf8').matchAll(/\{ name: '([^']+)', page: '([^']+)'/g))
  routes[m[2]] = '/' + m[1]

const sizes = new Map()
function sizeOf(file) {
  if (!sizes.has(file)) {
    const raw = fs.readFileSync(path.join(dist, file))
    sizes.set(file, {
      raw: raw.length,
      gzip: zlib.gzipSync(raw, { level: 9 }).length,
      br: zlib.brotliCompressSync(raw, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length }
      }).length
    })
  }
  return sizes.get(file)
}

const kb = (n) => (n / 1024).toFixed(1)
const firstLoad = (page) =>
  ['index.html', ...new Set([...manifest.entry, ...(manifest.pages[page] || [])])].filter((f) => /\.(js|css|html)$/.test(f))
function total(files) {
  const t = { raw: 0, gzip: 0, br: 0, files: files.length }
  for (const f of files) {
    const s = sizeOf(f)
    t.raw += s.raw
    t.gzip += s.gzip
    t.br += s.br
  }
  return t
}

const rows = Object.keys(manifest.pages)
  .map((page) => ({ page, route: routes[page] || `/${page}`, ...total(firstLoad(page)) }))
  .sort((a, b) => (a.page === FIRST_PAGE ? -1 : b.page === FIRST_PAGE ? 1 : b.br - a.br))

console.log('H5 first-load weight per route: index.html + entry JS/CSS + the page chunks (KB = 1024 bytes)\n')
console.log(`${'route'.padEnd(34)} ${'files'.padStart(5)} ${'raw'.padStart(9)} ${'gzip'.padStart(9)} ${'brotli'.padStart(9)}`)
for (const r of rows) {
  console.log(
    `${r.route.padEnd(34)} ${String(r.files).padStart(5)} ${kb(r.raw).padStart(9)} ${kb(r.gzip).padStart(9)} ${kb(r.br).padStart(9)}`
  )
}

// the same module in two or more chunk files: webpack module ids (`"1234":function(`) are unique per module
const owners = new Map()
for (const file of fs.readdirSync(path.join(dist, 'js')).filter((f) => f.endsWith('.js'))) {
  const text = fs.readFileSync(path.join(dist, 'js', file), 'utf8')
  for (const m of text.matchAll(/[{,]"?(\d+)"?:function\(/g)) {
    if (!owners.has(m[1])) owners.set(m[1], new Set())
    owners.get(m[1]).add(file)
  }
}
const duplicated = [...owners].filter(([, files]) => files.size > 1)
console.log(
  `\nmodules carried by more than one JS file: ${duplicated.length}` +
    (duplicated.length ? ` (e.g. module ${duplicated[0][0]} in ${[...duplicated[0][1]].slice(0, 4).join(', ')})` : '')
)

const first = rows.find((r) => r.page === FIRST_PAGE)
if (!first) {
  console.error(`\nno chunk group for ${FIRST_PAGE} in dist/h5.chunks.json`)
  process.exit(1)
}
const ok = first.br <= BUDGET_KB * 1024 && duplicated.length === 0
console.log(
  `\nfirst route ${first.route}: ${kb(first.br)} KB brotli, ${kb(first.gzip)} KB gzip, ${kb(first.raw)} KB raw in ${first.files} files ` +
    `(budget ${BUDGET_KB} KB brotli: ${ok ? 'within' : 'OVER'})`
)
if (duplicated.length)
  console.log(`${duplicated.length} modules are in two or more JS files: a page chunk carries what a shared chunk should`)
process.exit(ok ? 0 : 1)
