/**
 * Every page of the app, for the accessibility walk (docs/decisions/060-axe-everywhere.md). The list is read from
 * src/lib/route-list.ts, which src/app.config.ts and the app's route table are derived from, so a page added there is walked without a change here: a page this file knows nothing about gets no query and no home
 * school, and is walked as it opens bare (its own empty or error state). `ROUTE_TOUR` says, per route, which demo
 * school runs the page (`school`), which query opens it with real data (`query(ctx)`: an object, or a string that
 * says why this school cannot show it), and whether it needs a signed-in donor (all tour contexts are signed in).
 *
 *   const { everyPage } = require('./lib/every-page')
 *   for (const def of everyPage()) ...   // { key, route, title, school, query, path(ctx), ready, unavailable(ctx) }
 */
const fs = require('node:fs')
const path = require('node:path')

const root = path.resolve(__dirname, '..', '..', '..')

/** `{ name, page }` of every page in src/lib/route-list.ts (the one route list, docs/decisions/059), in its order. */
function listedPages() {
  const text = fs.readFileSync(path.join(root, 'src', 'lib', 'route-list.ts'), 'utf8')
  const body = text.slice(text.indexOf('export const PAGES'))
  return [...body.matchAll(/\{\s*name:\s*'([^']+)',\s*page:\s*'([^']+)'/g)].map((m) => ({ name: m[1], page: m[2] }))
}

/** 'pkg-naming/seat/index' for every page of the app, in the route list's (and Taro's) order. */
function configPages() {
  return listedPages().map((p) => p.page)
}

/** 'pkg-naming/seat/index' -> 'seat' (the route name is the H5 path). */
function routeNames() {
  return Object.fromEntries(listedPages().map((p) => [p.page, p.name]))
}

const P = '/uplus-foundation/app/v1/donateu'
const campaign = (key) => (ctx) => (ctx.campaignItems[key] ? { id: ctx.campaignItems[key] } : `${ctx.school} runs no ${key} campaign`)
const needs = (field, why) => (ctx) => (ctx[field] ? null : why(ctx))

/**
 * Per route: the school that runs it (the walk of another school reports it as not shown there), the query that
 * opens it with the tour's data. Routes missing here are walked bare in every school.
 */
const ROUTE_TOUR = {
  'subject-detail': { query: (ctx) => ({ id: ctx.itemsId }) },
  form: { query: (ctx) => ({ id: ctx.itemsId }) },
  // the tour's project need not offer monthly giving: then the page says so (decision 078)
  'monthly-give': { query: (ctx) => ({ itemsId: ctx.itemsId }) },
  cashier: { raw: (ctx) => ctx.cashierPath || ctx.missing.cashier },
  success: { query: (ctx) => (ctx.billNo ? { billNo: ctx.billNo, payToken: ctx.payToken } : ctx.missing.success) },
  'pay-back': { query: (ctx) => (ctx.billNo ? { billNo: ctx.billNo, payToken: ctx.payToken, itemsId: ctx.itemsId } : ctx.missing.success) },
  alipay: { query: (ctx) => (ctx.cashierBill ? { billNo: ctx.cashierBill, itemsId: ctx.itemsId } : ctx.missing.cashier) },
  'list-page': { query: (ctx) => (ctx.articleId ? { id: ctx.articleId } : ctx.missing.article) },
  award: { query: (ctx) => (ctx.awardId ? { id: ctx.awardId } : `${ctx.school}: the donor holds no award`) },
  'mine-certificate-detail': { query: (ctx) => (ctx.certificateId ? { id: ctx.certificateId } : `${ctx.school}: no certificate to open`) },
  'mine-paper-detail': { query: (ctx) => (ctx.receiptId ? { id: ctx.receiptId } : ctx.receiptNote || `${ctx.school}: no receipt`) },
  together: { query: (ctx) => (ctx.togetherItemsId ? { id: ctx.togetherItemsId } : `${ctx.school} has no joint-donation project`) },
  'together-share': {
    query: (ctx) => (ctx.togetherId ? { id: ctx.togetherId } : ctx.togetherNote || `${ctx.school}: no joint donation was launched`)
  },
  'together-list': {
    query: (ctx) => (ctx.togetherId ? { id: ctx.togetherId } : ctx.togetherNote || `${ctx.school}: no joint donation was launched`)
  },
  'tax-result': { query: () => ({ type: 1, gz: 5000, wxyj: 0, zxkc: 0, jz: 1000, isDonate: 1 }) },
  seat: { query: campaign('seatNaming') },
  'book-list': { query: (ctx) => (ctx.bookItemsId ? { id: ctx.bookItemsId } : `${ctx.school} has no book naming`) },
  'form-gm': {
    query: (ctx) => (ctx.campaignItems.seatNaming ? { id: ctx.campaignItems.seatNaming } : `${ctx.school} runs no seat naming`)
  },
  edit: { query: (ctx) => (ctx.campaignItems.seatNaming ? { id: ctx.campaignItems.seatNaming } : `${ctx.school} runs no seat naming`) },
  'nameplate-detail': { query: (ctx) => (ctx.plate ? ctx.plate : `${ctx.school}: no named seat or book in the school`) },
  'seat-naming-jnu': { school: 'demo', query: campaign('jnuSeat') },
  'seat-naming-jnu/seat': { school: 'demo', query: campaign('jnuSeat') },
  'seat-naming-jnu/form': { school: 'demo', query: campaign('jnuSeat') },
  'seat-naming-jnu/edit': { school: 'demo', query: campaign('jnuSeat') },
  'seat-naming-jnu/success': {
    school: 'demo',
    query: (ctx) => (ctx.billNo ? { billNo: ctx.billNo, payToken: ctx.payToken } : ctx.missing.success)
  },
  'seat-naming-hhu': { school: 'hhu', query: campaign('hhuSeat') },
  'seat-naming-hhu/list': { school: 'hhu', query: campaign('hhuSeat') },
  'tree-naming-hhu/detail': {
    school: 'hhu',
    query: (ctx) => (ctx.treeSeatId ? { id: ctx.treeSeatId, from: 'map' } : `${ctx.school}: no tree on the map`)
  },
  'tree-naming-hhu/form': { school: 'hhu', query: (ctx) => ({ id: ctx.campaignItems.hhuTreeDefault, type: 2 }) },
  'tree-naming-hhu/success': {
    school: 'hhu',
    query: (ctx) => (ctx.billNo ? { billNo: ctx.billNo, payToken: ctx.payToken } : ctx.missing.success)
  },
  'tree-naming-hhu/preview': {
    school: 'hhu',
    query: (ctx) => ({ name: '张赟喆', mobile: '13800138000', donationAmount: '1000', itemsId: ctx.campaignItems.hhuTreeDefault })
  },
  'contract-cpu': { school: 'cpu' },
  'contract-cpu/signature': {
    school: 'cpu',
    query: (ctx) => `${ctx.school}: the signature pad opens from a signed agreement (agreement.e2e.js)`
  },
  'contract-cpu/account': { school: 'cpu' },
  'contract-cpu/myList': { school: 'cpu' },
  'naming-xbmu': { school: 'demo', query: campaign('artworkNaming') },
  'naming-xbmu/choose': { school: 'demo', query: campaign('artworkNaming') },
  'naming-xbmu/list': { school: 'demo', query: campaign('artworkNaming') },
  'naming-xbmu/mine': { school: 'demo', query: campaign('artworkNaming') },
  'tree-naming': { school: 'demo' },
  'tree-naming-map': { school: 'demo', query: () => ({ area: 'yc' }) },
  'tree-naming-cpu': { school: 'cpu' },
  'tree-naming-map-cpu': { school: 'cpu', query: () => ({ area: 'yc' }) },
  'tree-naming-donateList-cpu': { school: 'cpu' },
  'tree-naming-xzit': { school: 'demo' },
  'tree-naming-map-xzit': { school: 'demo' },
  'tree-naming-donateList-xzit': { school: 'demo' },
  'tree-naming-hhu-home': { school: 'hhu' },
  'tree-naming-hhu': { school: 'hhu' },
  'tree-naming-hhu-jn': { school: 'hhu' },
  'tree-naming-donateList-hhu': { school: 'hhu' },
  'tree-naming-map-gmu': { school: 'demo' },
  'seat-naming-map': { school: 'demo' },
  'build-naming-map': { school: 'demo' },
  'wall-naming-map': { school: 'demo' },
  'not-found': { raw: () => '/no-such-page' }
}

/** The pages of the route list as tour definitions (test/e2e/lib/page-tour.js `visit` opens them). */
function everyPage() {
  const names = routeNames()
  return configPages().map((page) => {
    const route = names[page]
    if (!route) throw new Error(`${page} has no route name in src/lib/route-list.ts`)
    const t = ROUTE_TOUR[route] || {}
    const reason = (ctx) => {
      if (t.school && t.school !== ctx.school) return `only ${t.school} runs ${route}`
      const q = t.raw ? t.raw(ctx) : t.query ? t.query(ctx) : {}
      return typeof q === 'string' && !q.startsWith('/') ? q : null
    }
    return {
      key: route.replace(/\//g, '-'),
      route,
      school: t.school || null,
      title: { zh: route, en: route },
      unavailable: reason,
      path: (ctx) => {
        if (t.raw) return t.raw(ctx)
        const q = t.query ? t.query(ctx) : {}
        return `/${route}?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`
      },
      // the page shell's content, once the bootstrap is done (page-shell: a loading state until then)
      ready: ['[data-testid="page-root"] > :not(.page-shell__state)', '[data-testid="boot-failed"]', '[data-testid="not-found"]']
    }
  })
}

/** The extra facts the wider walk needs beyond prepareTour's: campaign items, award, certificate, joint donation. */
async function widenTour(tour, { origin, data, api }) {
  const { ctx, token } = tour
  const base = await data(`${P}/index/baseConfig`)
  ctx.campaignItems = (base.settings && base.settings.campaignItems) || {}
  const list = await data(`${P}/items/itemsList`, { query: { limit: 100, offset: 0 } })
  // the joint-donation pages need a project that takes joint donations (itemsDetail isDonateTogether, docs/product
  // §5); the launch page of one that takes none is a state of its own (dialog-states.js together-closed)
  let together = null
  for (const p of list.rows.filter((x) => (x.itemsType ?? 1) === 1)) {
    const d = await data(`${P}/items/itemsDetail`, { query: { id: p.id } })
    if (d.isDonateTogether === 1 && d.isDonate === 1 && !together) together = p
    if (d.isDonateTogether !== 1 && !ctx.togetherClosedItemsId) ctx.togetherClosedItemsId = p.id
    if (together && ctx.togetherClosedItemsId) break
  }
  if (together) ctx.togetherItemsId = together.id
  // an alumni-only project the tour's donor (not a certified alumnus) may not give to: its form opens the alumni
  // reminder (checkPermission errorCode 0201, docs/product §6; dialog-states.js form-alumni)
  for (const p of list.rows.filter((x) => (x.itemsType ?? 1) === 1)) {
    const answer = await api(`${P}/items/checkPermission`, { token, query: { itemsId: p.id } })
    const code = answer && ((answer.data && answer.data.errorCode) || answer.errorCode)
    if (code === '0201') {
      ctx.alumniItemsId = p.id
      break
    }
  }
  const book = list.rows.find((p) => p.itemsType === 2 && /图书/.test(p.name))
  if (book) ctx.bookItemsId = book.id
  // a named seat (seeded donors' seats): its nameplate page, and on the seat page the donor dialog of its seat
  const seatItems = ctx.campaignItems.seatNaming
  if (seatItems) {
    const areas = await data(`${P}/items/areaList`, { query: { itemsId: seatItems } })
    for (const [i, area] of (Array.isArray(areas) ? areas : areas.rows || []).entries()) {
      const seats = await data(`${P}/items/seatList`, { query: { areaId: area.id } })
      const named = [...seats.oneArray, ...seats.twoArray.flat()].find((x) => x && x.donateSeatId)
      if (!named) continue
      if (!ctx.plate) ctx.plate = { type: 1, id: named.donateSeatId }
      // the page opens on the first area: the dialog state taps a seat there
      if (i === 0) ctx.namedSeatId = named.id
      if (ctx.namedSeatId) break
    }
  }
  // a tree on hhu's campus map (the map's first level 'yc-1', its areas' next levels): the tree page a point opens
  if (ctx.school === 'hhu') {
    const queue = ['yc-1']
    for (let n = 0; queue.length && n < 20 && !ctx.treeSeatId; n++) {
      const m = await api(`${P}/naming/activity/map`, { query: { id: queue.shift() } })
      if (!m || m.code !== 0) continue
      const tree = m.data.treeList.find((x) => x.show === 1 && x.seatId)
      if (tree) ctx.treeSeatId = tree.seatId
      queue.push(...m.data.areaList.map((a) => a.next).filter(Boolean))
    }
  }
  const awards = await api(`${P}/user/center/awardList`, { token })
  if (awards && awards.code === 0 && Array.isArray(awards.data) && awards.data[0]) ctx.awardId = awards.data[0].id
  const certs = await api(`${P}/certificate/page`, { token, query: { limit: 10, offset: 0, status: 0 } })
  const certRows = certs && certs.code === 0 ? certs.data.rows || [] : []
  if (certRows[0]) ctx.certificateId = certRows[0].id
  if (together) {
    // the tour's donor launches one, as a donor does from the launch page: its invite page then shows the sponsor's
    // own view (share, cancel), and its list exists whatever the seed holds
    const launched = await api(`${P}/together/insertTogether`, {
      method: 'POST',
      token,
      body: { itemsId: together.id, sponsor: '张同学', slogan: '一起捐，助学子', targetMoney: '500.00' }
    })
    if (launched && launched.code === 0) ctx.togetherId = launched.data
    else {
      const t = await api(`${P}/items/togetherList`, { query: { itemsId: together.id, limit: 10, offset: 0 } })
      const rows = t && t.code === 0 ? t.data.rows || t.data || [] : []
      if (Array.isArray(rows) && rows[0]) ctx.togetherId = rows[0].id
      else ctx.togetherNote = `${ctx.school}: launching a joint donation was refused: ${(launched && launched.message) || 'no answer'}`
    }
  }
  void origin
  return ctx
}

module.exports = { everyPage, widenTour, configPages, routeNames, ROUTE_TOUR }
