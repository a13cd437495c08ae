/**
 * The staff console's core: roles, the audit log, /me and /logout, staff accounts, school settings and
 * channel credentials, content, the naming inventory, and the retrofitted fulfilment and nameplate routes.
 *
 * One table (ROUTES) lists every staff route this part owns or retrofitted with its roles, a request that succeeds,
 * the audit action a change must write, and how to name one of this school's rows from another school. The table is
 * walked for: no token (-997), each role without access (-1 naming the role needed, nothing changed, no audit row),
 * the allowed role (code 0 and, for a change, exactly one new audit row with who, action, before and after), another
 * school's staff token (-997), and another school's staff naming this school's row (-1, nothing changed). The route
 * tree is compared with the table, so a staff route added without an entry (here or in the other console parts'
 * lists) fails the first test.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, CampaignKey } from '../../types'
import { runStaffCli } from '../src/cli/staff'
import { recordAudit } from '../src/domain/staff/audit'
import { saveChallenge, saveGivingDay, saveMatch } from '../src/domain/giving-day/service'
import type { StaffRole } from '../src/domain/staff/roles'
import { STAFF_API_PREFIX } from '../src/routes/staff'
import { call, login, startApp, type TestContext } from './helpers'
import { SCHOLARSHIP, paidGift, projectIdOf } from './center-fixtures'
import { campaignItem } from './naming-fixtures'
import { schoolIdOf } from './order-fixtures'
import { registeredRoutes } from './route-list'
import { staffCall, staffLogin, STAFF_TEST_PASSWORD, type StaffLogin } from './staff-fixtures'

const SCHOOL = 'demo'
const OTHER = 'hhu'
const ROLES: StaffRole[] = ['admin', 'finance', 'fulfilment', 'editor']

let ctx: TestContext
let app: FastifyInstance
let sid: number
let otherSid: number
const tok = {} as Record<StaffRole, StaffLogin>
let otherAdmin: StaffLogin
/** ids of rows of SCHOOL the table's requests use */
const ids = {} as Record<
  | 'cert'
  | 'receipt'
  | 'nameplate'
  | 'message'
  | 'article'
  | 'category'
  | 'area'
  | 'seat'
  | 'book'
  | 'map'
  | 'staff'
  | 'seatItem'
  | 'givingDay'
  | 'match'
  | 'challenge',
  number
>

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

function multipart(file: Buffer) {
  const boundary = '----consolecore'
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`)
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`
  }
}

async function send(school: string, method: 'GET' | 'POST', url: string, token: string | null, body?: unknown, isMultipart = false) {
  if (!isMultipart) return staffCall(app, school, method, url, { token, body })
  const m = multipart(PDF)
  const res = await app.inject({
    method,
    url: `/staff-api/${school}${url}`,
    headers: { ...(token ? { authorization: `Staff ${token}` } : {}), 'content-type': m.contentType },
    payload: m.payload
  })
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: any } }
}

const auditCount = async (schoolId: number) =>
  Number(
    (
      await app.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('school_id', '=', schoolId)
        .executeTakeFirstOrThrow()
    ).n
  )
const lastAudit = (schoolId: number) =>
  app.db.selectFrom('audit_log').selectAll().where('school_id', '=', schoolId).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()

const validMap = () => ({
  width: 1000,
  height: 800,
  scale: 1,
  minScale: 0.5,
  maxScale: 3,
  top: 0,
  left: 0,
  map: '/files/maps/test.png',
  areaList: [],
  treeList: [{ id: 't1', x: 10, y: 20, seatId: ids.seat, show: 1, selected: 0 }],
  buildingList: [],
  areaIdList: [ids.area],
  vrUrl: ''
})

interface RouteCase {
  method: 'GET' | 'POST'
  /** the route as registered under /staff-api/:school */
  path: string
  url: () => string
  /** who may call it; 'any' = every signed-in member of staff */
  roles: StaffRole[] | 'any'
  body?: () => unknown
  multipart?: boolean
  /** a change: the audit action its success must write */
  audit?: string
  /** the same route naming a row of SCHOOL: called by OTHER's admin at OTHER it must be -1 */
  foreign?: () => string
  /** the token of the allowed call (default: the first allowed role's) */
  token?: () => Promise<StaffLogin>
}

