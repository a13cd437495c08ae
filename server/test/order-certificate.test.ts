/**
 * The certificate job and the job worker: a paid order's durable job renders a JPEG under DATA_DIR/files and
 * success answers its URL; below minMoneyCertificate nothing is issued; numbers are unique; failures retry with
 * backoff up to max_attempts; pending jobs and jobs of a crashed process run after a restart; the worker started
 * by buildApp runs jobs by itself.
 */
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { Api, type SuccessData } from '../../types'
import { BACKOFF_BASE_MS } from '../src/jobs/queue'
import { call, login, startApp, type TestContext } from './helpers'
import { demoBody, orderRow, placeOrder, projectIdOf, sandboxNotify, schoolIdOf } from './order-fixtures'

let ctx: TestContext
let token: string
let scholarship: number

before(async () => {
  ctx = await startApp()
  token = await login(ctx.app, 'demo', 'cert-user')
  scholarship = await projectIdOf(ctx.app, 'demo', '示范大学励志奖学金')
})
after(async () => {
  await ctx.close()
})

async function paidOrder(over: Record<string, unknown> = {}, c: TestContext = ctx, tk = token) {
  const bill = await placeOrder(c.app, 'demo', tk, demoBody(scholarship, over))
  const r = await sandboxNotify(c.app, 'demo', bill)
  assert.equal(r.body.data?.status, 'applied')
  return bill
}
const successOf = async (bill: string, c: TestContext = ctx, tk = token) =>
  (await call<SuccessData>(c.app, 'demo', Api.success, { query: { donatePlatOrder: bill }, token: tk })).body.data
const certOf = async (bill: string, c: TestContext = ctx) => {
  const o = await orderRow(c.app, bill)
  return c.app.db.selectFrom('certificate').selectAll().where('donation_id', '=', o.id).executeTakeFirst()
}
const jobOf = async (bill: string, c: TestContext = ctx) => {
  const o = await orderRow(c.app, bill)
  return (await c.app.db.selectFrom('job').selectAll().where('kind', '=', 'certificate').execute()).find(
    (j) => JSON.parse(j.payload).donationId === o.id
  )!
}

describe('certificate job', () => {
  it('renders a JPEG under DATA_DIR/files/certificates and success returns its URL', async () => {
    const bill = await paidOrder({
      currencyMoney: '1234.56',
      certificateDonorName: '赟喆䶮',
      formDataMap: { name: '张三', mobile: '13800138000', isAlumni: '0' }
    })
    assert.equal((await successOf(bill)).certificateImg, '', 'not before the job ran')
    assert.equal((await jobOf(bill)).status, 'pending')
    const run = await ctx.app.jobs.runJobsOnce()
    assert.ok(run.ran >= 1)
    assert.equal(run.failed, 0)

    const cert = await certOf(bill)
    assert.ok(cert)
    assert.match(cert.certificate_no, /^DEMO20\d{2}\d{8}$/)
    assert.equal(cert.donor_name, '赟喆䶮', 'certificateDonorName wins over the donor name')
    assert.equal(cert.amount_fen, 123456)
    const url = (await successOf(bill)).certificateImg
    assert.equal(url, cert.file_url)
    assert.match(url, /^\/files\/certificates\/demo\/DEMO\d+-[0-9a-f]{12}\.jpg$/)
    const file = path.join(ctx.dataDir, url)
    assert.ok(existsSync(file))
    const jpeg = readFileSync(file)
    assert.deepEqual([...jpeg.subarray(0, 3)], [0xff, 0xd8, 0xff], 'a JPEG')
    assert.ok(jpeg.length > 20_000)
    const served = await ctx.app.inject({ url })
    assert.equal(served.statusCode, 200)
    assert.match(String(served.headers['content-type']), /image\/jpeg/)
    assert.equal((await jobOf(bill)).status, 'done')
    // running again does nothing more
    assert.deepEqual(await ctx.app.jobs.runJobsOnce(), { ran: 0, failed: 0 })
  })

  it('anonymous gifts carry the anonymous label', async () => {
    const bill = await paidOrder({ isAnonymous: 1, currencyMoney: '20.00', formDataMap: {} })
    await ctx.app.jobs.runJobsOnce()
    assert.equal((await certOf(bill))?.donor_name, '匿名爱心人士')
  })

  it('below minMoneyCertificate (10.00) no certificate is issued and the job still completes', async () => {
    const bill = await paidOrder({ currencyMoney: '9.99' })
    await ctx.app.jobs.runJobsOnce()
    assert.equal(await certOf(bill), undefined)
    assert.equal((await jobOf(bill)).status, 'done')
    assert.equal((await successOf(bill)).certificateImg, '')
    assert.equal((await successOf(bill)).certificateExpected, 0, 'the thank-you page is told none will come')
  })

  it('success says a certificate is expected at the minimum, before the job has run', async () => {
    const bill = await paidOrder({ currencyMoney: '10.00' })
    const before = await successOf(bill)
    assert.equal(before.certificateImg, '')
    assert.equal(before.certificateExpected, 1)
    await ctx.app.jobs.runJobsOnce()
    const after = await successOf(bill)
    assert.ok(after.certificateImg)
    assert.equal(after.certificateExpected, 1)
  })

  it('certificate numbers are unique', async () => {
    const rows = await ctx.app.db.selectFrom('certificate').select('certificate_no').execute()
    assert.ok(rows.length >= 2)
    assert.equal(new Set(rows.map((r) => r.certificate_no)).size, rows.length)
  })
})

