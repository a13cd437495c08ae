/**
 * Agreements (docs/product §5 Contract form, §7 Agreements; docs/decisions/017-agreements.md): generation refuses each
 * bad field with a -1 in the request's language; the PDF carries the donor's Chinese name (pdftotext finds it and
 * pdftoppm shows ink where it is drawn, which catches the pdf-lib glyph trap); a signature must be a real, non-blank
 * PNG and puts ink in the signature box of a new file; nobody signs or reads another donor's agreement; getMySign
 * lists only the caller's; the hhu pledge can ask findSignedAgreement.
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
import { findSignedAgreement } from '../src/domain/agreement'
import { fenToChineseCapitals, maskIdNo } from '../src/documents/agreement-text'
import { PAGE_H, PAGE_W, SIGNATURE_BOX } from '../src/documents/agreement'
import { validIdNo } from '../src/domain/agreement/service'
import { call, login, signedHeaders, signKeyOf, startApp, type TestContext } from './helpers'

let ctx: TestContext
let app: FastifyInstance
let alice: string
let bob: string
let aliceId: number
let carolCpu: string
let projects: CpuAgreementProject[]
const work = mkdtempSync(path.join(tmpdir(), 'agreements-'))

const NAME = '张赟喆䶮'
const ID_NO = '11010519491231002X'

before(async () => {
  ctx = await startApp()
  app = ctx.app
  alice = await login(app, 'cpu', 'agreement-alice')
  bob = await login(app, 'cpu', 'agreement-bob')
  carolCpu = await login(app, 'hhu', 'agreement-carol')
  aliceId = Number((await app.db.selectFrom('app_user').select('id').where('open_id', '=', 'agreement-alice').executeTakeFirstOrThrow()).id)
  projects = (await call<CpuAgreementProject[]>(app, 'cpu', Api.cpuAgreementProjects, { token: alice })).body.data
})
after(async () => {
  await ctx.close()
  rmSync(work, { recursive: true, force: true })
})

const filePath = (url: string) => path.join(ctx.dataDir, url.replace(/^\/files\//, 'files/'))

function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----agreement${Math.random().toString(16).slice(2)}`
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

async function postSignature(school: string, apiPath: string, token: string, file: Buffer, field: Record<string, string>, lang = 'zh_CN') {
  const m = multipart([
    ...Object.entries(field).map(([name, data]) => ({ name, data })),
    { name: 'file', filename: 'sign.png', type: 'image/png', data: file }
  ])
  const headers = { ...signedHeaders(await signKeyOf(app, school)), 'content-type': m.contentType, authorization: token, lang }
  const res = await app.inject({ method: 'POST', url: `/api/${school}${apiPath}`, headers, payload: m.body })
  return res.json() as { code: number; message: string; data: string }
}

/** A handwriting-like stroke on white, as the app's pad exports it (docs/product §9). */
async function signaturePng(width = 350, height = 200): Promise<Buffer> {
  const c = createCanvas(width, height)
  const g = c.getContext('2d')
  g.fillStyle = '#ffffff'
  g.fillRect(0, 0, width, height)
  g.strokeStyle = '#000000'
  g.lineWidth = 6
  g.beginPath()
  g.moveTo(20, height * 0.7)
  g.bezierCurveTo(width * 0.3, 10, width * 0.5, height - 10, width - 20, height * 0.25)
  g.stroke()
  return c.encode('png')
}

async function blankPng(): Promise<Buffer> {
  const c = createCanvas(350, 200)
  const g = c.getContext('2d')
  g.fillStyle = '#ffffff'
  g.fillRect(0, 0, 350, 200)
  return c.encode('png')
}

const cpuBody = (over: Record<string, unknown> = {}) => ({
  donateItemId: projects[0].id,
  name: NAME,
  mobile: '13800138000',
  idNo: ID_NO,
  donationAmount: '123456.78',
  ...over
})

async function generateCpu(token = alice, over: Record<string, unknown> = {}, lang?: string) {
  return call<CpuAgreementGenerated>(app, 'cpu', Api.cpuAgreementGeneration, {
    method: 'POST',
    token,
    body: cpuBody(over),
    headers: lang ? { lang } : undefined
  })
}

