/**
 * WeChat Pay API v3 provider against a fake WeChat Pay server on 127.0.0.1 (the HTTP boundary). The fake server is
 * written here with node:crypto, independently of the provider: it checks OUR Authorization signature with the
 * merchant public key and answers with platform-signed responses; notifications are built the way WeChat builds them.
 */
import assert from 'node:assert/strict'
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { createWechatPay, type WechatPayConfig } from '../src/providers/payment/wechatpay'
import { outboundPolicy } from '../src/lib/outbound'
import { ProviderError, type CreatePaymentInput, type PaymentProvider } from '../src/providers/payment/types'

const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' }
  })

const merchant = rsa()
const platform = rsa()
const stranger = rsa()
const MCH_ID = '1900000109'
const APP_ID = 'wxd678efh567hg6787'
const SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1'
const PUB_KEY_ID = 'PUB_KEY_ID_0119000001092025010100000000000001'
const API_V3_KEY = 'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6' // 32 bytes

const now = () => Math.floor(Date.now() / 1000)

// ---------------------------------------------------------------- the WeChat side, written independently

function platformHeaders(rawBody: string, opts: { key?: string; serial?: string; timestamp?: number } = {}) {
  const ts = String(opts.timestamp ?? now())
  const nonce = randomBytes(16).toString('hex')
  const sig = createSign('RSA-SHA256')
    .update(`${ts}\n${nonce}\n${rawBody}\n`)
    .sign(opts.key ?? platform.privateKey, 'base64')
  return { 'wechatpay-timestamp': ts, 'wechatpay-nonce': nonce, 'wechatpay-signature': sig, 'wechatpay-serial': opts.serial ?? PUB_KEY_ID }
}

function encrypt(plaintext: string, key = API_V3_KEY, aad = 'transaction') {
  const nonce = randomBytes(6).toString('hex') // 12 characters
  const c = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce))
  c.setAAD(Buffer.from(aad))
  const ct = Buffer.concat([c.update(plaintext, 'utf8'), c.final(), c.getAuthTag()])
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: ct.toString('base64'), associated_data: aad, original_type: 'transaction', nonce }
}

function transaction(over: Record<string, unknown> = {}) {
  return {
    appid: APP_ID,
    mchid: MCH_ID,
    out_trade_no: 'DEMO2026112200001',
    transaction_id: '4200000000202611221234567890',
    trade_type: 'JSAPI',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    success_time: '2026-11-22T10:00:05+08:00',
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: 123456, payer_total: 123456, currency: 'CNY', payer_currency: 'CNY' },
    ...over
  }
}

function notifyBody(txn: object, key = API_V3_KEY): string {
  return JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: '2026-11-22T10:00:06+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: encrypt(JSON.stringify(txn), key)
  })
}

interface Seen {
  method: string
  url: string
  body: string
  authorization: Record<string, string>
  signatureValid: boolean
}

/** Fake api.mch.weixin.qq.com: verifies our request signature, keeps orders, answers platform-signed JSON. */
class FakeWechat {
  server!: Server
  baseUrl = ''
  seen: Seen[] = []
  orders = new Map<string, Record<string, unknown>>()
  /** overrides for the next answers */
  signWith: string | null = null
  answerSerial: string | null = null

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res))
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r))
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  stop() {
    return new Promise<void>((r) => this.server.close(() => r()))
  }

  private send(res: ServerResponse, status: number, body: unknown) {
    const raw = body === undefined ? '' : JSON.stringify(body)
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    Object.assign(headers, platformHeaders(raw, { key: this.signWith ?? undefined, serial: this.answerSerial ?? undefined }))
    res.writeHead(status, headers)
    res.end(raw)
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const header = String(req.headers.authorization ?? '')
    const auth: Record<string, string> = {}
    const m = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(header)
    for (const part of (m?.[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)) auth[part[1]] = part[2]
    const message = `${req.method}\n${req.url}\n${auth.timestamp}\n${auth.nonce_str}\n${body}\n`
    let signatureValid = false
    try {
      signatureValid = !!auth.signature && createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, auth.signature, 'base64')
    } catch {
      signatureValid = false
    }
    this.seen.push({ method: req.method ?? '', url: req.url ?? '', body, authorization: auth, signatureValid })
    if (!signatureValid || auth.mchid !== MCH_ID || auth.serial_no !== SERIAL || Math.abs(now() - Number(auth.timestamp)) > 300) {
      return this.send(res, 401, { code: 'SIGN_ERROR', message: '签名错误' })
    }
    const url = new URL(req.url ?? '/', 'http://x')
    if (req.method === 'POST' && (url.pathname === '/v3/pay/transactions/jsapi' || url.pathname === '/v3/pay/transactions/h5')) {
      const order = JSON.parse(body)
      const prepayId = `wx${Date.now()}${randomBytes(4).toString('hex')}`
      this.orders.set(order.out_trade_no, { ...order, trade_state: 'NOTPAY', prepay_id: prepayId })
      if (url.pathname.endsWith('jsapi')) return this.send(res, 200, { prepay_id: prepayId })
      return this.send(res, 200, {
        h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepayId}&package=2150917749`
      })
    }
    const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname)
    if (req.method === 'GET' && q) {
      if (url.searchParams.get('mchid') !== MCH_ID) return this.send(res, 400, { code: 'PARAM_ERROR', message: 'mchid' })
      const o = this.orders.get(decodeURIComponent(q[1]))
      if (!o) return this.send(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' })
      return this.send(
        res,
        200,
        transaction({
          out_trade_no: o.out_trade_no,
          trade_state: o.trade_state,
          amount: { total: (o.amount as { total: number }).total, currency: 'CNY' },
          ...(o.trade_state === 'SUCCESS' ? {} : { transaction_id: undefined })
        })
      )
    }
    return this.send(res, 404, { code: 'NOT_FOUND', message: 'no route' })
  }
}

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
