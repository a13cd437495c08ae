/**
 * WeChat Pay API v3 provider against a fake WeChat Pay server on 127.0.0.1 (the HTTP boundary). The fake server
 * (fake-wechatpay.ts) is written with node:crypto, independently of the provider: it checks OUR Authorization signature with the
 * merchant public key and answers with platform-signed responses; notifications are built the way WeChat builds them.
 */
import assert from 'node:assert/strict'
import { createVerify, randomBytes } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import { createWechatPay, type WechatPayConfig } from '../src/providers/payment/wechatpay'
import { outboundPolicy } from '../src/lib/outbound'
import { ProviderError, type CreatePaymentInput, type PaymentProvider } from '../src/providers/payment/types'
import {
  API_V3_KEY,
  APP_ID,
  FakeWechat,
  MCH_ID,
  merchant,
  notifyBody,
  now,
  platform,
  platformHeaders,
  PUB_KEY_ID,
  SERIAL,
  stranger,
  transaction
} from './fake-wechatpay'

// ---------------------------------------------------------------- tests

const fake = new FakeWechat()

function config(over: Partial<WechatPayConfig> = {}): WechatPayConfig {
  return {
    mchId: MCH_ID,
    appId: APP_ID,
    serialNo: SERIAL,
    privateKeyPem: merchant.privateKey,
    apiV3Key: API_V3_KEY,
    platformPublicKeyPem: platform.publicKey,
    platformSerial: PUB_KEY_ID,
    baseUrl: fake.baseUrl,
    // the fake listens on 127.0.0.1 (lib/outbound.ts: tests only)
    outbound: outboundPolicy({ allowLoopback: true }),
    ...over
  }
}

function input(over: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  return {
    schoolId: 1,
    schoolCode: 'demo',
    billNo: `DEMO${Date.now()}${randomBytes(2).toString('hex')}`,
    amountFen: 123456,
    description: '乡村图书角',
    payType: 1,
    channel: 'weapp',
    payerId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
    clientIp: '203.0.113.7',
    notifyUrl: 'https://pay.example.org/notify/demo/wechatpay',
    returnUrl: 'https://app.example.org/pay-back?billNo=x',
    expiresAt: '2026-11-22T02:15:00.000Z',
    ...over
  }
}

async function refused(p: Promise<unknown>, kind: ProviderError['kind'], pattern?: RegExp) {
  await assert.rejects(p, (err: unknown) => {
    assert.ok(err instanceof ProviderError, `expected ProviderError, got ${String(err)}`)
    assert.equal(err.kind, kind, err.message)
    if (pattern) assert.match(err.message, pattern)
    return true
  })
}

