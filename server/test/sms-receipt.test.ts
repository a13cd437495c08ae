/**
 * SMS receipts (receipt way 4; docs/decisions/050-yearly-statement.md) against a fake Tencent Cloud SendSms endpoint on
 * loopback that checks the TC3-HMAC-SHA256 signature: when staff attach the file, the job worker texts the school's
 * receipt template with a short link PUBLIC_BASE_URL/r/<code>, and the receipt moves to 7 with no staff step. The link
 * opens the receipt page only (a redirect with the receipt id); the receipt itself stays the owner's. A school without
 * a receipt template leaves the receipt at 6 for staff, as before.
 */
import assert from 'node:assert/strict'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, type ApplyAnswer, type ReceiptRecord } from '../../types'
import { saveFulfilmentConfig } from '../src/domain/fulfilment/config'
import { tc3Authorization } from '../src/providers/sms/tencent'
import { SCHOLARSHIP, paidGift, projectIdOf } from './center-fixtures'
import { TEST_BUILD_DEFAULTS, call, login, startApp, type TestContext } from './helpers'
import { schoolIdOf } from './order-fixtures'
import { staffCall, staffLogin, type StaffLogin } from './staff-fixtures'

const SECRET_ID = 'AKIDreceiptsms0001'
const SECRET_KEY = 'receipt-sms-secret-key-0001'
interface Sent {
  phones: string[]
  templateId: string
  params: string[]
  signName: string
}
const sent: Sent[] = []
let fake: Server
let ctx: TestContext
let app: FastifyInstance
let sid: number
let staff: StaffLogin
let scholarship: number

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = ''
    req.on('data', (c) => (s += c))
    req.on('end', () => resolve(s))
  })

