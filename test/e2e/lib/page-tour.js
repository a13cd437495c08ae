/**
 * The twelve-page tour: the pages a donor sees (list, detail, form, cashier, thank-you, directory, mine,
 * my gifts, certificates, receipts, login, article), for one demo school, signed in, in Chinese or English, at any
 * viewport. Shared by the contact sheets (scripts/contact-sheet.js) and the accessibility test.
 *
 *   const { PAGES, prepareTour, visit } = require('./lib/page-tour')
 *   const tour = await prepareTour({ origin, school, browser })   // a signed-in donor with one paid gift
 *   const context = await tour.newContext({ lang: 'en', viewport: { width: 390, height: 844 } })
 *   const page = await context.newPage()
 *   for (const def of PAGES) {
 *     const r = await visit(page, def, tour.ctx)   // { shown: true } or { shown: false, reason }
 *   }
 *
 * prepareTour signs a fresh donor in through the sandbox (getAuthUrl -> code -> getAuthToken, what the app does on
 * first need), gives once through the real donate API with the electronic receipt (or the receipt the form offers)
 * and pays it with the sandbox notify (as center.e2e.js does): the paid-order hook opens the receipt application and
 * the server's job renders the electronic certificate, which prepareTour waits for. A second, unpaid order is left
 * for the cashier page. A page that cannot exist for the school's setup (fzu takes no online gifts: no order, so no
 * cashier and no thank-you page; no article in the school) is reported by `visit` as { shown: false, reason }, never
 * skipped silently. `visit` waits for the page's own content (its testids), not the loading state, then for the
 * page to settle (harness.js: the requests quiet for 400 ms, animations ended, images loaded) and the fonts.
 */
const { apiClient, settle, trackNetwork } = require('../harness')

const P = '/uplus-foundation/app/v1/donateu'
const S = '/uplus-system/app/v1/user'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const DONOR = '张赟喆'
const MOBILE = '13800138000'

/**
 * The twelve pages. `ready`: any of these selectors shows the page's content; `unavailable(ctx)`: why the page cannot
 * be shown for this school (null when it can).
 */
// a list's designed empty state and its load failure (components/list-footer): content too, shown as they are
const EMPTY = '[data-testid="empty-state"]'
const LIST_ERROR = '.list-footer--error'