/** Renders page `page` (1-based) of a PDF at 72 dpi to PNG with pdftoppm and answers the decoded image. */
async function renderPage(pdf: string, page: number) {
  const out = path.join(work, `r${Math.random().toString(16).slice(2)}`)
  execFileSync('pdftoppm', ['-r', '72', '-f', String(page), '-l', String(page), '-png', '-singlefile', pdf, out])
  const img = await loadImage(readFileSync(`${out}.png`))
  const c = createCanvas(img.width, img.height)
  c.getContext('2d').drawImage(img, 0, 0)
  return { c, sx: img.width / PAGE_W, sy: img.height / PAGE_H, png: `${out}.png` }
}

/** Dark pixels in a box given in PDF points (origin bottom left). */
function inkIn(r: Awaited<ReturnType<typeof renderPage>>, box: { x: number; y: number; width: number; height: number }): number {
  const x = Math.round(box.x * r.sx)
  const top = Math.round((PAGE_H - box.y - box.height) * r.sy)
  const w = Math.round(box.width * r.sx)
  const h = Math.round(box.height * r.sy)
  const d = r.c.getContext('2d').getImageData(x, top, w, h).data
  let n = 0
  for (let i = 0; i < d.length; i += 4) if (d[i] + d[i + 1] + d[i + 2] < 300) n++
  return n
}
const pageCount = (pdf: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf]).toString())![1])

describe('generation validates every field in both languages', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['name empty', { name: '  ' }, '请输入姓名', 'please enter name'],
    ['mobile 10 digits', { mobile: '1380013800' }, '请输入正确的11位手机号', 'please enter a valid 11-digit mobile'],
    ['mobile letters', { mobile: '1380013800a' }, '请输入正确的11位手机号', 'please enter a valid 11-digit mobile'],
    ['ID 17 characters', { idNo: ID_NO.slice(0, 17) }, '请输入正确的18位身份证号', 'please enter a valid 18-character ID number'],
    ['ID bad check digit', { idNo: '110105194912310021' }, '请输入正确的18位身份证号', 'please enter a valid 18-character ID number'],
    ['amount zero', { donationAmount: '0' }, '捐赠金额必须为正数', 'donation amount must be a positive number'],
    ['amount negative', { donationAmount: '-5' }, '捐赠金额必须为正数', 'donation amount must be a positive number'],
    ['amount three decimals', { donationAmount: '1.005' }, '捐赠金额必须为正数', 'donation amount must be a positive number'],
    ['project unknown', { donateItemId: 999999 }, '请选择捐赠项目', 'please select a project']
  ]
  for (const [what, over, zh, en] of cases) {
    it(`refuses ${what}`, async () => {
      const before = await app.db
        .selectFrom('agreement')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      const z = await generateCpu(alice, over)
      assert.equal(z.body.code, -1)
      assert.equal(z.body.message, zh)
      // the refusal names the input it concerns as the body does, for the form to show it there (decision 081)
      assert.deepEqual(z.body.data, { field: Object.keys(over)[0] })
      const e = await generateCpu(alice, over, 'en')
      assert.equal(e.body.code, -1)
      assert.equal(e.body.message, en)
      const after = await app.db
        .selectFrom('agreement')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      assert.equal(Number(after.n), Number(before.n), 'no row for a refused generation')
    })
  }

  it('refuses another school’s project and a signed-out caller', async () => {
    const hhuProject = await app.db
      .selectFrom('project')
      .innerJoin('school', 'school.id', 'project.school_id')
      .select('project.id')
      .where('school.code', '=', 'hhu')
      .executeTakeFirstOrThrow()
    assert.equal((await generateCpu(alice, { donateItemId: Number(hhuProject.id) })).body.message, '请选择捐赠项目')
    const anon = await call(app, 'cpu', Api.cpuAgreementGeneration, { method: 'POST', body: cpuBody() })
    assert.equal(anon.body.code, -997)
  })

  it('hhu generation validates name, mobile and amount too', async () => {
    const r = await call(app, 'hhu', Api.hhuAgreementGeneration, {
      method: 'POST',
      token: carolCpu,
      body: { name: NAME, mobile: '123', donationAmount: '10' }
    })
    assert.equal(r.body.message, '请输入正确的11位手机号')
    const r2 = await call(app, 'hhu', Api.hhuAgreementGeneration, {
      method: 'POST',
      token: carolCpu,
      body: { name: NAME, mobile: '13900139000', donationAmount: '0.00' },
      headers: { lang: 'en' }
    })
    assert.equal(r2.body.message, 'donation amount must be a positive number')
  })
})