const ROUTES: RouteCase[] = [
  // monthly giving plans by status (docs/decisions/071-monthly-giving.md; flows in monthly.test.ts)
  { method: 'GET', path: '/monthly-plans', url: () => '/monthly-plans?status=active', roles: ['finance'] },
  // the console's collection for a day (docs/decisions/078-monthly-giving-screens.md); the CSV export's roles and
  // tenancy are in monthly-console.test.ts (its success is a file, not JSON)
  {
    method: 'POST',
    path: '/monthly-plans/collect',
    url: () => '/monthly-plans/collect',
    roles: ['finance'],
    body: () => ({ date: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10) }),
    audit: 'monthly.collect'
  },
  // giving days, matches and challenges (docs/decisions/070-giving-days.md)
  { method: 'GET', path: '/giving-days', url: () => '/giving-days', roles: ['admin'] },
  {
    method: 'GET',
    path: '/giving-days/:id',
    url: () => `/giving-days/${ids.givingDay}`,
    roles: ['admin'],
    foreign: () => `/giving-days/${ids.givingDay}`
  },
  {
    method: 'POST',
    path: '/giving-days',
    url: () => '/giving-days',
    roles: ['admin'],
    body: () => ({ title: '新捐赠日', startsAt: '2033-04-01 08:00', endsAt: '2033-04-01 20:00' }),
    audit: 'givingday.create'
  },
  {
    method: 'POST',
    path: '/giving-days/:id',
    url: () => `/giving-days/${ids.givingDay}`,
    roles: ['admin'],
    body: () => ({ goal: '5000.00' }),
    audit: 'givingday.update',
    foreign: () => `/giving-days/${ids.givingDay}`
  },
  {
    method: 'POST',
    path: '/giving-days/:id/matches',
    url: () => `/giving-days/${ids.givingDay}/matches`,
    roles: ['admin'],
    body: () => ({ sponsor: '每人配捐', kind: 'per_donor', rate: '10.00', cap: '100.00' }),
    audit: 'givingday.match.create',
    foreign: () => `/giving-days/${ids.givingDay}/matches`
  },
  {
    method: 'POST',
    path: '/giving-days/:id/matches/:matchId',
    url: () => `/giving-days/${ids.givingDay}/matches/${ids.match}`,
    roles: ['admin'],
    body: () => ({ cap: '200.00' }),
    audit: 'givingday.match.update',
    foreign: () => `/giving-days/${ids.givingDay}/matches/${ids.match}`
  },
  {
    method: 'POST',
    path: '/giving-days/:id/challenges',
    url: () => `/giving-days/${ids.givingDay}/challenges`,
    roles: ['admin'],
    body: () => ({ sponsor: '金额挑战', kind: 'amount', target: '500.00', reward: '100.00' }),
    audit: 'givingday.challenge.create',
    foreign: () => `/giving-days/${ids.givingDay}/challenges`
  },
  {
    method: 'POST',
    path: '/giving-days/:id/challenges/:challengeId',
    url: () => `/giving-days/${ids.givingDay}/challenges/${ids.challenge}`,
    roles: ['admin'],
    body: () => ({ target: '20' }),
    audit: 'givingday.challenge.update',
    foreign: () => `/giving-days/${ids.givingDay}/challenges/${ids.challenge}`
  },
  // fulfilment (retrofitted)
  { method: 'GET', path: '/applications', url: () => '/applications?kind=certificate&status=all', roles: ['fulfilment'] },
  {
    method: 'GET',
    path: '/applications/:kind/:id',
    url: () => `/applications/certificate/${ids.cert}`,
    roles: ['fulfilment'],
    foreign: () => `/applications/certificate/${ids.cert}`
  },
  {
    method: 'POST',
    path: '/applications/:kind/:id/advance',
    url: () => `/applications/certificate/${ids.cert}/advance`,
    roles: ['fulfilment'],
    body: () => ({ to: 2 }),
    audit: 'certificate.advance',
    foreign: () => `/applications/certificate/${ids.cert}/advance`
  },
  {
    method: 'POST',
    path: '/receipts/:id/file',
    url: () => `/receipts/${ids.receipt}/file`,
    roles: ['fulfilment'],
    multipart: true,
    audit: 'receipt.file.attach',
    foreign: () => `/receipts/${ids.receipt}/file`
  },
  { method: 'GET', path: '/nameplates', url: () => '/nameplates?status=all', roles: ['fulfilment'] },
  {
    method: 'GET',
    path: '/nameplates/:id',
    url: () => `/nameplates/${ids.nameplate}`,
    roles: ['fulfilment'],
    foreign: () => `/nameplates/${ids.nameplate}`
  },
  {
    method: 'POST',
    path: '/nameplates/:id/review',
    url: () => `/nameplates/${ids.nameplate}/review`,
    roles: ['fulfilment'],
    body: () => ({ action: 'approve' }),
    audit: 'nameplate.approve',
    foreign: () => `/nameplates/${ids.nameplate}/review`
  },
  // the caller
  { method: 'GET', path: '/me', url: () => '/me', roles: 'any' },
  {
    method: 'POST',
    path: '/logout',
    url: () => '/logout',
    roles: 'any',
    audit: 'staff.logout',
    token: () => staffLogin(app, SCHOOL, ['editor'])
  },
  // staff accounts
  { method: 'GET', path: '/staff', url: () => '/staff', roles: ['admin'] },
  {
    method: 'POST',
    path: '/staff',
    url: () => '/staff',
    roles: ['admin'],
    body: () => ({ username: 'new.finance', password: 'a-long-password-1', displayName: '新财务', roles: ['finance'] }),
    audit: 'staff.create'
  },
  {
    method: 'POST',
    path: '/staff/:id',
    url: () => `/staff/${ids.staff}`,
    roles: ['admin'],
    body: () => ({ displayName: '改名', roles: ['editor', 'fulfilment'] }),
    audit: 'staff.update',
    foreign: () => `/staff/${ids.staff}`
  },
  // audit log
  { method: 'GET', path: '/audit', url: () => '/audit?limit=5', roles: ['admin'] },
  // settings and channels
  { method: 'GET', path: '/settings', url: () => '/settings', roles: ['admin'] },
  {
    method: 'POST',
    path: '/settings',
    url: () => '/settings',
    roles: ['admin'],
    body: () => ({ moduleName: '捐赠平台', themeColor: '#1A6FB5', switches: { maskDonorNames: true } }),
    audit: 'settings.update'
  },
  // the privacy policy (docs/decisions/041)
  { method: 'GET', path: '/privacy-policy', url: () => '/privacy-policy', roles: ['admin'] },
  {
    method: 'POST',
    path: '/privacy-policy',
    url: () => '/privacy-policy',
    roles: ['admin'],
    body: () => ({ zh: { title: '隐私政策', content: '我们收集姓名和手机号。' }, en: { title: '', content: '' }, newVersion: true }),
    audit: 'privacy.policy.update'
  },
  { method: 'GET', path: '/channels', url: () => '/channels', roles: ['admin'] },
  {
    method: 'POST',
    path: '/channels/:channel',
    url: () => '/channels/weapp',
    roles: ['admin'],
    body: () => ({ appId: 'wx1234567890', secret: 'app-secret-0123456789' }),
    audit: 'channel.update'
  },
  // WeChat and Alipay templates (docs/decisions/049-subscribe-messages.md)
  { method: 'GET', path: '/notice-templates', url: () => '/notice-templates', roles: ['admin'] },
  {
    method: 'POST',
    path: '/notice-templates',
    url: () => '/notice-templates',
    roles: ['admin'],
    body: () => ({ templates: [{ channel: 'wechat', kind: 'paid', templateId: 'tmpl-paid-1', fields: { thing1: 'project' } }] }),
    audit: 'notice.templates.update'
  },
  // content
  { method: 'GET', path: '/messages', url: () => '/messages?status=pending', roles: ['editor'] },
  ...(['approve', 'hide'] as const).map((a): RouteCase => ({
    method: 'POST',
    path: `/messages/:id/${a}`,
    url: () => `/messages/${ids.message}/${a}`,
    roles: ['editor'],
    audit: `message.${a}`,
    foreign: () => `/messages/${ids.message}/${a}`
  })),
  {
    method: 'POST',
    path: '/messages/:id/reply',
    url: () => `/messages/${ids.message}/reply`,
    roles: ['editor'],
    body: () => ({ text: '谢谢您的支持' }),
    audit: 'message.reply',
    foreign: () => `/messages/${ids.message}/reply`
  },
  { method: 'GET', path: '/articles', url: () => '/articles', roles: ['editor'] },
  {
    method: 'GET',
    path: '/articles/:id',
    url: () => `/articles/${ids.article}`,
    roles: ['editor'],
    foreign: () => `/articles/${ids.article}`
  },
  {
    method: 'POST',
    path: '/articles',
    url: () => '/articles',
    roles: ['editor'],
    body: () => ({ categoryId: ids.category, title: '新文章', content: '<p>正文</p>' }),
    audit: 'article.create'
  },
  {
    method: 'POST',
    path: '/articles/:id',
    url: () => `/articles/${ids.article}`,
    roles: ['editor'],
    body: () => ({ categoryId: ids.category, title: '改过的标题', content: '<p>改过</p>' }),
    audit: 'article.update',
    foreign: () => `/articles/${ids.article}`
  },
  {
    method: 'POST',
    path: '/articles/:id/delete',
    url: () => `/articles/${ids.article}/delete`,
    roles: ['editor'],
    audit: 'article.delete',
    foreign: () => `/articles/${ids.article}/delete`
  },
  { method: 'GET', path: '/article-categories', url: () => '/article-categories', roles: ['editor'] },
  { method: 'GET', path: '/texts/missing', url: () => '/texts/missing', roles: ['editor'] },
  {
    method: 'POST',
    path: '/article-categories',
    url: () => '/article-categories',
    roles: ['editor'],
    body: () => ({ name: '新分类' }),
    audit: 'article-category.create'
  },
  // naming inventory
  { method: 'GET', path: '/naming/summary', url: () => '/naming/summary', roles: ['fulfilment', 'editor'] },
  { method: 'GET', path: '/naming/areas', url: () => '/naming/areas', roles: ['fulfilment', 'editor'] },
  {
    method: 'GET',
    path: '/naming/areas/:id/seats',
    url: () => `/naming/areas/${ids.area}/seats`,
    roles: ['fulfilment', 'editor'],
    foreign: () => `/naming/areas/${ids.area}/seats`
  },
  {
    method: 'POST',
    path: '/naming/seats/:id',
    url: () => `/naming/seats/${ids.seat}`,
    roles: ['editor'],
    body: () => ({ price: [{ termName: '永久', termYear: 0, termMoney: '1234.50' }] }),
    audit: 'naming.seat.update',
    foreign: () => `/naming/seats/${ids.seat}`
  },
  { method: 'GET', path: '/naming/books', url: () => '/naming/books', roles: ['fulfilment', 'editor'] },
  {
    method: 'POST',
    path: '/naming/books/:id',
    url: () => `/naming/books/${ids.book}`,
    roles: ['editor'],
    body: () => ({ stock: 77 }),
    audit: 'naming.book.stock',
    foreign: () => `/naming/books/${ids.book}`
  },
  { method: 'GET', path: '/naming/maps', url: () => '/naming/maps', roles: ['fulfilment', 'editor'] },
  {
    method: 'POST',
    path: '/naming/maps/:id',
    url: () => `/naming/maps/${ids.map}`,
    roles: ['editor'],
    body: () => ({ config: validMap() }),
    audit: 'naming.map.update',
    foreign: () => `/naming/maps/${ids.map}`
  }
]

