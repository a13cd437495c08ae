/**
 * The COMPILED mini-program (dist/weapp or dist/alipay, SIM_PLATFORM) runs headlessly: Taro's runtime, our
 * bundles and React, with miniprogram-simulate's API mocks and a wx/my.request that reaches the real server.
 * Journey: launch the project list, see the seeded projects, tap one, land on its detail, switch tabs. Every API
 * call of the journey is checked on the wire: signed, in the UI's language, no token in any URL, none signed in.
 */
const path = require('node:path')
const { createMiniRuntime, textOf, findAll, tap, waitFor } = require('./harness')
const { startServer, apiGet } = require('./server')

const PLATFORM = process.env.SIM_PLATFORM || 'weapp'
const API = PLATFORM === 'alipay' ? 'my' : 'wx'
const dist = path.join(__dirname, '..', '..', 'dist', PLATFORM)
const P = '/uplus-foundation/app/v1/donateu'

let server
let expected
beforeAll(async () => {
  server = await startServer()
  expected = await apiGet(server.origin, 'demo', `${P}/items/itemsList`, { limit: 10, offset: 0 })
}, 120000)
afterAll(async () => {
  if (server) await server.stop()
})

const hasClass = (n, c) => typeof n.cl === 'string' && n.cl.split(/\s+/).includes(c)
/** what a logged request put on the wire, in a shape one toEqual can compare (a failure names the call) */
const wire = (r) => ({
  call: r.method + ' ' + r.url,
  status: r.status,
  code: r.data && r.data.code,
  lang: r.header.lang,
  langParam: new URL(r.url).searchParams.get('lang'),
  signed: /^[A-Za-z0-9]{32}$/.test(r.header.nonce || '') && !!r.header.signature,
  authorization: r.header.Authorization || r.header.authorization || null
})

test(`${PLATFORM}: list shows the server's projects; tapping one opens its detail; tabs load their rows`, async () => {
  const rt = createMiniRuntime(dist, { global: API, origin: server.origin })
  const list = rt.launch('pages/subject/index')
  const first = expected.rows[0]
  await waitFor(() => textOf(list.data.root).includes(first.name), 20000)

  const cards = findAll(list, (n) => hasClass(n, 'pj-card'))
  expect(cards.length).toBe(expected.rows.length)
  expect(cards.map((c) => textOf(c))).toEqual(expected.rows.map((r) => expect.stringContaining(r.name)))
  // a status badge per card, in the language of the UI
  const listText = textOf(list.data.root)
  expect(listText).toMatch(/进行中|已完成/)
  // every API call was signed (the server answered code 0, and it refuses unsigned calls), carried the language of
  // the UI (the lang header, and the lang parameter on GETs); no URL carries a token, and nobody signed in here
  const apiCalls = rt.requestLog.filter((r) => r.url.includes('/api/'))
  expect(apiCalls.length).toBeGreaterThan(0)
  expect(apiCalls.map(wire)).toEqual(
    apiCalls.map((r) => ({
      call: r.method + ' ' + r.url,
      status: 200,
      code: 0,
      lang: 'zh_CN',
      langParam: r.method === 'GET' ? 'zh_CN' : null,
      signed: true,
      authorization: null
    }))
  )
  expect(rt.requestLog.filter((r) => /token=/i.test(r.url)).map((r) => r.url)).toEqual([])

  const target = expected.rows[1]
  const card = cards.find((c) => textOf(c).includes(target.name))
  const spy = jest.spyOn(rt.api, 'navigateTo')
  tap(list, card)
  await waitFor(() => spy.mock.calls.length)
  expect(spy.mock.calls[0][0].url).toBe(`/pkg-project/detail/index?id=${target.id}`)
  const detail = rt.top()
  expect(detail.route).toBe('pkg-project/detail/index')
  const full = await apiGet(server.origin, 'demo', `${P}/items/itemsDetail`, { id: target.id })
  await waitFor(() => textOf(detail.data.root).includes(full.name), 20000)

  // switch to each tab the project has and see its first row from the server
  const tabs = [
    { flag: 'isProgress', title: '项目进展', api: 'progressList', text: (r) => r.content },
    { flag: 'isLeaveMessage', title: '项目留言', api: 'leavewordList', text: (r) => r.content },
    { flag: 'isInstruction', title: '善款使用', api: 'instructionList', text: (r) => r.useTitle }
  ].filter((t) => full[t.flag])
  expect(tabs.length).toBeGreaterThan(0)
  for (const t of tabs) {
    const rows = (await apiGet(server.origin, 'demo', `${P}/items/${t.api}`, { itemsId: target.id, limit: 10, offset: 0 })).rows
    const tabNode = findAll(detail, (n) => hasClass(n, 'pj-tabs__item') && textOf(n) === t.title)[0]
    expect(tabNode).toBeTruthy()
    tap(detail, tabNode)
    if (rows.length) {
      await waitFor(() => textOf(detail.data.root).includes(t.text(rows[0]).slice(0, 10)), 15000)
    }
  }
  // the same holds for every call of the journey (detail and tabs included)
  const all = rt.requestLog.filter((r) => r.url.includes('/api/'))
  expect(all.length).toBeGreaterThan(apiCalls.length)
  expect(
    all
      .map(wire)
      .filter(
        (w) =>
          w.status !== 200 ||
          w.code !== 0 ||
          w.lang !== 'zh_CN' ||
          !w.signed ||
          w.authorization ||
          (w.call.startsWith('GET ') && w.langParam !== 'zh_CN')
      )
  ).toEqual([])
  expect(rt.requestLog.filter((r) => /token=/i.test(r.url)).map((r) => r.url)).toEqual([])
}, 60000)
