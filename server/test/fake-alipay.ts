/**
 * A fake Alipay gateway on 127.0.0.1 (not a test file itself), written with node:crypto: it verifies OUR RSA2
 * request signature with the app public key and answers with responses signed by the "Alipay" key over the raw
 * `<method>_response` text; it creates, queries and closes trades (alipay.trade.create / query / close). Notifications
 * are form posts signed the way Alipay signs (signedNotify). Serves bills (alipay.data.dataservice.bill.downloadurl.query,
 * then GET of the link: a zip of GBK CSV files, fake-bills.ts). Used by provider-alipay.test.ts, provider-orders.test.ts
 * and reconciliation.test.ts.
 */
import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' }
  })

export const app = rsa()
export const alipay = rsa()
export const stranger = rsa()
export const APP_ID = '2021000000000001'

/** request rule: non-empty params except sign, sorted */
export const requestContent = (p: Record<string, string>) =>
  Object.keys(p)
    .filter((k) => k !== 'sign' && p[k] !== '')
    .sort()
    .map((k) => `${k}=${p[k]}`)
    .join('&')

export function signedNotify(params: Record<string, string>, key = alipay.privateKey): Record<string, string> {
  const content = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
  return { ...params, sign: createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64') }
}

export function notifyParams(over: Record<string, string> = {}): Record<string, string> {
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

export const encodeForm = (p: Record<string, string>) => new URLSearchParams(p).toString() // '+' for spaces, as browsers and Alipay post

export interface Seen {
  params: Record<string, string>
  signatureValid: boolean
  contentType: string
}

export class FakeAlipay {
  server!: Server
  gateway = ''
  seen: Seen[] = []
  trades = new Map<string, { total_amount: string; trade_no: string; trade_status: string }>()
  signWith: string | null = null
  /** alters the answer after signing */
  tamper = false
  unsigned = false
  /** answers given to the next alipay.trade.close calls instead of closing (the response node), first first */
  closeFailures: Array<Record<string, unknown>> = []
  /** bill archives by day (YYYY-MM-DD, fake-bills.ts alipayBillZip); a day without one has none */
  bills = new Map<string, Buffer>()
  private readonly downloads = new Map<string, Buffer>()

  constructor(private readonly appPublicKey: string = app.publicKey) {}

  async start() {
    this.server = createServer((req, res) => void this.handle(req, res))
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r))
    this.gateway = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/gateway.do`
  }

  stop() {
    return new Promise<void>((r) => this.server.close(() => r()))
  }

  /** the close calls seen (valid signature or not) */
  closes(billNo?: string): Seen[] {
    return this.seen.filter(
      (s) => s.params.method === 'alipay.trade.close' && (!billNo || JSON.parse(s.params.biz_content ?? '{}').out_trade_no === billNo)
    )
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
    if (req.method === 'GET' && url.pathname === '/bill/download') {
      // the link is pre-authorised by its token, as Alipay's dwbillcenter links are
      const zip = this.downloads.get(url.searchParams.get('token') ?? '')
      res.writeHead(zip ? 200 : 404, { 'content-type': zip ? 'application/oct-stream' : 'text/plain' })
      return res.end(zip ?? 'not found')
    }
    const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
    let signatureValid = false
    try {
      signatureValid = createVerify('RSA-SHA256')
        .update(requestContent(params), 'utf8')
        .verify(this.appPublicKey, params.sign ?? '', 'base64')
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
    const notExist = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' }
    if (params.method === 'alipay.trade.create') {
      const trade_no = `2026${Date.now()}${randomBytes(3).toString('hex')}`
      this.trades.set(biz.out_trade_no, { total_amount: biz.total_amount, trade_no, trade_status: 'WAIT_BUYER_PAY' })
      return this.answer(res, member, { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, trade_no })
    }
    if (params.method === 'alipay.trade.query') {
      const t = this.trades.get(biz.out_trade_no)
      if (!t) return this.answer(res, member, notExist)
      return this.answer(res, member, {
        code: '10000',
        msg: 'Success',
        out_trade_no: biz.out_trade_no,
        ...t,
        buyer_logon_id: 'don***@example.com'
      })
    }
    if (params.method === 'alipay.data.dataservice.bill.downloadurl.query') {
      const zip = this.bills.get(biz.bill_date)
      if (biz.bill_type !== 'trade' || !zip)
        return this.answer(res, member, { code: '40004', msg: 'Business Failed', sub_code: 'isp.bill_not_exist', sub_msg: '账单不存在' })
      const token = randomBytes(16).toString('hex')
      this.downloads.set(token, zip)
      const origin = new URL(this.gateway).origin
      return this.answer(res, member, { code: '10000', msg: 'Success', bill_download_url: `${origin}/bill/download?token=${token}` })
    }
    if (params.method === 'alipay.trade.close') {
      const failure = this.closeFailures.shift()
      if (failure) return this.answer(res, member, failure)
      const t = this.trades.get(biz.out_trade_no)
      if (!t) return this.answer(res, member, notExist)
      if (t.trade_status !== 'WAIT_BUYER_PAY')
        return this.answer(res, member, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_STATUS_ERROR',
          sub_msg: '交易状态不合法'
        })
      t.trade_status = 'TRADE_CLOSED'
      return this.answer(res, member, { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, trade_no: t.trade_no })
    }
    return this.answer(res, member, { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' })
  }
}
