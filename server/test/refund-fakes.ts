/**
 * Fake provider servers for refunds-providers.test.ts, written from the providers' documentation with node:crypto,
 * independently of the server's provider code: each checks OUR request signature and answers the way the provider
 * does (WeChat Pay v3: platform-signed JSON; Alipay: RSA2-signed `<method>_response`; the campus card service:
 * HMAC-checked JSON), and builds the refund notifications the provider would send. Not a test file itself.
 */
import { createCipheriv, createHmac, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' }
  })

abstract class FakeServer {
  server!: Server
  baseUrl = ''
  seen: { method: string; path: string; body: string; ok: boolean }[] = []
  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => void this.handle(req, res, Buffer.concat(chunks).toString('utf8')))
    })
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r))
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this
  }
  stop() {
    return new Promise<void>((r) => this.server.close(() => r()))
  }
  protected abstract handle(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> | void
}

// ------------------------------------------------------------------ WeChat Pay v3

export class FakeWechat extends FakeServer {
  readonly merchant = rsa()
  readonly platform = rsa()
  readonly mchId = '1900000109'
  readonly appId = 'wxd678efh567hg6787'
  readonly serialNo = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1'
  readonly platformSerial = 'PUB_KEY_ID_0119000001092025010100000000000001'
  readonly apiV3Key = 'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6'
  refunds = new Map<string, Record<string, any>>()
  /** trade states the order query answers (out_trade_no -> {trade_state, total, transaction_id}) */
  trades = new Map<string, { trade_state: string; total: number; transaction_id: string }>()
  /** the state the next refund request is answered with */
  answerStatus: 'SUCCESS' | 'PROCESSING' = 'PROCESSING'
  /** the next refund request is refused as WeChat does when the merchant's balance is short */
  refuseNext = false

  credentials() {
    return {
      mchId: this.mchId,
      appId: this.appId,
      serialNo: this.serialNo,
      privateKeyPem: this.merchant.privateKey,
      apiV3Key: this.apiV3Key,
      platformPublicKeyPem: this.platform.publicKey,
      platformSerial: this.platformSerial,
      baseUrl: this.baseUrl
    }
  }

  signedHeaders(raw: string) {
    const ts = String(Math.floor(Date.now() / 1000))
    const nonce = randomBytes(16).toString('hex')
    const sig = createSign('RSA-SHA256').update(`${ts}\n${nonce}\n${raw}\n`).sign(this.platform.privateKey, 'base64')
    return { 'wechatpay-timestamp': ts, 'wechatpay-nonce': nonce, 'wechatpay-signature': sig, 'wechatpay-serial': this.platformSerial }
  }

  private send(res: ServerResponse, status: number, body: unknown) {
    const raw = JSON.stringify(body)
    res.writeHead(status, { 'content-type': 'application/json', ...this.signedHeaders(raw) })
    res.end(raw)
  }

