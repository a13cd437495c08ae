/**
 * The journey list is kept once (test/e2e/journeys.js): every *.e2e.js file is in it, and README "Test" lists them as
 * scripts/journeys-readme.js writes them from it (docs/decisions/059-one-route-list.md).
 */
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { test } = require('node:test')

const root = path.resolve(__dirname, '../..')
const journeys = require('../e2e/journeys')
const { current, render } = require('../../scripts/journeys-readme')

test('every journey file under test/e2e is in test/e2e/journeys.js, and nothing else', () => {
  const files = fs.readdirSync(path.join(root, 'test', 'e2e')).filter((f) => f.endsWith('.e2e.js'))
  assert.deepEqual(journeys.map((j) => j.file).sort(), files.sort())
})

test("README's Test section lists the journeys as test/e2e/journeys.js has them (npm run docs:journeys)", () => {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8')
  const listed = current(readme)
  assert.notEqual(listed, null, 'README.md has lost the journeys markers of scripts/journeys-readme.js')
  const section = readme.slice(readme.indexOf('## Test'), readme.indexOf('\n## ', readme.indexOf('## Test') + 1))
  assert.ok(section.includes(listed), 'the journeys list is not in README "## Test"')
  assert.equal(listed, render(journeys), 'README lists other journeys than test/e2e/journeys.js: run npm run docs:journeys')
})

test('every journey says what it covers, for README', () => {
  const bare = journeys.filter((j) => typeof j.about !== 'string' || !j.about.trim()).map((j) => j.file)
  assert.deepEqual(bare, [])
})