describe('the generated PDF', () => {
  let gen: CpuAgreementGenerated
  before(async () => {
    const r = await generateCpu()
    assert.equal(r.body.code, 0, r.body.message)
    gen = r.body.data
  })

  it('is a real PDF of two or more pages with the donor’s name, masked ID, amount in figures and capitals, project and foundation', async () => {
    assert.match(gen.unilateralAgreementUrl, /^\/files\/agreements\/cpu\/[0-9a-f]{32}\/agreement-CPU\d{8}[0-9A-Z]{8}\.pdf$/)
    const pdf = filePath(gen.unilateralAgreementUrl)
    assert.equal(readFileSync(pdf).subarray(0, 5).toString(), '%PDF-')
    assert.ok(pageCount(pdf) >= 2)
    const text = execFileSync('pdftotext', [pdf, '-']).toString()
    for (const s of [
      NAME,
      '13800138000',
      '110105********002X',
      '123,456.78',
      '壹拾贰万叁仟肆佰伍拾陆元柒角捌分',
      projects[0].name,
      '中国药科大学教育发展基金会'
    ])
      assert.ok(text.includes(s), `the PDF text lacks ${s}`)
    assert.ok(!text.includes(ID_NO), 'the full ID number is never printed')
    const row = await app.db.selectFrom('agreement').selectAll().where('id', '=', gen.id).executeTakeFirstOrThrow()
    assert.equal(row.id_no_masked, '110105********002X')
    assert.ok(!JSON.stringify(row).includes(ID_NO), 'the full ID number is never stored')
    assert.equal(Number(row.amount_fen), 12345678)
  })

  it('shows the Chinese name: ink where the name is drawn on page 1 (the glyph trap leaves it blank)', async () => {
    const r = await renderPage(filePath(gen.unilateralAgreementUrl), 1)
    // the name's line of the parties block: labels end near x=150pt, the value runs right of it (agreement.ts)
    const rowTop = 72 + 44 + 23 // title, then the second party line (the agreement number is first)
    const nameBox = { x: 150, y: PAGE_H - rowTop - 16, width: 80, height: 16 }
    assert.ok(inkIn(r, nameBox) > 40, `no ink in the name's box: ${inkIn(r, nameBox)}`)
    // each rare character has its glyph: the name rendered on its own would differ from boxes; check the text layer too
    const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', filePath(gen.unilateralAgreementUrl), '-']).toString()
    for (const ch of NAME) assert.ok(text.includes(ch), ch)
    // the unsigned signature box is empty
    const last = await renderPage(filePath(gen.unilateralAgreementUrl), pageCount(filePath(gen.unilateralAgreementUrl)))
    assert.ok(
      inkIn(last, { x: SIGNATURE_BOX.x + 4, y: SIGNATURE_BOX.y + 4, width: SIGNATURE_BOX.width - 8, height: SIGNATURE_BOX.height - 8 }) < 10
    )
  })

  it('comes with page images only its donor can list', async () => {
    const pages = await call<string[]>(app, 'cpu', Api.agreementPages, { token: alice, query: { url: gen.unilateralAgreementUrl } })
    assert.equal(pages.body.code, 0)
    assert.equal(pages.body.data.length, pageCount(filePath(gen.unilateralAgreementUrl)))
    for (const p of pages.body.data) assert.equal(readFileSync(filePath(p)).subarray(0, 3).toString('hex'), 'ffd8ff')
    const other = await call(app, 'cpu', Api.agreementPages, { token: bob, query: { url: gen.unilateralAgreementUrl } })
    assert.equal(other.body.code, -1)
    assert.equal(other.body.message, '协议不存在或不属于当前用户')
  })

  it('is in English when the request is', async () => {
    const r = await generateCpu(alice, {}, 'en')
    const text = execFileSync('pdftotext', [filePath(r.body.data.unilateralAgreementUrl), '-']).toString()
    assert.ok(
      text.includes('Donation Agreement') && text.includes('Party A (Donor)') && text.includes(NAME) && text.includes('RMB 123,456.78')
    )
  })
})

