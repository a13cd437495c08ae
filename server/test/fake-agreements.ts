/**
 * Fake payment-agreement servers on 127.0.0.1 (not a test file itself) for monthly giving
 * (docs/decisions/079-monthly-providers.md), written with node:crypto independently of the providers, speaking the
 * documented protocols at the HTTP boundary:
 * - FakePapay: WeChat Pay API v3 委托代扣 (预约扣费) for a direct merchant. It checks OUR Authorization signature with
 *   the merchant's public key and answers platform-signed JSON: pre-sign (…/pre-entrust-sign/{mini-program|jsapi|h5}),
 *   the pre-deduction notice (POST /v3/papay/contracts/{contract_id}/notify, 204), the charge
 *   (POST /v3/papay/pay/transactions/apply, refused without a notice since the last paid charge, outside the notice's
 *   charge days: from the second day after the notice day for deduct_duration.count days, and outside 7:00-22:00
 *   Beijing, notices too, by the simulated `clock` the test sets), the order query, and
 *   terminate (…/plan-id/{plan_id}/out-contract-code/{code}/terminate). signed()/terminated()/paidNotice() build the
 *   notifications WeChat would post (platform-signed headers, AEAD_AES_256_GCM resource).
 * - FakeAlipayCycle: Alipay's gateway for 周期扣款: alipay.trade.pay with agreement_params.agreement_no,
 *   alipay.trade.query, alipay.user.agreement.unsign, every request's RSA2 sign verified and every answer signed over
 *   the raw `<method>_response` text; a charge outside D-3..D of the agreed day (execute_time's day of the month) by
 *   the simulated `clock` the test sets is refused with ACQ.CYCLE_PAY_DATE_NOT_MATCH; checkSignPage() reads the alipay.user.agreement.page.sign URL the donor opens,
 *   and signed()/unsigned() build the dut_user_sign / dut_user_unsign form notifications.
 */
import { createSign, createVerify, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { APP_ID as ALIPAY_APP_ID, alipay as alipayKeys, app as alipayApp, requestContent, signedNotify, encodeForm } from './fake-alipay'
import { APP_ID as WX_APP_ID, MCH_ID, SERIAL, encrypt, merchant, now, platformHeaders, transaction } from './fake-wechatpay'

/** the simulated Beijing day and time the fakes judge a request by (the test sets it for each collection run) */
export interface FakeClock {
  day: string
  time: string
}

/** `day` (YYYY-MM-DD) plus n days, written here apart from the server's dates.ts */
function plusDays(day: string, n: number) {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + n)
  return d.toISOString().slice(0, 10)
}

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => void handler(req, res))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

export interface PapayContract {
  contract_id: string
  out_contract_code: string
  plan_id: number
  openid: string
  state: 'PENDING' | 'SIGNED' | 'TERMINATED'
  /** what its charges do */
  mode: 'pay' | 'decline'
  notifyUrl: string
  /** pre-deduction notices received, and whether one is waiting for the next charge */
  notices: number
  noticeWaiting: boolean
  /** the simulated day of the last notice and its deduct_duration.count */
  noticeDay: string
  noticeCount: number
}

export const PAPAY_PLAN_ID = 12535

export class FakePapay {
  server!: Server
  baseUrl = ''
  contracts = new Map<string, PapayContract>()
  orders = new Map<string, { out_trade_no: string; contract_id: string; total: number; trade_state: string; transaction_id: string }>()
  /** every request: method, path, body, whether our signature verified, the simulated day it came on */
  seen: Array<{ method: string; path: string; body: string; signatureValid: boolean; day: string }> = []
  clock: FakeClock = { day: '', time: '' }
  /** answers the next terminate calls give instead of terminating */
  terminateFailures = 0

  async start() {
    const { server, origin } = await listen((req, res) => this.handle(req, res))
    this.server = server
    this.baseUrl = origin
  }

  stop() {
    return new Promise<void>((r) => this.server.close(() => r()))
  }

  /** the simulated time is set (a test that forgets gets no answer it could take for WeChat's) and within 7:00-22:00 */
  private inHours() {
    if (!this.clock.day || !/^\d{2}:\d{2}$/.test(this.clock.time)) throw new Error('FakePapay: the test did not set the clock')
    return this.clock.time >= '07:00' && this.clock.time < '22:00'
  }

