/**
 * Uploads and user files: SVG is refused however it is written (the old regex filter let namespaced
 * <x:script>, <svg:script>, <f:foreignObject> and entity-encoded javascript: through); every user file is served
 * with nosniff and a CSP that runs nothing, and non-images as downloads; a donor has a byte quota and a rate; below
 * the free-disk floor uploads stop while donations go on.
 */
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, readdirSync, statfsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, ResultCode, type FileUploadAnswer } from '../../types'
import type { UploadPolicy } from '../src/domain/upload/policy'
import { createLocalStorage } from '../src/providers/storage/local'
import { count } from './center-fixtures'
import { login, signedHeaders, signKeyOf, startApp, type TestContext } from './helpers'
import { MemoryStore } from '../src/lib/shared-store'
import { demoBody, orderRow, placeOrder, projectIdOf, sandboxNotify } from './order-fixtures'

let ctx: TestContext
let app: FastifyInstance
let alice: string
let bob: string
let carol: string

/** no rate limit in the way unless a test sets one */
const OPEN: Partial<UploadPolicy> = { ratePerUser: 1000, ratePerIp: 1000 }

before(async () => {
  ctx = await startApp({ build: { uploads: OPEN } })
  app = ctx.app
  alice = await login(app, 'demo', 'sec-upload-alice')
  bob = await login(app, 'demo', 'sec-upload-bob')
  carol = await login(app, 'demo', 'sec-upload-carol')
})
after(async () => {
  await ctx.close()
})

/** Rebuilds the app on the same data and database with another upload policy (limits live in memory). */
async function withPolicy(policy: Partial<UploadPolicy>) {
  // upload windows live in the shared store (decision 023) and outlast a restart: each case gets a fresh one
  app = await ctx.restart({ uploads: { ...OPEN, ...policy }, sharedStore: new MemoryStore() })
}

/** A PNG by its magic bytes, `size` bytes long (the server judges type by content; the rest is not decoded). */
const png = (size: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 7)])

async function upload(data: Buffer | string, token: string, opts: { filename?: string; type?: string; lang?: string } = {}) {
  const boundary = `----sec${Math.random().toString(16).slice(2)}`
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.filename ?? 'a.png'}"\r\nContent-Type: ${opts.type ?? 'image/png'}\r\n\r\n`
    ),
    Buffer.isBuffer(data) ? data : Buffer.from(data),
    Buffer.from(`\r\n--${boundary}--\r\n`)
  ])
  const headers: Record<string, string> = {
    ...signedHeaders(await signKeyOf(app, 'demo')),
    'content-type': `multipart/form-data; boundary=${boundary}`,
    authorization: token
  }
  if (opts.lang) headers.lang = opts.lang
  const res = await app.inject({ method: 'POST', url: `/api/demo${Api.fileUpload}`, headers, payload: body })
  return res.json() as { code: number; message: string; data: FileUploadAnswer }
}

const uploadsDir = () => path.join(ctx.dataDir, 'files', 'uploads', 'demo')
const filesOnDisk = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()).sort() : [])
const SVG_REFUSED = '不支持上传 SVG 图片，请上传 gif、jpeg、jpg 或 png 格式'

describe('SVG', () => {
  const hostile = [
    // namespaced script: not matched by /<script/
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/2000/svg"><x:script>alert(document.domain)</x:script></svg>',
    '<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script></svg:svg>',
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:f="http://www.w3.org/2000/svg"><f:foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></body></f:foreignObject></svg>',
    // entity-encoded javascript: URL
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="&#106;avascript:alert(1)"><text y="20">tap</text></a></svg>',
    // and a harmless one: SVG is refused as such, not judged
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="4"/></svg>'
  ]
  it('is refused whatever it holds, with a message saying so; nothing is stored', async () => {
    const files = filesOnDisk()
    const rows = await count(app, 'uploaded_file')
    for (const svg of hostile) {
      for (const [filename, type] of [
        ['a.svg', 'image/svg+xml'],
        ['a.png', 'image/png']
      ]) {
        const r = await upload(svg, alice, { filename, type })
        assert.equal(r.code, ResultCode.ERROR, svg)
        assert.equal(r.message, SVG_REFUSED, svg)
      }
    }
    assert.equal(
      (await upload(hostile[0], alice, { lang: 'en' })).message,
      'SVG images cannot be uploaded; please upload a gif, jpeg, jpg or png image'
    )
    // UTF-16 text is refused too (only PNG, JPEG and GIF magic bytes are accepted)
    assert.equal((await upload(Buffer.from(`\uFEFF${hostile[0]}`, 'utf16le'), alice)).code, ResultCode.ERROR)
    assert.deepEqual(filesOnDisk(), files)
    assert.equal(await count(app, 'uploaded_file'), rows)
  })
})

