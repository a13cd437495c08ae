/**
 * Every Chromium journey, as `npm test` (scripts/test-all.js) and `npm run test:e2e` run them: two at a time, taken
 * from the top, so the longest come first (seconds measured on the development machine, the order only balances the
 * two lanes). README "Test" lists the same files; a journey file not in this list fails test/lint/journeys.test.js.
 */
module.exports = [
  { file: 'admin.e2e.js', name: 'staff console' }, // ~50 s
  { file: 'maps.e2e.js', name: 'map campaigns with a finger' }, // ~52 s
  { file: 'donate.e2e.js', name: 'giving through the sandbox cashier' }, // ~35 s
  { file: 'refund.e2e.js', name: 'a partial refund from the console' }, // 82 s here with a load average of 10
  { file: 'a11y.e2e.js', name: 'accessibility, axe-core, every page and dialog state' }, // several minutes (decision 060)
  { file: 'console-a11y.e2e.js', name: 'accessibility of the staff console, axe-core' },
  { file: 'center.e2e.js', name: 'personal centre' }, // ~25 s
  { file: 'statement.e2e.js', name: 'yearly giving statement' }, // ~30 s
  { file: 'english.e2e.js', name: 'English mode' }, // ~23 s
  { file: 'naming.e2e.js', name: 'naming seats and books' }, // ~20 s
  { file: 'tree.e2e.js', name: 'tree pledge' }, // ~18 s
  { file: 'together.e2e.js', name: 'joint donation' }, // ~18 s
  { file: 'agreement.e2e.js', name: 'agreements' }, // ~16 s
  { file: 'shell.e2e.js', name: 'H5 shell' }, // ~17 s
  { file: 'browse.e2e.js', name: 'browsing' }, // ~14 s
  { file: 'navigation.e2e.js', name: 'navigation' }, // ~10 s
  { file: 'tax.e2e.js', name: 'tax tool' }, // ~7 s
  { file: 'clock.e2e.js', name: 'phone clock ten minutes fast' } // ~7 s
]