  applies(contractId?: string) {
    return this.seen.filter(
      (s) => s.path === '/v3/papay/pay/transactions/apply' && (!contractId || JSON.parse(s.body).contract_id === contractId)
    )
  }

  private send(res: ServerResponse, status: number, body?: unknown) {
    const raw = body === undefined ? '' : JSON.stringify(body)
    res.writeHead(status, { ...(raw ? { 'content-type': 'application/json' } : {}), ...platformHeaders(raw) })
    res.end(raw)
  }

  /** the contract the donor signs on WeChat's page: WeChat then posts PAPAY.SIGN to contract_notify_url */
  sign(code: string): PapayContract {
    const c = [...this.contracts.values()].find((x) => x.out_contract_code === code)
    if (!c) throw new Error(`no pre-signed contract ${code}`)
    c.state = 'SIGNED'
    return c
  }

  /** a v3 notification as WeChat posts it: platform-signed headers over the raw body, the resource encrypted */
  notification(eventType: string, resource: object) {
    const body = JSON.stringify({
      id: `EV-${randomBytes(6).toString('hex')}`,
      create_time: '2026-11-28T10:00:00+08:00',
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: eventType,
      resource: encrypt(JSON.stringify(resource), undefined, eventType.startsWith('PAPAY') ? 'papay' : 'transaction')
    })
    return { body, headers: { 'content-type': 'application/json', ...platformHeaders(body) } }
  }

  contractNotice(c: PapayContract) {
    return this.notification(c.state === 'TERMINATED' ? 'PAPAY.TERMINATE' : 'PAPAY.SIGN', {
      mchid: MCH_ID,
      appid: WX_APP_ID,
      plan_id: c.plan_id,
      contract_id: c.contract_id,
      out_contract_code: c.out_contract_code,
      openid: c.openid,
      contract_state: c.state === 'TERMINATED' ? 'TERMINATED' : 'SIGNED',
      operate_time: '2026-11-28T10:00:00+08:00'
    })
  }

