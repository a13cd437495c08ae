/**
 * A fake WeChat Pay API v3 server on 127.0.0.1 (not a test file itself), written with node:crypto independently of
 * the provider: it checks OUR Authorization signature with the merchant's public key, keeps orders, answers with
 * platform-signed responses, and closes orders (POST …/out-trade-no/{no}/close, 204). Notifications are built the way
 * WeChat builds them (platformHeaders, encrypt, notifyBody). Serves trade bills (GET /v3/bill/tradebill, then the
 * signed GET of its download_url: the gzip file, fake-bills.ts). Used by provider-wechatpay.test.ts,
 * provider-orders.test.ts and reconciliation.test.ts.
 */
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { wechatBillFile } from './fake-bills'

export const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' }
  })

export const merchant = rsa()
export const platform = rsa()
export const stranger = rsa()
export const MCH_ID = '1900000109'
export const APP_ID = 'wxd678efh567hg6787'
export const SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1'
export const PUB_KEY_ID = 'PUB_KEY_ID_0119000001092025010100000000000001'
export const API_V3_KEY = 'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6' // 32 bytes

export const now = () => Math.floor(Date.now() / 1000)

export function platformHeaders(rawBody: string, opts: { key?: string; serial?: string; timestamp?: number } = {}) {
  const ts = String(opts.timestamp ?? now())
  const nonce = randomBytes(16).toString('hex')
  const sig = createSign('RSA-SHA256')
    .update(`${ts}\n${nonce}\n${rawBody}\n`)
    .sign(opts.key ?? platform.privateKey, 'base64')
  return { 'wechatpay-timestamp': ts, 'wechatpay-nonce': nonce, 'wechatpay-signature': sig, 'wechatpay-serial': opts.serial ?? PUB_KEY_ID }
}

export function encrypt(plaintext: string, key = API_V3_KEY, aad = 'transaction') {
  const nonce = randomBytes(6).toString('hex') // 12 characters
  const c = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce))
  c.setAAD(Buffer.from(aad))
  const ct = Buffer.concat([c.update(plaintext, 'utf8'), c.final(), c.getAuthTag()])
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext: ct.toString('base64'), associated_data: aad, original_type: 'transaction', nonce }
}

export function transaction(over: Record<string, unknown> = {}) {
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

export function notifyBody(txn: object, key = API_V3_KEY): string {
  return JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: '2026-11-22T10:00:06+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: encrypt(JSON.stringify(txn), key)
  })
}

export interface Seen {
  method: string
  url: string
  body: string
  headers: IncomingMessage['headers']
  authorization: Record<string, string>
  signatureValid: boolean
}

/** A merchant the fake knows: its id, the serial of its API certificate and the public key of that certificate. */
export interface FakeMerchant {
  mchId: string
  serial: string
  publicKey: string
}

export interface FakeOrder extends Record<string, unknown> {
  out_trade_no: string
  mchid: string
  trade_state: string
  prepay_id: string
  amount: { total: number }
}

/** Fake api.mch.weixin.qq.com: verifies our request signature, keeps orders, answers platform-signed JSON. */
export class FakeWechat {
  server!: Server
  baseUrl = ''
  seen: Seen[] = []
  orders = new Map<string, FakeOrder>()
  /** overrides for the next answers */
  signWith: string | null = null
  answerSerial: string | null = null
  /** answers given to the next close requests instead of closing (status, JSON body), first first */
  closeFailures: Array<{ status: number; body: object }> = []
  /** trade bills by day (YYYY-MM-DD): the CSV text (fake-bills.ts wechatTradeBill); a day without one has none */
  bills = new Map<string, string>()
  /** changes the served file after its SHA1 was announced (a file altered on the way) */
  alterBill: ((text: string) => string) | null = null
  /** download tokens handed out -> the day's file */
  private readonly downloads = new Map<string, { gzip: Buffer; mchId: string }>()
  private readonly merchants: Map<string, FakeMerchant>

