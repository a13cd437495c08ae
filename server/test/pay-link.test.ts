/**
 * Pay links (docs/decisions/009-alipay-pay-link.md): donate answers an order-scoped payToken; payback, success and
 * donate4ali accept it instead of the owner's Authorization until the order expires. A tampered token, a token
 * with another expiry, another order's or another school's token, and an expired one are refused with -1 (never
 * -997, which would start a sign-in); the token opens nothing else (cancel still needs the session).
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { Api, ResultCode, type SuccessData } from '../../types'
import { checkPayToken, payLinkSecret, signPayToken } from '../src/domain/order/pay-link'
import { createSandboxProvider } from '../src/providers/payment/sandbox'
import type { CreatePaymentInput } from '../src/providers/payment/types'
import { call, login, startApp, TEST_BUILD_DEFAULTS, type TestContext } from './helpers'
import { demoBody, donate, orderRow, projectIdOf, sandboxNotify, schoolIdOf } from './order-fixtures'

let ctx: TestContext
let alice: string
let scholarship: number

/** What the server asked the provider for: the return URL browsers come back to is only visible there. */
const created: CreatePaymentInput[] = []

before(async () => {
  const sandbox = createSandboxProvider()
  ctx = await startApp({
    build: {
      orders: { ...TEST_BUILD_DEFAULTS.orders, publicBaseUrl: 'https://give.example.edu.cn' },
      payments: {
        factories: {
          sandbox: () => ({
            ...sandbox,
            create: async (input: CreatePaymentInput) => {
              created.push(input)
              return sandbox.create(input)
            }
          })
        }
      }
    }
  })
  alice = await login(ctx.app, 'demo', 'pay-link-alice')
  scholarship = await projectIdOf(ctx.app, 'demo', '示范大学励志奖学金')
})
after(async () => {
  await ctx.close()
})

/** A fresh order of alice's (a new donate replaces her earlier unpaid one for the project). */
async function order(payType: 1 | 2 = 1) {
  const r = await donate(ctx.app, 'demo', alice, demoBody(scholarship, { payType }))
  assert.equal(r.body.code, 0, JSON.stringify(r.body))
  const billNo = r.body.data.orderPayRequestDTO.billNo
  const payToken = r.body.data.payToken ?? ''
  return { billNo, payToken, params: r.body.data.data }
}

/** The calls a browser without the session makes: no Authorization at all. */
const anon = (path: string, query: Record<string, string>, school = 'demo') => call(ctx.app, school, path, { query })

describe('a valid payToken opens its own order without Authorization', () => {
  it('donate answers the token; the sandbox cashier URL and pay-back return carry it', async () => {
    const { billNo, payToken, params } = await order()
    assert.match(payToken, /^\d{10}\.[A-Za-z0-9_-]{43}$/)
    const row = await orderRow(ctx.app, billNo)
    assert.equal(Number(payToken.split('.')[0]), Math.ceil(Date.parse(row.expires_at!) / 1000), 'valid exactly until the order expires')
    const url = new URL(params?.url ?? '', 'http://x')
    assert.equal(url.pathname, '/cashier')
    assert.equal(url.searchParams.get('billNo'), billNo)
    assert.equal(url.searchParams.get('payToken'), payToken)
    assert.equal(url.searchParams.get('subject'), '示范大学励志奖学金')
    const back = new URL(created.at(-1)?.returnUrl ?? '')
    assert.equal(back.origin, 'https://give.example.edu.cn', 'PUBLIC_BASE_URL, never the Host header')
    assert.equal(back.pathname, '/pay-back')
    assert.deepEqual(Object.fromEntries(back.searchParams), { id: billNo, itemsId: String(scholarship), payToken })
    assert.equal(created.at(-1)?.payToken, payToken)
  })

  it("payback answers 0 then 1; success answers the donor's data once paid", async () => {
    const { billNo, payToken } = await order()
    const before = await anon(Api.payback, { donatePlatOrder: billNo, payToken })
    assert.deepEqual([before.body.code, before.body.data], [0, 0])
    const early = await anon(Api.success, { donatePlatOrder: billNo, payToken })
    assert.equal(early.body.code, ResultCode.ERROR, 'success before payment')
    await sandboxNotify(ctx.app, 'demo', billNo)
    const paid = await anon(Api.payback, { donatePlatOrder: billNo, payToken })
    assert.deepEqual([paid.body.code, paid.body.data], [0, 1])
    const s = await anon(Api.success, { donatePlatOrder: billNo, payToken })
    assert.equal(s.body.code, 0, JSON.stringify(s.body))
    const data = s.body.data as SuccessData
    assert.equal(data.name, '张三')
    assert.equal(data.itemsId, scholarship)
  })

  it('donate4ali answers the wap form; the sandbox form carries the token to the cashier', async () => {
    const { billNo, payToken } = await order(2)
    const r = await anon(Api.donate4ali, { donatePlatOrder: billNo, payToken })
    assert.equal(r.body.code, 0, JSON.stringify(r.body))
    const html = (r.body.data as { data: string }).data
    assert.match(html, /<form [^>]*action="\/cashier" method="get">/)
    assert.ok(html.includes(`name="billNo" value="${billNo}"`))
    assert.ok(html.includes(`name="payToken" value="${payToken}"`))
  })

  it("the owner's Authorization still works, and without either credential the answer is -997", async () => {
    const { billNo } = await order()
    const owner = await call(ctx.app, 'demo', Api.payback, { query: { donatePlatOrder: billNo }, token: alice })
    assert.deepEqual([owner.body.code, owner.body.data], [0, 0])
    for (const path of [Api.payback, Api.success, Api.donate4ali]) {
      assert.equal((await anon(path, { donatePlatOrder: billNo })).body.code, ResultCode.TOKEN_INVALID, path)
    }
    const bob = await login(ctx.app, 'demo', 'pay-link-bob')
    const other = await call(ctx.app, 'demo', Api.payback, { query: { donatePlatOrder: billNo }, token: bob })
    assert.equal(other.body.code, ResultCode.ERROR, "another user's session does not open the order")
  })
})