/** Staff routes other suites own and test (console-projects, console-money), refunds (refunds.test.ts),
 *  and the sign-in itself. */
// moderation: role, tenancy and audit in moderation.test.ts (docs/decisions/042)
// agreements, their seal and the campaign settings: roles, tenancy and audit in staff-agreements.test.ts and
// staff-campaigns.test.ts (docs/decisions/047)
// statements and notifications: roles, audit and tenancy in statement.test.ts (docs/decisions/050-yearly-statement.md)
const OWNED_ELSEWHERE =
  /^\/(login|uploads|projects|categories|labels|ledger|exports|offline-gifts|review|reconciliation|dashboard|refunds|moderation|bills|agreements|agreement-seal|campaigns|statements|notifications)(\/|$)|^\/monthly-plans\/export$|^\/\*$/

before(async () => {
  ctx = await startApp()
  app = ctx.app
  sid = await schoolIdOf(app, SCHOOL)
  otherSid = await schoolIdOf(app, OTHER)
  for (const r of ROLES) tok[r] = await staffLogin(app, SCHOOL, [r])
  otherAdmin = await staffLogin(app, OTHER, ['admin'])
  ids.staff = (await staffLogin(app, SCHOOL, ['fulfilment'], 'to.be.edited')).staffId

  // fulfilment: a certificate to be mailed (way 2: 1 -> 2) and a receipt awaiting its file
  const donor = await login(app, SCHOOL, 'console-core-donor')
  const scholarship = await projectIdOf(app, SCHOOL, SCHOLARSHIP)
  const g1 = await paidGift(app, SCHOOL, donor, scholarship, { currencyMoney: '100.00' })
  const g2 = await paidGift(app, SCHOOL, donor, scholarship, { currencyMoney: '101.00' })
  const g3 = await paidGift(app, SCHOOL, donor, scholarship, { currencyMoney: '102.00' })
  const userId = Number(g1.user_id)
  const now = new Date().toISOString()
  const postal = {
    postal_contact: '张三',
    postal_mobile: '13800138000',
    postal_address: '南京市鼓楼区汉口路22号',
    express_company: '',
    express_no: ''
  }
  ids.cert = Number(
    (
      await app.db
        .insertInto('certificate_request')
        .values({
          school_id: sid,
          user_id: userId,
          donation_id: Number(g1.id),
          batch_no: 'B1',
          status: 1,
          certificate_way: 2,
          donor_name: '张三',
          ...postal,
          created_at: now,
          updated_at: now
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  )
  ids.receipt = Number(
    (
      await app.db
        .insertInto('receipt_request')
        .values({
          school_id: sid,
          user_id: userId,
          donation_id: Number(g2.id),
          batch_no: 'B2',
          status: 1,
          donor_type: 1,
          donor_name: '张三',
          credit_code: '',
          receipt_type: 1,
          receipt_way: 3,
          postal_email: 'a@example.com',
          postal_mobile_sms: '',
          file_url: '',
          ...postal,
          created_at: now,
          updated_at: now
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  )
  // a named seat whose nameplate waits for review
  ids.seatItem = await campaignItem(app, SCHOOL, CampaignKey.JNU_SEAT)
  const seat = await app.db
    .selectFrom('naming_seat')
    .select(['id', 'area_id'])
    .where('school_id', '=', sid)
    .where('items_id', '=', ids.seatItem)
    .where('status', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow()
  ids.seat = Number(seat.id)
  ids.area = Number(seat.area_id)
  ids.nameplate = Number(
    (
      await app.db
        .insertInto('naming_record')
        .values({
          school_id: sid,
          donation_id: Number(g3.id),
          items_id: ids.seatItem,
          user_id: userId,
          kind: 'seat',
          seat_id: null,
          book_id: null,
          area_id: ids.area,
          label: '1排1座',
          quantity: 1,
          term_year: 0,
          term_name: '永久',
          unit_fen: 10200,
          amount_fen: 10200,
          donor_name: '张三',
          donor_identity: '',
          donation_message: '',
          nameplate_list: JSON.stringify([{ donorName: '张三', donorIdentity: '校友', donationMessage: '' }]),
          status: 'named',
          nameplate_status: 1,
          review_reason: '',
          reviewed_by: null,
          reviewed_at: null,
          named_at: now,
          expire_at: null,
          created_at: now,
          updated_at: now
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  )
  // content
  ids.message = Number(
    (
      await app.db
        .insertInto('leave_message')
        .values({
          school_id: sid,
          items_id: scholarship,
          user_id: userId,
          content: '加油！',
          status: 'pending',
          reply_content: '',
          created_at: now
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  )
  ids.category = Number(
    (
      await app.db
        .insertInto('article_category')
        .values({ school_id: sid, source: 'index', name: '测试分类', sort_no: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  )
  ids.article = Number(
    (
      await app.db
        .insertInto('article')
        .values({
          school_id: sid,
          category_id: ids.category,
          source: 'index',
          website_id: 1,
          title: '测试文章',
          thumbnail_image: '',
          content: '<p>x</p>',
          publish_date: now,
          read_count: 0
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  )
  // naming inventory
  const book = await app.db.selectFrom('naming_book').select('id').where('school_id', '=', sid).orderBy('id').executeTakeFirst()
  if (!book) throw new Error(`${SCHOOL} has no naming book`)
  ids.book = Number(book.id)
  ids.map = Number(
    (
      await app.db
        .insertInto('naming_map')
        .values({
          school_id: sid,
          map_key: 'console-core-1',
          items_id: ids.seatItem,
          level: 1,
          title: '测试地图',
          config: '{}',
          updated_at: now
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  )
  // a giving day with a match and a challenge (docs/decisions/070-giving-days.md), made through its service
  const actor = { schoolId: sid, staffId: tok.admin.staffId, lang: 'zh_CN' as const, now: new Date() }
  const day = await saveGivingDay(app.db, actor, null, { title: '捐赠日', startsAt: '2033-03-01 08:00', endsAt: '2033-03-02 08:00' })
  ids.givingDay = day.id
  ids.match = (
    await saveMatch(app.db, actor, day.id, null, { sponsor: '配捐方', kind: 'per_yuan', rate: '1.00', cap: '100.00' })
  ).matches[0].id
  ids.challenge = (
    await saveChallenge(app.db, actor, day.id, null, { sponsor: '挑战方', kind: 'donors', target: '10', reward: '1000.00' })
  ).challenges[0].id
})
after(async () => {
  await ctx.close()
})

describe('staff console core: the route table', () => {
  it('lists every staff route of this part; every other staff route belongs to another part of the console', async () => {
    const prefix = STAFF_API_PREFIX.replace(':school', ':school')
    const routes = (await registeredRoutes(app)).filter((r) => r.path.startsWith(`${prefix}/`) && r.method !== 'OPTIONS')
    const listed = new Set(ROUTES.map((r) => `${r.method} ${r.path}`))
    const unlisted = routes
      .map((r) => ({ ...r, sub: r.path.slice(prefix.length) }))
      .filter((r) => !listed.has(`${r.method} ${r.sub}`) && !OWNED_ELSEWHERE.test(r.sub))
      .map((r) => r.key)
    assert.deepEqual(unlisted, [], 'staff routes without an entry in ROUTES (role, audit, tenancy)')
    const registered = new Set(routes.map((r) => `${r.method} ${r.path.slice(prefix.length)}`))
    const stale = [...listed].filter((k) => !registered.has(k))
    assert.deepEqual(stale, [], 'ROUTES entries without a route')
  })
})

describe('staff console core: role, tenancy and audit of every route', () => {
  for (const rc of ROUTES) {
    const name = `${rc.method} ${rc.path}`
    it(`${name}: no token -997; roles ${rc.roles === 'any' ? 'any' : rc.roles.join('|')}; other school refused; audited`, async () => {
      // no token
      const none = await send(SCHOOL, rc.method, rc.url(), null, rc.body?.(), rc.multipart)
      assert.equal(none.body.code, -997, `${name} without a token: ${JSON.stringify(none.body)}`)
      // another school's staff token at this school
      const foreignToken = await send(SCHOOL, rc.method, rc.url(), otherAdmin.token, rc.body?.(), rc.multipart)
      assert.equal(foreignToken.body.code, -997, `${name} with ${OTHER}'s token`)
      // roles without access: -1 naming the role, nothing written
      const before = await auditCount(sid)
      if (rc.roles !== 'any') {
        const allowed = rc.roles
        for (const r of ROLES.filter((x) => x !== 'admin' && !allowed.includes(x))) {
          const res = await send(SCHOOL, rc.method, rc.url(), tok[r].token, rc.body?.(), rc.multipart)
          assert.equal(res.body.code, -1, `${name} as ${r}: ${JSON.stringify(res.body)}`)
          assert.match(res.body.message, /^当前账号无权进行此操作（需要：/, `${name} as ${r}`)
        }
      }
      assert.equal(await auditCount(sid), before, `${name}: a refused call wrote an audit row`)
      // another school's staff naming this school's row
      if (rc.foreign) {
        const res = await send(OTHER, rc.method, rc.foreign(), otherAdmin.token, rc.body?.(), rc.multipart)
        assert.equal(res.body.code, -1, `${name}: ${OTHER} reached ${SCHOOL}'s row: ${JSON.stringify(res.body)}`)
        assert.equal(await auditCount(sid), before)
        assert.equal(await auditCount(otherSid), 0, `${name}: a refused foreign call wrote an audit row`)
      }
      // the allowed role
      const caller = rc.token ? await rc.token() : tok[rc.roles === 'any' ? 'fulfilment' : rc.roles[0]]
      const okRes = await send(SCHOOL, rc.method, rc.url(), caller.token, rc.body?.(), rc.multipart)
      assert.equal(okRes.body.code, 0, `${name} as allowed: ${JSON.stringify(okRes.body)}`)
      if (rc.audit) {
        assert.equal(await auditCount(sid), before + 1, `${name}: one audit row`)
        const row = await lastAudit(sid)
        assert.equal(row.action, rc.audit)
        assert.equal(Number(row.staff_id), caller.staffId)
        assert.equal(row.staff_name, caller.username)
        assert.ok(row.entity)
        assert.ok(row.before_json && row.after_json)
        const creates = [
          'staff.create',
          'article.create',
          'article-category.create',
          'givingday.create',
          'givingday.match.create',
          'givingday.challenge.create'
        ]
        if (!['staff.logout', ...creates].includes(rc.audit)) {
          assert.notEqual(row.before_json, 'null', `${name}: before is recorded`)
        }
        if (rc.audit !== 'article.delete' && rc.audit !== 'staff.logout')
          assert.notEqual(row.after_json, 'null', `${name}: after is recorded`)
        assert.notEqual(row.before_json, row.after_json, `${name}: before and after differ`)
      } else {
        assert.equal(await auditCount(sid), before, `${name}: a read wrote an audit row`)
      }
    })
  }

  it('admin passes every role check', async () => {
    for (const rc of ROUTES.filter((r) => r.method === 'GET')) {
      const res = await send(SCHOOL, 'GET', rc.url(), tok.admin.token)
      // the article read above was deleted by its delete entry: not found is past the role check
      if (rc.path === '/articles/:id') assert.equal(res.body.message, '不存在')
      else assert.equal(res.body.code, 0, `${rc.path} as admin: ${JSON.stringify(res.body)}`)
    }
  })

  it('the refusal names the role in the request language', async () => {
    const zh = await staffCall(app, SCHOOL, 'GET', '/audit', { token: tok.editor.token })
    assert.equal(zh.body.message, '当前账号无权进行此操作（需要：管理员）')
    const en = await staffCall(app, SCHOOL, 'GET', '/audit', { token: tok.editor.token, lang: 'en' })
    assert.equal(en.body.message, 'Your account may not do this (needs: admin)')
    const both = await staffCall(app, SCHOOL, 'GET', '/naming/summary', { token: tok.finance.token, lang: 'en' })
    assert.equal(both.body.message, 'Your account may not do this (needs: fulfilment or editor)')
  })
})

describe('the caller: /me and /logout', () => {
  it('/me answers who is signed in, with roles and school', async () => {
    const me = await staffCall(app, SCHOOL, 'GET', '/me', { token: tok.finance.token })
    assert.equal(me.body.code, 0)
    assert.deepEqual(me.body.data, {
      id: tok.finance.staffId,
      username: tok.finance.username,
      displayName: tok.finance.username,
      roles: ['finance'],
      school: { code: SCHOOL, name: me.body.data.school.name }
    })
    assert.ok(me.body.data.school.name)
  })

  it('/logout deletes this session only: the token is then -997, another session of the account still works', async () => {
    const a = await staffLogin(app, SCHOOL, ['editor'], 'two.sessions')
    const b = await staffLogin(app, SCHOOL, ['editor'], 'two.sessions')
    const sessions = () => app.db.selectFrom('staff_session').select('id').where('staff_id', '=', a.staffId).execute()
    assert.equal((await sessions()).length, 2)
    assert.equal((await staffCall(app, SCHOOL, 'POST', '/logout', { token: a.token })).body.code, 0)
    assert.equal((await sessions()).length, 1)
    assert.equal((await staffCall(app, SCHOOL, 'GET', '/me', { token: a.token })).body.code, -997)
    assert.equal((await staffCall(app, SCHOOL, 'GET', '/me', { token: b.token })).body.code, 0)
  })
})

describe('staff accounts', () => {
  it('an admin cannot remove their own admin role or disable themselves; another admin can be changed', async () => {
    const me = await staffLogin(app, SCHOOL, ['admin'], 'self.admin')
    for (const body of [{ roles: ['editor'] }, { enabled: false }]) {
      const res = await staffCall(app, SCHOOL, 'POST', `/staff/${me.staffId}`, { token: me.token, body })
      assert.equal(res.body.code, -1, JSON.stringify(body))
      assert.equal(res.body.message, '不能移除自己的管理员角色或停用自己')
    }
    const keep = await staffCall(app, SCHOOL, 'POST', `/staff/${me.staffId}`, { token: me.token, body: { roles: ['admin', 'finance'] } })
    assert.deepEqual(keep.body.data.roles, ['admin', 'finance'])
    const other = await staffCall(app, SCHOOL, 'POST', `/staff/${tok.admin.staffId}`, {
      token: me.token,
      body: { roles: ['admin', 'editor'] }
    })
    assert.deepEqual(other.body.data.roles, ['admin', 'editor'])
  })

  it('disabling an account or changing its password ends its sessions; passwords never reach the audit log', async () => {
    const victim = await staffLogin(app, SCHOOL, ['finance'], 'to.be.disabled')
    const secret = 'Brand-New-Password-42'
    const pw = await staffCall(app, SCHOOL, 'POST', `/staff/${victim.staffId}`, { token: tok.admin.token, body: { password: secret } })
    assert.equal(pw.body.code, 0)
    assert.equal((await staffCall(app, SCHOOL, 'GET', '/me', { token: victim.token })).body.code, -997)
    const row = await lastAudit(sid)
    assert.equal(row.action, 'staff.update.password')
    assert.ok(!row.before_json.includes(secret) && !row.after_json.includes(secret))
    assert.equal(JSON.parse(row.after_json).passwordChanged, true)
    // the new password signs in, the old one does not
    const good = await app.inject({
      method: 'POST',
      url: `/staff-api/${SCHOOL}/login`,
      payload: { username: 'to.be.disabled', password: secret }
    })
    assert.equal(good.json().code, 0)
    const old = await app.inject({
      method: 'POST',
      url: `/staff-api/${SCHOOL}/login`,
      payload: { username: 'to.be.disabled', password: STAFF_TEST_PASSWORD }
    })
    assert.equal(old.json().code, -1)
    const dis = await staffCall(app, SCHOOL, 'POST', `/staff/${victim.staffId}`, { token: tok.admin.token, body: { enabled: false } })
    assert.equal(dis.body.data.enabled, false)
    assert.equal((await staffCall(app, SCHOOL, 'GET', '/me', { token: good.json().data.token })).body.code, -997)
    const all = await app.db.selectFrom('audit_log').select(['before_json', 'after_json']).execute()
    for (const r of all)
      assert.ok(!`${r.before_json}${r.after_json}`.includes(secret) && !`${r.before_json}${r.after_json}`.includes(STAFF_TEST_PASSWORD))
  })

  it('creation validates name, password, roles, and refuses a taken name', async () => {
    const post = (body: unknown) => staffCall(app, SCHOOL, 'POST', '/staff', { token: tok.admin.token, body })
    assert.equal((await post({ username: 'x', password: 'long-enough-1', roles: ['editor'] })).body.code, -1)
    assert.equal((await post({ username: 'shortpw', password: 'short', roles: ['editor'] })).body.code, -1)
    assert.equal((await post({ username: 'noroles', password: 'long-enough-1', roles: [] })).status, 400)
    assert.equal((await post({ username: 'badrole', password: 'long-enough-1', roles: ['root'] })).status, 400)
    const taken = await post({ username: tok.editor.username, password: 'long-enough-1', roles: ['editor'] })
    assert.equal(taken.body.message, '用户名已存在')
    const list = await staffCall(app, SCHOOL, 'GET', '/staff', { token: tok.admin.token })
    assert.ok(
      list.body.data.rows.every((r: { id: number }) => r.id !== otherAdmin.staffId),
      'another school’s staff is not listed'
    )
    assert.ok(list.body.data.rows.every((r: Record<string, unknown>) => !('password' in r) && !('passwordHash' in r)))
  })
})

describe('the audit log', () => {
  it('is newest first, filters by entity, entity id and staff, and shows only this school', async () => {
    const page = await staffCall(app, SCHOOL, 'GET', '/audit?limit=50', { token: tok.admin.token })
    const rows = page.body.data.rows as Array<{ id: number; entity: string; staffId: number; entityId: string }>
    assert.ok(page.body.data.total >= rows.length && rows.length > 5)
    assert.deepEqual(
      rows.map((r) => r.id),
      [...rows.map((r) => r.id)].sort((a, b) => b - a)
    )
    const byEntity = await staffCall(app, SCHOOL, 'GET', `/audit?entity=article&entityId=${ids.article}`, { token: tok.admin.token })
    assert.deepEqual(
      byEntity.body.data.rows.map((r: { action: string }) => r.action),
      ['article.delete', 'article.update']
    )
    const byStaff = await staffCall(app, SCHOOL, 'GET', `/audit?staffId=${tok.editor.staffId}`, { token: tok.admin.token })
    assert.ok(
      byStaff.body.data.rows.length > 0 && byStaff.body.data.rows.every((r: { staffId: number }) => r.staffId === tok.editor.staffId)
    )
    const other = await staffCall(app, OTHER, 'GET', '/audit', { token: otherAdmin.token })
    assert.equal(other.body.data.total, 0)
  })
})

describe('school settings and channel credentials', () => {
  const post = (body: unknown) => staffCall(app, SCHOOL, 'POST', '/settings', { token: tok.admin.token, body })

  it('validates the theme colour and the logo address', async () => {
    for (const themeColor of ['red', '#12345', '#1234567', '#12345g']) {
      const r = await post({ themeColor })
      assert.equal(r.status === 400 || r.body.code === -1, true, themeColor)
    }
    for (const logoUrl of [
      'javascript:alert(1)',
      'http://example.com/a.png',
      '/files/../etc/passwd',
      '//evil.example/a.png',
      'https://u:p@x.example/a.png'
    ]) {
      const r = await post({ logoUrl })
      assert.equal(r.body.code, -1, logoUrl)
      assert.equal(r.body.message, '标志地址须为本站 /files/ 下的文件或 https 地址')
    }
    assert.equal((await post({ logoUrl: 'https://cdn.example.com/logo.png' })).body.data.logoUrl, 'https://cdn.example.com/logo.png')
    assert.equal((await post({ logoUrl: '/files/seed/logo-demo.png' })).body.data.logoUrl, '/files/seed/logo-demo.png')
  })

  it('saves switches, certificate and login settings, and the donor API shows them at once', async () => {
    const r = await post({
      name: '示范大学教育发展基金会',
      switches: { hideStatistics: true, defaultDirectoryOrder: 'donate_money_asc' },
      fulfilment: { certificateWays: [2], isOpenReceipt: false },
      login: { loginNotes: '请使用校园卡登录' }
    })
    assert.equal(r.body.code, 0, r.body.message)
    assert.equal(r.body.data.switches.hideStatistics, true)
    assert.deepEqual(r.body.data.fulfilment.certificateWays, [2])
    assert.equal(r.body.data.login.loginNotes, '请使用校园卡登录')
    const donor = await call(app, SCHOOL, Api.baseConfig)
    assert.equal(donor.body.data.settings.hideStatistics, true)
    assert.equal(donor.body.data.settings.defaultDirectoryOrder, 'donate_money_asc')
    const audit = await lastAudit(sid)
    assert.equal(audit.action, 'settings.update')
    assert.equal(JSON.parse(audit.before_json).switches.hideStatistics, false)
    assert.equal(JSON.parse(audit.after_json).switches.hideStatistics, true)
    // the other school is untouched
    const other = await staffCall(app, OTHER, 'GET', '/settings', { token: otherAdmin.token })
    assert.equal(other.body.data.switches.hideStatistics, false)
  })

  it('channel secrets are write-only: masked in answers and audit, empty keeps, null removes a key', async () => {
    const url = '/channels/alipay'
    const first = await staffCall(app, SCHOOL, 'POST', url, {
      token: tok.admin.token,
      body: {
        appId: '2021000000000001',
        secret: 'first-secret-ABCD',
        credentials: { privateKey: 'PRIVATE-KEY-MATERIAL-WXYZ', alipayPublicKey: 'env:UPLUS_SECRET_ALIPAY_PUB' }
      }
    })
    assert.equal(first.body.code, 0, first.body.message)
    assert.equal(first.body.data.secret, '••••ABCD')
    assert.equal(first.body.data.credentials.privateKey, '••••WXYZ')
    assert.equal(first.body.data.credentials.alipayPublicKey, 'env:UPLUS_SECRET_ALIPAY_PUB')
    const kept = await staffCall(app, SCHOOL, 'POST', url, {
      token: tok.admin.token,
      body: { secret: '', credentials: { privateKey: '', alipayPublicKey: null } }
    })
    assert.equal(kept.body.data.secret, '••••ABCD')
    const row = await app.db
      .selectFrom('school_channel_credential')
      .selectAll()
      .where('school_id', '=', sid)
      .where('channel', '=', 'alipay')
      .executeTakeFirstOrThrow()
    assert.equal(row.secret, 'first-secret-ABCD')
    assert.deepEqual(JSON.parse(row.credentials), { privateKey: 'PRIVATE-KEY-MATERIAL-WXYZ' })
    const list = await staffCall(app, SCHOOL, 'GET', '/channels', { token: tok.admin.token })
    const alipay = list.body.data.rows.find((c: { channel: string }) => c.channel === 'alipay')
    assert.equal(alipay.secret, '••••ABCD')
    assert.deepEqual(list.body.data.rows.map((c: { channel: string }) => c.channel).sort(), ['alipay', 'h5', 'weapp', 'wechat-h5'])
    const text =
      JSON.stringify(list.body) + JSON.stringify(await app.db.selectFrom('audit_log').select(['before_json', 'after_json']).execute())
    for (const s of ['first-secret-ABCD', 'PRIVATE-KEY-MATERIAL-WXYZ', 'app-secret-0123456789']) assert.ok(!text.includes(s), s)
    const other = await staffCall(app, OTHER, 'GET', '/channels', { token: otherAdmin.token })
    assert.equal(other.body.data.rows.find((c: { channel: string }) => c.channel === 'alipay').configured, false)
  })
})

describe('content', () => {
  it('article HTML is sanitised on save and the donor API serves the clean HTML', async () => {
    const r = await staffCall(app, SCHOOL, 'POST', '/articles', {
      token: tok.editor.token,
      body: {
        categoryId: ids.category,
        title: '安全',
        content: '<p onclick="x()">好<script>alert(1)</script><a href="javascript:alert(2)">链接</a><img src="/files/a.png"></p>',
        publishDate: '2026-05-01'
      }
    })
    assert.equal(r.body.code, 0, r.body.message)
    const html: string = r.body.data.content
    assert.ok(!/script|onclick|javascript:/i.test(html), html)
    assert.match(html, /<img src="\/files\/a.png">/)
    assert.equal(r.body.data.publishDate, '2026-04-30T16:00:00.000Z')
    // saved again unchanged, as the console does (server/admin/src/pages/article-day.ts): without the day, or with the
    // Beijing day it shows (2026-05-01); either keeps the day, where the UTC date cut from the instant (2026-04-30)
    // moved it back a day on every save
    const edit = { categoryId: ids.category, title: '安全', content: html }
    for (const body of [edit, { ...edit, publishDate: '2026-05-01' }]) {
      const again = await staffCall(app, SCHOOL, 'POST', `/articles/${r.body.data.id}`, { token: tok.editor.token, body })
      assert.equal(again.body.code, 0, again.body.message)
      assert.equal(again.body.data.publishDate, '2026-04-30T16:00:00.000Z')
    }
    const donor = await call(app, SCHOOL, Api.articleDetail, { query: { id: r.body.data.id } })
    assert.equal(donor.body.data.content, html)
    // a category of another school is not found
    const otherCat = await app.db
      .insertInto('article_category')
      .values({ school_id: otherSid, source: 'index', name: 'x', sort_no: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
    const refused = await staffCall(app, SCHOOL, 'POST', '/articles', {
      token: tok.editor.token,
      body: { categoryId: Number(otherCat.id), title: 't' }
    })
    assert.equal(refused.body.message, '不存在')
  })

  it('messages: approve shows, hide takes off, a reply is sanitised; the list filters by status', async () => {
    const now = new Date().toISOString()
    const scholarship = await projectIdOf(app, SCHOOL, SCHOLARSHIP)
    const user = await app.db.selectFrom('app_user').select('id').where('school_id', '=', sid).executeTakeFirstOrThrow()
    const m = await app.db
      .insertInto('leave_message')
      .values({
        school_id: sid,
        items_id: scholarship,
        user_id: Number(user.id),
        content: '待审核',
        status: 'pending',
        reply_content: '',
        created_at: now
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const id = Number(m.id)
    const pending = await staffCall(app, SCHOOL, 'GET', '/messages?status=pending', { token: tok.editor.token })
    assert.ok(pending.body.data.rows.some((r: { id: number }) => r.id === id))
    assert.equal((await staffCall(app, SCHOOL, 'POST', `/messages/${id}/approve`, { token: tok.editor.token })).body.data.status, 'visible')
    const visible = await staffCall(app, SCHOOL, 'GET', '/messages?status=visible', { token: tok.editor.token })
    assert.ok(visible.body.data.rows.some((r: { id: number }) => r.id === id))
    const reply = await staffCall(app, SCHOOL, 'POST', `/messages/${id}/reply`, {
      token: tok.editor.token,
      body: { text: '<b>谢谢</b><script>x</script>' }
    })
    assert.equal(reply.body.data.replyContent, '<b>谢谢</b>')
    const hidden = await staffCall(app, SCHOOL, 'POST', `/messages/${id}/hide`, { token: tok.editor.token })
    assert.equal(hidden.body.data.status, 'hidden')
    const row = await app.db.selectFrom('leave_message').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    assert.equal(row.status, 'hidden')
    assert.equal(row.content, '待审核', 'the donor’s text is kept')
  })
})

describe('naming inventory', () => {
  it('held counts only unexpired holds; an expired hold counts as free', async () => {
    const summary = async () =>
      (await staffCall(app, SCHOOL, 'GET', '/naming/summary', { token: tok.fulfilment.token })).body.data.find(
        (r: { itemId: number }) => r.itemId === ids.seatItem
      ) as { free: number; held: number; named: number }
    const base = await summary()
    const seats = await app.db
      .selectFrom('naming_seat')
      .select('id')
      .where('school_id', '=', sid)
      .where('items_id', '=', ids.seatItem)
      .where('status', '=', 1)
      .where('id', '!=', ids.seat)
      .orderBy('id')
      .limit(2)
      .execute()
    const donor = await login(app, SCHOOL, 'hold-donor')
    const gift = await paidGift(app, SCHOOL, donor, await projectIdOf(app, SCHOOL, SCHOLARSHIP), { currencyMoney: '9.00' })
    const hold = async (seatId: number, expiresAt: string) => {
      const d = await app.db
        .insertInto('donation')
        .values({
          ...(gift as any),
          id: undefined,
          bill_no: `HOLD${seatId}${Date.now()}`,
          status: 'pending',
          paid_at: null,
          expires_at: expiresAt
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
      await app.db
        .updateTable('naming_seat')
        .set({ status: 4, hold_donation_id: Number(d.id) })
        .where('id', '=', seatId)
        .execute()
    }
    await hold(Number(seats[0].id), new Date(Date.now() + 3600_000).toISOString())
    await hold(Number(seats[1].id), new Date(Date.now() - 60_000).toISOString())
    const now = await summary()
    assert.equal(now.held, base.held + 1)
    assert.equal(now.free, base.free - 1)
    const list = await staffCall(app, SCHOOL, 'GET', `/naming/areas/${ids.area}/seats?limit=9999`, { token: tok.editor.token })
    const state = (id: number) => list.body.data.rows.find((s: { id: number }) => s.id === id)?.state
    if (list.body.data.rows.some((s: { id: number }) => s.id === Number(seats[0].id))) assert.equal(state(Number(seats[0].id)), 'held')
    if (list.body.data.rows.some((s: { id: number }) => s.id === Number(seats[1].id))) assert.equal(state(Number(seats[1].id)), 'free')
    // a held seat cannot be taken off sale
    const off = await staffCall(app, SCHOOL, 'POST', `/naming/seats/${Number(seats[0].id)}`, {
      token: tok.editor.token,
      body: { show: false }
    })
    assert.equal(off.body.code, -1)
  })

  it('seat price and show, book stock never below held copies, map configs checked against this school', async () => {
    const price = await staffCall(app, SCHOOL, 'POST', `/naming/seats/${ids.seat}`, {
      token: tok.editor.token,
      body: { price: [{ termName: '十年', termYear: 10, termMoney: '12.3' }] }
    })
    assert.equal(price.body.code, 0)
    assert.deepEqual(price.body.data.prices, [{ termName: '十年', termYear: 10, termMoney: '12.30', termFen: 1230 }])
    for (const termMoney of ['0', '-1', '1.234', 'abc', '1e3']) {
      const r = await staffCall(app, SCHOOL, 'POST', `/naming/seats/${ids.seat}`, {
        token: tok.editor.token,
        body: { price: [{ termName: 'x', termYear: 1, termMoney }] }
      })
      assert.notEqual(r.body.code, 0, termMoney)
    }
    const off = await staffCall(app, SCHOOL, 'POST', `/naming/seats/${ids.seat}`, { token: tok.editor.token, body: { show: false } })
    assert.equal(off.body.data.state, 'unavailable')
    const on = await staffCall(app, SCHOOL, 'POST', `/naming/seats/${ids.seat}`, { token: tok.editor.token, body: { show: true } })
    assert.equal(on.body.data.state, 'free')

    await app.db.updateTable('naming_book').set({ held: 3, stock: 10 }).where('id', '=', ids.book).execute()
    const low = await staffCall(app, SCHOOL, 'POST', `/naming/books/${ids.book}`, { token: tok.editor.token, body: { stock: 2 } })
    assert.equal(low.body.code, -1)
    const fine = await staffCall(app, SCHOOL, 'POST', `/naming/books/${ids.book}`, { token: tok.editor.token, body: { stock: 3 } })
    assert.equal(fine.body.data.available, 0)

    const otherSeat = await app.db.selectFrom('naming_seat').select('id').where('school_id', '=', otherSid).executeTakeFirst()
    const bad = [
      { ...validMap(), treeList: [{ id: 't', x: 1, y: 1, seatId: Number(otherSeat?.id ?? 99_999_999), show: 1, selected: 0 }] },
      { ...validMap(), map: 'javascript:alert(1)' },
      { ...validMap(), minScale: 2, scale: 1 },
      { ...validMap(), areaList: [{ id: 'a', x: 1, y: 1, title: 'a', hot: [[1, 2]], next: 'no-such-map' }] }
    ]
    for (const config of bad) {
      const r = await staffCall(app, SCHOOL, 'POST', `/naming/maps/${ids.map}`, { token: tok.editor.token, body: { config } })
      assert.equal(r.body.code, -1, JSON.stringify(r.body))
    }
    const shape = await staffCall(app, SCHOOL, 'POST', `/naming/maps/${ids.map}`, {
      token: tok.editor.token,
      body: { config: { width: 'x' } }
    })
    assert.equal(shape.status, 400)
    // the donor's map endpoint serves what the console saved
    const saved = await app.db.selectFrom('naming_map').select('config').where('id', '=', ids.map).executeTakeFirstOrThrow()
    assert.equal(JSON.parse(saved.config).treeList[0].seatId, ids.seat)
  })
})

describe('the command-line tool', () => {
  const cli = async (...args: string[]) => {
    const out: string[] = []
    const err: string[] = []
    const code = await runStaffCli([...args, '--school', SCHOOL], {
      db: app.db,
      dataDir: ctx.dataDir,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env: {}
    })
    return { code, out: out.join('\n'), err: err.join('\n') }
  }

  it('--help (and help, -h) prints every command and exits 0; an unknown command names the usage and exits 1', async () => {
    for (const flag of ['--help', 'help', '-h']) {
      const r = await cli(flag)
      assert.equal(r.code, 0, flag)
      for (const command of ['create-staff', 'advance', 'attach-receipt', 'nameplate', 'certify-alumnus'])
        assert.match(r.out, new RegExp(command))
    }
    const wrong = await cli('no-such-command')
    assert.equal(wrong.code, 1)
    assert.match(wrong.err, /usage: staff\.ts/)
  })

  it('create-staff --roles sets roles, omitted = fulfilment for a new account and unchanged for an existing one; staff lists them', async () => {
    assert.equal((await cli('create-staff', '--username', 'cli.admin', '--password', 'cli-password-1', '--roles', 'admin,finance')).code, 0)
    assert.equal((await cli('create-staff', '--username', 'cli.plain', '--password', 'cli-password-1')).code, 0)
    assert.equal((await cli('create-staff', '--username', 'cli.admin', '--password', 'cli-password-2')).code, 0)
    const bad = await cli('create-staff', '--username', 'cli.bad', '--password', 'cli-password-1', '--roles', 'root')
    assert.equal(bad.code, 1)
    assert.match(bad.err, /unknown role: root/)
    const list = (await cli('staff')).out.split('\n')
    assert.match(
      list.find((l) => l.includes('\tcli.admin\t'))!,
      /\tadmin,finance$/
    )
    assert.match(
      list.find((l) => l.includes('\tcli.plain\t'))!,
      /\tfulfilment$/
    )
    const signedIn = await app.inject({
      method: 'POST',
      url: `/staff-api/${SCHOOL}/login`,
      payload: { username: 'cli.admin', password: 'cli-password-2' }
    })
    const me = await staffCall(app, SCHOOL, 'GET', '/me', { token: signedIn.json().data.token })
    assert.deepEqual(me.body.data.roles, ['admin', 'finance'])
  })
})

describe('recordAudit', () => {
  it('masks strings under secret-looking keys however deep, and refuses a member of staff of another school', async () => {
    await recordAudit(app.db, {
      schoolId: sid,
      staffId: tok.admin.staffId,
      action: 'test.mask',
      entity: 'test',
      entityId: null,
      before: { password: 'plain-password-9999', nested: [{ apiV3Key: 'v3-key-material-1234' }], mapKey: 'yc-1' },
      after: { privateKey: 'PEM-PRIVATE-5678', name: 'kept' }
    })
    const row = await lastAudit(sid)
    assert.deepEqual(JSON.parse(row.before_json), { password: '••••9999', nested: [{ apiV3Key: '••••1234' }], mapKey: 'yc-1' })
    assert.deepEqual(JSON.parse(row.after_json), { privateKey: '••••5678', name: 'kept' })
    await assert.rejects(
      recordAudit(app.db, {
        schoolId: otherSid,
        staffId: tok.admin.staffId,
        action: 'x',
        entity: 'x',
        entityId: 1,
        before: null,
        after: null
      }),
      /is not staff of school/
    )
  })
})
