/**
 * The repository stands alone: code and docs cite docs/product sections, never a spec file that is not here
 * (issue 7). `npm run lint` runs this with the layer self-test.
 */
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { test } = require('node:test')

const root = path.resolve(__dirname, '../..')
const DIRS = ['src', 'server/src', 'server/test', 'types', 'test', 'scripts', 'bench', 'config', 'docs']
const EXT = /\.(ts|tsx|js|scss|md)$/

function* files(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'vendor') yield* files(p)
    } else if (EXT.test(e.name)) yield p
  }
}

test('no comment or doc cites SPEC (cite docs/product §N instead)', () => {
  const offenders = []
  for (const d of DIRS) {
    const abs = path.join(root, d)
    if (!fs.existsSync(abs)) continue
    for (const f of files(abs)) {
      if (f === __filename) continue
      fs.readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/\bSPEC\b/.test(line)) offenders.push(`${path.relative(root, f)}:${i + 1}: ${line.trim().slice(0, 100)}`)
        })
    }
  }
  assert.deepEqual(offenders, [])
})