describe('refused tokens', () => {
  const refused = async (path: string, billNo: string, payToken: string, school = 'demo') => {
    const r = await anon(path, { donatePlatOrder: billNo, payToken }, school)
    assert.equal(r.body.code, ResultCode.ERROR, `${path} with ${payToken}: ${JSON.stringify(r.body)}`)
    assert.equal(r.body.data, null)
    return r.body.message
  }

  it('a tampered MAC or a changed expiry', async () => {
    const { billNo, payToken } = await order(2)
    const [exp, macPart] = payToken.split('.')
    const flipped = macPart.slice(0, 10) + (macPart[10] === 'A' ? 'B' : 'A') + macPart.slice(11)
    for (const path of [Api.payback, Api.success, Api.donate4ali]) {
      assert.match(await refused(path, billNo, `${exp}.${flipped}`), /支付链接已失效/)
      assert.match(await refused(path, billNo, `${Number(exp) + 3600}.${macPart}`), /支付链接已失效/, 'a longer life is not for the taking')
      await refused(path, billNo, 'not-a-token')
    }
  })

  it("another order's token, and the same order at another school", async () => {
    const first = await order(2)
    const t = await login(ctx.app, 'demo', 'pay-link-carol')
    const r = await donate(ctx.app, 'demo', t, demoBody(scholarship, { payType: 2 }))
    const carols = r.body.data.orderPayRequestDTO.billNo
    for (const path of [Api.payback, Api.success, Api.donate4ali]) await refused(path, carols, first.payToken)
    // cpu has its own key: a demo token means nothing there, whatever the bill number
    await refused(Api.payback, first.billNo, first.payToken, 'cpu')
  })

  it("an expired token (signed with the school's own key)", async () => {
    const { billNo } = await order(2)
    const secret = await payLinkSecret(ctx.app.db, await schoolIdOf(ctx.app, 'demo'))
    const past = Math.floor(Date.now() / 1000) - 1
    for (const path of [Api.payback, Api.success, Api.donate4ali]) await refused(path, billNo, signPayToken(secret, billNo, past))
    assert.equal(checkPayToken(secret, billNo, signPayToken(secret, billNo, past + 120), new Date()), 'ok')
    assert.equal(checkPayToken(secret, billNo, signPayToken(secret, billNo, past), new Date()), 'expired')
  })

  it('the token opens nothing but those three calls (cancel needs the session)', async () => {
    const { billNo, payToken } = await order()
    assert.equal((await anon(Api.cancel, { donatePlatOrder: billNo, payToken })).body.code, ResultCode.TOKEN_INVALID)
    assert.equal((await orderRow(ctx.app, billNo)).status, 'pending')
  })

  it('the school key is made once and kept (concurrent first uses agree)', async () => {
    const sid = await schoolIdOf(ctx.app, 'hhu')
    const keys = await Promise.all(Array.from({ length: 8 }, () => payLinkSecret(ctx.app.db, sid)))
    assert.equal(new Set(keys).size, 1)
    assert.match(keys[0], /^[0-9a-f]{64}$/)
    assert.equal(await payLinkSecret(ctx.app.db, sid), keys[0])
  })

  it("the order's own expiry ends the token (server clock 20 minutes on)", async () => {
    const { billNo, payToken } = await order()
    assert.equal((await anon(Api.payback, { donatePlatOrder: billNo, payToken })).body.code, 0)
    const later = new Date(Date.now() + 20 * 60_000)
    await ctx.restart({ now: () => later })
    await refused(Api.payback, billNo, payToken)
  })
})
