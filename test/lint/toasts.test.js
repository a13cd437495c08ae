/**
 * Toasts never outlive their page (docs/decisions/081-field-errors-everywhere.md): `toast()` in src/lib/quiet.ts is
 * the only caller of Taro.showToast (it records the page that showed it), and every page renders PageShell, whose
 * hide and unload drop that page's toast. This fails on a showToast anywhere else in the app or a page without
 * PageShell. Plain node:test, run by `npm run lint`.
 */
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { test } = require('node:test')

const root = path.resolve(__dirname, '../..')

function files(dir, out = []) {
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name)
    if (e.isDirectory()) files(rel, out)
    else if (/\.(ts|tsx)$/.test(e.name)) out.push(rel)
  }
  return out
}

test('Taro.showToast is called only by toast() in src/lib/quiet.ts', () => {
  const offenders = files('src').filter(
    (f) =>
      f !== path.join('src', 'lib', 'quiet.ts') &&
      /\.showToast\b|import\s*\{[^}]*\bshowToast\b[^}]*\}\s*from\s*.@tarojs\/taro./.test(fs.readFileSync(path.join(root, f), 'utf8'))
  )
  assert.deepEqual(offenders, [])
})

test('every page renders PageShell, which drops its toast when it hides or closes', () => {
  const pages = files('src').filter((f) => /^src\/(pages|pkg-[\w-]+)\/.*index\.tsx$/.test(f.split(path.sep).join('/')))
  assert.ok(pages.length > 50, `pages found: ${pages.length}`)
  const without = pages.filter((f) => !/<PageShell\b/.test(fs.readFileSync(path.join(root, f), 'utf8')))
  assert.deepEqual(without, [])
  const shell = fs.readFileSync(path.join(root, 'src/components/page-shell/index.tsx'), 'utf8')
  assert.match(shell, /useDidHide\(\(\) => dropToastOf\(pageKey\)\)/)
  assert.match(shell, /useUnload\(\(\) => dropToastOf\(pageKey\)\)/)
})
