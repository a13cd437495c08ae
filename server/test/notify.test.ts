/**
 * Notifications (docs/decisions/044-notifications.md) against a real SMTP server on loopback (smtp-server): a donor
 * who chose an e-mail receipt receives it with the PDF attached once staff attach the file, and the receipt moves to
 * 7 sent with no staff step; a refusing server leads to retries with backoff and a visible failed state; a choice
 * turned off sends nothing; the unsubscribe link works without signing in; news the donor turned on goes out in the
 * donor's language. Nothing is sent on the request path: the job worker (run by hand here) sends.
 */
import assert from 'node:assert/strict'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { SMTPServer } from 'smtp-server'
import { Api, type ApplyAnswer, type NoticePreferences, type ReceiptRecord } from '../../types'
import { saveFulfilmentConfig } from '../src/domain/fulfilment/config'
import { scrub, secretsOf } from '../src/domain/notify/mail'
import { createStaff } from '../src/domain/staff/service'
import { SCHOLARSHIP, paidGift, projectIdOf } from './center-fixtures'
import { TEST_BUILD_DEFAULTS, call, login, startApp, type TestContext } from './helpers'
import { schoolIdOf } from './order-fixtures'
import { decodeWords, header, parts } from './smtp-fixtures'

interface Received {
  from: string
  to: string[]
  user: string
  raw: string
}

const SMTP_PASSWORD = 'smtp-pass-Zq81'
const received: Received[] = []
/** 451 at RCPT TO while set: a server refusing the message */
let refuse = false
let smtp: SMTPServer
let ctx: TestContext
let app: FastifyInstance
let sid: number
let donor: string
let staffToken: string
let scholarship: number