  protected handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const auth: Record<string, string> = {}
    const m = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(String(req.headers.authorization ?? ''))
    for (const part of (m?.[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)) auth[part[1]] = part[2]
    let ok = false
    try {
      ok = createVerify('RSA-SHA256')
        .update(`${req.method}\n${req.url}\n${auth.timestamp}\n${auth.nonce_str}\n${body}\n`)
        .verify(this.merchant.publicKey, auth.signature ?? '', 'base64')
    } catch {
      ok = false
    }
    const path = new URL(req.url ?? '/', 'http://x').pathname
    this.seen.push({ method: req.method ?? '', path, body, ok })
    if (!ok || auth.mchid !== this.mchId || auth.serial_no !== this.serialNo)
      return this.send(res, 401, { code: 'SIGN_ERROR', message: '签名错误' })
    if (req.method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const r = JSON.parse(body)
      if (this.refuseNext) {
        this.refuseNext = false
        return this.send(res, 403, { code: 'NOT_ENOUGH', message: '基本账户余额不足，请充值后重新发起' })
      }
      const earlier = this.refunds.get(r.out_refund_no)
      if (earlier) return this.send(res, 200, earlier)
      if (!r.amount || r.amount.refund > r.amount.total)
        return this.send(res, 400, { code: 'INVALID_REQUEST', message: '退款金额超过订单金额' })
      const refund = {
        refund_id: `50000000382019052709732678${this.refunds.size}`,
        out_refund_no: r.out_refund_no,
        transaction_id: r.transaction_id,
        out_trade_no: r.out_trade_no ?? '',
        channel: 'ORIGINAL',
        user_received_account: '招商银行信用卡0403',
        create_time: '2026-11-22T10:00:00+08:00',
        status: this.answerStatus,
        funds_account: 'AVAILABLE',
        amount: {
          total: r.amount.total,
          refund: r.amount.refund,
          payer_total: r.amount.total,
          payer_refund: r.amount.refund,
          currency: 'CNY'
        },
        notify_url: r.notify_url
      }
      this.refunds.set(r.out_refund_no, refund)
      return this.send(res, 200, refund)
    }
    const t = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path)
    if (req.method === 'GET' && t) {
      const o = this.trades.get(decodeURIComponent(t[1]))
      if (!o) return this.send(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' })
      return this.send(res, 200, {
        appid: this.appId,
        mchid: this.mchId,
        out_trade_no: decodeURIComponent(t[1]),
        transaction_id: o.transaction_id,
        trade_type: 'JSAPI',
        trade_state: o.trade_state,
        trade_state_desc: o.trade_state === 'REFUND' ? '转入退款' : '支付成功',
        amount: { total: o.total, payer_total: o.total, currency: 'CNY', payer_currency: 'CNY' }
      })
    }
    const q = /^\/v3\/refund\/domestic\/refunds\/(.+)$/.exec(path)
    if (req.method === 'GET' && q) {
      const r = this.refunds.get(decodeURIComponent(q[1]))
      return r ? this.send(res, 200, r) : this.send(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' })
    }
    return this.send(res, 404, { code: 'NOT_FOUND', message: path })
  }

  /** A REFUND.* notification as WeChat posts it: the refund resource AES-256-GCM encrypted, the body platform-signed. */
  refundNotification(r: {
    billNo: string
    transactionId: string
    outRefundNo: string
    refundId: string
    total: number
    refund: number
    status: 'SUCCESS' | 'CLOSED' | 'ABNORMAL'
  }) {
    const plain = JSON.stringify({
      mchid: this.mchId,
      out_trade_no: r.billNo,
      transaction_id: r.transactionId,
      out_refund_no: r.outRefundNo,
      refund_id: r.refundId,
      refund_status: r.status,
      success_time: '2026-11-22T10:05:00+08:00',
      user_received_account: '招商银行信用卡0403',
      amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund }
    })
    const nonce = randomBytes(6).toString('hex')
    const c = createCipheriv('aes-256-gcm', Buffer.from(this.apiV3Key), Buffer.from(nonce))
    c.setAAD(Buffer.from('refund'))
    const ct = Buffer.concat([c.update(plain, 'utf8'), c.final(), c.getAuthTag()])
    const raw = JSON.stringify({
      id: `EV-${randomBytes(8).toString('hex')}`,
      create_time: '2026-11-22T10:05:01+08:00',
      resource_type: 'encrypt-resource',
      event_type: `REFUND.${r.status}`,
      summary: '退款成功',
      resource: {
        original_type: 'refund',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: ct.toString('base64'),
        associated_data: 'refund',
        nonce
      }
    })
    return { raw, headers: { 'content-type': 'application/json', ...this.signedHeaders(raw) } }
  }
}

// ------------------------------------------------------------------ Alipay

const alipaySignContent = (p: Record<string, string>, notify: boolean) =>
  Object.keys(p)
    .filter((k) => k !== 'sign' && (!notify || k !== 'sign_type') && (notify || p[k] !== ''))
    .sort()
    .map((k) => `${k}=${p[k]}`)
    .join('&')

export class FakeAlipay extends FakeServer {
  readonly app = rsa()
  readonly alipay = rsa()
  readonly appId = '2021000000000001'
  /** out_request_no -> refund */
  refunds = new Map<string, { billNo: string; fen: number; tradeNo: string }>()
  /** trade total per bill (set by the test) */
  totals = new Map<string, number>()

  credentials() {
    return {
      appId: this.appId,
      privateKeyPem: this.app.privateKey,
      alipayPublicKeyPem: this.alipay.publicKey,
      gateway: `${this.baseUrl}/gateway.do`
    }
  }

  private answer(res: ServerResponse, method: string, node: object) {
    const member = `${method.replace(/\./g, '_')}_response`
    const inner = JSON.stringify(node)
    const sign = createSign('RSA-SHA256').update(inner, 'utf8').sign(this.alipay.privateKey, 'base64')
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' })
    res.end(`{"${member}":${inner},"sign":"${sign}"}`)
  }

