/**
 * Agreements for staff (docs/decisions/047-agreements-for-staff.md): a cpu donor signs a large-gift agreement, an
 * admin uploads the foundation's seal (type and size checked), fulfilment staff find the agreement by its filters,
 * countersign it (the seal is red ink in the seal box of a NEW PDF, the donor-signed file is byte for byte kept) and
 * attach the receipt image; the donor's getMySign (what the app's "my agreements" reads) then carries the
 * countersigned file and the receipt, and the countersigned file's pages are the donor's to read and nobody else's.
 * Roles, tenancy, refusals in both languages and the audit rows are checked along the way.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { createCanvas, loadImage } from '@napi-rs/canvas'
import type { FastifyInstance } from 'fastify'
import { Api, type CpuAgreement, type CpuAgreementGenerated, type CpuAgreementProject } from '../../types'
import { PAGE_H, PAGE_W, SEAL_BOX } from '../src/documents/agreement'
import type { StaffAgreement, StaffAgreementDetail, SealView } from '../src/domain/agreement/staff'
import { call, login, signedHeaders, signKeyOf, startApp, type TestContext } from './helpers'
import { staffCall, staffLogin, type StaffLogin } from './staff-fixtures'

let ctx: TestContext
let app: FastifyInstance
let alice: string
let bob: string
let admin: StaffLogin
let clerk: StaffLogin
let editor: StaffLogin
let hhuClerk: StaffLogin
let projects: CpuAgreementProject[]
const work = mkdtempSync(path.join(tmpdir(), 'staff-agreements-'))

const NAME = '张赟喆䶮'
const ID_NO = '11010519491231002X'

before(async () => {
  ctx = await startApp()
  app = ctx.app
  alice = await login(app, 'cpu', 'staff-agreement-alice')
  bob = await login(app, 'cpu', 'staff-agreement-bob')
  admin = await staffLogin(app, 'cpu', ['admin'])
  clerk = await staffLogin(app, 'cpu', ['fulfilment'])
  editor = await staffLogin(app, 'cpu', ['editor'])
  hhuClerk = await staffLogin(app, 'hhu', ['fulfilment'])
  projects = (await call<CpuAgreementProject[]>(app, 'cpu', Api.cpuAgreementProjects, { token: alice })).body.data
})
after(async () => {
  await ctx.close()
  rmSync(work, { recursive: true, force: true })
})

const filePath = (url: string) => path.join(ctx.dataDir, url.replace(/^\/files\//, 'files/'))

function multipart(name: string, data: Buffer, filename = 'f.bin') {
  const boundary = `----staffagr${Math.random().toString(16).slice(2)}`
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`)
  ])
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

async function staffUpload<T>(who: StaffLogin, url: string, data: Buffer, lang?: 'en') {
  const m = multipart('file', data)
  const headers: Record<string, string> = { authorization: `Staff ${who.token}`, 'content-type': m.contentType }
  if (lang) headers.lang = lang
  const res = await app.inject({ method: 'POST', url: `/staff-api/cpu${url}`, headers, payload: m.body })
  return res.json() as { code: number; message: string; data: T }
}

/** A round red seal on transparency, as a scanned seal is kept. */
async function sealPng(size = 400): Promise<Buffer> {
  const c = createCanvas(size, size)
  const g = c.getContext('2d')
  g.strokeStyle = '#d00000'
  g.lineWidth = size / 14
  g.beginPath()
  g.arc(size / 2, size / 2, size / 2 - size / 14, 0, Math.PI * 2)
  g.stroke()
  g.fillStyle = '#d00000'
  g.beginPath()
  g.arc(size / 2, size / 2, size / 6, 0, Math.PI * 2)
  g.fill()
  return c.encode('png')
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
  g.bezierCurveTo(105, 10, 175, 190, 330, 50)
  g.stroke()
  return c.encode('png')
}

/** A cpu agreement made and signed by `token` through the donor API; answers its id. */
async function signedCpu(token: string, name = NAME): Promise<number> {
  const gen = await call<CpuAgreementGenerated>(app, 'cpu', Api.cpuAgreementGeneration, {
    method: 'POST',
    token,
    body: { donateItemId: projects[0].id, name, mobile: '13800138000', idNo: ID_NO, donationAmount: '123456.78' }
  })
  assert.equal(gen.body.code, 0, gen.body.message)
  const m = multipart('file', await signaturePng(), 'sign.png')
  const field = `--${m.contentType.split('boundary=')[1]}\r\nContent-Disposition: form-data; name="signAgreementId"\r\n\r\n${gen.body.data.id}\r\n`
  const headers = { ...signedHeaders(await signKeyOf(app, 'cpu')), 'content-type': m.contentType, authorization: token }
  const res = await app.inject({
    method: 'POST',
    url: `/api/cpu${Api.cpuAgreementSignature}`,
    headers,
    payload: Buffer.concat([Buffer.from(field), m.body])
  })
  assert.equal(res.json().code, 0, res.body)
  return gen.body.data.id
}