const PAGES = [
  {
    key: 'list',
    title: { zh: '项目列表', en: 'Project list' },
    path: () => '/subject',
    ready: ['[data-testid^="project-card-"]', EMPTY, LIST_ERROR]
  },
  {
    key: 'detail',
    title: { zh: '项目详情', en: 'Project detail' },
    path: (ctx) => `/subject-detail?id=${ctx.itemsId}`,
    ready: ['[data-testid="project-title"]', '[data-testid="detail-error"]']
  },
  {
    key: 'form',
    title: { zh: '捐赠表单', en: 'Giving form' },
    path: (ctx) => `/form?id=${ctx.itemsId}`,
    ready: [
      '[data-testid="donate-form"]',
      '[data-testid="offline-notice"]',
      '[data-testid="closed-notice"]',
      '[data-testid="donate-error"]'
    ]
  },
  {
    key: 'cashier',
    title: { zh: '收银台', en: 'Cashier' },
    path: (ctx) => ctx.cashierPath,
    unavailable: (ctx) => ctx.missing.cashier || null,
    ready: ['[data-testid="cashier-amount"]', '[data-testid="cashier-missing"]']
  },
  {
    key: 'success',
    title: { zh: '感谢页', en: 'Thank-you' },
    path: (ctx) => `/success?billNo=${encodeURIComponent(ctx.billNo)}&payToken=${encodeURIComponent(ctx.payToken)}`,
    unavailable: (ctx) => ctx.missing.success || null,
    ready: ['[data-testid="success-title"]', '[data-testid="success-error"]'],
    // the certificate image is part of this page once rendered
    extra: '[data-testid="certificate-img"] img, [data-testid="certificate-none"]'
  },
  {
    key: 'directory',
    title: { zh: '捐赠名录', en: 'Donor directory' },
    path: () => '/jzml',
    ready: ['[data-testid="donor-row"]', EMPTY, LIST_ERROR]
  },
  {
    key: 'mine',
    title: { zh: '个人中心', en: 'My account' },
    path: () => '/mine',
    ready: ['[data-testid="mine-name"]', '[data-testid="mine-retry"]']
  },
  {
    key: 'mine-don',
    title: { zh: '我的捐赠', en: 'My gifts' },
    path: () => '/mine-don',
    ready: ['[data-testid="don-group"]', '[data-testid="gift-row"]', EMPTY, LIST_ERROR]
  },
  {
    key: 'certificates',
    title: { zh: '我的证书', en: 'Certificates' },
    path: () => '/mine-certificate',
    ready: ['[data-testid^="cert-item-"]', '[data-testid^="cert-paper-"]', EMPTY, LIST_ERROR]
  },
  {
    key: 'receipts',
    title: { zh: '我的票据', en: 'Receipts' },
    path: () => '/mine-paper',
    ready: ['[data-testid^="receipt-item-"]', '[data-testid="receipt-closed"]', EMPTY, LIST_ERROR]
  },
  {
    key: 'login',
    title: { zh: '登录', en: 'Sign in' },
    path: () => '/login',
    ready: ['[data-testid="login-screen"]']
  },
  {
    key: 'article',
    title: { zh: '文章', en: 'Article' },
    path: (ctx) => `/list-page?id=${ctx.articleId}`,
    unavailable: (ctx) => ctx.missing.article || null,
    ready: ['[data-testid="article-content"]', '[data-testid="article-error"]']
  }
]

/** A value the form accepts for one dynamic field (types/donate.ts FormField). */
function fieldValue(f) {
  if (f.fieldName === 'name') return DONOR
  switch (f.fieldUiType) {
    case 'mobile':
      return `86-${MOBILE}`
    case 'switch':
      return '0'
    case 'select':
    case 'radio':
    case 'select2':
      return f.optionList[0] ? f.optionList[0].id : ''
    case 'number':
      return '1'
    case 'date':
      return '1990-09-01'
    case 'year':
      return '2008'
    case 'area':
      return '江苏省 南京市 玄武区'
    default: {
      const min = Math.max(2, f.lengthMin || 0)
      return '校友'.repeat(Math.ceil(min / 2)).slice(0, Math.max(min, 2))
    }
  }
}

/** The visible required fields (and `name`), with the condition fields honoured. */
function formDataFor(fields) {
  const data = {}
  const byName = Object.fromEntries(fields.map((f) => [f.fieldName, f]))
  const shown = (f, depth = 0) => {
    if (depth > 8 || !f.isShowConfig || !f.conditionFieldName) return true
    const parent = byName[f.conditionFieldName]
    if (!parent || !shown(parent, depth + 1)) return false
    return String(f.conditionFieldValue || '')
      .split(',')
      .includes(String(data[parent.fieldName] ?? ''))
  }
  // parents first: a field's value decides whether the fields it controls are asked
  for (let pass = 0; pass < 3; pass++) {
    for (const f of fields) {
      if (f.fieldUiType === 'password') continue
      if (!(f.isRequire || f.fieldName === 'name' || f.fieldUiType === 'mobile')) continue
      if (shown(f)) data[f.fieldName] = fieldValue(f)
      else delete data[f.fieldName]
    }
  }
  return data
}

/** "12.5" -> 1250 */
function fen(yuan) {
  const [w, f = ''] = String(yuan || '0').split('.')
  return Number(w) * 100 + Number(f.padEnd(2, '0').slice(0, 2))
}
const yuan = (f) => `${Math.floor(f / 100)}.${String(f % 100).padStart(2, '0')}`

async function poll(fn, { timeout = 60000, every = 500, what }) {
  const end = Date.now() + timeout
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, every))
  }
}

