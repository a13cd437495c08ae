/**
 * Alipay provider against a fake Alipay gateway on 127.0.0.1 (the HTTP boundary). The gateway (fake-alipay.ts) is
 * written with node:crypto: it verifies OUR RSA2 request signature with the app public key and answers with responses signed by
 * the "Alipay" key over the raw `<method>_response` text; notifications are form posts signed the way Alipay signs.
 */
import assert from 'node:assert/strict'
import { createPrivateKey, createVerify, randomBytes } from 'node:crypto'
import { after, before, describe, it } from 'node:test'
import {
  alipaySubject,
  buildWapForm,
  createAlipay,
  rawJsonMember,
  wapFormFromUrl,
  type AlipayConfig
} from '../src/providers/payment/alipay'
import { outboundPolicy } from '../src/lib/outbound'
import { ProviderError, type CreatePaymentInput, type PaymentProvider } from '../src/providers/payment/types'
import { alipay, app, APP_ID, encodeForm, FakeAlipay, notifyParams, requestContent, signedNotify, stranger } from './fake-alipay'

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

  it('subject: characters Alipay refuses (/ = & …) and invisible ones removed by one helper, at most 256 bytes', async () => {
    fake.seen = []
    await ali.create(input({ description: 'A/B 班=1&2 "校友"\u202e <捐赠> #3?\u0007' }))
    assert.equal(JSON.parse(fake.seen[0].params.biz_content).subject, 'A B 班 1 2 校友 捐赠 3')
    const wap = new URL((await ali.create(input({ channel: 'h5', payerId: undefined, description: 'x=1&y=2' }))).params.url ?? '')
    assert.equal(JSON.parse(wap.searchParams.get('biz_content') ?? '{}').subject, 'x 1 y 2')
    const long = alipaySubject('长'.repeat(200))
    assert.ok(Buffer.byteLength(long) <= 256 && long.length === 85, String(long.length))
    assert.equal(alipaySubject('/=&'), '捐赠')
    assert.equal(alipaySubject('乡村图书角'), '乡村图书角')
  })

  it('alipay.trade.close: signed, answer verified; not exist is nothing to close; a paid trade comes back as paid', async () => {
    const inp = input()
    await ali.create(inp)
    fake.seen = []
    assert.deepEqual(await ali.close?.(inp.billNo), { status: 'closed' })
    assert.equal(fake.seen[0].params.method, 'alipay.trade.close')
    assert.equal(fake.seen[0].signatureValid, true)
    assert.deepEqual(JSON.parse(fake.seen[0].params.biz_content), { out_trade_no: inp.billNo })
    assert.equal(fake.trades.get(inp.billNo)?.trade_status, 'TRADE_CLOSED')
    // closed already: ACQ.TRADE_STATUS_ERROR, and the query says closed
    assert.deepEqual(await ali.close?.(inp.billNo), { status: 'closed' })
    assert.deepEqual(await ali.close?.('NOSUCHBILL0004'), { status: 'absent' })

    const paid = input()
    await ali.create(paid)
    ;(fake.trades.get(paid.billNo) as { trade_status: string }).trade_status = 'TRADE_SUCCESS'
    const r = await ali.close?.(paid.billNo)
    assert.equal(r?.status, 'paid')
    assert.equal(r?.status === 'paid' && r.paid.amountFen, 123456)

    const open = input()
    await ali.create(open)
    fake.closeFailures.push({ code: '20000', msg: 'Service Currently Unavailable', sub_code: 'ACQ.SYSTEM_ERROR' })
    await refused(ali.close!(open.billNo), 'upstream', /ACQ.SYSTEM_ERROR/)
    assert.equal(fake.trades.get(open.billNo)?.trade_status, 'WAIT_BUYER_PAY')
    fake.tamper = true
    try {
      await refused(ali.close!(open.billNo), 'forged')
    } finally {
      fake.tamper = false
    }
  })

  it('acks plain text success / fail', () => {
    assert.deepEqual(ali.ack(true), { status: 200, contentType: 'text/plain', body: 'success' })
    assert.deepEqual(ali.ack(false), { status: 200, contentType: 'text/plain', body: 'fail' })
  })
})