  paidNotice(billNo: string) {
    const o = this.orders.get(billNo)
    if (!o) throw new Error(`no order ${billNo}`)
    return this.notification('TRANSACTION.SUCCESS', {
      ...transaction({ out_trade_no: o.out_trade_no, transaction_id: o.transaction_id, amount: { total: o.total, currency: 'CNY' } }),
      trade_type: 'PAP',
      contract_id: o.contract_id
    })
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req)
    const auth: Record<string, string> = {}
    const m = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(String(req.headers.authorization ?? ''))
    for (const part of (m?.[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)) auth[part[1]] = part[2]
    let signatureValid = false
    try {
      signatureValid = createVerify('RSA-SHA256')
        .update(`${req.method}\n${req.url}\n${auth.timestamp}\n${auth.nonce_str}\n${body}\n`)
        .verify(merchant.publicKey, auth.signature ?? '', 'base64')
    } catch {
      signatureValid = false
    }
    const url = new URL(req.url ?? '/', 'http://x')
    this.seen.push({ method: req.method ?? '', path: url.pathname, body, signatureValid, day: this.clock.day })
    if (!signatureValid || auth.mchid !== MCH_ID || auth.serial_no !== SERIAL || Math.abs(now() - Number(auth.timestamp)) > 300)
      return this.send(res, 401, { code: 'SIGN_ERROR', message: '签名错误' })
    const json = body ? JSON.parse(body) : {}

    const pre = /^\/v3\/papay\/scheduled-deduct-sign\/contracts\/pre-entrust-sign\/(mini-program|jsapi|h5)$/.exec(url.pathname)
    if (req.method === 'POST' && pre) {
      if (json.appid !== WX_APP_ID || json.plan_id !== PAPAY_PLAN_ID || typeof json.out_contract_code !== 'string')
        return this.send(res, 400, { code: 'PARAM_ERROR', message: 'appid, plan_id or out_contract_code' })
      if (!/^https:\/\//.test(String(json.contract_notify_url)) || !json.deduct_schedule?.estimated_deduct_amount?.total)
        return this.send(res, 400, { code: 'PARAM_ERROR', message: 'contract_notify_url or deduct_schedule' })
      if (pre[1] !== 'h5' && !json.openid) return this.send(res, 400, { code: 'PARAM_ERROR', message: 'openid' })
      const contract_id = `2026${Date.now()}${randomBytes(3).toString('hex')}`
      this.contracts.set(contract_id, {
        contract_id,
        out_contract_code: json.out_contract_code,
        plan_id: json.plan_id,
        openid: json.openid ?? '',
        state: 'PENDING',
        mode: 'pay',
        notifyUrl: json.contract_notify_url,
        notices: 0,
        noticeWaiting: false,
        noticeDay: '',
        noticeCount: 0
      })
      const id = `pre${randomBytes(8).toString('hex')}`
      if (pre[1] === 'mini-program')
        return this.send(res, 200, { pre_entrustweb_id: id, redirect_appid: 'wxbd687630cd02ce1d', redirect_path: 'pages/index/index' })
      return this.send(res, 200, { redirect_url: `https://pay.weixin.qq.com/papay/entrust?pre_entrustweb_id=${id}` })
    }

    const notice = /^\/v3\/papay\/contracts\/([^/]+)\/notify$/.exec(url.pathname)
    if (req.method === 'POST' && notice) {
      const c = this.contracts.get(decodeURIComponent(notice[1]))
      if (json.mchid !== MCH_ID || json.appid !== WX_APP_ID || !json.estimated_amount?.amount)
        return this.send(res, 400, { code: 'PARAM_ERROR', message: 'mchid, appid or estimated_amount' })
      if (!c || c.state !== 'SIGNED') return this.send(res, 404, { code: 'NOT_FOUND', message: '协议不存在' })
      const count = json.deduct_duration?.count
      if (json.deduct_duration?.unit !== 'DAY' || !Number.isInteger(count) || count < 1)
        return this.send(res, 400, { code: 'PARAM_ERROR', message: 'deduct_duration' })
      if (!this.inHours()) return this.send(res, 403, { code: 'RULE_LIMIT', message: '请在7:00至22:00发送预扣费通知' })
      c.notices++
      c.noticeWaiting = true
      c.noticeDay = this.clock.day
      c.noticeCount = count
      return this.send(res, 204)
    }

    if (req.method === 'POST' && url.pathname === '/v3/papay/pay/transactions/apply') {
      const c = this.contracts.get(json.contract_id)
      if (json.appid !== WX_APP_ID || !json.amount?.total || typeof json.out_trade_no !== 'string')
        return this.send(res, 400, { code: 'PARAM_ERROR', message: 'appid, amount or out_trade_no' })
      if (!c || c.state !== 'SIGNED') return this.send(res, 400, { code: 'CONTRACT_NOT_EXIST', message: '协议不存在或已解约' })
      if (this.orders.has(json.out_trade_no)) return this.send(res, 400, { code: 'ALREADY_EXISTS', message: '订单已存在' })
      // WeChat deducts only after the donor was told (预扣费通知)
      if (!c.noticeWaiting) return this.send(res, 400, { code: 'INVALID_REQUEST', message: '扣费前未发送预扣费通知' })
      // the notice day and the next are the donor's waiting period; then count days of charges, 7:00-22:00 only
      const day = this.clock.day
      if (!this.inHours() || day < plusDays(c.noticeDay, 2) || day > plusDays(c.noticeDay, 1 + c.noticeCount))
        return this.send(res, 403, { code: 'RULE_LIMIT', message: '不在预扣费通知的扣费时间内' })
      if (c.mode === 'decline') return this.send(res, 403, { code: 'NOT_ENOUGH', message: '用户账户余额不足' })
      c.noticeWaiting = false
      this.orders.set(json.out_trade_no, {
        out_trade_no: json.out_trade_no,
        contract_id: c.contract_id,
        total: json.amount.total,
        trade_state: 'SUCCESS',
        transaction_id: `4200${Date.now()}${randomBytes(3).toString('hex')}`
      })
      return this.send(res, 200, { out_trade_no: json.out_trade_no, amount: { total: json.amount.total, currency: 'CNY' } })
    }

    const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname)
    if (req.method === 'GET' && q) {
      const o = this.orders.get(decodeURIComponent(q[1]))
      if (url.searchParams.get('mchid') !== MCH_ID) return this.send(res, 400, { code: 'PARAM_ERROR', message: 'mchid' })
      if (!o) return this.send(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' })
      return this.send(
        res,
        200,
        transaction({
          out_trade_no: o.out_trade_no,
          transaction_id: o.transaction_id,
          trade_state: o.trade_state,
          amount: { total: o.total, currency: 'CNY' }
        })
      )
    }

    const end = /^\/v3\/papay\/sign\/contracts\/plan-id\/(\d+)\/out-contract-code\/([^/]+)\/terminate$/.exec(url.pathname)
    if (req.method === 'POST' && end) {
      if (this.terminateFailures > 0) {
        this.terminateFailures--
        return this.send(res, 500, { code: 'SYSTEM_ERROR', message: '系统错误' })
      }
      const c = [...this.contracts.values()].find((x) => x.out_contract_code === decodeURIComponent(end[2]) && x.plan_id === Number(end[1]))
      if (!c) return this.send(res, 404, { code: 'NOT_FOUND', message: '协议不存在' })
      if (!json.contract_termination_remark) return this.send(res, 400, { code: 'PARAM_ERROR', message: 'contract_termination_remark' })
      c.state = 'TERMINATED'
      return this.send(res, 200, {
        mchid: MCH_ID,
        appid: WX_APP_ID,
        contract_id: c.contract_id,
        plan_id: c.plan_id,
        contract_state: 'TERMINATED'
      })
    }
    return this.send(res, 404, { code: 'NOT_FOUND', message: 'no route' })
  }
}

export interface CycleAgreement {
  agreement_no: string
  external_agreement_no: string
  status: 'TEMP' | 'NORMAL' | 'UNSIGN'
  mode: 'pay' | 'decline'
  /** the agreed day of the month (period_rule_params.execute_time's) */
  day: number
}

export const CYCLE_SIGN_SCENE = 'INDUSTRY|DONATION'

export class FakeAlipayCycle {
  server!: Server
  gateway = ''
  agreements = new Map<string, CycleAgreement>()
  trades = new Map<string, { total_amount: string; trade_no: string; agreement_no: string }>()
  seen: Array<{ method: string; biz: any; signatureValid: boolean; day: string }> = []
  unsignFailures = 0
  clock: FakeClock = { day: '', time: '' }
  /** the agreed day of the month of each sign page read (external_agreement_no), for the agreement signed there */
  private agreedDays = new Map<string, number>()

