/**
 * Every Chromium journey, in the order `npm test` runs them (scripts/test-all.js) and `npm run test:e2e` too; README
 * "Test" lists the same files. A journey file not in this list fails test/lint/journeys.test.js.
 */
module.exports = [
  { file: 'browse.e2e.js', name: 'browsing' },
  { file: 'donate.e2e.js', name: 'giving through the sandbox cashier' },
  { file: 'center.e2e.js', name: 'personal centre' },
  { file: 'naming.e2e.js', name: 'naming seats and books' },
  { file: 'agreement.e2e.js', name: 'agreements' },
  { file: 'tree.e2e.js', name: 'tree pledge' },
  { file: 'together.e2e.js', name: 'joint donation' },
  { file: 'navigation.e2e.js', name: 'navigation' },
  { file: 'tax.e2e.js', name: 'tax tool' },
  { file: 'shell.e2e.js', name: 'H5 shell' },
  { file: 'admin.e2e.js', name: 'staff console' },
  { file: 'a11y.e2e.js', name: 'accessibility, axe-core' },
  { file: 'english.e2e.js', name: 'English mode' }
]
