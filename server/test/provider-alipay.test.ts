/**
 * Alipay provider against a fake Alipay gateway on 127.0.0.1 (the HTTP boundary). The gateway is written here with
 * node:crypto: it verifies OUR RSA2 request signature with the app public key and answers with responses signed by
 * the "Alipay" key over the raw `<method>_response` text; notifications are form posts signed the way Alipay signs.
 */
import assert from 'node:assert/strict'
import { createPrivateKey, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { buildWapForm, createAlipay, rawJsonMember, wapFormFromUrl, type AlipayConfig } from '../src/providers/payment/alipay'
import { outboundPolicy } from '../src/lib/outbound'
import { ProviderError, type CreatePaymentInput, type PaymentProvider } from '../src/providers/payment/types'

const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' }
  })

const app = rsa()
const alipay = rsa()
const stranger = rsa()
const APP_ID = '2021000000000001'

// ---------------------------------------------------------------- the Alipay side, written independently

/** request rule: non-empty params except sign, sorted */
const requestContent = (p: Record<string, string>) =>
  Object.keys(p)
    .filter((k) => k !== 'sign' && p[k] !== '')
    .sort()
    .map((k) => `${k}=${p[k]}`)
    .join('&')

function signedNotify(params: Record<string, string>, key = alipay.privateKey): Record<string, string> {
  const content = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
  return { ...params, sign: createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64') }
}

function notifyParams(over: Record<string, string> = {}): Record<string, string> {
  return {
    gmt_create: '2026-11-22 10:00:00',
    charset: 'utf-8',
    gmt_payment: '2026-11-22 10:00:05',
    notify_time: '2026-11-22 10:00:06',
    subject: '捐赠 乡村图书角+1',
    buyer_id: '2088102177846880',
    invoice_amount: '0.29',
    version: '1.0',
    notify_id: 'ac05099524730693a8b330c5ecf72da9786',
    fund_bill_list: '[{"amount":"0.29","fundChannel":"ALIPAYACCOUNT"}]',
    notify_type: 'trade_status_sync',
    out_trade_no: 'DEMO2026112200002',
    total_amount: '0.29',
    trade_status: 'TRADE_SUCCESS',
    trade_no: '2026112222001446881000000001',
    auth_app_id: APP_ID,
    receipt_amount: '0.29',
    point_amount: '0.00',
    app_id: APP_ID,
    buyer_pay_amount: '0.29',
    sign_type: 'RSA2',
    seller_id: '2088101106499364',
    ...over
  }
}

const encodeForm = (p: Record<string, string>) => new URLSearchParams(p).toString() // '+' for spaces, as browsers and Alipay post

interface Seen {
  params: Record<string, string>
  signatureValid: boolean
  contentType: string
}

class FakeAlipay {
  server!: Server
  gateway = ''
  seen: Seen[] = []
  trades = new Map<string, { total_amount: string; trade_no: string; trade_status: string }>()
  signWith: string | null = null
  /** alters the answer after signing */
  tamper = false
  unsigned = false

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res))
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r))
    this.gateway = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/gateway.do`
  }

  stop() {
    return new Promise<void>((r) => this.server.close(() => r()))
  }

  /** Alipay answers {"<method>_response":{…},"sign":"…"}; the sign covers that member's raw text. */
  private answer(res: ServerResponse, member: string, node: Record<string, unknown>) {
    // deliberately not JSON.stringify-shaped: spaces, unicode and braces inside strings
    let text = `{ "code":"${node.code}",  "msg" : "${node.msg}"`
    for (const [k, v] of Object.entries(node)) if (k !== 'code' && k !== 'msg') text += `,"${k}":${JSON.stringify(v)}`
    text += ` ,"memo":"{not a brace} \\" 中文"}`
    const sign = createSign('RSA-SHA256')
      .update(text, 'utf8')
      .sign(this.signWith ?? alipay.privateKey, 'base64')
    if (this.tamper) text = text.replace(/"total_amount":"[^"]*"/, '"total_amount":"9999.00"').replace(/"trade_no":"/, '"trade_no":"X')
    const body = this.unsigned ? `{"${member}":${text}}` : `{"${member}":${text},"sign":"${sign}"}`
    res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' })
    res.end(body)
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const url = new URL(req.url ?? '/', 'http://x')
    const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
    let signatureValid = false
    try {
      signatureValid = createVerify('RSA-SHA256')
        .update(requestContent(params), 'utf8')
        .verify(app.publicKey, params.sign ?? '', 'base64')
    } catch {
      signatureValid = false
    }
    this.seen.push({ params, signatureValid, contentType: String(req.headers['content-type']) })
    const member = `${String(params.method).replace(/\./g, '_')}_response`
    if (url.pathname !== '/gateway.do' || req.method !== 'POST')
      return this.answer(res, 'error_response', { code: '40004', msg: 'Business Failed' })
    if (!signatureValid || params.app_id !== APP_ID || params.sign_type !== 'RSA2' || params.charset !== 'utf-8') {
      return this.answer(res, member, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' })
    }
    const biz = JSON.parse(params.biz_content)
    if (params.method === 'alipay.trade.create') {
      const trade_no = `2026${Date.now()}${randomBytes(3).toString('hex')}`
      this.trades.set(biz.out_trade_no, { total_amount: biz.total_amount, trade_no, trade_status: 'WAIT_BUYER_PAY' })
      return this.answer(res, member, { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, trade_no })
    }
    if (params.method === 'alipay.trade.query') {
      const t = this.trades.get(biz.out_trade_no)
      if (!t)
        return this.answer(res, member, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' })
      return this.answer(res, member, {
        code: '10000',
        msg: 'Success',
        out_trade_no: biz.out_trade_no,
        ...t,
        buyer_logon_id: 'don***@example.com'
      })
    }
    return this.answer(res, member, { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' })
  }
}

// ---------------------------------------------------------------- tests

const fake = new FakeAlipay()

function config(over: Partial<AlipayConfig> = {}): AlipayConfig {
  return {
    appId: APP_ID,
    privateKeyPem: app.privateKey,
    alipayPublicKeyPem: alipay.publicKey,
    gateway: fake.gateway,
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
    payType: 2,
    channel: 'alipay-mini',
    payerId: '2088102177846880',
    clientIp: '203.0.113.7',
    notifyUrl: 'https://pay.example.org/notify/demo/alipay',
    returnUrl: 'https://app.example.org/pay-back?billNo=x&a=1',
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

const notification = (p: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  rawBody: encodeForm(p)
})

describe('Alipay provider', () => {
  let ali: PaymentProvider
  before(async () => {
    await fake.start()
    ali = createAlipay(config())
  })
  after(() => fake.stop())

  it('alipay.trade.create: RSA2 request signature validates with the app public key; answers the verified trade_no', async () => {
    fake.seen = []
    const inp = input()
    const res = await ali.create(inp)
    assert.equal(fake.seen.length, 1)
    const { params, signatureValid, contentType } = fake.seen[0]
    assert.equal(signatureValid, true)
    assert.match(contentType, /application\/x-www-form-urlencoded/)
    assert.equal(params.method, 'alipay.trade.create')
    assert.equal(params.app_id, APP_ID)
    assert.equal(params.sign_type, 'RSA2')
    assert.equal(params.notify_url, inp.notifyUrl)
    assert.match(params.timestamp, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    const biz = JSON.parse(params.biz_content)
    assert.equal(biz.total_amount, '1234.56')
    assert.equal(biz.out_trade_no, inp.billNo)
    assert.equal(biz.buyer_id, '2088102177846880')
    assert.equal(biz.buyer_open_id, undefined)
    assert.equal(biz.subject, '乡村图书角')
    assert.equal(biz.time_expire, '2026-11-22 10:15:00')
    assert.equal(res.params.provider, 'alipay')
    assert.equal(res.params.tradeNo, fake.trades.get(inp.billNo)?.trade_no)

    // a new-style open id goes into buyer_open_id
    await ali.create(input({ payerId: '074a1CcTG1LelxKe4xQC0zgNdId0nxi95b5lsNpazWYoCo5' }))
    const biz2 = JSON.parse(fake.seen[1].params.biz_content)
    assert.equal(biz2.buyer_open_id, '074a1CcTG1LelxKe4xQC0zgNdId0nxi95b5lsNpazWYoCo5')
    assert.equal(biz2.buyer_id, undefined)
  })

  it('PKCS#1 PEM and bare base64 private keys work; a key the gateway does not know is refused by it', async () => {
    const pkcs1 = createPrivateKey(app.privateKey).export({ type: 'pkcs1', format: 'pem' }).toString()
    assert.ok(pkcs1.includes('BEGIN RSA PRIVATE KEY'))
    const bare = app.privateKey.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '')
    const barePub = alipay.publicKey.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '')
    for (const key of [pkcs1, bare]) {
      fake.seen = []
      const res = await createAlipay(config({ privateKeyPem: key, alipayPublicKeyPem: barePub })).create(input())
      assert.ok(res.params.tradeNo)
      assert.equal(fake.seen[0].signatureValid, true)
    }
    fake.seen = []
    await refused(createAlipay(config({ privateKeyPem: stranger.privateKey })).create(input()), 'upstream', /isv.invalid-signature/)
    assert.equal(fake.seen[0].signatureValid, false)
    assert.throws(
      () => createAlipay(config({ privateKeyPem: 'bm90IGEga2V5' })),
      (e: unknown) => e instanceof ProviderError && e.kind === 'config'
    )
  })

  it('answers whose sign does not cover the raw response text are refused', async () => {
    fake.signWith = stranger.privateKey
    try {
      await refused(ali.create(input()), 'forged', /sign does not verify/)
    } finally {
      fake.signWith = null
    }
    fake.tamper = true
    try {
      await refused(ali.create(input()), 'forged')
    } finally {
      fake.tamper = false
    }
    fake.unsigned = true
    try {
      await refused(ali.create(input()), 'forged', /without sign/)
    } finally {
      fake.unsigned = false
    }
  })

  it('rawJsonMember returns the exact member text', () => {
    const text = '{"a_response":{ "x" : "}{\\"" , "n":[1,{"b":2}] },"sign":"abc"}'
    assert.equal(rawJsonMember(text, 'a_response'), '{ "x" : "}{\\"" , "n":[1,{"b":2}] }')
    assert.equal(rawJsonMember(text, 'sign'), '"abc"')
    assert.equal(rawJsonMember(text, 'x'), null) // not top level
    assert.equal(rawJsonMember('{"k": 12 ,"z":1}', 'k'), '12')
  })

  it('wap pay: a signed gateway URL and the auto-submit form', async () => {
    fake.seen = []
    const inp = input({ channel: 'h5', payerId: undefined })
    const res = await ali.create(inp)
    assert.equal(fake.seen.length, 0) // offline signing, no call
    const url = new URL(res.params.url ?? '')
    assert.equal(`${url.origin}${url.pathname}`, fake.gateway)
    const params = Object.fromEntries(url.searchParams)
    assert.equal(params.method, 'alipay.trade.wap.pay')
    assert.equal(params.return_url, inp.returnUrl)
    assert.equal(params.notify_url, inp.notifyUrl)
    const biz = JSON.parse(params.biz_content)
    assert.equal(biz.product_code, 'QUICK_WAP_WAY')
    assert.equal(biz.total_amount, '1234.56')
    assert.equal(biz.quit_url, inp.returnUrl)
    assert.equal(createVerify('RSA-SHA256').update(requestContent(params), 'utf8').verify(app.publicKey, params.sign, 'base64'), true)

    const html = wapFormFromUrl(res.params.url ?? '')
    assert.match(html, new RegExp(`<form [^>]*action="${fake.gateway.replace(/[.]/g, '\\.')}\\?charset=utf-8" method="post">`))
    assert.match(html, /document\.forms\['alipaysubmit'\]\.submit\(\)/)
    // every signed parameter is a hidden input, HTML-escaped
    const inputs = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)]
    const unescape = (s: string) =>
      s
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    assert.deepEqual(Object.fromEntries(inputs.map((m) => [m[1], unescape(m[2])])), params)
    assert.match(
      buildWapForm({ a: '"><script>x</script>' }, 'https://openapi.alipay.com/gateway.do'),
      /value="&quot;&gt;&lt;script&gt;x&lt;\/script&gt;"/
    )
    assert.equal(
      (ali as unknown as { buildWapForm(p: Record<string, string>): string }).buildWapForm({ k: 'v' }).includes(fake.gateway),
      true
    )
  })

  it('notify with the right sign is accepted; yuan -> fen exactly ("0.29" -> 29); form encoding decoded', async () => {
    const v = await ali.verifyNotification(notification(signedNotify(notifyParams())))
    assert.equal(v.provider, 'alipay')
    assert.equal(v.billNo, 'DEMO2026112200002')
    assert.equal(v.providerTradeNo, '2026112222001446881000000001')
    assert.equal(v.amountFen, 29)
    assert.equal(v.outcome, 'paid')
    assert.equal(new URLSearchParams(v.raw).get('subject'), '捐赠 乡村图书角+1')
    for (const [amount, fen] of [
      ['1234.56', 123456],
      ['0.1', 10],
      ['10000000.00', 1_000_000_000],
      ['0.07', 7]
    ] as const) {
      const r = await ali.verifyNotification(notification(signedNotify(notifyParams({ total_amount: amount }))))
      assert.equal(r.amountFen, fen, amount)
    }
    const finished = await ali.verifyNotification(notification(signedNotify(notifyParams({ trade_status: 'TRADE_FINISHED' }))))
    assert.equal(finished.outcome, 'paid')
    const closed = await ali.verifyNotification(notification(signedNotify(notifyParams({ trade_status: 'TRADE_CLOSED' }))))
    assert.equal(closed.outcome, 'failed')
  })

  it('notify with a wrong sign, a tampered field, a missing sign or another app_id is refused', async () => {
    await refused(ali.verifyNotification(notification(signedNotify(notifyParams(), stranger.privateKey))), 'forged', /does not verify/)
    const genuine = signedNotify(notifyParams())
    await refused(ali.verifyNotification(notification({ ...genuine, total_amount: '9999.00' })), 'forged')
    await refused(ali.verifyNotification(notification({ ...genuine, out_trade_no: 'DEMO2026112200003' })), 'forged')
    await refused(ali.verifyNotification(notification({ ...genuine, extra_field: 'x' })), 'forged')
    const { sign: _sign, ...unsigned } = genuine
    await refused(ali.verifyNotification(notification(unsigned)), 'forged', /sign missing/)
    await refused(ali.verifyNotification(notification(signedNotify(notifyParams({ app_id: '2021000000000999' })))), 'forged', /app_id/)
    await refused(ali.verifyNotification(notification(signedNotify(notifyParams({ sign_type: 'RSA' })))), 'forged', /sign_type/)
    await refused(
      ali.verifyNotification(notification(signedNotify(notifyParams({ trade_status: 'WAIT_BUYER_PAY' })))),
      'malformed',
      /not final/
    )
    await refused(ali.verifyNotification(notification(signedNotify(notifyParams({ total_amount: '0.291' })))), 'malformed', /total_amount/)
    // sign_type is not part of the signed content: changing it to RSA2 casing variants is not a forgery vector
    const withoutSignType = { ...notifyParams() }
    delete (withoutSignType as Record<string, string>).sign_type
    assert.equal((await ali.verifyNotification(notification(signedNotify(withoutSignType)))).amountFen, 29)
  })

  it('a seller id, when configured, must match', async () => {
    const strict = createAlipay(config({ sellerId: '2088000000000000' }))
    await refused(strict.verifyNotification(notification(signedNotify(notifyParams()))), 'forged', /seller_id/)
  })

  it('alipay.trade.query: signed request, verified answer; WAIT_BUYER_PAY and unknown -> null; SUCCESS -> paid', async () => {
    const inp = input()
    await ali.create(inp)
    fake.seen = []
    assert.equal(await ali.query(inp.billNo), null)
    assert.equal(fake.seen[0].signatureValid, true)
    assert.equal(fake.seen[0].params.method, 'alipay.trade.query')
    assert.equal(JSON.parse(fake.seen[0].params.biz_content).out_trade_no, inp.billNo)
    const trade = fake.trades.get(inp.billNo)
    assert.ok(trade)
    trade.trade_status = 'TRADE_SUCCESS'
    const paid = await ali.query(inp.billNo)
    assert.equal(paid?.outcome, 'paid')
    assert.equal(paid?.amountFen, 123456)
    assert.equal(paid?.providerTradeNo, trade.trade_no)
    trade.trade_status = 'TRADE_CLOSED'
    assert.equal((await ali.query(inp.billNo))?.outcome, 'failed')
    assert.equal(await ali.query('NOSUCHBILL0002'), null)
    trade.trade_status = 'TRADE_SUCCESS'
    fake.tamper = true
    try {
      await refused(ali.query(inp.billNo), 'forged')
    } finally {
      fake.tamper = false
    }
  })

  it('acks plain text success / fail', () => {
    assert.deepEqual(ali.ack(true), { status: 200, contentType: 'text/plain', body: 'success' })
    assert.deepEqual(ali.ack(false), { status: 200, contentType: 'text/plain', body: 'fail' })
  })
})