  constructor(merchants: FakeMerchant[] = [{ mchId: MCH_ID, serial: SERIAL, publicKey: merchant.publicKey }]) {
    this.merchants = new Map(merchants.map((m) => [m.mchId, m]))
  }

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res))
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r))
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  stop() {
    return new Promise<void>((r) => this.server.close(() => r()))
  }

  /** the close requests seen (valid signature or not) */
  closes(billNo?: string): Seen[] {
    return this.seen.filter((s) => s.method === 'POST' && /\/close$/.test(s.url) && (!billNo || s.url.includes(`/${billNo}/`)))
  }

  private send(res: ServerResponse, status: number, body: unknown) {
    const raw = body === undefined ? '' : JSON.stringify(body)
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' }
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
    const mch = this.merchants.get(auth.mchid ?? '')
    let signatureValid = false
    try {
      signatureValid =
        !!mch && !!auth.signature && createVerify('RSA-SHA256').update(message).verify(mch.publicKey, auth.signature, 'base64')
    } catch {
      signatureValid = false
    }
    this.seen.push({ method: req.method ?? '', url: req.url ?? '', body, headers: req.headers, authorization: auth, signatureValid })
    if (!signatureValid || !mch || auth.serial_no !== mch.serial || Math.abs(now() - Number(auth.timestamp)) > 300) {
      return this.send(res, 401, { code: 'SIGN_ERROR', message: '签名错误' })
    }
    const url = new URL(req.url ?? '/', 'http://x')
    if (req.method === 'GET' && url.pathname === '/v3/bill/tradebill') {
      const text = this.bills.get(url.searchParams.get('bill_date') ?? '')
      if (url.searchParams.get('bill_type') !== 'ALL' || url.searchParams.get('tar_type') !== 'GZIP')
        return this.send(res, 400, { code: 'PARAM_ERROR', message: 'bill_type' })
      if (text === undefined) return this.send(res, 400, { code: 'NO_STATEMENT_EXIST', message: '账单文件不存在' })
      const file = wechatBillFile(text)
      if (this.alterBill) file.gzip = wechatBillFile(this.alterBill(text)).gzip
      const token = randomBytes(16).toString('base64url')
      this.downloads.set(token, { gzip: file.gzip, mchId: mch.mchId })
      return this.send(res, 200, {
        download_url: `${this.baseUrl}/v3/billdownload/file?token=${token}`,
        hash_type: 'SHA1',
        hash_value: file.sha1
      })
    }
    if (req.method === 'GET' && url.pathname === '/v3/billdownload/file') {
      const file = this.downloads.get(url.searchParams.get('token') ?? '')
      if (!file || file.mchId !== mch.mchId) return this.send(res, 400, { code: 'INVALID_REQUEST', message: 'token' })
      // the file answer carries no platform signature: the SHA1 of the tradebill answer checks it
      res.writeHead(200, { 'content-type': 'application/octet-stream' })
      return res.end(file.gzip)
    }
    if (req.method === 'POST' && (url.pathname === '/v3/pay/transactions/jsapi' || url.pathname === '/v3/pay/transactions/h5')) {
      const order = JSON.parse(body)
      if (order.mchid !== mch.mchId) return this.send(res, 400, { code: 'PARAM_ERROR', message: 'mchid' })
      const prepayId = `wx${Date.now()}${randomBytes(4).toString('hex')}`
      this.orders.set(order.out_trade_no, { ...order, trade_state: 'NOTPAY', prepay_id: prepayId })
      if (url.pathname.endsWith('jsapi')) return this.send(res, 200, { prepay_id: prepayId })
      return this.send(res, 200, {
        h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepayId}&package=2150917749`
      })
    }
    const close = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(url.pathname)
    if (req.method === 'POST' && close) {
      const b = JSON.parse(body || '{}') as { mchid?: string }
      if (b.mchid !== mch.mchId) return this.send(res, 400, { code: 'PARAM_ERROR', message: 'mchid' })
      const failure = this.closeFailures.shift()
      if (failure) return this.send(res, failure.status, failure.body)
      const o = this.orders.get(decodeURIComponent(close[1]))
      if (o && o.mchid !== mch.mchId) return this.send(res, 400, { code: 'PARAM_ERROR', message: 'mchid' })
      if (o?.trade_state === 'SUCCESS') return this.send(res, 400, { code: 'ORDERPAID', message: '订单已支付' })
      // WeChat answers 204 for an order it does not know and for a second close too
      if (o) o.trade_state = 'CLOSED'
      return this.send(res, 204, undefined)
    }
    const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname)
    if (req.method === 'GET' && q) {
      const o = this.orders.get(decodeURIComponent(q[1]))
      if (url.searchParams.get('mchid') !== mch.mchId || (o && o.mchid !== mch.mchId))
        return this.send(res, 400, { code: 'PARAM_ERROR', message: 'mchid' })
      if (!o) return this.send(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' })
      return this.send(
        res,
        200,
        transaction({
          appid: o.appid,
          mchid: o.mchid,
          out_trade_no: o.out_trade_no,
          trade_state: o.trade_state,
          amount: { total: o.amount.total, currency: 'CNY' },
          ...(o.trade_state === 'SUCCESS' ? {} : { transaction_id: undefined })
        })
      )
    }
    return this.send(res, 404, { code: 'NOT_FOUND', message: 'no route' })
  }
}