/** Red pixels (a seal's ink, not the black text) in a box given in PDF points, on page `page` rendered by pdftoppm. */
async function redIn(pdf: string, page: number, box: { x: number; y: number; width: number; height: number }): Promise<number> {
  const out = path.join(work, `r${Math.random().toString(16).slice(2)}`)
  execFileSync('pdftoppm', ['-r', '72', '-f', String(page), '-l', String(page), '-png', '-singlefile', pdf, out])
  const img = await loadImage(readFileSync(`${out}.png`))
  const c = createCanvas(img.width, img.height)
  c.getContext('2d').drawImage(img, 0, 0)
  const sx = img.width / PAGE_W
  const sy = img.height / PAGE_H
  const d = c
    .getContext('2d')
    .getImageData(
      Math.round(box.x * sx),
      Math.round((PAGE_H - box.y - box.height) * sy),
      Math.round(box.width * sx),
      Math.round(box.height * sy)
    ).data
  let n = 0
  for (let i = 0; i < d.length; i += 4) if (d[i] > 150 && d[i + 1] < 90 && d[i + 2] < 90) n++
  return n
}
const pageCount = (pdf: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf]).toString())![1])

const mine = async (token: string) => (await call<CpuAgreement[]>(app, 'cpu', Api.cpuAgreementMine, { token })).body.data