/**
 * Prepares one school's tour: a signed-in donor, a paid gift (thank-you, certificate, receipt), an unpaid order
 * (cashier), an article. Returns { ctx, token, newContext({ lang, viewport, deviceScaleFactor }) }. `orderLang`: the
 * language the orders are placed in, as a donor reading that language places them (the payment's description, which
 * the cashier shows, is written then); Chinese by default.
 */
async function prepareTour({ origin, school, browser, orderLang = 'zh_CN' }) {
  const cfg = await (await fetch(`${origin}/config/${school}/index.json`)).json()
  const { api, data } = apiClient(origin, cfg)
  const missing = {}

  // sandbox sign-in, as the app's first-need redirect does: getAuthUrl answers the return URL with a fresh code
  const back = `${origin}/mine?school=${school}`
  const authUrl = await data(`${S}/getAuthUrl`, { query: { url: back } })
  const code = new URL(authUrl, origin).searchParams.get('code')
  if (!code) throw new Error(`${school}: getAuthUrl answered no sandbox code (${authUrl}); the school has real OAuth credentials`)
  const { token } = await data(`${S}/getAuthToken`, { query: { code, platform: 'h5' } })
  // the privacy consent a donor gives by tapping "Agree and give" on the giving form (decision 061,
  // features/privacy/consent-on-submit.ts): the donate API refuses a gift from a donor who has not consented
  const privacy = await data(`${P}/privacy/status`, { token })
  if (privacy.consented !== 1) await data(`${P}/privacy/consent`, { method: 'POST', token, body: { version: privacy.version } })

  // the project: the first money project (not goods, not naming) with an open form
  // the list in the orders' language: ctx.projectName is the project as that reader sees it
  const list = await data(`${P}/items/itemsList`, { query: { limit: 100, offset: 0, lang: orderLang } })
  const candidates = list.rows.filter((p) => (p.itemsType ?? 1) === 1 && (p.crowdType ?? 1) !== 2)
  if (!candidates.length) throw new Error(`${school}: no money project in the list`)
  let project = null
  let form = null
  for (const p of candidates) {
    const f = await api(`${P}/items/formDetail`, { query: { itemsId: p.id }, token })
    if (f && f.code === 0 && f.data) {
      project = p
      form = f.data
      if (f.data.isOpenCertificate && f.data.isOpenReceipt) break
    }
  }
  if (!project) {
    project = candidates[0]
    form = null
  }
  const ctx = {
    origin,
    school,
    itemsId: project.id,
    projectName: project.name,
    billNo: '',
    payToken: '',
    cashierPath: '',
    articleId: 0,
    missing
  }

  // the gift: enough for the certificate and the receipt; the receipt the form offers (electronic by e-mail first)
  async function donate({ withReceipt }) {
    const detail = await data(`${P}/items/itemsDetail`, { query: { id: project.id } })
    let amountFen = Math.max(20000, fen(form.minMoney), fen(form.minMoneyCertificate), withReceipt ? fen(form.minMoneyReceipt) : 0)
    // a project that offers only fixed amounts takes one of them (the largest)
    const fixed = detail.isFixMoney && !detail.isHandMoney ? (detail.fixMoney || []).map((m) => fen(m.money)) : []
    if (fixed.length) amountFen = Math.max(...fixed)
    const payType = form.payPlatformList.includes(1) ? 1 : form.payPlatformList[0]
    const body = {
      currency: 'CNY',
      payType,
      currencyMoney: yuan(amountFen),
      itemsId: project.id,
      itemsType: 1,
      isAnonymous: 0,
      donateFrom: 'U1',
      payChannel: 'h5',
      formDataMap: formDataFor(form.fieldList || []),
      isAgree: 1,
      certificateDonorName: DONOR
    }
    if (withReceipt && form.isOpenReceipt && form.isShowReceipt && form.receiptTypeList.length) {
      const electronic = form.receiptTypeList.includes(2) && form.receiptWayElectronicList.includes(3)
      Object.assign(body, {
        isNeedReceipt: 1,
        receiptDonorType: 1,
        receiptDonorName: DONOR,
        receiptType: electronic ? 2 : 1,
        receiptWay: electronic ? 3 : form.receiptWayPaperList.includes(1) ? 1 : form.receiptWayPaperList[0],
        postalEmail: 'donor@example.com',
        postalContact: DONOR,
        postalMobile: MOBILE,
        postalCountry: '中国',
        postalProvince: '江苏省',
        postalCity: '南京市',
        postalDistrict: '玄武区',
        postalAddress: '北京东路 41 号',
        postalZip: '210008'
      })
      if (form.isCreditCode) body.creditCode = '11010519491231002X'
    }
    const answer = await api(`${P}/items/donate`, { method: 'POST', token, body, query: { lang: orderLang } })
    if (!answer || answer.code !== 0) return { refused: (answer && answer.message) || 'no answer' }
    const d = answer.data
    return { billNo: d.orderPayRequestDTO.billNo, payToken: d.payToken, url: (d.data && d.data.url) || '', amountFen }
  }

  if (!form) {
    missing.cashier = missing.success = `${school}: no project offers a giving form (formDetail refused)`
  } else if (form.isOnlineDisabled) {
    const why = `${school} takes no online gifts (settings.disableOnlineDonation): no order, so no cashier and no thank-you page`
    missing.cashier = missing.success = why
  } else {
    // what the app asks before the first form with personal data (decision 041): the donor consents to the policy
    const policy = await api(`${P}/privacy/status`, { token })
    const consent = await api(`${P}/privacy/consent`, { method: 'POST', token, body: { version: policy.data.version } })
    if (!consent || consent.code !== 0) throw new Error(`${school}: privacy consent refused: ${consent && consent.message}`)
    const paid = await donate({ withReceipt: true })
    if (paid.refused) {
      missing.cashier = missing.success = `${school}: the donate API refused the gift: ${paid.refused}`
    } else {
      const n = await data('/sandbox/notify', { method: 'POST', body: { billNo: paid.billNo, outcome: 'paid', payToken: paid.payToken } })
      if (n.status !== 'applied') throw new Error(`${school}: sandbox notify ${paid.billNo}: ${n.status}`)
      ctx.billNo = paid.billNo
      ctx.payToken = paid.payToken
      ctx.amountFen = paid.amountFen
      // the electronic certificate is rendered by the server's job after the payment
      if (form.isOpenCertificate && fen(form.minMoneyCertificate) <= paid.amountFen) {
        ctx.certificateImg = await poll(
          async () => {
            const s = await data(`${P}/items/success`, { query: { donatePlatOrder: paid.billNo }, token })
            return s.certificateImg || ''
          },
          { timeout: 90000, what: `${school}: the certificate of ${paid.billNo}` }
        )
      } else ctx.certificateNote = `${school}: the project's form gives no electronic certificate`
      // the receipt application the paid-order hook opened (the receipts page lists it)
      const receipts = await data(`${P}/receipt/page`, { query: { limit: 10, offset: 0, status: 0 }, token })
      const receipt = receipts.rows.find((r) => r.donatePlatOrder === paid.billNo) || receipts.rows[0]
      if (receipt) ctx.receiptId = receipt.id
      else ctx.receiptNote = `${school}: the form offers no receipt, so the receipts page has none`
      const unpaid = await donate({ withReceipt: false })
      if (unpaid.refused) missing.cashier = `${school}: a second order was refused: ${unpaid.refused}`
      else {
        const u = new URL(unpaid.url || '/cashier', origin)
        if (!unpaid.url) missing.cashier = `${school}: the pay answer names no cashier URL (not the sandbox provider)`
        ctx.cashierPath = `${u.pathname}${u.search}`
        ctx.cashierBill = unpaid.billNo
      }
    }
  }

  const articles = await api(`${P}/index/articleList`, { query: { limit: 10, offset: 0 } })
  const rows = articles && articles.code === 0 ? articles.data.rows || articles.data : []
  if (Array.isArray(rows) && rows.length) ctx.articleId = rows[0].id
  else missing.article = `${school}: the school has no article (articleList is empty)`

  /** A browser context signed in as the tour's donor, in `lang`, at `viewport`; desktop widths close the QR card. */
  async function newContext({ lang = 'zh', viewport = { width: 390, height: 844 }, deviceScaleFactor = 2, bypassCSP = false } = {}) {
    const mobile = viewport.width < 768
    const context = await browser.newContext({
      viewport,
      deviceScaleFactor,
      isMobile: mobile,
      hasTouch: mobile,
      userAgent: mobile ? IPHONE : DESKTOP,
      locale: lang === 'en' ? 'en-US' : 'zh-CN',
      // the donors' clock (this machine runs on UTC: "good morning" at 13:00 in Beijing otherwise)
      timezoneId: 'Asia/Shanghai',
      // the accessibility test injects axe-core as an inline script, which the app's CSP refuses otherwise
      bypassCSP
    })
    await context.addInitScript(
      ([t, s, l, desktop]) => {
        // Taro's H5 storage format; the token belongs to this school (bootstrap drops it otherwise)
        localStorage.setItem('token', JSON.stringify({ data: t }))
        localStorage.setItem('school', JSON.stringify({ data: s }))
        localStorage.setItem('lang', JSON.stringify({ data: l }))
        // the desktop shots show the app, as after the visitor closed the scan-with-WeChat card
        if (desktop) sessionStorage.setItem('desktopQrClosed', '1')
      },
      [token, school, lang === 'en' ? 'en' : 'zh_CN', !mobile]
    )
    context.tourLang = lang
    return context
  }

  return { ctx, token, cfg, newContext }
}