before(async () => {
  smtp = new SMTPServer({
    // plain loopback: no STARTTLS offered here (the client uses it whenever a server offers it)
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'notify-user' && auth.password === SMTP_PASSWORD) return cb(null, { user: auth.username })
      cb(new Error('bad credentials'))
    },
    onRcptTo(_address, _session, cb) {
      if (refuse) return cb(Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 }))
      cb()
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: String(session.user),
          raw: Buffer.concat(chunks).toString('utf8')
        })
        cb()
      })
    }
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const port = (smtp.server.address() as AddressInfo).port
  ctx = await startApp({
    build: {
      notify: {
        smtpUrl: `smtp://notify-user:${SMTP_PASSWORD}@127.0.0.1:${port}`,
        mailFrom: '示范大学基金会 <give@example.edu.cn>',
        env: {}
      },
      orders: { ...TEST_BUILD_DEFAULTS.orders, publicBaseUrl: 'https://give.example.test' }
    }
  })
  app = ctx.app
  sid = await schoolIdOf(app, 'demo')
  await saveFulfilmentConfig(app.db, sid, {
    isOpenPaper: true,
    certificateWays: [1, 2],
    isOpenReceipt: true,
    validType: 1,
    isCreditCode: false
  })
  await createStaff(app.db, sid, { username: 'mail.staff', password: 'staff-password-1' })
  const r = await app.inject({
    method: 'POST',
    url: '/staff-api/demo/login',
    payload: { username: 'mail.staff', password: 'staff-password-1' }
  })
  staffToken = (r.json() as { data: { token: string } }).data.token
  donor = await login(app, 'demo', 'notify-donor')
  scholarship = await projectIdOf(app, 'demo', SCHOLARSHIP)
})
after(async () => {
  await ctx.close()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

// the MIME reader of smtp-fixtures.ts (no parser package here)
const textOf = (raw: string) =>
  parts(raw)
    .find((p) => /text\/plain/i.test(header(p.headers, 'Content-Type')))!
    .body.toString('utf8')

// ---------------------------------------------------------------- helpers

/** polls until `n` messages arrived (no fixed sleep): the worker round awaits the send, this guards the server side */
async function arrived(n: number, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs
  while (received.length < n) {
    if (Date.now() > until) throw new Error(`expected ${n} messages, got ${received.length}`)
    await new Promise((r) => setTimeout(r, 20))
  }
  return received[n - 1]
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n% 捐赠票据\ntrailer <<>>\n%%EOF\n')

async function upload(id: number, data: Buffer) {
  const boundary = '----notifytest'
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`)
  ])
  const res = await app.inject({
    method: 'POST',
    url: `/staff-api/demo/receipts/${id}/file`,
    headers: { authorization: `Staff ${staffToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload
  })
  const body = res.json() as { code: number; message: string }
  assert.equal(body.code, 0, body.message)
}
async function advance(id: number, to: number) {
  const res = await app.inject({
    method: 'POST',
    url: `/staff-api/demo/applications/receipt/${id}/advance`,
    headers: { authorization: `Staff ${staffToken}` },
    payload: { to }
  })
  assert.equal((res.json() as { code: number }).code, 0)
}
async function emailReceipt(token: string, email: string) {
  const gift = await paidGift(app, 'demo', token, scholarship, { currencyMoney: '128.00' })
  const r = (
    await call<ApplyAnswer>(app, 'demo', Api.receiptInsert, {
      method: 'POST',
      token,
      body: { donorType: 1, donorName: '张三', receiptType: 2, receiptWay: 3, postalEmail: email, donateRecordIds: [gift.id] }
    })
  ).body
  assert.equal(r.code, 0, r.message)
  return r.data.ids[0]
}
const receiptOf = async (token: string, id: number) =>
  (await call<ReceiptRecord>(app, 'demo', Api.receiptDetail, { query: { id }, token })).body.data
const noticesOf = (kind: string, refId: number) =>
  app.db.selectFrom('notification').selectAll().where('kind', '=', kind).where('ref_id', '=', refId).orderBy('id').execute()
const jobsOf = (ids: number[]) =>
  app.db
    .selectFrom('job')
    .selectAll()
    .where('kind', '=', 'notify')
    .execute()
    .then((rows) => rows.filter((j) => ids.includes(Number((JSON.parse(j.payload) as { notificationId: number }).notificationId))))

describe('e-mail receipts', () => {
  it('staff attach the file -> the donor receives the PDF by e-mail, and the receipt is Sent (7) with no staff step', async () => {
    const id = await emailReceipt(donor, 'zhang.san@example.com')
    await advance(id, 6)
    const before = received.length
    await upload(id, PDF)
    // nothing is sent on the request path: the job worker sends
    assert.equal(received.length, before)
    assert.equal((await noticesOf('receipt', id))[0].state, 'queued')
    await app.jobs.runJobsOnce()
    const mail = await arrived(before + 1)

    assert.deepEqual(mail.to, ['zhang.san@example.com'])
    assert.equal(mail.from, 'give@example.edu.cn')
    assert.equal(mail.user, 'notify-user', 'the SMTP_URL credentials authenticate')
    assert.match(decodeWords(header(mail.raw.split('\r\n\r\n')[0], 'Subject')), /捐赠票据/)
    const attachment = parts(mail.raw).find((p) => /application\/pdf/i.test(header(p.headers, 'Content-Type')))
    assert.ok(attachment, 'a PDF part')
    assert.deepEqual(attachment.body, PDF)
    assert.match(header(attachment.headers, 'Content-Disposition'), /attachment/)
    assert.match(textOf(mail.raw), /128\.00/)
    assert.ok(
      parts(mail.raw).some((p) => /text\/html/i.test(header(p.headers, 'Content-Type'))),
      'an HTML body too'
    )

    const seen = await receiptOf(donor, id)
    assert.equal(seen.status, 7)
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
    assert.deepEqual(JSON.parse(hist[2].detail), { sentBy: 'email', notificationId: String((await noticesOf('receipt', id))[0].id) })
    const [n] = await noticesOf('receipt', id)
    assert.deepEqual([n.state, n.channel, n.recipient, n.attempts], ['sent', 'email', 'zhang.san@example.com', 1])
    // a second round sends nothing more
    await app.jobs.runJobsOnce()
    assert.equal(received.length, before + 1)
  })

  it('a refusing SMTP server: retried with backoff, shown retrying and then failed; the receipt stays for staff', async () => {
    const token = await login(app, 'demo', 'notify-refused')
    const id = await emailReceipt(token, 'refused@example.com')
    await advance(id, 6)
    refuse = true
    try {
      const before = received.length
      await upload(id, PDF)
      const t0 = Date.now()
      assert.equal((await app.jobs.runJobsOnce(new Date(t0))).failed, 1)
      let [n] = await noticesOf('receipt', id)
      assert.equal(n.state, 'retrying')
      assert.match(n.last_error, /451/)
      assert.ok(!n.last_error.includes(SMTP_PASSWORD), 'no secret in the stored error')
      // not due again before its backoff
      assert.deepEqual(await app.jobs.runJobsOnce(new Date(t0 + 1000)), { ran: 0, failed: 0 })
      // every later attempt after its backoff, until they are used up
      let at = t0
      for (let i = 0; i < 10; i++) {
        at += 60 * 60_000
        await app.jobs.runJobsOnce(new Date(at))
        ;[n] = await noticesOf('receipt', id)
        if (n.state === 'failed') break
      }
      assert.equal(n.state, 'failed')
      assert.equal(n.attempts, 6)
      const [job] = await jobsOf([n.id])
      assert.deepEqual([job.status, job.attempts], ['failed', 6])
      assert.ok(!job.last_error.includes(SMTP_PASSWORD))
      assert.equal(received.length, before)
      assert.equal((await receiptOf(token, id)).status, 6)
      // staff see it on the application
      const app6 = await app.inject({
        url: `/staff-api/demo/applications/receipt/${id}`,
        headers: { authorization: `Staff ${staffToken}` }
      })
      const detail = (app6.json() as { data: { notice?: { state: string; error: string } } }).data
      assert.equal(detail.notice?.state, 'failed')
      assert.match(detail.notice?.error ?? '', /451/)
    } finally {
      refuse = false
    }
  })

  it('the donor turned e-mail receipts off: nothing is sent, the receipt waits for staff', async () => {
    const token = await login(app, 'demo', 'notify-off')
    const saved = await call<NoticePreferences>(app, 'demo', Api.noticePreferencesSave, {
      method: 'POST',
      token,
      body: { email: '', lang: 'zh_CN', choices: [{ kind: 'receipt', channel: 'email', enabled: false }] }
    })
    assert.equal(saved.body.code, 0, saved.body.message)
    const id = await emailReceipt(token, 'off@example.com')
    await advance(id, 6)
    const before = received.length
    await upload(id, PDF)
    await app.jobs.runJobsOnce()
    assert.equal(received.length, before)
    assert.equal((await noticesOf('receipt', id))[0].state, 'skipped')
    assert.equal((await receiptOf(token, id)).status, 6)
  })
})

describe('secrets', () => {
  it('an SMTP error that quotes the URL or the password is stored without them', () => {
    const url = `smtp://notify-user:${SMTP_PASSWORD}@mail.example.edu.cn:587`
    const out = scrub(`connect failed for ${url}: auth ${SMTP_PASSWORD} refused`, secretsOf(url))
    assert.ok(!out.includes(SMTP_PASSWORD), out)
    assert.match(out, /mail\.example\.edu\.cn/)
  })
})

describe('preferences and unsubscribe', () => {
  it('nothing is on without a choice but the e-mail receipt; news turned on goes out in the donor language', async () => {
    const token = await login(app, 'demo', 'notify-news')
    const first = (await call<NoticePreferences>(app, 'demo', Api.noticePreferences, { token })).body.data
    assert.deepEqual(
      first.choices.filter((c) => c.enabled).map((c) => c.kind),
      ['receipt']
    )
    // a paid gift without any choice: no row, no job, no mail
    const before = received.length
    const quiet = await paidGift(app, 'demo', token, scholarship, { currencyMoney: '10.00' })
    assert.equal((await noticesOf('paid', quiet.id)).length, 0)
    // an invalid address is refused
    const bad = await call(app, 'demo', Api.noticePreferencesSave, { method: 'POST', token, body: { email: 'nope', choices: [] } })
    assert.equal(bad.body.message, '请输入合法的电子邮箱')
    const ok = await call<NoticePreferences>(app, 'demo', Api.noticePreferencesSave, {
      method: 'POST',
      token,
      body: { email: 'li.si@example.com', lang: 'en', choices: [{ kind: 'paid', channel: 'email', enabled: true }] }
    })
    assert.equal(ok.body.code, 0, ok.body.message)
    assert.deepEqual([ok.body.data.email, ok.body.data.lang], ['li.si@example.com', 'en'])
    const gift = await paidGift(app, 'demo', token, scholarship, { currencyMoney: '66.00' })
    assert.equal(received.length, before)
    await app.jobs.runJobsOnce()
    const mail = await arrived(before + 1)
    assert.deepEqual(mail.to, ['li.si@example.com'])
    assert.match(decodeWords(header(mail.raw.split('\r\n\r\n')[0], 'Subject')), /^Thank you for your gift/)
    assert.match(textOf(mail.raw), /Your gift of ¥66\.00/)
    assert.equal((await noticesOf('paid', gift.id))[0].state, 'sent')
  })

  it('the unsubscribe link works without signing in: GET asks, POST turns that kind off; a forged link is refused', async () => {
    const mail = received[received.length - 1]
    const link = /<(https:\/\/give\.example\.test\/unsubscribe\?token=[^>]+)>/.exec(
      header(mail.raw.split('\r\n\r\n')[0], 'List-Unsubscribe')
    )
    assert.ok(link, 'a List-Unsubscribe header')
    assert.ok(textOf(mail.raw).includes(link[1]), 'the link is in the body too')
    const url = link[1].slice('https://give.example.test'.length)
    const token = await login(app, 'demo', 'notify-news')
    const paidOn = async () =>
      (await call<NoticePreferences>(app, 'demo', Api.noticePreferences, { token })).body.data.choices.find((c) => c.kind === 'paid')!
        .enabled

    const ask = await app.inject({ url })
    assert.equal(ask.statusCode, 200)
    assert.match(ask.body, /<form method="post">/)
    assert.equal(await paidOn(), true, 'a GET (a link scanner) changes nothing')
    const done = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click'
    })
    assert.equal(done.statusCode, 200)
    assert.match(done.body, /已退订/)
    assert.equal(await paidOn(), false)

    const forged = url.replace(/\.paid\.email\./, '.receipt.email.')
    assert.notEqual(forged, url)
    assert.equal((await app.inject({ method: 'POST', url: forged })).statusCode, 400)
    const otherUser = url.replace(/token=(\d+)\.(\d+)\./, (_, s: string, u: string) => `token=${s}.${Number(u) + 1}.`)
    assert.equal((await app.inject({ method: 'POST', url: otherUser })).statusCode, 400)

    // turned off: the next gift makes no message
    const before = received.length
    const gift = await paidGift(app, 'demo', token, scholarship, { currencyMoney: '12.00' })
    await app.jobs.runJobsOnce()
    assert.equal(received.length, before)
    assert.equal((await noticesOf('paid', gift.id)).length, 0)
  })
})
