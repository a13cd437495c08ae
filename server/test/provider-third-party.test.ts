/** Third-party payment (pay type 14): signed redirect URL and HMAC-verified JSON notifications. */
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { describe, it } from 'node:test'
import { createThirdPartyPay } from '../src/providers/payment/third-party'
import { ProviderError, type CreatePaymentInput } from '../src/providers/payment/types'

const SECRET = 'k3y-0f-the-school-payment-platform'
const provider = createThirdPartyPay({
  payUrl: 'https://pay.school.example.edu/cashier?channel=foundation',
  merchantId: 'M10086',
  secret: SECRET
})

/** The platform's side, written independently: sorted k=v of non-empty fields except sign, HMAC-SHA256 hex. */
function platformSign(fields: Record<string, string | number>, secret = SECRET): string {
  const content = Object.keys(fields)
    .filter((k) => k !== 'sign' && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&')
  return createHmac('sha256', secret).update(content).digest('hex')
}

function notify(fields: Record<string, string | number>, secret = SECRET) {
  return { headers: { 'content-type': 'application/json' }, rawBody: JSON.stringify({ ...fields, sign: platformSign(fields, secret) }) }
}

const input: CreatePaymentInput = {
  schoolId: 1,
  schoolCode: 'demo',
  billNo: 'DEMO2026112200014',
  amountFen: 123456,
  description: '乡村图书角',
  payType: 14,
  channel: 'h5',
  clientIp: '127.0.0.1',
  notifyUrl: 'https://api.example.org/notify/demo/thirdparty',
  returnUrl: 'https://app.example.org/pay-back?billNo=DEMO2026112200014&x=1',
  expiresAt: new Date(Date.now() + 900_000).toISOString()
}

async function refused(p: Promise<unknown>, kind: ProviderError['kind']) {
  await assert.rejects(p, (e: unknown) => {
    assert.ok(e instanceof ProviderError, String(e))
    assert.equal(e.kind, kind, e.message)
    return true
  })
}

describe('third-party payment', () => {
  it('create answers the pay URL with every parameter and a valid HMAC sign', async () => {
    const res = await provider.create(input)
    assert.equal(res.params.provider, 'thirdparty')
    const url = new URL(res.params.url ?? '')
    assert.equal(`${url.origin}${url.pathname}`, 'https://pay.school.example.edu/cashier')
    const p = Object.fromEntries(url.searchParams)
    assert.equal(p.channel, 'foundation') // the configured query survives
    assert.equal(p.merchantId, 'M10086')
    assert.equal(p.billNo, input.billNo)
    assert.equal(p.amount, '123456')
    assert.equal(p.notifyUrl, input.notifyUrl)
    assert.equal(p.returnUrl, input.returnUrl)
    assert.match(p.timestamp, /^\d{10}$/)
    const { channel: _c, ...signed } = p
    assert.equal(p.sign, platformSign(signed))
    assert.notEqual(p.sign, platformSign(signed, 'another secret'))
  })

  it('a genuine notification verifies: SUCCESS -> paid, FAILED -> failed; amounts in fen', async () => {
    const v = await provider.verifyNotification(
      notify({ billNo: input.billNo, tradeNo: 'TP202611220001', amount: 123456, status: 'SUCCESS' })
    )
    assert.deepEqual(
      { ...v, raw: undefined },
      {
        provider: 'thirdparty',
        billNo: input.billNo,
        providerTradeNo: 'TP202611220001',
        amountFen: 123456,
        outcome: 'paid',
        raw: undefined
      }
    )
    const f = await provider.verifyNotification(
      notify({ billNo: input.billNo, tradeNo: 'TP2', amount: '123456', status: 'FAILED', merchantId: 'M10086' })
    )
    assert.equal(f.outcome, 'failed')
    assert.equal(f.amountFen, 123456)
  })

  it('a wrong sign, a changed field or another merchant is refused', async () => {
    const fields = { billNo: input.billNo, tradeNo: 'TP202611220001', amount: 123456, status: 'SUCCESS' }
    await refused(provider.verifyNotification(notify(fields, 'wrong secret')), 'forged')
    const genuine = JSON.parse(notify(fields).rawBody)
    await refused(provider.verifyNotification({ headers: {}, rawBody: JSON.stringify({ ...genuine, amount: 1 }) }), 'forged')
    await refused(
      provider.verifyNotification({ headers: {}, rawBody: JSON.stringify({ ...genuine, billNo: 'DEMO2026112200015' }) }),
      'forged'
    )
    await refused(provider.verifyNotification({ headers: {}, rawBody: JSON.stringify({ ...genuine, sign: undefined }) }), 'forged')
    await refused(
      provider.verifyNotification({ headers: {}, rawBody: JSON.stringify({ ...genuine, sign: genuine.sign.slice(0, -1) }) }),
      'forged'
    )
    await refused(provider.verifyNotification(notify({ ...fields, merchantId: 'M99999' })), 'forged')
    await refused(provider.verifyNotification(notify({ ...fields, status: 'PENDING' })), 'malformed')
    await refused(provider.verifyNotification(notify({ ...fields, amount: 12.5 })), 'malformed')
    await refused(provider.verifyNotification({ headers: {}, rawBody: 'billNo=1' }), 'malformed')
  })

  it('acks 200 OK; has no query API', async () => {
    assert.deepEqual(provider.ack(true), { status: 200, contentType: 'text/plain', body: 'OK' })
    assert.equal(provider.ack(false).status, 400)
    assert.equal(await provider.query(input.billNo), null)
  })

  it('refuses bad configuration', () => {
    assert.throws(() => createThirdPartyPay({ payUrl: 'not a url', merchantId: 'M', secret: 's' }), /payUrl/)
    assert.throws(() => createThirdPartyPay({ payUrl: 'https://x.example', merchantId: 'M', secret: '' }), /secret/)
  })
})