/** Adds ?school=&lang= to a path. */
function urlFor(origin, pathAndQuery, ctx, lang) {
  const u = new URL(pathAndQuery, origin)
  u.searchParams.set('school', ctx.school)
  u.searchParams.set('lang', lang === 'en' ? 'en' : 'zh_CN')
  // searchParams writes spaces as '+', which the app's router keeps as it is: %20, as the server writes them
  u.search = u.searchParams.toString().replace(/\+/g, '%20')
  return u.toString()
}

/**
 * Opens one tour page and waits until its content is shown: one of its `ready` selectors visible, no request in
 * flight for 400 ms, no animation running, the images loaded (harness settle), fonts loaded. Returns
 * { shown: true, url } or, for a page the school's setup cannot have, { shown: false, reason } without opening anything.
 */
async function visit(page, def, ctx, { origin, lang, timeout = 45000 } = {}) {
  const why = def.unavailable ? def.unavailable(ctx) : null
  if (why) return { shown: false, reason: why }
  const language = lang || page.context().tourLang || 'zh'
  const url = urlFor(origin || ctx.origin, def.path(ctx), ctx, language)

  // counted from the first request of the page (a page not made by the harness's launchChromium)
  trackNetwork(page)
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout })
  const selector = def.ready.join(', ')
  try {
    await page.locator(selector).first().waitFor({ state: 'visible', timeout })
  } catch {
    const text = (await page.evaluate(() => document.body.innerText).catch(() => '')).slice(0, 300)
    throw new Error(`${def.key}: none of ${selector} appeared at ${page.url()} (page shows: ${JSON.stringify(text)})`)
  }
  if (def.extra)
    await page
      .locator(def.extra)
      .first()
      .waitFor({ state: 'attached', timeout: 20000 })
      .catch(() => undefined)
  // the requests quiet for 400 ms (a page's calls may follow one another), no animation, the images loaded
  await settle(page, { timeout, quietMs: 400 })
  await page.evaluate(() => document.fonts && document.fonts.ready)
  return { shown: true, url }
}

module.exports = { PAGES, prepareTour, visit, urlFor }