before(async () => {
  fake = createServer(async (req, res) => {
    const payload = await readBody(req)
    const expected = tc3Authorization({
      secretId: SECRET_ID,
      secretKey: SECRET_KEY,
      host: String(req.headers.host),
      action: 'SendSms',
      payload,
      timestamp: Number(req.headers['x-tc-timestamp'])
    })
    res.setHeader('content-type', 'application/json')
    if (req.headers.authorization !== expected) {
      res.end(JSON.stringify({ Response: { Error: { Code: 'AuthFailure.SignatureFailure' } } }))
      return
    }
    const b = JSON.parse(payload) as { PhoneNumberSet: string[]; TemplateId: string; TemplateParamSet: string[]; SignName: string }
    sent.push({ phones: b.PhoneNumberSet, templateId: b.TemplateId, params: b.TemplateParamSet, signName: b.SignName })
    res.end(JSON.stringify({ Response: { SendStatusSet: [{ Code: 'Ok' }], RequestId: 'r1' } }))
  })
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r))
  const endpoint = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`
  const env = { T_SMS_ID: SECRET_ID, T_SMS_KEY: SECRET_KEY, SECRET_ENV_ALLOW: 'T_SMS_ID,T_SMS_KEY' }
  ctx = await startApp({
    build: {
      identity: { env },
      outbound: { allowLoopback: true },
      orders: { ...TEST_BUILD_DEFAULTS.orders, publicBaseUrl: 'https://give.example.test' }
    }
  })
  app = ctx.app
  sid = await schoolIdOf(app, 'demo')
  await app.db
    .insertInto('sms_config')
    .values({
      school_id: sid,
      provider: 'tencent',
      secret_id: 'env:T_SMS_ID',
      secret_key: 'env:T_SMS_KEY',
      sdk_app_id: '1400000001',
      sign_name: '示范大学教育基金会',
      template_id: '100001',
      template_params: 'code,minutes',
      receipt_template_id: '300003',
      region: 'ap-guangzhou',
      endpoint,
      enabled: 1,
      updated_at: new Date().toISOString()
    })
    .execute()
  await saveFulfilmentConfig(app.db, sid, {
    isOpenPaper: true,
    certificateWays: [1, 2],
    isOpenReceipt: true,
    validType: 1,
    isCreditCode: false
  })
  staff = await staffLogin(app, 'demo', ['fulfilment'], 'sms.receipt.staff')
  scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
})
after(async () => {
  await ctx.close()
  await new Promise<void>((r) => fake.close(() => r()))
})

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

async function smsReceipt(token: string, mobile: string) {
  const gift = await paidGift(app, 'demo', token, scholarship, { currencyMoney: '88.00' })
  const r = await call<ApplyAnswer>(app, 'demo', Api.receiptInsert, {
    method: 'POST',
    token,
    body: { donorType: 1, donorName: '张三', receiptType: 2, receiptWay: 4, postalMobileSms: mobile, donateRecordIds: [gift.id] }
  })
  assert.equal(r.body.code, 0, r.body.message)
  return r.body.data.ids[0]
}
async function advanceAndAttach(id: number) {
  const a = await staffCall(app, 'demo', 'POST', `/applications/receipt/${id}/advance`, { token: staff.token, body: { to: 6 } })
  assert.equal(a.body.code, 0, a.body.message)
  const boundary = '----smsreceipt'
  const res = await app.inject({
    method: 'POST',
    url: `/staff-api/demo/receipts/${id}/file`,
    headers: { authorization: `Staff ${staff.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`)
    ])
  })
  assert.equal((res.json() as { code: number; message: string }).code, 0, res.body)
}
const receiptOf = async (token: string, id: number) => call<ReceiptRecord>(app, 'demo', Api.receiptDetail, { query: { id }, token })

describe('SMS receipts', () => {
  it('staff attach the file -> the donor gets a short link by SMS; the receipt is Sent (7) with no staff step', async () => {
    const donor = await login(app, 'demo', 'sms-receipt-donor')
    const id = await smsReceipt(donor, '86-13800138000')
    await advanceAndAttach(id)
    assert.equal(sent.length, 0, 'nothing on the request path')
    await app.jobs.runJobsOnce()
    assert.equal(sent.length, 1)
    const [sms] = sent
    assert.deepEqual([sms.phones, sms.templateId, sms.signName], [['+8613800138000'], '300003', '示范大学教育基金会'])
    assert.equal(sms.params[0], SCHOLARSHIP.slice(0, 12))
    const link = /^https:\/\/give\.example\.test\/r\/([A-Za-z0-9]{10})$/.exec(sms.params[1])
    assert.ok(link, sms.params[1])

    assert.equal((await receiptOf(donor, id)).body.data.status, 7)
    const hist = await app.db
      .selectFrom('fulfilment_history')
      .selectAll()
      .where('kind', '=', 'receipt')
      .where('request_id', '=', id)
      .orderBy('id')
      .execute()
    assert.deepEqual(
      hist.map((h) => [h.action, h.from_status, h.to_status]),
      [
        ['advance', 1, 6],
        ['attach', 6, 6],
        ['advance', 6, 7]
      ]
    )
    assert.equal((JSON.parse(hist[2].detail) as { sentBy: string }).sentBy, 'sms')
    const [n] = await app.db.selectFrom('notification').selectAll().where('kind', '=', 'receipt').where('ref_id', '=', id).execute()
    assert.deepEqual([n.state, n.channel, n.recipient], ['sent', 'sms', '86-13800138000'])

    // the link opens the receipt page, nothing more: no file, no token in it
    const open = await app.inject({ url: `/r/${link[1]}` })
    assert.equal(open.statusCode, 302)
    assert.equal(open.headers.location, `/mine-paper-detail?id=${id}&school=demo`)
    assert.equal((await app.inject({ url: '/r/notAcode99' })).statusCode, 404)
    // the receipt page shows it to its owner only
    const stranger = await login(app, 'demo', 'sms-receipt-stranger')
    const theirs = await receiptOf(stranger, id)
    assert.notEqual(theirs.body.code, 0)
    assert.ok(!JSON.stringify(theirs.body).includes('/files/'), 'no file for someone else')
  })

  it('a school without a receipt template: the notification is skipped and the receipt waits at 6 for staff', async () => {
    await app.db.updateTable('sms_config').set({ receipt_template_id: '' }).where('school_id', '=', sid).execute()
    try {
      const donor = await login(app, 'demo', 'sms-receipt-no-template')
      const id = await smsReceipt(donor, '13900139000')
      await advanceAndAttach(id)
      const before = sent.length
      await app.jobs.runJobsOnce()
      assert.equal(sent.length, before)
      const [n] = await app.db.selectFrom('notification').selectAll().where('kind', '=', 'receipt').where('ref_id', '=', id).execute()
      assert.equal(n.state, 'skipped')
      assert.match(n.last_error, /receipt template/)
      assert.equal((await receiptOf(donor, id)).body.data.status, 6)
    } finally {
      await app.db.updateTable('sms_config').set({ receipt_template_id: '300003' }).where('school_id', '=', sid).execute()
    }
  })
})
