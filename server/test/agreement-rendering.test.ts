/**
 * Agreement rendering off the request path when the render slots are busy (docs/decisions/039-agreement-rendering-jobs.md):
 * with one slot held by a render in progress, a generation from a client that can poll answers `rendering` at once,
 * the row waits with an `agreement-render` job, signing it is refused, and the job worker renders it (counted in the
 * same slots), after which the detail shows the files and it can be signed. A render that fails for good (the files
 * folder made unwritable for real) marks the agreement failed with the donor's reason, and a retry renders it. With
 * a free slot the fast path answers the link at once, and a client that cannot poll keeps the old answers.
 */
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { createCanvas } from '@napi-rs/canvas'
import type { FastifyInstance } from 'fastify'
import {
  Api,
  ResultCode,
  type AgreementDetail,
  type CpuAgreementGenerated,
  type CpuAgreementProject,
  type HhuAgreementGenerated
} from '../../types'
import { call, login, signedHeaders, signKeyOf, startApp, type TestContext } from './helpers'

let ctx: TestContext
let app: FastifyInstance
let alice: string
let bob: string
let carol: string
let projectId: number

before(async () => {
  // one slot: a single render in progress makes the request path busy
  ctx = await startApp({ build: { agreements: { renderConcurrency: 1, renderQueue: 4 } } })
  app = ctx.app
  alice = await login(app, 'cpu', 'render-alice')
  bob = await login(app, 'cpu', 'render-bob')
  carol = await login(app, 'hhu', 'render-carol')
  projectId = (await call<CpuAgreementProject[]>(app, 'cpu', Api.cpuAgreementProjects, { token: alice })).body.data[0].id
})
after(() => ctx.close())

const cpuBody = (over: Record<string, unknown> = {}) => ({
  donateItemId: projectId,
  name: '王渲染',
  mobile: '13800138000',
  idNo: '11010519491231002X',
  donationAmount: '50000',
  ...over
})
const generateCpu = (token: string, over: Record<string, unknown> = {}, lang = 'zh_CN') =>
  call<CpuAgreementGenerated>(app, 'cpu', Api.cpuAgreementGeneration, { method: 'POST', token, body: cpuBody(over), headers: { lang } })
const detail = (token: string, id: number, lang = 'zh_CN', school = 'cpu') =>
  call<AgreementDetail>(app, school, Api.agreementDetail, { token, query: { id }, headers: { lang } })
const fileOf = (url: string) => path.join(ctx.dataDir, url.replace(/^\/files\//, 'files/'))
const tick = () => new Promise((r) => setImmediate(r))

/** Takes the process's only render slot until the answered function is called (a render in progress). */
function holdSlot(): () => Promise<void> {
  let release!: () => void
  const held = app.agreementGate.slots.run(() => new Promise<void>((r) => (release = r)))
  return async () => {
    release()
    await held
  }
}

async function signaturePng(): Promise<Buffer> {
  const c = createCanvas(350, 200)
  const g = c.getContext('2d')
  g.fillStyle = '#ffffff'
  g.fillRect(0, 0, 350, 200)
  g.strokeStyle = '#000000'
  g.lineWidth = 6
  g.beginPath()
  g.moveTo(20, 140)
  g.bezierCurveTo(100, 10, 180, 190, 330, 50)
  g.stroke()
  return c.encode('png')
}

async function signCpu(token: string, id: number, lang = 'zh_CN') {
  const boundary = `----render${Math.random().toString(16).slice(2)}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="signAgreementId"\r\n\r\n${id}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.png"\r\nContent-Type: image/png\r\n\r\n`),
    await signaturePng(),
    Buffer.from(`\r\n--${boundary}--\r\n`)
  ])
  const headers = {
    ...signedHeaders(await signKeyOf(app, 'cpu')),
    'content-type': `multipart/form-data; boundary=${boundary}`,
    authorization: token,
    lang
  }
  const res = await app.inject({ method: 'POST', url: `/api/cpu${Api.cpuAgreementSignature}`, headers, payload })
  return res.json() as { code: number; message: string; data: string }
}

const jobsOf = (agreementId: number) =>
  app.db
    .selectFrom('job')
    .select(['status', 'attempts'])
    .where('kind', '=', 'agreement-render')
    .where('payload', '=', JSON.stringify({ agreementId }))
    .execute()

