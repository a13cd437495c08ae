/**
 * README "Test" step 5's list of journeys, written from test/e2e/journeys.js (the one list, docs/decisions/059):
 * `npm run docs:journeys` rewrites the lines between the two markers; test/lint/journeys.test.js fails when they differ
 * from what this renders, so a journey added, dropped or reworded in journeys.js cannot leave README behind.
 */
const fs = require('node:fs')
const path = require('node:path')

const README = path.join(__dirname, '..', 'README.md')
const BEGIN = '   <!-- journeys: written from test/e2e/journeys.js by `npm run docs:journeys` -->'
const END = '   <!-- /journeys -->'
const WIDTH = 120

/** One bullet per journey, in the list's order, wrapped at WIDTH under the list item's indent. */
function render(journeys) {
  return journeys
    .map((j, i) => {
      const words = `- \`${j.file}\`: ${j.about}${i === journeys.length - 1 ? '.' : ';'}`.split(' ')
      const lines = []
      let line = '   '
      for (const w of words) {
        if (line.trim() && line.length + 1 + w.length > WIDTH) {
          lines.push(line)
          line = '     ' + w
        } else line = line.trim() ? `${line} ${w}` : `${line}${w}`
      }
      lines.push(line)
      return lines.join('\n')
    })
    .join('\n')
}

/** README's current list (between the markers), or null when the markers are missing. */
function current(readme) {
  const a = readme.indexOf(BEGIN)
  const b = readme.indexOf(END)
  if (a < 0 || b < a) return null
  return readme.slice(a + BEGIN.length + 1, b - 1)
}

function write() {
  const readme = fs.readFileSync(README, 'utf8')
  if (current(readme) === null) throw new Error(`README.md: the markers ${BEGIN.trim()} … ${END.trim()} are missing`)
  const a = readme.indexOf(BEGIN) + BEGIN.length + 1
  const b = readme.indexOf(END) - 1
  fs.writeFileSync(README, readme.slice(0, a) + render(require('../test/e2e/journeys')) + readme.slice(b))
}

module.exports = { render, current }

if (require.main === module) write()
