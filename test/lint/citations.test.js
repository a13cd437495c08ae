/**
 * The repository stands alone: code and docs cite docs/product sections, never a spec file that is not here
 *. `npm run lint` runs this with the layer self-test.
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

// ---- issue numbers ------------------------------------------------------------------------------------------------

// Every text file a reader opens: sources, tests, scripts, docs, CI. Built output and installed packages are not ours.
const ISSUE_ROOTS = ['src', 'server', 'types', 'test', 'scripts', 'bench', 'config', 'docs', '.ci', 'README.md']
const ISSUE_EXT = /\.(ts|tsx|js|mjs|cjs|scss|md|json|html|yml|yaml)$|^run$/
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'data', 'coverage'])

/**
 * "issue 14", "issues 10 and 11", "issue-8", "Issue #3", "(#12)", "PR #7", "fixes #9", "see #4". Hex colours (#333)
 * and number formats ('#,##0.00') do not match: a bare "#digits" counts only in parentheses or after one of these words.
 */
const ISSUE_CITATION = [
  /\bissues?[ -]?#?\d+/i,
  /\(#\d+\)/,
  /\b(?:PR|pull request|pulls?|fix(?:es|ed)?|close[sd]?|resolve[sd]?|see|refs?|gh)[ -]?#\d+\b/i
]

/**
 * Genuine non-citations, each as file and the exact text: a default fuzz seed is a string the generator hashes, and
 * changing it would change every generated case.
 */
const ISSUE_ALLOW = [{ file: 'server/test/fuzz.test.ts', text: "FUZZ_SEED ?? 'issue-8'" }]

function* issueFiles(rel) {
  const abs = path.join(root, rel)
  if (!fs.existsSync(abs)) return
  if (fs.statSync(abs).isFile()) {
    yield abs
    return
  }
  for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) yield* issueFiles(path.join(rel, e.name))
    } else if (ISSUE_EXT.test(e.name)) yield path.join(abs, e.name)
  }
}

/** Offending lines of one text, as 'file:line: text', less the allowed ones. */
function issueCitations(rel, text) {
  const out = []
  text.split('\n').forEach((line, i) => {
    if (!ISSUE_CITATION.some((re) => re.test(line))) return
    if (ISSUE_ALLOW.some((a) => a.file === rel && line.includes(a.text))) return
    out.push(`${rel}:${i + 1}: ${line.trim().slice(0, 120)}`)
  })
  return out
}

test('the issue-citation check finds the forms it names and passes hex colours and number formats', () => {
  const hits = (line) => issueCitations('x.ts', line).length
  for (const bad of ['// (issue 14)', ' * Issue 8, the wire', 'issues 10 and 11', 'the issue-4 tests', 'fixed (#12)', 'see #3', 'PR #7'])
    assert.equal(hits(bad), 1, bad)
  for (const ok of ['color: #333;', "'#,##0.00'", 'issued a receipt', 'the issue date', 'HTTP 404', '@default #000'])
    assert.equal(hits(ok), 0, ok)
  assert.equal(issueCitations('server/test/fuzz.test.ts', "const SEED = process.env.FUZZ_SEED ?? 'issue-8'").length, 0)
})

test('no comment or doc cites an issue number (cite docs/product §N or docs/decisions/NNN instead)', () => {
  const offenders = []
  for (const r of ISSUE_ROOTS) {
    for (const f of issueFiles(r)) {
      if (f === __filename) continue
      const rel = path.relative(root, f)
      offenders.push(...issueCitations(rel, fs.readFileSync(f, 'utf8')))
    }
  }
  assert.deepEqual(offenders, [])
})
