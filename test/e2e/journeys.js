/**
 * Every Chromium journey, as `npm test` (scripts/test-all.js, beside its other tasks) and `npm run test:e2e` (two at
 * a time) run them: taken from the top, so the longest come first (seconds measured on the development machine unless
 * said otherwise; the order only balances the lanes). `about` is what README "Test" says of it: README's list of journeys is written from this one by
 * `npm run docs:journeys` (scripts/journeys-readme.js), and test/lint/journeys.test.js fails when README's list differs
 * or a journey file is not in this list.
 */
module.exports = [
  {
    file: 'english-walk.e2e.js', // the longest in npm test: 190-212 s with a load average of 15-24, three pages at a time (ENGLISH_LANES)
    name: 'English on every page',
    about:
      "every page of the route list and every dialog state in English (the default school's pages and the pages only hhu or cpu runs, in theirs): no Chinese the app wrote, school and user content marked `data-content` left out; a page that cannot be shown is named with its reason (`ENGLISH_SCHOOLS=all npm run test:english` walks all four schools, docs/decisions/073)"
  },
  {
    file: 'a11y.e2e.js', // 153 s while the lanes were full, twice the console's
    name: 'accessibility, axe-core',
    about:
      'axe-core on the twelve pages a donor walks and the dialog and flow states of `test/e2e/lib/dialog-states.js` (24: map lists, points and pickers, the giving form unfolded and with its field errors, the alumni reminder, the avatar cropper, confirmations), in Chinese and English, with the theme colour darkened for text where it fails 4.5:1: no critical or serious violation (the walk over every page, dialog state and theme is `npm run test:axe`, every console screen and dialog `npm run test:axe:console`: both run by `.ci/run`, docs/decisions/060 and 072)'
  },
  {
    file: 'admin.e2e.js', // ~50 s
    name: 'staff console',
    about:
      'the staff console at `/admin/` (1280x800): projects and forms, an offline gift, the ledger export and gift drawer, bulk moderation and fulfilment, an article and its English in the rich-text editor, roles'
  },
  {
    file: 'maps.e2e.js', // ~52 s
    name: 'map campaigns with a finger',
    about:
      "every map campaign tapped with a finger (CDP touch events): each point's dialog stays open; a brick on the wall map and a hall seat named through the naming form and the sandbox cashier, then named on the map"
  },
  {
    file: 'donate.e2e.js', // ~35 s
    name: 'giving through the sandbox cashier',
    about: 'giving through the form and the sandbox cashier to the thank-you page and the certificate'
  },
  {
    file: 'first-gift.e2e.js', // ~20 s
    name: 'a first gift from a shared link, taps counted',
    about:
      'a new donor from a shared project link to a paid ¥100 gift with every touch tap counted (at most 5), the returning donor in fewer; a missing name shown under its field in both languages'
  },
  {
    file: 'refund.e2e.js', // 82 s here with a load average of 10
    name: 'a partial refund from the console',
    about:
      "a gift paid in the sandbox cashier, partly refunded by finance from its ledger row in the console (one refund below the approval amount, one above it approved by a second member of finance); my gifts shows what went back, in Chinese and English, and the project page's total drops by exactly that"
  },
  {
    file: 'center.e2e.js', // ~25 s
    name: 'personal centre',
    about: 'SMS sign-in, profile, certificate and receipt applications fulfilled by the staff CLI'
  },
  {
    file: 'monthly.e2e.js', // ~90 s (a minute of it the wait for an agreement that is not confirmed)
    name: 'monthly giving in the sandbox',
    about:
      "monthly giving: staff turn it on for a project, a donor gives monthly from its page by touch (problems under their fields, the agreement step), collection for the plan's day (the CLI) pays the month, my monthly gifts shows it and the donor stops the plan; nothing is charged the next month; a plan left signing offers 继续签约, its waiting page confirms for a minute, keeps the plan, and resumes signing the same plan"
  },
  {
    file: 'giving-day.e2e.js',
    name: 'a giving day: console, landing page, matched gifts',
    about:
      'a giving day end to end: the admin creates it in the console with a 1:1 match and a 2-donor challenge (a refusal under its input), two donors give by touch through the sandbox cashier (the second by the first\'s ambassador link) and read "your ¥200 became ¥400" on the thank-you page; the landing page shows the totals, the match used, the challenge unlocked, the class-year board and the ambassador, in Chinese and English'
  },
  {
    file: 'statement.e2e.js', // ~30 s
    name: 'yearly giving statement',
    about:
      "the yearly giving statement: gifts, refunds by finance, the statement page's total and the downloaded PDF's total equal to paid less refunded, in Chinese and English"
  },
  {
    file: 'english.e2e.js', // ~23 s
    name: 'English mode',
    about: "the giving form, a cancelled and a failed payment, the personal centre and a picker's buttons in English"
  },
  {
    file: 'naming.e2e.js', // ~20 s
    name: 'naming seats and books',
    about:
      "naming two seats and three copies of a book with a nameplate that staff approve; the seat form's e-receipt filled with touch taps and found in the donor's receipts; the English form's receipt by post"
  },
  {
    file: 'tree.e2e.js', // ~18 s
    name: 'tree pledge',
    about: 'pledging a tree on the hhu campus map with a signed agreement, its PDF rendered with pdftoppm'
  },
  {
    file: 'together.e2e.js', // ~18 s
    name: 'joint donation',
    about: 'a joint donation launched by one donor and given to by another, with its progress'
  },
  {
    file: 'agreement.e2e.js', // ~16 s
    name: 'agreements',
    about:
      'the cpu large-gift agreement: certification, generation, drawing the signature, the bank account page, the signed PDF in my agreements'
  },
  {
    file: 'shell.e2e.js', // ~17 s
    name: 'H5 shell',
    about: 'the served H5 shell: headers, compression and caching, the skeleton, the desktop column, the first sign-in redirect'
  },
  {
    file: 'browse.e2e.js', // ~14 s
    name: 'browsing',
    about: 'the project list, detail with its tabs, messages, the directory and articles'
  },
  {
    file: 'navigation.e2e.js', // ~10 s
    name: 'navigation',
    about:
      'from a shared project link to home, the directory, my gifts and the news by taps on the home button and the tab bar; an unknown path lands on the not-found page, whose button a finger tap follows home'
  },
  {
    file: 'layout.e2e.js', // ~20 s
    name: 'layout at a phone size',
    about:
      "the layout at 390x844 measured (docs/decisions/080): no text under the home button, the nameplate's logo whole, naming projects' totals never cut in either language, the seat grid's cue to scroll, the hall's named stamps apart, the maps' level-1 hint on screen and their area labels once each inside the canvas, a filter that leaves no tree saying so"
  },
  {
    file: 'tax.e2e.js', // ~7 s
    name: 'tax tool',
    about: 'the charity tax tool, personal and company, in both languages'
  },
  {
    file: 'clock.e2e.js', // ~7 s
    name: 'phone clock ten minutes fast',
    about:
      "the page's clock ten minutes fast: the project list loads, signed with the server's time, and with the config's Date header hidden each first call is refused once and sent again (docs/decisions/040)"
  }
]