describe('job retries and restarts', () => {
  it('a failing job is retried with exponential backoff, then marked failed after max_attempts', async () => {
    const sid = await schoolIdOf(ctx.app, 'demo')
    const now = new Date()
    const iso = now.toISOString()
    const { id } = await ctx.app.db
      .insertInto('job')
      .values({
        school_id: sid,
        kind: 'certificate',
        payload: '{}',
        status: 'pending',
        attempts: 0,
        max_attempts: 3,
        run_after: iso,
        locked_at: null,
        last_error: '',
        created_at: iso,
        updated_at: iso
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const job = () => ctx.app.db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

    assert.equal((await ctx.app.jobs.runJobsOnce(now)).failed, 1)
    let j = await job()
    assert.deepEqual([j.status, j.attempts], ['pending', 1])
    assert.match(j.last_error, /donationId/)
    assert.equal(Date.parse(j.run_after) - now.getTime(), BACKOFF_BASE_MS)
    assert.equal((await ctx.app.jobs.runJobsOnce(now)).failed, 0, 'not before its backoff')

    const t2 = new Date(now.getTime() + BACKOFF_BASE_MS)
    await ctx.app.jobs.runJobsOnce(t2)
    j = await job()
    assert.deepEqual([j.status, j.attempts], ['pending', 2])
    assert.equal(Date.parse(j.run_after) - t2.getTime(), 2 * BACKOFF_BASE_MS, 'backoff doubles')

    await ctx.app.jobs.runJobsOnce(new Date(t2.getTime() + 2 * BACKOFF_BASE_MS))
    j = await job()
    assert.deepEqual([j.status, j.attempts], ['failed', 3])
    await ctx.app.jobs.runJobsOnce(new Date(now.getTime() + 3600_000))
    assert.equal((await job()).attempts, 3, 'a failed job is never run again')
  })

  it('pending jobs, and a job its crashed process left running, run after a restart', async () => {
    const c = await startApp()
    try {
      const tk = await login(c.app, 'demo', 'restart-user')
      const pendingBill = await paidOrder({ currencyMoney: '50.00' }, c, tk)
      const t2 = await login(c.app, 'demo', 'restart-user-2')
      const crashedBill = await paidOrder({ currencyMoney: '60.00' }, c, t2)
      // the crashed process had claimed this one (status running) ten minutes ago and died
      const crashed = await jobOf(crashedBill, c)
      await c.app.db
        .updateTable('job')
        .set({ status: 'running', attempts: 1, locked_at: new Date(Date.now() - 10 * 60_000).toISOString() })
        .where('id', '=', crashed.id)
        .execute()

      const app2 = await c.restart()
      assert.notEqual(app2, undefined)
      assert.equal((await jobOf(pendingBill, c)).status, 'pending', 'survived the restart')
      const run = await c.app.jobs.runJobsOnce()
      assert.equal(run.ran, 2)
      for (const [bill, tkn] of [
        [pendingBill, tk],
        [crashedBill, t2]
      ] as const) {
        const url = (await successOf(bill, c, tkn)).certificateImg
        assert.ok(url && existsSync(path.join(c.dataDir, url)), `${bill} has its certificate after the restart`)
        assert.equal((await jobOf(bill, c)).status, 'done')
      }
      assert.equal((await jobOf(crashedBill, c)).attempts, 2)
    } finally {
      await c.close()
    }
  })

  it('the worker buildApp starts runs the certificate job by itself', async () => {
    const c = await startApp({ build: { jobs: { autoStart: true, pollMs: 50, reconcileMs: 3600_000 } } })
    try {
      await c.app.ready()
      const tk = await login(c.app, 'demo', 'auto-user')
      const bill = await paidOrder({ currencyMoney: '30.00' }, c, tk)
      let url = ''
      for (let i = 0; i < 200 && !url; i++) {
        url = (await successOf(bill, c, tk)).certificateImg
        if (!url) await new Promise((r) => setTimeout(r, 50))
      }
      assert.ok(url, 'certificate rendered within 10 s without runJobsOnce')
      assert.ok(existsSync(path.join(c.dataDir, url)))
    } finally {
      await c.close()
    }
  })
})