describe('a free slot: the fast path', () => {
  it('answers the link at once, ready, with its files, for a client that polls and one that does not', async () => {
    const r = await generateCpu(alice, { canPoll: 1 })
    assert.equal(r.body.code, 0, r.body.message)
    assert.equal(r.body.data.status, 'ready')
    assert.match(r.body.data.unilateralAgreementUrl, /^\/files\/agreements\/cpu\/[0-9a-f]{32}\/agreement-CPU\d{8}[0-9A-Z]{8}\.pdf$/)
    assert.ok(existsSync(fileOf(r.body.data.unilateralAgreementUrl)))
    assert.deepEqual(await jobsOf(r.body.data.id), [])
    const d = (await detail(alice, r.body.data.id)).body.data
    assert.equal(d.status, 'ready')
    assert.equal(d.url, r.body.data.unilateralAgreementUrl)
    assert.ok(d.pages.length >= 2)

    // an app from before decision 039: the same fields, and hhu's bare link
    const old = await generateCpu(alice)
    assert.equal(old.body.data.status, 'ready')
    assert.ok(old.body.data.unilateralAgreementUrl)
    const hhu = await call<string>(app, 'hhu', Api.hhuAgreementGeneration, {
      method: 'POST',
      token: carol,
      body: { name: '李树', mobile: '13900139000', donationAmount: '2000' }
    })
    assert.equal(typeof hhu.body.data, 'string')
    assert.match(hhu.body.data, /^\/files\/agreements\/hhu\//)
  })
})

describe('every slot taken', () => {
  it('answers rendering at once; signing is refused; the worker renders it in a slot of its own; then it signs', async () => {
    const release = holdSlot()
    let id: number
    try {
      const r = await generateCpu(alice, { canPoll: 1 })
      assert.equal(r.body.code, 0, r.body.message)
      assert.deepEqual({ ...r.body.data, id: 0 }, { id: 0, unilateralAgreementUrl: '', status: 'rendering' })
      id = r.body.data.id
      assert.deepEqual(await jobsOf(id), [{ status: 'pending', attempts: 0 }])

      const d = (await detail(alice, id)).body.data
      assert.deepEqual(
        { status: d.status, url: d.url, pages: d.pages, reason: d.reason, kind: d.kind },
        { status: 'rendering', url: '', pages: [], reason: '', kind: 'cpu' }
      )
      // another donor cannot see it
      assert.equal((await detail(bob, id, 'en')).body.message, 'The agreement does not exist or is not yours')

      const zh = await signCpu(alice, id)
      assert.equal(zh.code, ResultCode.ERROR)
      assert.equal(zh.message, '协议正在生成中，请稍候，生成后再签署')
      assert.equal((await signCpu(alice, id, 'en')).message, 'The agreement is still being prepared; please sign it once it is ready')

      // the worker's render waits in line for the slot: the slots count it like a request's
      const run = app.jobs.runJobsOnce()
      // (the worker reaches the slot after its claim's round trips: up to 5 s)
      for (let i = 0; i < 500 && app.agreementGate.slots.busy.waiting === 0; i++) await new Promise((r) => setTimeout(r, 10))
      assert.deepEqual(app.agreementGate.slots.busy, { running: 1, waiting: 1 })
      await release()
      assert.deepEqual(await run, { ran: 1, failed: 0 })
    } finally {
      await release()
    }
    assert.deepEqual(app.agreementGate.slots.busy, { running: 0, waiting: 0 })
    assert.deepEqual(await jobsOf(id), [{ status: 'done', attempts: 1 }])

    const d = (await detail(alice, id)).body.data
    assert.equal(d.status, 'ready')
    assert.match(d.url, /^\/files\/agreements\/cpu\/[0-9a-f]{32}\/agreement-CPU\d{8}[0-9A-Z]{8}\.pdf$/)
    assert.ok(existsSync(fileOf(d.url)))
    assert.ok(d.pages.length >= 2)
    for (const p of d.pages) assert.ok(existsSync(fileOf(p)))
    const pages = await call<string[]>(app, 'cpu', Api.agreementPages, { token: alice, query: { url: d.url } })
    assert.deepEqual(pages.body.data, d.pages)

    const signed = await signCpu(alice, id)
    assert.equal(signed.code, 0, signed.message)
    assert.equal((await detail(alice, id)).body.data.status, 'signed')
    // a second run of the same job (a lease that ran out) leaves it alone
    const again = await app.db
      .selectFrom('agreement')
      .select(['unsigned_url', 'render_state'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    assert.deepEqual(again, { unsigned_url: d.url, render_state: 'ready' })
  })

  it('hhu for a client that polls: {id, url, status} rendering, then ready by the detail', async () => {
    const release = holdSlot()
    let r
    try {
      r = await call<HhuAgreementGenerated>(app, 'hhu', Api.hhuAgreementGeneration, {
        method: 'POST',
        token: carol,
        body: { name: '李树', mobile: '13900139000', donationAmount: '2000', canPoll: 1 }
      })
    } finally {
      await release()
    }
    assert.equal(r.body.code, 0, r.body.message)
    assert.equal(r.body.data.status, 'rendering')
    assert.equal(r.body.data.url, '')
    assert.equal((await app.jobs.runJobsOnce()).ran, 1)
    const d = (await detail(carol, r.body.data.id, 'zh_CN', 'hhu')).body.data
    assert.equal(d.kind, 'hhu')
    assert.equal(d.status, 'ready')
    assert.match(d.url, /^\/files\/agreements\/hhu\//)
  })

  it('a client that cannot poll waits for the slot on the request path, as before', async () => {
    const release = holdSlot()
    let answered = false
    const pending = generateCpu(alice).then((r) => {
      answered = true
      return r
    })
    for (let i = 0; i < 20; i++) await tick()
    assert.equal(answered, false)
    await release()
    const r = await pending
    assert.equal(r.body.data.status, 'ready')
    assert.ok(existsSync(fileOf(r.body.data.unilateralAgreementUrl)))
  })

  it('a render that fails on every attempt: failed with the donor’s reason, signing refused, a retry renders it', async () => {
    const release = holdSlot()
    let id: number
    try {
      id = (await generateCpu(bob, { canPoll: 1 })).body.data.id
    } finally {
      await release()
    }
    // a real failure: where the school's agreement folders go is a file, so no folder can be made under it
    const dir = path.join(ctx.dataDir, 'files', 'agreements', 'cpu')
    mkdirSync(dir, { recursive: true })
    renameSync(dir, `${dir}.away`)
    writeFileSync(dir, 'not a folder')
    try {
      const t0 = Date.now()
      for (const [i, offset] of [0, 60_000, 120_000].entries()) {
        assert.deepEqual(await app.jobs.runJobsOnce(new Date(t0 + offset)), { ran: 0, failed: 1 }, `attempt ${i + 1}`)
        const state = (await detail(bob, id, 'en')).body.data
        assert.equal(state.status, i < 2 ? 'rendering' : 'failed')
      }
    } finally {
      rmSync(dir)
      renameSync(`${dir}.away`, dir)
    }
    assert.deepEqual(await jobsOf(id), [{ status: 'failed', attempts: 3 }])
    const en = (await detail(bob, id, 'en')).body.data
    assert.deepEqual(
      { status: en.status, url: en.url, reason: en.reason },
      { status: 'failed', url: '', reason: 'The agreement could not be prepared, please try again' }
    )
    assert.equal((await detail(bob, id)).body.data.reason, '协议生成失败，请重试')
    assert.equal((await signCpu(bob, id, 'en')).message, 'The agreement could not be prepared, please try again')
    // nothing half-written was left behind for it
    const row = await app.db
      .selectFrom('agreement')
      .select(['unsigned_url', 'unsigned_pages'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    assert.deepEqual(row, { unsigned_url: '', unsigned_pages: '[]' })

    // only its donor may retry it
    assert.equal((await call(app, 'cpu', Api.agreementRetry, { method: 'POST', token: alice, body: { id } })).body.code, ResultCode.ERROR)
    const retried = await call<AgreementDetail>(app, 'cpu', Api.agreementRetry, { method: 'POST', token: bob, body: { id } })
    assert.equal(retried.body.code, 0, retried.body.message)
    assert.equal(retried.body.data.status, 'rendering')
    assert.equal((await app.jobs.runJobsOnce()).ran, 1)
    const d = (await detail(bob, id)).body.data
    assert.equal(d.status, 'ready')
    assert.ok(existsSync(fileOf(d.url)))
    // retrying a ready agreement changes nothing
    const again = await call<AgreementDetail>(app, 'cpu', Api.agreementRetry, { method: 'POST', token: bob, body: { id } })
    assert.equal(again.body.data.url, d.url)
    assert.equal((await app.jobs.runJobsOnce()).ran, 0)
    assert.equal((await signCpu(bob, id)).code, 0)
  })
})