describe('staff countersign a cpu agreement and the donor sees it', () => {
  let id: number

  before(async () => {
    id = await signedCpu(alice)
  })

  it('the list finds the signed agreement by state, donor, kind and date; other roles and schools do not', async () => {
    const byDonor = await staffCall<{ total: number; rows: StaffAgreement[] }>(
      app,
      'cpu',
      'GET',
      `/agreements?donor=${encodeURIComponent('赟喆')}&state=signed`,
      {
        token: clerk.token
      }
    )
    assert.equal(byDonor.body.code, 0, byDonor.body.message)
    const row = byDonor.body.data.rows.find((r) => r.id === id)
    assert.ok(row, 'the signed agreement is listed')
    assert.equal(row.state, 'signed')
    assert.equal(row.name, NAME)
    assert.equal(row.amount, '123456.78')
    assert.equal(row.idNoMasked, '110105********002X')
    assert.ok(row.signedUrl.startsWith('/files/agreements/'))
    assert.equal(row.mutualUrl, '')

    const other = await staffCall<{ rows: StaffAgreement[] }>(app, 'cpu', 'GET', '/agreements?donor=nobody-like-this', {
      token: clerk.token
    })
    assert.equal(other.body.data.rows.length, 0)
    const hhuKind = await staffCall<{ rows: StaffAgreement[] }>(app, 'cpu', 'GET', '/agreements?kind=hhu', { token: clerk.token })
    assert.ok(!hhuKind.body.data.rows.some((r) => r.id === id))
    const unsigned = await staffCall<{ rows: StaffAgreement[] }>(app, 'cpu', 'GET', '/agreements?state=unsigned', { token: clerk.token })
    assert.ok(!unsigned.body.data.rows.some((r) => r.id === id))
    const future = await staffCall<{ rows: StaffAgreement[] }>(app, 'cpu', 'GET', '/agreements?from=2999-01-01', { token: clerk.token })
    assert.equal(future.body.data.rows.length, 0)
    const past = await staffCall<{ rows: StaffAgreement[] }>(app, 'cpu', 'GET', '/agreements?to=2000-01-01', { token: clerk.token })
    assert.equal(past.body.data.rows.length, 0)
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10)
    const now = await staffCall<{ rows: StaffAgreement[] }>(app, 'cpu', 'GET', `/agreements?from=${today}&to=${today}`, {
      token: clerk.token
    })
    assert.ok(now.body.data.rows.some((r) => r.id === id))

    const refused = await staffCall(app, 'cpu', 'GET', '/agreements', { token: editor.token })
    assert.equal(refused.body.code, -1)
    assert.match(refused.body.message, /履约/)
    const elsewhere = await staffCall(app, 'hhu', 'GET', `/agreements/${id}`, { token: hhuClerk.token, lang: 'en' })
    assert.deepEqual([elsewhere.body.code, elsewhere.body.message], [-1, 'The agreement does not exist'])
  })

  it('countersigning needs the seal first, and only an admin sets the seal, a real image of sane size', async () => {
    const noSeal = await staffCall(app, 'cpu', 'POST', `/agreements/${id}/countersign`, { token: clerk.token, body: {} })
    assert.deepEqual([noSeal.body.code, noSeal.body.message], [-1, '请先在“协议印章”中上传基金会印章'])

    const byClerk = await staffUpload(clerk, '/agreement-seal', await sealPng())
    assert.equal(byClerk.code, -1)
    assert.match(byClerk.message, /管理员/)
    const pdf = await staffUpload(admin, '/agreement-seal', Buffer.from('%PDF-1.4 not a seal'), 'en')
    assert.deepEqual([pdf.code, pdf.message], [-1, 'The seal must be a PNG or JPEG image'])
    const tiny = await staffUpload(admin, '/agreement-seal', await sealPng(40))
    assert.deepEqual([tiny.code, tiny.message], [-1, '印章图片的边长须在100至2000像素之间'])
    const big = await staffUpload(admin, '/agreement-seal', Buffer.concat([await sealPng(), Buffer.alloc(2 * 1024 * 1024)]))
    assert.equal(big.code, -1)

    const ok = await staffUpload<SealView>(admin, '/agreement-seal', await sealPng())
    assert.equal(ok.code, 0, ok.message)
    assert.ok(ok.data.image.startsWith('data:image/png;base64,'))
    assert.deepEqual([ok.data.width, ok.data.height], [400, 400])
    const seen = await staffCall<SealView>(app, 'cpu', 'GET', '/agreement-seal', { token: clerk.token })
    assert.equal(seen.body.data.image, ok.data.image)
    // the seal itself is never a file anyone could fetch
    assert.equal(existsSync(path.join(ctx.dataDir, 'files', 'seals')), false)
  })

  it('countersigning stamps the seal into a new file, keeps the signed one, and the donor sees it with the receipt', async () => {
    const before = (await staffCall<StaffAgreementDetail>(app, 'cpu', 'GET', `/agreements/${id}`, { token: clerk.token })).body.data
    const signedBytes = readFileSync(filePath(before.signedUrl))
    assert.equal(
      await redIn(filePath(before.signedUrl), pageCount(filePath(before.signedUrl)), SEAL_BOX),
      0,
      'no seal before countersigning'
    )

    const r = await staffCall<StaffAgreementDetail>(app, 'cpu', 'POST', `/agreements/${id}/countersign`, { token: clerk.token, body: {} })
    assert.equal(r.body.code, 0, r.body.message)
    const d = r.body.data
    assert.equal(d.state, 'countersigned')
    assert.ok(d.mutualUrl.endsWith('-countersigned.pdf'))
    assert.notEqual(d.mutualUrl, d.signedUrl)
    assert.ok(d.countersignedAt)
    const mutual = filePath(d.mutualUrl)
    assert.ok((await redIn(mutual, pageCount(mutual), SEAL_BOX)) > 500, 'the seal is red ink in the seal box of the last page')
    assert.ok(readFileSync(filePath(d.signedUrl)).equals(signedBytes), 'the donor-signed file is kept as it was')
    assert.deepEqual(
      d.history.map((h) => [h.action, h.staffName]),
      [['agreement.countersign', clerk.username]]
    )

    const again = await staffCall(app, 'cpu', 'POST', `/agreements/${id}/countersign`, { token: admin.token, body: {}, lang: 'en' })
    assert.deepEqual([again.body.code, again.body.message], [-1, 'This agreement is already countersigned'])

    // the donor's list (what contract-cpu/myList reads) carries the countersigned file; its pages are the donor's
    const listed = (await mine(alice)).find((a) => a.id === id)!
    assert.equal(listed.mutualAgreementUrl, d.mutualUrl)
    assert.equal(listed.donationReceiptsUrl, '')
    const pages = await call<string[]>(app, 'cpu', Api.agreementPages, { token: alice, query: { url: d.mutualUrl } })
    assert.equal(pages.body.code, 0, pages.body.message)
    assert.equal(pages.body.data.length, pageCount(mutual))
    for (const p of pages.body.data) assert.ok(existsSync(filePath(p)), p)
    const lastImg = await loadImage(readFileSync(filePath(pages.body.data[pages.body.data.length - 1])))
    const c = createCanvas(lastImg.width, lastImg.height)
    c.getContext('2d').drawImage(lastImg, 0, 0)
    const k = lastImg.width / PAGE_W
    const px = c
      .getContext('2d')
      .getImageData(
        Math.round(SEAL_BOX.x * k),
        Math.round((PAGE_H - SEAL_BOX.y - SEAL_BOX.height) * k),
        Math.round(SEAL_BOX.width * k),
        Math.round(SEAL_BOX.height * k)
      ).data
    let red = 0
    for (let i = 0; i < px.length; i += 4) if (px[i] > 150 && px[i + 1] < 90 && px[i + 2] < 90) red++
    assert.ok(red > 1000, 'the seal is on the last page image the app shows')
    const bobs = await call(app, 'cpu', Api.agreementPages, { token: bob, query: { url: d.mutualUrl } })
    assert.equal(bobs.body.code, -1)
    assert.ok(!(await mine(bob)).some((a) => a.id === id))

    // the receipt: an image by its bytes, fulfilment only
    const asPdf = await staffUpload(clerk, `/agreements/${id}/receipt`, Buffer.from('%PDF-1.4 receipt'))
    assert.deepEqual([asPdf.code, asPdf.message], [-1, '收据须为JPG或PNG图片（PDF收据请先导出为图片）'])
    const receipt = await sealPng(300)
    writeFileSync(path.join(work, 'receipt.png'), receipt)
    const byEditor = await staffUpload(editor, `/agreements/${id}/receipt`, receipt)
    assert.equal(byEditor.code, -1)
    const attached = await staffUpload<StaffAgreementDetail>(clerk, `/agreements/${id}/receipt`, receipt)
    assert.equal(attached.code, 0, attached.message)
    assert.ok(attached.data.receiptUrl.endsWith('.png'))
    assert.ok(readFileSync(filePath(attached.data.receiptUrl)).equals(receipt))
    const withReceipt = (await mine(alice)).find((a) => a.id === id)!
    assert.equal(withReceipt.donationReceiptsUrl, attached.data.receiptUrl)
    assert.equal(withReceipt.mutualAgreementUrl, d.mutualUrl)

    const receipted = await staffCall<{ rows: StaffAgreement[] }>(app, 'cpu', 'GET', '/agreements?state=receipted', { token: clerk.token })
    assert.ok(receipted.body.data.rows.some((x) => x.id === id))
    const noReceipt = await staffCall<{ rows: StaffAgreement[] }>(app, 'cpu', 'GET', '/agreements?state=noReceipt', { token: clerk.token })
    assert.ok(!noReceipt.body.data.rows.some((x) => x.id === id))

    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id'])
      .where('entity', 'in', ['agreement', 'agreement_seal'])
      .orderBy('id')
      .execute()
    assert.deepEqual(
      audit.map((a) => [a.action, Number(a.staff_id)]),
      [
        ['agreement.seal.update', admin.staffId],
        ['agreement.countersign', clerk.staffId],
        ['agreement.receipt', clerk.staffId]
      ]
    )
  })

  it('an unsigned agreement can be neither countersigned nor given a receipt', async () => {
    const gen = await call<CpuAgreementGenerated>(app, 'cpu', Api.cpuAgreementGeneration, {
      method: 'POST',
      token: bob,
      body: { donateItemId: projects[0].id, name: '李四', mobile: '13900139000', idNo: ID_NO, donationAmount: '100' }
    })
    const cs = await staffCall(app, 'cpu', 'POST', `/agreements/${gen.body.data.id}/countersign`, { token: clerk.token, body: {} })
    assert.deepEqual([cs.body.code, cs.body.message], [-1, '捐赠人尚未签署该协议'])
    const rc = await staffUpload(clerk, `/agreements/${gen.body.data.id}/receipt`, await sealPng(200), 'en')
    assert.deepEqual([rc.code, rc.message], [-1, 'The donor has not signed this agreement yet'])
    const row = await app.db
      .selectFrom('agreement')
      .select(['mutual_url', 'receipt_url'])
      .where('id', '=', gen.body.data.id)
      .executeTakeFirstOrThrow()
    assert.deepEqual(row, { mutual_url: '', receipt_url: '' })
  })

  it('two members of staff countersigning at once end with one countersigned file', async () => {
    const id2 = await signedCpu(alice, '王五')
    const [a, b] = await Promise.all([
      staffCall(app, 'cpu', 'POST', `/agreements/${id2}/countersign`, { token: clerk.token, body: {} }),
      staffCall(app, 'cpu', 'POST', `/agreements/${id2}/countersign`, { token: admin.token, body: {} })
    ])
    assert.deepEqual([a.body.code, b.body.code].sort(), [-1, 0])
    const n = await app.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('entity', '=', 'agreement')
      .where('entity_id', '=', String(id2))
      .executeTakeFirstOrThrow()
    assert.equal(Number(n.n), 1)
  })
})