describe('WeChat Pay v3 provider', () => {
  let wx: PaymentProvider
  before(async () => {
    await fake.start()
    wx = createWechatPay(config())
  })
  after(() => fake.stop())

  it('JSAPI order: our request signature validates with the merchant public key, and paySign validates', async () => {
    fake.seen = []
    const inp = input()
    const res = await wx.create(inp)
    assert.equal(fake.seen.length, 1)
    const req = fake.seen[0]
    assert.equal(req.method, 'POST')
    assert.equal(req.url, '/v3/pay/transactions/jsapi')
    assert.equal(req.signatureValid, true)
    assert.equal(req.authorization.mchid, MCH_ID)
    assert.equal(req.authorization.serial_no, SERIAL)
    assert.match(req.authorization.nonce_str, /^[A-Za-z0-9]{32}$/)
    const body = JSON.parse(req.body)
    assert.deepEqual(body.amount, { total: 123456, currency: 'CNY' })
    assert.equal(Number.isInteger(body.amount.total), true)
    assert.equal(body.payer.openid, inp.payerId)
    assert.equal(body.appid, APP_ID)
    assert.equal(body.mchid, MCH_ID)
    assert.equal(body.out_trade_no, inp.billNo)
    assert.equal(body.notify_url, inp.notifyUrl)
    assert.equal(body.time_expire, '2026-11-22T10:15:00+08:00') // 02:15 UTC in Beijing time
    assert.equal(body.description, '乡村图书角')

    const p = res.params
    assert.equal(p.provider, 'wechatpay')
    assert.equal(p.signType, 'RSA')
    const prepay = (fake.orders.get(inp.billNo) as { prepay_id: string }).prepay_id
    assert.equal(p.packageValue, `prepay_id=${prepay}`)
    assert.match(p.timeStamp ?? '', /^\d{10}$/)
    assert.match(p.nonceStr ?? '', /^[A-Za-z0-9]{32}$/)
    const msg = `${APP_ID}\n${p.timeStamp}\n${p.nonceStr}\n${p.packageValue}\n`
    assert.equal(
      createVerify('RSA-SHA256')
        .update(msg)
        .verify(merchant.publicKey, p.paySign ?? '', 'base64'),
      true
    )
    assert.equal(
      createVerify('RSA-SHA256')
        .update(msg)
        .verify(stranger.publicKey, p.paySign ?? '', 'base64'),
      false
    )
    assert.equal(res.paidImmediately, undefined)
  })

  it('in-WeChat browser uses JSAPI too; other browsers get the H5 url with redirect_url', async () => {
    fake.seen = []
    await wx.create(input({ channel: 'h5-wechat' }))
    assert.equal(fake.seen[0].url, '/v3/pay/transactions/jsapi')

    const inp = input({ channel: 'h5', payerId: undefined })
    const res = await wx.create(inp)
    const req = fake.seen[1]
    assert.equal(req.url, '/v3/pay/transactions/h5')
    assert.equal(req.signatureValid, true)
    const body = JSON.parse(req.body)
    assert.deepEqual(body.scene_info, { payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } })
    assert.equal(body.payer, undefined)
    const url = new URL(res.params.url ?? '')
    assert.equal(url.host, 'wx.tenpay.com')
    assert.equal(url.searchParams.get('redirect_url'), inp.returnUrl)
    assert.equal(res.params.paySign, undefined)
  })

  it('JSAPI without an openid, and a channel WeChat does not serve, are refused before any call', async () => {
    fake.seen = []
    await refused(wx.create(input({ payerId: undefined })), 'malformed', /openid/)
    await refused(wx.create(input({ channel: 'alipay-mini' })), 'malformed')
    await refused(wx.create(input({ amountFen: 12.5 })), 'malformed')
    await refused(wx.create(input({ amountFen: 0 })), 'malformed')
    assert.equal(fake.seen.length, 0)
  })

  it('a merchant key WeChat does not know is refused by the server (the fake really checks signatures)', async () => {
    const wrong = createWechatPay(config({ privateKeyPem: stranger.privateKey }))
    fake.seen = []
    await refused(wrong.create(input()), 'upstream', /SIGN_ERROR/)
    assert.equal(fake.seen[0].signatureValid, false)
  })

  it('an answer not signed by the platform key is refused (forged)', async () => {
    fake.signWith = stranger.privateKey
    try {
      await refused(wx.create(input()), 'forged', /Wechatpay-Signature/)
    } finally {
      fake.signWith = null
    }
    fake.answerSerial = 'PUB_KEY_ID_SOMEONE_ELSE'
    try {
      await refused(wx.create(input()), 'forged', /unknown Wechatpay-Serial/)
    } finally {
      fake.answerSerial = null
    }
  })

  it('a genuine notification verifies, decrypts and maps SUCCESS to paid with amount.total', async () => {
    const raw = notifyBody(transaction())
    const v = await wx.verifyNotification({ headers: platformHeaders(raw), rawBody: raw })
    assert.equal(v.provider, 'wechatpay')
    assert.equal(v.billNo, 'DEMO2026112200001')
    assert.equal(v.providerTradeNo, '4200000000202611221234567890')
    assert.equal(v.amountFen, 123456)
    assert.equal(v.outcome, 'paid')
    assert.equal(JSON.parse(v.raw).trade_state, 'SUCCESS')
    // header names arrive lower-case from Node, but any case works
    const upper = Object.fromEntries(
      Object.entries(platformHeaders(raw)).map(([k, val]) => [k.replace(/(^|-)\w/g, (c) => c.toUpperCase()), val])
    )
    assert.equal((await wx.verifyNotification({ headers: upper, rawBody: raw })).amountFen, 123456)
  })

  it('CLOSED and PAYERROR map to failed; a non-final state is refused', async () => {
    for (const state of ['CLOSED', 'PAYERROR']) {
      const raw = notifyBody(transaction({ trade_state: state }))
      assert.equal((await wx.verifyNotification({ headers: platformHeaders(raw), rawBody: raw })).outcome, 'failed')
    }
    const raw = notifyBody(transaction({ trade_state: 'NOTPAY' }))
    await refused(wx.verifyNotification({ headers: platformHeaders(raw), rawBody: raw }), 'malformed', /not final/)
  })

  it('a tampered body is refused', async () => {
    const raw = notifyBody(transaction())
    const headers = platformHeaders(raw)
    const tampered = raw.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ')
    assert.notEqual(tampered, raw)
    await refused(wx.verifyNotification({ headers, rawBody: tampered }), 'forged', /bad Wechatpay-Signature/)
    // re-serialising the parsed JSON also changes the bytes the signature covers
    const reserialised = JSON.stringify(JSON.parse(raw), null, 1)
    await refused(wx.verifyNotification({ headers, rawBody: reserialised }), 'forged')
  })

  it('a notification signed with a wrong key, or naming an unknown serial, is refused', async () => {
    const raw = notifyBody(transaction())
    await refused(wx.verifyNotification({ headers: platformHeaders(raw, { key: stranger.privateKey }), rawBody: raw }), 'forged', /bad/)
    await refused(
      wx.verifyNotification({ headers: platformHeaders(raw, { serial: 'PUB_KEY_ID_0000' }), rawBody: raw }),
      'forged',
      /unknown/
    )
    const h = platformHeaders(raw)
    await refused(wx.verifyNotification({ headers: { ...h, 'wechatpay-signature': undefined }, rawBody: raw }), 'forged', /missing/)
    await refused(
      wx.verifyNotification({ headers: { ...h, 'wechatpay-signature': 'WECHATPAY/SIGNTEST/abc' }, rawBody: raw }),
      'forged',
      /probe/
    )
  })

  it('a stale (or future) timestamp is refused even with a valid signature', async () => {
    const raw = notifyBody(transaction())
    await refused(wx.verifyNotification({ headers: platformHeaders(raw, { timestamp: now() - 301 }), rawBody: raw }), 'forged', /5 minutes/)
    await refused(wx.verifyNotification({ headers: platformHeaders(raw, { timestamp: now() + 400 }), rawBody: raw }), 'forged', /5 minutes/)
    const ok = await wx.verifyNotification({ headers: platformHeaders(raw, { timestamp: now() - 200 }), rawBody: raw })
    assert.equal(ok.outcome, 'paid')
  })

  it('a tampered ciphertext fails GCM even when the envelope is signed; so does a wrong APIv3 key', async () => {
    const body = JSON.parse(notifyBody(transaction()))
    const ct = Buffer.from(body.resource.ciphertext, 'base64')
    ct[5] ^= 0x01
    body.resource.ciphertext = ct.toString('base64')
    const raw = JSON.stringify(body)
    await refused(wx.verifyNotification({ headers: platformHeaders(raw), rawBody: raw }), 'forged', /GCM/)

    const wrongKey = notifyBody(transaction(), 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz')
    await refused(wx.verifyNotification({ headers: platformHeaders(wrongKey), rawBody: wrongKey }), 'forged', /GCM/)

    const aad = JSON.parse(notifyBody(transaction()))
    aad.resource.associated_data = 'certificate'
    const rawAad = JSON.stringify(aad)
    await refused(wx.verifyNotification({ headers: platformHeaders(rawAad), rawBody: rawAad }), 'forged', /GCM/)
  })

  it('the amount is what WeChat encrypted: a changed amount cannot be injected, and a different genuine amount comes back as is', async () => {
    // an attacker who edits the plaintext would have to re-encrypt without the key: the amount inside is authentic
    const raw = notifyBody(transaction({ amount: { total: 100, payer_total: 100, currency: 'CNY' } }))
    const v = await wx.verifyNotification({ headers: platformHeaders(raw), rawBody: raw })
    assert.equal(v.amountFen, 100) // returned faithfully: the order core compares it with the order (123456) and refuses
    assert.notEqual(v.amountFen, 123456)
    // and the body cannot be altered to claim another amount: the signature covers the raw body
    const claimed = raw.replace('"resource"', '"amount":{"total":123456},"resource"')
    await refused(wx.verifyNotification({ headers: platformHeaders(raw), rawBody: claimed }), 'forged')
  })

  it('a transaction of another merchant or app is refused', async () => {
    for (const over of [{ mchid: '1900000999' }, { appid: 'wx0000000000000000' }]) {
      const raw = notifyBody(transaction(over))
      await refused(wx.verifyNotification({ headers: platformHeaders(raw), rawBody: raw }), 'forged', /not ours/)
    }
  })

  it('query: signed GET, verified answer; NOTPAY/USERPAYING -> null, SUCCESS -> paid, CLOSED -> failed, unknown -> null', async () => {
    const inp = input()
    await wx.create(inp)
    fake.seen = []
    assert.equal(await wx.query(inp.billNo), null) // NOTPAY
    const req = fake.seen[0]
    assert.equal(req.method, 'GET')
    assert.equal(req.url, `/v3/pay/transactions/out-trade-no/${inp.billNo}?mchid=${MCH_ID}`)
    assert.equal(req.body, '')
    assert.equal(req.signatureValid, true)

    const order = fake.orders.get(inp.billNo) as Record<string, unknown>
    order.trade_state = 'USERPAYING'
    assert.equal(await wx.query(inp.billNo), null)
    order.trade_state = 'SUCCESS'
    const paid = await wx.query(inp.billNo)
    assert.equal(paid?.outcome, 'paid')
    assert.equal(paid?.amountFen, 123456)
    assert.equal(paid?.billNo, inp.billNo)
    order.trade_state = 'CLOSED'
    assert.equal((await wx.query(inp.billNo))?.outcome, 'failed')

    assert.equal(await wx.query('NOSUCHBILL0001'), null)

    order.trade_state = 'SUCCESS'
    fake.signWith = stranger.privateKey
    try {
      await refused(wx.query(inp.billNo), 'forged')
    } finally {
      fake.signWith = null
    }
  })

  it('every request names our platform key in Wechatpay-Serial (public key id or platform certificate serial)', async () => {
    const inp = input()
    fake.seen = []
    await wx.create(inp)
    await wx.query(inp.billNo)
    await wx.close?.(inp.billNo)
    assert.equal(fake.seen.length, 3)
    for (const s of fake.seen) assert.equal(s.headers['wechatpay-serial'], PUB_KEY_ID, s.url)
  })

  it('close: a signed POST {mchid} answered 204; a paid order comes back as paid, a failure throws for the retry', async () => {
    const inp = input()
    await wx.create(inp)
    fake.seen = []
    assert.deepEqual(await wx.close?.(inp.billNo), { status: 'closed' })
    const req = fake.seen[0]
    assert.equal(req.method, 'POST')
    assert.equal(req.url, `/v3/pay/transactions/out-trade-no/${inp.billNo}/close`)
    assert.deepEqual(JSON.parse(req.body), { mchid: MCH_ID })
    assert.equal(req.signatureValid, true)
    assert.equal(fake.orders.get(inp.billNo)?.trade_state, 'CLOSED')
    // WeChat answers 204 again for a closed order, and for one it never saw
    assert.deepEqual(await wx.close?.(inp.billNo), { status: 'closed' })
    assert.deepEqual(await wx.close?.('NOSUCHBILL0003'), { status: 'closed' })
    fake.closeFailures.push({ status: 400, body: { code: 'ORDER_CLOSED', message: '订单已关闭' } })
    assert.deepEqual(await wx.close?.(inp.billNo), { status: 'closed' })

    const paid = input()
    await wx.create(paid)
    ;(fake.orders.get(paid.billNo) as { trade_state: string }).trade_state = 'SUCCESS'
    const r = await wx.close?.(paid.billNo)
    assert.equal(r?.status, 'paid')
    assert.equal(r?.status === 'paid' && r.paid.billNo, paid.billNo)
    assert.equal(r?.status === 'paid' && r.paid.amountFen, 123456)

    const open = input()
    await wx.create(open)
    fake.closeFailures.push({ status: 500, body: { code: 'SYSTEM_ERROR', message: '系统错误' } })
    await refused(wx.close!(open.billNo), 'upstream', /SYSTEM_ERROR/)
    fake.closeFailures.push({ status: 202, body: { code: 'USER_PAYING', message: '用户支付中' } })
    await refused(wx.close!(open.billNo), 'upstream', /USER_PAYING/)
    assert.equal(fake.orders.get(open.billNo)?.trade_state, 'NOTPAY')

    fake.signWith = stranger.privateKey
    try {
      await refused(wx.close!(open.billNo), 'forged')
    } finally {
      fake.signWith = null
    }
  })

  it('acks 204 empty on success and 500 {"code":"FAIL"} otherwise', () => {
    assert.deepEqual(wx.ack(true), { status: 204, contentType: 'text/plain', body: '' })
    const fail = wx.ack(false)
    assert.equal(fail.status, 500)
    assert.equal(fail.contentType, 'application/json')
    assert.equal(JSON.parse(fail.body).code, 'FAIL')
  })

  it('refuses bad configuration', () => {
    assert.throws(
      () => createWechatPay(config({ apiV3Key: 'short' })),
      (e: unknown) => e instanceof ProviderError && e.kind === 'config'
    )
    assert.throws(
      () => createWechatPay(config({ privateKeyPem: 'not a key' })),
      (e: unknown) => e instanceof ProviderError && e.kind === 'config'
    )
    assert.throws(() => createWechatPay(config({ mchId: '' })), /mchId/)
  })
})