describe('signing', () => {
  let gen: CpuAgreementGenerated
  before(async () => {
    gen = (await generateCpu()).body.data
  })

  it('refuses a non-PNG, a blank PNG and an empty file, in the donor’s language, and leaves the agreement unsigned', async () => {
    const jpeg = await createCanvas(50, 50).encode('jpeg')
    assert.equal(
      (await postSignature('cpu', Api.cpuAgreementSignature, alice, jpeg, { signAgreementId: String(gen.id) })).message,
      '签名须为PNG图片'
    )
    const fake = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(100)])
    assert.equal(
      (await postSignature('cpu', Api.cpuAgreementSignature, alice, fake, { signAgreementId: String(gen.id) }, 'en')).message,
      'The signature must be a PNG image'
    )
    assert.equal(
      (await postSignature('cpu', Api.cpuAgreementSignature, alice, await blankPng(), { signAgreementId: String(gen.id) })).message,
      '签名为空，请先签名'
    )
    assert.equal(
      (await postSignature('cpu', Api.cpuAgreementSignature, alice, await blankPng(), { signAgreementId: String(gen.id) }, 'en')).message,
      'The signature is blank, please sign first'
    )
    const tooBig = Buffer.concat([await signaturePng(), Buffer.alloc(1_100_000)])
    assert.equal((await postSignature('cpu', Api.cpuAgreementSignature, alice, tooBig, { signAgreementId: String(gen.id) })).code, -1)
    const row = await app.db.selectFrom('agreement').selectAll().where('id', '=', gen.id).executeTakeFirstOrThrow()
    assert.equal(row.status, 1)
    assert.equal(row.signed_url, '')
  })

  it('another donor cannot sign it', async () => {
    const r = await postSignature('cpu', Api.cpuAgreementSignature, bob, await signaturePng(), { signAgreementId: String(gen.id) })
    assert.equal(r.code, -1)
    assert.equal(r.message, '协议不存在或不属于当前用户')
  })

  it('stamps the handwriting into the box of the last page of a new file; the unsigned file stays', async () => {
    const r = await postSignature('cpu', Api.cpuAgreementSignature, alice, await signaturePng(), { signAgreementId: String(gen.id) })
    assert.equal(r.code, 0, r.message)
    assert.notEqual(r.data, gen.unilateralAgreementUrl)
    assert.ok(existsSync(filePath(gen.unilateralAgreementUrl)))
    const signed = filePath(r.data)
    const n = pageCount(signed)
    const box = { x: SIGNATURE_BOX.x + 4, y: SIGNATURE_BOX.y + 4, width: SIGNATURE_BOX.width - 8, height: SIGNATURE_BOX.height - 8 }
    const before = inkIn(await renderPage(filePath(gen.unilateralAgreementUrl), n), box)
    const page = await renderPage(signed, n)
    const after = inkIn(page, box)
    assert.ok(after > before + 100, `signature box ink ${before} -> ${after}`)
    writeFileSync(path.join(work, 'signed-last-page.png'), readFileSync(page.png))
    if (process.env.AGREEMENT_PNG_OUT) writeFileSync(process.env.AGREEMENT_PNG_OUT, readFileSync(page.png))
    const text = execFileSync('pdftotext', [signed, '-']).toString()
    assert.ok(text.includes(NAME))
    const row = await app.db.selectFrom('agreement').selectAll().where('id', '=', gen.id).executeTakeFirstOrThrow()
    assert.equal(row.status, 2)
    assert.ok(row.signed_at)
    assert.equal(row.signed_url, r.data)
    // the signed page images carry the signature as well
    const pages = (await call<string[]>(app, 'cpu', Api.agreementPages, { token: alice, query: { url: r.data } })).body.data
    assert.equal(pages.length, n)
    assert.notDeepEqual(pages, JSON.parse(row.unsigned_pages))
  })

  it('cannot be signed twice', async () => {
    const r = await postSignature('cpu', Api.cpuAgreementSignature, alice, await signaturePng(), { signAgreementId: String(gen.id) })
    assert.equal(r.message, '该协议已签署')
  })

  it('getMySign lists the caller’s signed agreements only', async () => {
    const mine = await call<CpuAgreement[]>(app, 'cpu', Api.cpuAgreementMine, { token: alice })
    assert.equal(mine.body.code, 0)
    const row = mine.body.data.find((a) => a.id === gen.id)
    assert.ok(row)
    assert.equal(row.name, NAME)
    assert.equal(row.donateItemTitle, projects[0].name)
    assert.equal(row.donationAmount, '123456.78')
    assert.match(row.signTime, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    assert.match(row.unilateralAgreementUrl, /-signed\.pdf$/)
    assert.equal(row.mutualAgreementUrl, '')
    assert.ok(
      mine.body.data.every((a) => a.unilateralAgreementUrl.endsWith('-signed.pdf')),
      'unsigned drafts are not listed'
    )
    const bobs = await call<CpuAgreement[]>(app, 'cpu', Api.cpuAgreementMine, { token: bob })
    assert.deepEqual(bobs.body.data, [])
    const rows = await app.db.selectFrom('agreement').select('user_id').where('status', '=', 2).where('kind', '=', 'cpu').execute()
    assert.ok(rows.every((r) => Number(r.user_id) === aliceId))
  })
})

