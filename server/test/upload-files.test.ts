/**
 * POST S/api/v1/file/upload (docs/product §7, §2 avatar editor): the type comes from the bytes (a PNG named .gif is stored
 * as .png, an EXE named .png is refused), SVG is refused whatever it holds (security-uploads.test.ts has the
 * hostile ones), more than 5 MB is refused with nothing left on disk, and only the caller's own uploads become
 * avatars.
 */
import assert from 'node:assert/strict'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { FastifyInstance } from 'fastify'
import { Api, ResultCode, UPLOAD_LIMITS, type FileUploadAnswer, type UserCenter } from '../../types'
import { renderPng } from '../src/lib/png'
import { call, login, signedHeaders, signKeyOf, startApp, type TestContext } from './helpers'
import { count } from './center-fixtures'

let ctx: TestContext
let app: FastifyInstance
let alice: string
let bob: string

before(async () => {
  // this file uploads more than the default rate allows in a minute (security-uploads.test.ts tests the rate)
  ctx = await startApp({ build: { uploads: { ratePerUser: 1000, ratePerIp: 1000 } } })
  app = ctx.app
  alice = await login(app, 'demo', 'upload-alice')
  bob = await login(app, 'demo', 'upload-bob')
})
after(async () => {
  await ctx.close()
})

const PNG = renderPng({ width: 8, height: 8, from: [255, 0, 0], to: [0, 0, 255] })
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64)])
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)])
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(256)])
const SVG =
  '<?xml version="1.0"?>\n<!-- avatar -->\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle cx="5" cy="5" r="4" fill="red"/></svg>'