  async start() {
    const { server, origin } = await listen((req, res) => this.handle(req, res))
    this.server = server
    this.gateway = `${origin}/gateway.do`
  }

  stop() {
    return new Promise<void>((r) => this.server.close(() => r()))
  }

  pays(agreementNo?: string) {
    return this.seen.filter(
      (s) => s.method === 'alipay.trade.pay' && (!agreementNo || s.biz.agreement_params?.agreement_no === agreementNo)
    )
  }

  /** reads the page-sign URL the donor's browser opens: its RSA2 sign and its 周期扣款 parameters */
  checkSignPage(url: string) {
    const u = new URL(url)
    const params = Object.fromEntries(u.searchParams)
    const valid = createVerify('RSA-SHA256')
      .update(requestContent(params), 'utf8')
      .verify(alipayApp.publicKey, params.sign ?? '', 'base64')
    const biz = JSON.parse(params.biz_content)
    const day = Number(/^\d{4}-\d{2}-(\d{2})$/.exec(String(biz.period_rule_params?.execute_time))?.[1])
    if (day) this.agreedDays.set(biz.external_agreement_no, day)
    return { valid, params, biz }
  }

  /** the donor signs: Alipay keeps the agreement and posts dut_user_sign */
  sign(externalNo: string): CycleAgreement {
    const day = this.agreedDays.get(externalNo)
    if (!day) throw new Error(`no sign page read for ${externalNo}`)
    const a: CycleAgreement = {
      day,
      agreement_no: `2026${Date.now()}${randomBytes(3).toString('hex')}`,
      external_agreement_no: externalNo,
      status: 'NORMAL',
      mode: 'pay'
    }
    this.agreements.set(a.agreement_no, a)
    return a
  }

  notification(a: CycleAgreement, key = alipayKeys.privateKey) {
    const params = signedNotify(
      {
        notify_id: randomBytes(8).toString('hex'),
        notify_time: '2026-11-28 10:00:00',
        notify_type: a.status === 'UNSIGN' ? 'dut_user_unsign' : 'dut_user_sign',
        app_id: ALIPAY_APP_ID,
        agreement_no: a.agreement_no,
        external_agreement_no: a.external_agreement_no,
        personal_product_code: 'CYCLE_PAY_AUTH_P',
        sign_scene: CYCLE_SIGN_SCENE,
        status: a.status === 'UNSIGN' ? 'UNSIGN' : 'NORMAL',
        alipay_user_id: '2088102177846880',
        sign_time: '2026-11-28 10:00:00',
        sign_type: 'RSA2',
        charset: 'utf-8',
        version: '1.0'
      },
      key
    )
    return { body: encodeForm(params), headers: { 'content-type': 'application/x-www-form-urlencoded' } }
  }