describe('hhu agreements', () => {
  it('generate, sign by pdfUrl, and findSignedAgreement answers only the signer’s signed link', async () => {
    const tree = await app.db
      .selectFrom('project')
      .innerJoin('school', 'school.id', 'project.school_id')
      .select(['project.id', 'project.name', 'school.id as schoolId'])
      .where('school.code', '=', 'hhu')
      .where('project.items_type', '=', 2)
      .executeTakeFirstOrThrow()
    const g = await call<string>(app, 'hhu', Api.hhuAgreementGeneration, {
      method: 'POST',
      token: carolCpu,
      body: { name: NAME, mobile: '13900139000', donationAmount: '2000', itemsId: Number(tree.id) }
    })
    assert.equal(g.body.code, 0, g.body.message)
    const text = execFileSync('pdftotext', [filePath(g.body.data), '-']).toString()
    assert.ok(
      text.includes('纪念树认植捐赠协议') &&
        text.includes(tree.name) &&
        text.includes('贰仟元整') &&
        text.includes('河海大学教育发展基金会')
    )
    const dave = await login(app, 'hhu', 'agreement-dave')
    const stolen = await postSignature('hhu', Api.hhuAgreementSignature, dave, await signaturePng(304, 126), { pdfUrl: g.body.data })
    assert.equal(stolen.message, '协议不存在或不属于当前用户')
    const s = await postSignature('hhu', Api.hhuAgreementSignature, carolCpu, await signaturePng(304, 126), { pdfUrl: g.body.data })
    assert.equal(s.code, 0, s.message)
    const carolId = Number(
      (await app.db.selectFrom('app_user').select('id').where('open_id', '=', 'agreement-carol').executeTakeFirstOrThrow()).id
    )
    const schoolId = Number(tree.schoolId)
    const found = await findSignedAgreement(app.db, schoolId, carolId, `https://give.example.edu.cn${s.data}`)
    assert.ok(found)
    assert.equal(found.name, NAME)
    assert.equal(found.amountFen, 200000)
    assert.equal(found.itemsId, Number(tree.id))
    assert.equal(await findSignedAgreement(app.db, schoolId, carolId, g.body.data), null, 'the unsigned link is not a signed agreement')
    const daveId = Number(
      (await app.db.selectFrom('app_user').select('id').where('open_id', '=', 'agreement-dave').executeTakeFirstOrThrow()).id
    )
    assert.equal(await findSignedAgreement(app.db, schoolId, daveId, s.data), null, 'another donor')
    assert.equal(await findSignedAgreement(app.db, schoolId + 1000, carolId, s.data), null, 'another school')
  })
})

describe('pure helpers', () => {
  it('writes amounts in Chinese capitals the way cheques do', () => {
    const cases: Array<[number, string]> = [
      [1, '壹分'],
      [50, '伍角'],
      [100, '壹元整'],
      [123450, '壹仟贰佰叁拾肆元伍角'],
      [100005, '壹仟元零伍分'],
      [1000000, '壹万元整'],
      [10010001, '壹拾万零壹佰元零壹分'],
      [100000000, '壹佰万元整'],
      [10000000000, '壹亿元整'],
      [10500000, '壹拾万伍仟元整'],
      [100100, '壹仟零壹元整']
    ]
    for (const [fen, words] of cases) assert.equal(fenToChineseCapitals(fen), words, String(fen))
  })
  it('masks and checks ID numbers', () => {
    assert.equal(maskIdNo(ID_NO), '110105********002X')
    assert.ok(validIdNo(ID_NO))
    assert.ok(!validIdNo('110105194902301234'))
  })
})