describe('serving user files', () => {
  it('an accepted image: its own type, nosniff, a CSP that runs nothing, shown inline', async () => {
    // a GIF header followed by markup is a GIF to us: served as image/gif, a browser never reads it as HTML or SVG
    const polyglot = Buffer.concat([
      Buffer.from('GIF89a'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    ])
    const r = await upload(polyglot, alice, { filename: 'a.svg', type: 'image/svg+xml' })
    assert.equal(r.code, 0, r.message)
    assert.match(r.data.fileUrl, /\.gif$/)
    const res = await app.inject({ url: r.data.fileUrl })
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers['content-type'], 'image/gif')
    assert.equal(res.headers['x-content-type-options'], 'nosniff')
    assert.equal(res.headers['content-security-policy'], "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    assert.equal(res.headers['content-disposition'], undefined)
  })
  it('files that are not raster images (an SVG stored before this fix, HTML, a receipt PDF) are downloads under the same CSP', async () => {
    const dir = path.join(ctx.dataDir, 'files')
    mkdirSync(path.join(dir, 'uploads', 'legacy'), { recursive: true })
    mkdirSync(path.join(dir, 'receipts', 'demo'), { recursive: true })
    writeFileSync(
      path.join(dir, 'uploads', 'legacy', 'old.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><x:script xmlns:x="http://www.w3.org/2000/svg">alert(1)</x:script></svg>'
    )
    writeFileSync(path.join(dir, 'uploads', 'legacy', 'page.html'), '<script>alert(1)</script>')
    writeFileSync(path.join(dir, 'receipts', 'demo', 'r.pdf'), '%PDF-1.4\n%%EOF\n')
    for (const url of ['/files/uploads/legacy/old.svg', '/files/uploads/legacy/page.html', '/files/receipts/demo/r.pdf']) {
      const res = await app.inject({ url })
      assert.equal(res.statusCode, 200, url)
      assert.equal(res.headers['content-disposition'], 'attachment', url)
      assert.equal(res.headers['x-content-type-options'], 'nosniff', url)
      const csp = String(res.headers['content-security-policy'])
      assert.match(csp, /default-src 'none'/, url)
      assert.match(csp, /\bsandbox\b/, url)
    }
  })
})

describe('quota', () => {
  const MB = 1024 * 1024
  it('a donor fills a 1 MB quota: the file that would pass it is refused and nothing is written; another donor is unaffected', async () => {
    await withPolicy({ quotaBytes: MB })
    assert.equal((await upload(png(400 * 1024), bob)).code, 0)
    assert.equal((await upload(png(400 * 1024), bob)).code, 0)
    const files = filesOnDisk()
    const rows = await count(app, 'uploaded_file')
    const over = await upload(png(400 * 1024), bob)
    assert.equal(over.code, ResultCode.ERROR)
    assert.equal(over.message, '您的上传空间已满（1MB）')
    assert.equal((await upload(png(400 * 1024), bob, { lang: 'en' })).message, 'Your upload space is full (1 MB)')
    assert.deepEqual(filesOnDisk(), files)
    assert.equal(await count(app, 'uploaded_file'), rows)
    // what is left fits exactly; after that not even a tiny file
    assert.equal((await upload(png(MB - 800 * 1024), bob)).code, 0)
    assert.equal((await upload(png(100), bob)).message, '您的上传空间已满（1MB）')
    assert.equal((await upload(png(100), carol)).code, 0, 'the quota is per donor')
  })
})

describe('rate', () => {
  it('per donor: the 4th upload in a minute with a limit of 3 is refused; another donor still uploads', async () => {
    await withPolicy({ ratePerUser: 3 })
    for (let i = 0; i < 3; i++) assert.equal((await upload(png(64), alice)).code, 0)
    const files = filesOnDisk()
    const r = await upload(png(64), alice)
    assert.equal(r.code, ResultCode.ERROR)
    assert.equal(r.message, '上传过于频繁，请稍后再试')
    assert.deepEqual(filesOnDisk(), files)
    assert.equal((await upload(png(64), carol)).code, 0)
  })
  it('per client IP: with a limit of 2, a third donor from the same address is refused', async () => {
    await withPolicy({ ratePerIp: 2 })
    assert.equal((await upload(png(64), alice)).code, 0)
    assert.equal((await upload(png(64), carol)).code, 0)
    const r = await upload(png(64), bob, { lang: 'en' })
    assert.equal(r.message, 'Too many uploads, please try again later')
  })
})

describe('free disk floor', () => {
  it('the local storage reports the free space of its disk (statfs)', async () => {
    const dir = path.join(ctx.dataDir, 'files')
    const s = statfsSync(dir)
    const free = await createLocalStorage(dir).freeBytes()
    assert.ok(free !== null && free > 0)
    // the disk is shared with the whole machine: allow what other processes wrote meanwhile
    assert.ok(Math.abs(free - s.bavail * s.bsize) < 512 * 1024 * 1024, `${free} vs ${s.bavail * s.bsize}`)
  })
  it('above the free space: uploads are refused, a donation is placed and paid all the same; below it uploads work', async () => {
    const free = (await createLocalStorage(path.join(ctx.dataDir, 'files')).freeBytes())!
    await withPolicy({ minFreeBytes: free + 1024 * 1024 * 1024 * 1024 })
    const files = filesOnDisk()
    const rows = await count(app, 'uploaded_file')
    const r = await upload(png(64), carol)
    assert.equal(r.code, ResultCode.ERROR)
    assert.equal(r.message, '服务器存储空间不足，暂停上传，请稍后再试')
    assert.deepEqual(filesOnDisk(), files)
    assert.equal(await count(app, 'uploaded_file'), rows)

    const scholarship = await projectIdOf(app, 'demo', '示范大学励志奖学金')
    const bill = await placeOrder(app, 'demo', carol, demoBody(scholarship))
    assert.equal((await sandboxNotify(app, 'demo', bill)).body.data.status, 'applied')
    assert.equal((await orderRow(app, bill)).status, 'paid')

    await withPolicy({ minFreeBytes: Math.max(0, free - 1024 * 1024 * 1024) })
    assert.equal((await upload(png(64), carol)).code, 0)
  })
})
