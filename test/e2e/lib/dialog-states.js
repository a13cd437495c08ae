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

/**
 * Opens `route`, taps `trigger` (a testid or a locator function), waits for `shown` (a selector). `query(ctx)`, when
 * given, opens the route with that query instead of the every-page tour's (null: the tour's; a string: why this school
 * cannot). `trigger(page, ctx)` may use the tour's facts.
 */
function tapState(route, trigger, shown, query) {
  return async (page, ctx, { origin, lang, visit }) => {
    const base = everyPage().find((d) => d.route === route)
    const q = query ? query(ctx) : null
    if (typeof q === 'string') return q
    const def = q ? { ...base, unavailable: () => null, path: () => `/${route}?${new URLSearchParams(q)}` } : base
    const r = await visit(page, def, ctx, { origin, lang })
    if (!r.shown) return r.reason
    // a dialog the page opens by itself on a first visit (the campaign description) is the state already
    if (await page.locator(shown).first().isVisible()) {
      await settle(page, { quietMs: 400 })
      return null
    }
    const target = typeof trigger === 'function' ? trigger(page, ctx) : tid(page, trigger)
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

/** The joint-donation launch page of a project that takes no joint donations: the reason and a disabled button. */
async function togetherClosed(page, ctx, { origin, lang, visit }) {
  if (!ctx.togetherClosedItemsId) return `${ctx.school}: every project takes joint donations`
  const def = everyPage().find((d) => d.route === 'together')
  const r = await visit(page, { ...def, unavailable: () => null, path: () => `/together?id=${ctx.togetherClosedItemsId}` }, ctx, {
    origin,
    lang
  })
  if (!r.shown) return r.reason
  await page.locator('[data-testid="launch-closed"]').waitFor({ state: 'visible', timeout: 15000 })
  await settle(page, { quietMs: 400 })
  return null
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
    // the invite button of a project that takes joint donations opens the joint-donation launch page (docs/product §5)
    open: tapState(
      'subject-detail',
      (page) => page.locator('[data-testid="invite-button"] .at-button'),
      '[data-testid="together-launch"]',
      (ctx) => (ctx.togetherItemsId ? { id: String(ctx.togetherItemsId) } : `${ctx.school} has no joint-donation project`)
    )
  },
  {
    key: 'together-poster',
    name: 'joint-donation invite: the poster with save and copy-link (decision 084)',
    open: tapState('together-share', 'share-poster', '[data-testid="poster-dialog"] img', (ctx) =>
      ctx.togetherId ? { id: String(ctx.togetherId) } : ctx.togetherNote || `${ctx.school}: no joint donation was launched`
    )
  },
  {
    key: 'together-closed',
    name: 'joint-donation launch: a project that takes none (the disabled button)',
    open: togetherClosed
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
    open: tapState('seat-naming-jnu/seat', 'other-area', '[data-testid="area-modal"]')
  },
  {
    key: 'seat-donor',
    name: 'seat naming: the donor of a named seat',
    school: 'demo',
    open: tapState(
      'seat',
      (page, ctx) => page.locator(`[data-testid="seat-${ctx.namedSeatId}"]`),
      '[data-testid="seat-donor"]',
      (ctx) => (ctx.namedSeatId ? null : `${ctx.school}: no named seat in the seat campaign's first area`)
    )
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
