/**
 * The journey list is kept once (test/e2e/journeys.js): every *.e2e.js file is in it, and README "Test" names each.
 */
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { test } = require('node:test')

const root = path.resolve(__dirname, '../..')
const journeys = require('../e2e/journeys')

test('every journey file under test/e2e is in test/e2e/journeys.js, and nothing else', () => {
  const files = fs.readdirSync(path.join(root, 'test', 'e2e')).filter((f) => f.endsWith('.e2e.js'))
  assert.deepEqual(journeys.map((j) => j.file).sort(), files.sort())
})

test("README's Test section names every journey", () => {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('## Test'), readme.indexOf('\n## ', readme.indexOf('## Test') + 1))
  const missing = journeys.filter((j) => !section.includes(j.file)).map((j) => j.file)
  assert.deepEqual(missing, [], `README "## Test" does not name ${missing.join(', ')}`)
})