function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----uplus${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`))
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data))
    chunks.push(Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

async function upload(data: Buffer | string, filename: string, type: string, opts: { token?: string; field?: string } = {}) {
  const m = multipart([{ name: opts.field ?? 'file', filename, type, data }])
  const headers: Record<string, string> = { ...signedHeaders(await signKeyOf(app, 'demo')), 'content-type': m.contentType }
  if (opts.token !== '') headers.authorization = opts.token ?? alice
  const res = await app.inject({ method: 'POST', url: `/api/demo${Api.fileUpload}`, headers, payload: m.body })
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: FileUploadAnswer } }
}

const uploadsDir = () => path.join(ctx.dataDir, 'files', 'uploads', 'demo')
const filesOnDisk = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : [])

describe('type by content', () => {
  it('a PNG named .gif and claimed image/gif is stored as .png and served as image/png', async () => {
    const r = await upload(PNG, 'photo.gif', 'image/gif')
    assert.equal(r.body.code, 0, r.body.message)
    assert.match(r.body.data.fileUrl, /^\/files\/uploads\/demo\/[A-Za-z0-9_-]{22}\.png$/)
    const served = await app.inject({ url: r.body.data.fileUrl })
    assert.equal(served.statusCode, 200)
    assert.equal(served.headers['content-type'], 'image/png')
    assert.deepEqual(served.rawPayload, PNG)
    const row = await app.db.selectFrom('uploaded_file').selectAll().where('url', '=', r.body.data.fileUrl).executeTakeFirstOrThrow()
    assert.deepEqual([row.mime, row.size_bytes, row.kind], ['image/png', PNG.length, 'avatar'])
  })
  it('JPEG and GIF are accepted with their own extensions; even a harmless SVG is refused', async () => {
    assert.match((await upload(JPEG, 'a.png', 'image/png')).body.data.fileUrl, /\.jpg$/)
    assert.match((await upload(GIF, 'a.jpg', 'image/jpeg')).body.data.fileUrl, /\.gif$/)
    const svg = await upload(SVG, 'a.svg', 'image/svg+xml')
    assert.equal(svg.body.code, ResultCode.ERROR)
    assert.equal(svg.body.message, '不支持上传 SVG 图片，请上传 gif、jpeg、jpg 或 png 格式')
  })
  it('an EXE named .png and claimed image/png is refused; nothing is written', async () => {
    const files = filesOnDisk().length
    const rows = await count(app, 'uploaded_file')
    const r = await upload(EXE, 'avatar.png', 'image/png')
    assert.equal(r.body.code, ResultCode.ERROR)
    assert.equal(r.body.message, '仅支持 gif、jpeg、jpg、png 格式的图片')
    assert.equal(filesOnDisk().length, files)
    assert.equal(await count(app, 'uploaded_file'), rows)
  })
  it('text that merely mentions <svg later, and PDFs, are not images', async () => {
    assert.equal((await upload('hello <svg></svg>', 'a.svg', 'image/svg+xml')).body.code, ResultCode.ERROR)
    assert.equal((await upload(Buffer.from('%PDF-1.4 ...'), 'a.png', 'image/png')).body.code, ResultCode.ERROR)
  })
  it('SVG that runs or loads anything is refused', async () => {
    const bad = [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.example/p.png"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div/></foreignObject></svg>',
      '<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>'
    ]
    for (const svg of bad) {
      const r = await upload(svg, 'a.svg', 'image/svg+xml')
      assert.equal(r.body.code, ResultCode.ERROR, svg)
    }
    assert.equal((await upload(bad[0], 'a.svg', 'image/svg+xml')).body.message, '不支持上传 SVG 图片，请上传 gif、jpeg、jpg 或 png 格式')
  })
})

describe('size', () => {
  it('exactly 5 MB is accepted', async () => {
    const big = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(UPLOAD_LIMITS.MAX_BYTES - 8)])
    const r = await upload(big, 'big.png', 'image/png')
    assert.equal(r.body.code, 0, r.body.message)
  })
  it('one byte over 5 MB is refused and leaves no file, partial or temporary', async () => {
    const before = filesOnDisk()
    const rows = await count(app, 'uploaded_file')
    const big = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(UPLOAD_LIMITS.MAX_BYTES - 7)])
    const r = await upload(big, 'big.png', 'image/png')
    assert.equal(r.body.code, ResultCode.ERROR)
    assert.equal(r.body.message, '文件不能超过5MB')
    assert.deepEqual(filesOnDisk(), before)
    assert.equal(await count(app, 'uploaded_file'), rows)
  })
})

describe('the request', () => {
  it('needs a token (-997, nothing stored)', async () => {
    const before = filesOnDisk().length
    const r = await upload(PNG, 'a.png', 'image/png', { token: '' })
    assert.equal(r.body.code, ResultCode.TOKEN_INVALID)
    assert.equal(filesOnDisk().length, before)
  })
  it('needs the part to be called `file`; a JSON body is refused', async () => {
    assert.equal((await upload(PNG, 'a.png', 'image/png', { field: 'avatar' })).body.code, ResultCode.ERROR)
    const r = await call(app, 'demo', Api.fileUpload, { method: 'POST', body: { file: 'x' }, token: alice })
    assert.equal(r.body.code, ResultCode.ERROR)
    assert.equal(r.body.message, '请选择要上传的文件')
  })
})

describe('avatar', () => {
  it("updateUser takes the caller's own upload (path or absolute URL); never someone else's, a seed image or a foreign URL", async () => {
    const mine = (await upload(PNG, 'me.png', 'image/png')).body.data.fileUrl
    const bobs = (await upload(PNG, 'bob.png', 'image/png', { token: bob })).body.data.fileUrl
    const set = async (avatar: string, token = alice) =>
      (await call(app, 'demo', Api.updateUser, { method: 'POST', body: { avatar }, token })).body
    const ok = await set(mine)
    assert.equal(ok.code, 0)
    assert.equal(ok.message, '修改成功')
    assert.equal((await call<UserCenter>(app, 'demo', Api.centerMy, { token: alice })).body.data.avatar, mine)
    assert.equal((await set(`https://cdn.example.org${mine}`)).code, 0)
    for (const other of [
      bobs,
      '/files/seed/avatar-1.jpg',
      'https://evil.example/x.png',
      `${mine}/../../seed/a.png`,
      'javascript:alert(1)'
    ]) {
      const r = await set(other)
      assert.equal(r.code, ResultCode.ERROR, other)
      assert.equal(r.message, '头像须为本站上传的图片')
    }
    assert.equal((await call<UserCenter>(app, 'demo', Api.centerMy, { token: alice })).body.data.avatar, mine)
  })
})

describe('Alipay temp files', () => {
  it('a JPEG with no extension and a generic type (my.uploadFile of a temp path) is accepted by its bytes', async () => {
    const r = await upload(JPEG, 'tmp_8f3c2a9d', 'application/octet-stream')
    assert.equal(r.body.code, 0, r.body.message)
    assert.match(r.body.data.fileUrl, /^\/files\/uploads\/demo\/[A-Za-z0-9_-]{22}\.jpg$/)
    const nameless = await upload(PNG, '', 'application/octet-stream')
    assert.equal(nameless.body.code, 0, nameless.body.message)
    assert.match(nameless.body.data.fileUrl, /\.png$/)
  })
})
