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
const { makePng } = require('./png')

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

/** Opens `route` (the every-page tour's definition, or with `q` as its query); null, or why it cannot be shown. */
async function openPage(page, ctx, { origin, lang, visit }, route, q) {
  const base = everyPage().find((d) => d.route === route)
  const def = q ? { ...base, unavailable: () => null, path: () => `/${route}?${new URLSearchParams(q)}` } : base
  const r = await visit(page, def, ctx, { origin, lang })
  return r.shown ? null : r.reason
}

/**
 * A campaign map with its list open (docs/decisions/062-map-lists-and-layout.md), climbed through the list's first
 * area, as a keyboard or screen-reader user climbs, until the level is at least `minLevel` and, with `needPoints`, the
 * list shows points (at most four levels). `query`: the map page's query. Returns null, or why not.
 */
async function mapWithList(page, ctx, opts, route, { query = null, minLevel = 1, needPoints = true } = {}) {
  const why = await openPage(page, ctx, opts, route, query)
  if (why) return why
  await page.locator('[data-map]').first().waitFor({ timeout: 30000 })
  await page
    .locator('[data-testid="map-loading"]')
    .waitFor({ state: 'detached', timeout: 20000 })
    .catch(() => undefined)
  await tid(page, 'map-list-toggle').tap()
  await tid(page, 'map-list').waitFor({ state: 'visible', timeout: 10000 })
  for (let guard = 0; guard < 4; guard++) {
    await settle(page, { quietMs: 400 })
    const level = Number(await page.locator('[data-level]').first().getAttribute('data-level'))
    const points = await page.locator('[data-testid="map-list-point"]').count()
    if (level >= minLevel && (!needPoints || points > 0)) return null
    const area = page.locator('[data-testid="map-list-area"]').first()
    if (!(await area.count())) return `${route}: no area to climb to at level ${level}, and no point`
    const next = await area.getAttribute('data-area')
    await area.tap()
    await page.locator(`[data-map="${next}"]`).first().waitFor({ timeout: 20000 })
  }
  return `${route}: no point in the list within four levels`
}

/** The point dialog a row of the list opens (the same dialog a tap on the canvas opens). */
function mapPoint(route, query) {
  return async (page, ctx, opts) => {
    const why = await mapWithList(page, ctx, opts, route, { query })
    if (why) return why
    await page.locator('[data-testid="map-list-point"]').first().tap()
    await page
      .locator('[data-testid="seat-dialog-body"], [data-testid="contact-info"]')
      .first()
      .waitFor({ state: 'visible', timeout: 15000 })
    await settle(page, { quietMs: 400 })
    return null
  }
}

/** A map's species or price picker, at the level from which the map filters (the list closed again to reach it). */
function mapPicker(route, which, minLevel) {
  return async (page, ctx, opts) => {
    const why = await mapWithList(page, ctx, opts, route, { query: { area: 'yc' }, minLevel, needPoints: false })
    if (why) return why
    await tid(page, 'map-list-toggle').tap()
    await tid(page, `filter-${which}`).waitFor({ state: 'visible', timeout: 10000 })
    await tid(page, `filter-${which}`).tap()
    await tid(page, `picker-${which}`).waitFor({ state: 'visible', timeout: 10000 })
    await settle(page, { quietMs: 400 })
    return null
  }
}

/** The giving form submitted with its typed fields emptied: each problem said under its field (decision 061). */
async function formErrors(page, ctx, opts) {
  const why = await openPage(page, ctx, opts, 'form', { id: String(ctx.itemsId) })
  if (why) return why
  const form = tid(page, 'donate-form')
  if (!(await form.isVisible().catch(() => false))) return `${ctx.school}: the project's form is not open for gifts here`
  const inputs = form.locator('input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"])')
  for (let i = 0; i < (await inputs.count()); i++) {
    const input = inputs.nth(i)
    if (!(await input.isVisible()) || !(await input.isEditable())) continue
    await input.fill('')
  }
  await tid(page, 'submit').locator('.at-button').first().tap()
  await page.locator('[data-testid^="error-"]').first().waitFor({ state: 'visible', timeout: 10000 })
  await settle(page, { quietMs: 400 })
  return null
}

/** The avatar editor's crop overlay, after a picture is chosen (a PNG made here, as center.e2e.js chooses one). */
async function cropper(page, ctx, opts) {
  const why = await openPage(page, ctx, opts, 'cut')
  if (why) return why
  const choose = tid(page, 'cut-choose').locator('.at-button').first()
  await choose.waitFor({ state: 'visible', timeout: 15000 })
  const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: 10000 }), choose.tap()])
  await chooser.setFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(900, 600) })
  await tid(page, 'crop-image').waitFor({ state: 'visible', timeout: 15000 })
  await settle(page, { quietMs: 400 })
  return null
}

/** Taro's H5 showModal, drawn outside the page's tree: the confirmation a control asks before it acts. */
const MODAL = '.taro__modal .taro-modal__content'

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
  },
  {
    key: 'form-details',
    name: 'giving form: "add details" unfolded (certificate, receipt, optional fields)',
    open: tapState('form', 'details-toggle', '[data-testid="details-toggle"][aria-expanded="true"]')
  },
  {
    key: 'form-errors',
    name: 'giving form: submitted with its fields empty, the problems under the fields',
    open: formErrors
  },
  {
    key: 'form-alumni',
    name: 'giving form of an alumni-only project: the alumni reminder',
    open: tapState('form', 'alumni-dialog', '[data-testid="alumni-dialog"]', (ctx) =>
      ctx.alumniItemsId ? { id: String(ctx.alumniItemsId) } : `${ctx.school}: no alumni-only project`
    )
  },
  {
    key: 'mine-delete-confirm',
    name: 'personal centre: the delete-account confirmation',
    open: tapState('mine', 'privacy-delete', MODAL)
  },
  {
    key: 'together-cancel',
    name: "joint-donation invite: the sponsor's cancel confirmation",
    open: tapState(
      'together-share',
      (page) => page.locator('[data-testid="share-cancel"] .at-button'),
      MODAL,
      (ctx) => (ctx.togetherId ? { id: String(ctx.togetherId) } : ctx.togetherNote || `${ctx.school}: no joint donation was launched`)
    )
  },
  {
    key: 'avatar-cropper',
    name: 'avatar editor: the crop overlay with a chosen picture',
    open: cropper
  },
  {
    key: 'tree-map-list',
    name: 'tree campaign map: the list beside the map, at a level with trees',
    school: 'demo',
    open: (page, ctx, opts) => mapWithList(page, ctx, opts, 'tree-naming-map', { query: { area: 'yc' } })
  },
  {
    key: 'tree-map-point',
    name: "tree campaign map: a tree's dialog, opened from the list",
    school: 'demo',
    open: mapPoint('tree-naming-map', { area: 'yc' })
  },
  {
    key: 'seat-map-point',
    name: "seat campaign map: a seat's dialog, opened from the list",
    school: 'demo',
    open: mapPoint('seat-naming-map')
  },
  {
    key: 'cpu-map-species',
    name: 'cpu tree map: the species picker',
    school: 'cpu',
    open: mapPicker('tree-naming-map-cpu', 'species', 2)
  },
  {
    key: 'cpu-map-price',
    name: 'cpu tree map: the price picker',
    school: 'cpu',
    open: mapPicker('tree-naming-map-cpu', 'price', 2)
  }
]

module.exports = { DIALOG_STATES }