  protected handle(_req: IncomingMessage, res: ServerResponse, body: string) {
    const p: Record<string, string> = {}
    for (const [k, v] of new URLSearchParams(body)) p[k] = v
    let ok = false
    try {
      ok = createVerify('RSA-SHA256')
        .update(alipaySignContent(p, false), 'utf8')
        .verify(this.app.publicKey, p.sign ?? '', 'base64')
    } catch {
      ok = false
    }
    this.seen.push({ method: p.method ?? '', path: '/gateway.do', body, ok })
    if (!ok || p.app_id !== this.appId)
      return this.answer(res, p.method ?? 'error', { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' })
    const biz = JSON.parse(p.biz_content ?? '{}')
    if (p.method === 'alipay.trade.refund') {
      const total = this.totals.get(biz.out_trade_no)
      if (total === undefined) return this.answer(res, p.method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST' })
      const [w, f = ''] = String(biz.refund_amount).split('.')
      const fen = Number(w) * 100 + Number(f.padEnd(2, '0'))
      const earlier = this.refunds.get(biz.out_request_no)
      const given = [...this.refunds.values()].filter((r) => r.billNo === biz.out_trade_no).reduce((a, r) => a + r.fen, 0)
      if (!earlier && given + fen > total)
        return this.answer(res, p.method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' })
      const tradeNo = `2026112222001400000000${biz.out_trade_no.slice(-4)}`
      if (!earlier) this.refunds.set(biz.out_request_no, { billNo: biz.out_trade_no, fen, tradeNo })
      const refunded = [...this.refunds.values()].filter((r) => r.billNo === biz.out_trade_no).reduce((a, r) => a + r.fen, 0)
      return this.answer(res, p.method, {
        code: '10000',
        msg: 'Success',
        trade_no: tradeNo,
        out_trade_no: biz.out_trade_no,
        buyer_logon_id: '159****5620',
        fund_change: earlier ? 'N' : 'Y',
        refund_fee: (refunded / 100).toFixed(2),
        gmt_refund_pay: '2026-11-22 10:05:00'
      })
    }
    if (p.method === 'alipay.trade.fastpay.refund.query') {
      const r = this.refunds.get(biz.out_request_no)
      if (!r) return this.answer(res, p.method, { code: '10000', msg: 'Success' })
      return this.answer(res, p.method, {
        code: '10000',
        msg: 'Success',
        trade_no: r.tradeNo,
        out_trade_no: r.billNo,
        out_request_no: biz.out_request_no,
        total_amount: ((this.totals.get(r.billNo) ?? 0) / 100).toFixed(2),
        refund_amount: (r.fen / 100).toFixed(2),
        refund_status: 'REFUND_SUCCESS'
      })
    }
    return this.answer(res, p.method ?? 'error', { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.INVALID_METHOD' })
  }

  /** The asynchronous notification after a refund: TRADE_SUCCESS (partial) or TRADE_CLOSED (full), with
   *  refund_fee = everything refunded so far, gmt_refund and out_biz_no; RSA2 over the sorted parameters. */
  refundNotification(r: { billNo: string; tradeNo: string; totalFen: number; refundedFen: number; outBizNo: string; closed: boolean }) {
    const p: Record<string, string> = {
      notify_time: '2026-11-22 10:05:02',
      notify_type: 'trade_status_sync',
      notify_id: `ac05099524730693a8b330c5ecf72da${randomBytes(2).toString('hex')}`,
      app_id: this.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: r.tradeNo,
      out_trade_no: r.billNo,
      out_biz_no: r.outBizNo,
      trade_status: r.closed ? 'TRADE_CLOSED' : 'TRADE_SUCCESS',
      total_amount: (r.totalFen / 100).toFixed(2),
      refund_fee: (r.refundedFen / 100).toFixed(2),
      gmt_payment: '2026-11-22 10:00:01',
      gmt_refund: '2026-11-22 10:05:00.123'
    }
    p.sign = createSign('RSA-SHA256').update(alipaySignContent(p, true), 'utf8').sign(this.alipay.privateKey, 'base64')
    return new URLSearchParams(p).toString()
  }
}

// ------------------------------------------------------------------ the campus card service

export class FakeCardService extends FakeServer {
  readonly secret = 'card-refund-secret'
  debits = new Map<string, number>()
  refunds = new Map<string, { billNo: string; amountFen: number; refundNo: string }>()

  private json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }

  protected handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const ts = String(req.headers['x-card-timestamp'] ?? '')
    const expected = createHmac('sha256', this.secret).update(`${ts}\n${req.method}\n${path}\n${body}`, 'utf8').digest('hex')
    const ok = expected === req.headers['x-card-signature']
    this.seen.push({ method: req.method ?? '', path, body, ok })
    if (!ok) return this.json(res, 401, { error: 'signature' })
    if (req.method === 'POST' && path === '/refunds') {
      const r = JSON.parse(body)
      const earlier = this.refunds.get(r.outRefundNo)
      if (earlier) return this.json(res, 200, { refundNo: earlier.refundNo })
      const debit = this.debits.get(r.billNo)
      if (debit === undefined) return this.json(res, 404, { error: 'no such debit' })
      const given = [...this.refunds.values()].filter((x) => x.billNo === r.billNo).reduce((a, x) => a + x.amountFen, 0)
      if (given + r.amountFen > debit) return this.json(res, 409, { error: 'more than the debit' })
      const refundNo = `CR${this.refunds.size + 1}`
      this.refunds.set(r.outRefundNo, { billNo: r.billNo, amountFen: r.amountFen, refundNo })
      return this.json(res, 200, { refundNo })
    }
    const q = /^\/refunds\/(.+)$/.exec(path)
    if (req.method === 'GET' && q) {
      const r = this.refunds.get(decodeURIComponent(q[1]))
      return r ? this.json(res, 200, r) : this.json(res, 404, { error: 'none' })
    }
    return this.json(res, 404, { error: path })
  }
}