  private answer(res: ServerResponse, member: string, node: Record<string, unknown>) {
    const text = JSON.stringify(node)
    const sign = createSign('RSA-SHA256').update(text, 'utf8').sign(alipayKeys.privateKey, 'base64')
    res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' })
    res.end(`{"${member}":${text},"sign":"${sign}"}`)
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const params = Object.fromEntries(new URLSearchParams(await readBody(req)))
    let signatureValid = false
    try {
      signatureValid = createVerify('RSA-SHA256')
        .update(requestContent(params), 'utf8')
        .verify(alipayApp.publicKey, params.sign ?? '', 'base64')
    } catch {
      signatureValid = false
    }
    const biz = params.biz_content ? JSON.parse(params.biz_content) : {}
    this.seen.push({ method: params.method, biz, signatureValid, day: this.clock.day })
    const member = `${String(params.method).replace(/\./g, '_')}_response`
    if (!signatureValid || params.app_id !== ALIPAY_APP_ID || params.sign_type !== 'RSA2')
      return this.answer(res, member, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' })
    const fail = (sub_code: string, sub_msg: string) =>
      this.answer(res, member, { code: '40004', msg: 'Business Failed', sub_code, sub_msg })
    if (params.method === 'alipay.trade.pay') {
      const a = this.agreements.get(biz.agreement_params?.agreement_no)
      if (biz.product_code !== 'GENERAL_WITHHOLDING') return fail('ACQ.INVALID_PARAMETER', 'product_code')
      if (!a || a.status !== 'NORMAL') return fail('ACQ.AGREEMENT_NOT_EXIST', '协议不存在')
      const known = this.trades.get(biz.out_trade_no)
      if (known) return fail('ACQ.TRADE_HAS_SUCCESS', '交易已被支付')
      // a MONTH agreement is charged only in the days up to its agreed day: D-3..D of this month's or next month's D
      if (!this.clock.day) throw new Error('FakeAlipayCycle: the test did not set the clock')
      const month = this.clock.day.slice(0, 7)
      const next = plusDays(`${month}-28`, 7).slice(0, 7)
      const agreed = [month, next].map((m) => `${m}-${String(a.day).padStart(2, '0')}`)
      if (!agreed.some((d) => plusDays(d, -3) <= this.clock.day && this.clock.day <= d))
        return fail('ACQ.CYCLE_PAY_DATE_NOT_MATCH', '当前时间不在扣款周期内')
      if (a.mode === 'decline') return fail('ACQ.BUYER_BALANCE_NOT_ENOUGH', '买家余额不足')
      const trade_no = `2026${Date.now()}${randomBytes(4).toString('hex')}`
      this.trades.set(biz.out_trade_no, { total_amount: biz.total_amount, trade_no, agreement_no: a.agreement_no })
      return this.answer(res, member, {
        code: '10000',
        msg: 'Success',
        out_trade_no: biz.out_trade_no,
        trade_no,
        total_amount: biz.total_amount,
        trade_status: 'TRADE_SUCCESS'
      })
    }
    if (params.method === 'alipay.trade.query') {
      const t = this.trades.get(biz.out_trade_no)
      if (!t) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在')
      return this.answer(res, member, {
        code: '10000',
        msg: 'Success',
        out_trade_no: biz.out_trade_no,
        ...t,
        trade_status: 'TRADE_SUCCESS'
      })
    }
    if (params.method === 'alipay.user.agreement.unsign') {
      if (this.unsignFailures > 0) {
        this.unsignFailures--
        return this.answer(res, member, { code: '20000', msg: 'Service Currently Unavailable', sub_code: 'isp.unknow-error' })
      }
      const a = this.agreements.get(biz.agreement_no)
      if (!a) return fail('AGREEMENT_NOT_EXIST', '协议不存在')
      a.status = 'UNSIGN'
      return this.answer(res, member, { code: '10000', msg: 'Success' })
    }
    return fail('isv.invalid-method', '不存在的方法名')
  }
}
