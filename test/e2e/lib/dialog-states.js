/**
 * The dialog and flow states the accessibility walk opens on top of a page (docs/decisions/060-axe-everywhere.md):
 * each opens its page through the every-page tour, taps the control a donor taps (a finger: the tour's contexts have
 * touch), waits for the dialog's own content and answers null, or a reason when this school cannot show it (the walk
 * reports the reason). `school` names the only demo school that runs the state's page.
 *
 *   for (const d of DIALOG_STATES) { const why = await d.open(page, tour.ctx, { origin, lang, visit }) ... }
 */
const { settle } = require('../harness')
const { everyPage } = require('./every-page')

const tid = (page, id) => page.locator(`[data-testid="${id}"]`).first()

/** Opens `route`, taps `trigger` (a testid or a locator function), waits for `shown` (a selector). */
function tapState(route, trigger, shown) {
  return async (page, ctx, { origin, lang, visit }) => {
    const def = everyPage().find((d) => d.route === route)
    const r = await visit(page, def, ctx, { origin, lang })
    if (!r.shown) return r.reason
    // a dialog the page opens by itself on a first visit (the campaign description) is the state already
    if (await page.locator(shown).first().isVisible()) {
      await settle(page, { quietMs: 400 })
      return null
    }
    const target = typeof trigger === 'function' ? trigger(page) : tid(page, trigger)
    try {
      await target.waitFor({ state: 'visible', timeout: 15000 })
    } catch {
      return `${route}: the page shows no ${typeof trigger === 'string' ? trigger : 'trigger'} for this school`
    }
    // a finger, as a donor taps; a control something else covers fails here (Playwright names what intercepts)
    await target.tap({ timeout: 10000 })
    await page.locator(shown).first().waitFor({ state: 'visible', timeout: 15000 })
    await settle(page, { quietMs: 400 })
    return null
  }
}

const DIALOG_STATES = [
  {
    key: 'login-agreement',
    name: 'sign-in: the user agreement dialog',
    open: tapState('login', 'login-agree-link', '[data-testid="agreement-dialog"]')
  },
  {
    key: 'mine-nickname',
    name: 'personal centre: the nickname popup',
    open: tapState('mine', 'mine-nickname', '[data-testid="nickname-popup"]')
  },
  {
    key: 'mine-awards-help',
    name: 'personal centre: the awards explanation',
    open: tapState('mine', 'awards-help', '[data-testid="award-explain"]')
  },
  {
    key: 'detail-share',
    name: 'project detail: the share / invite target',
    open: tapState(
      'subject-detail',
      (page) => page.locator('[data-testid="invite-button"] .at-button'),
      '.taro-modal, .at-modal, .cm-dialog, [role="dialog"], .pj-share, .weui-actionsheet'
    )
  },
  {
    key: 'directory-sort',
    name: 'donor directory: the sort choices',
    open: tapState(
      'jzml',
      (page) => page.locator('[data-testid^="sort-"]').nth(1),
      '[data-testid="donor-row"], [data-testid="empty-state"]'
    )
  },
  {
    key: 'campaign-describe',
    name: 'tree campaign home: the description dialog',
    school: 'demo',
    open: tapState('tree-naming', 'campaign-describe', '[data-testid="describe-body"]')
  },
  {
    key: 'cpu-campaign-describe',
    name: 'cpu tree campaign home: the description dialog',
    school: 'cpu',
    open: tapState('tree-naming-cpu', 'campaign-describe', '[data-testid="describe-body"]')
  },
  {
    key: 'seat-areas',
    name: 'seat naming: the area picker',
    school: 'demo',
    open: tapState('seat', 'other-area', '[data-testid="area-modal"]')
  },
  {
    key: 'jnu-explain',
    name: 'hall seat campaign home: the explanation',
    school: 'demo',
    open: tapState('seat-naming-jnu', 'campaign-explain', '[data-testid="campaign-explain-body"]')
  },
  {
    key: 'cpu-dropdown',
    name: 'cpu project list: the category picker',
    school: 'cpu',
    open: tapState('subject', (page) => page.locator('.pj-dropdown__face').first(), '.weui-picker')
  }
]

module.exports = { DIALOG_STATES }
