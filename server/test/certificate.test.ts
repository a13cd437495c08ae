/** The electronic certificate image: JPEG 1600x1130, drawn text where it belongs, rare name characters covered. */
import assert from 'node:assert/strict'
import { createCanvas, loadImage, type Image } from '@napi-rs/canvas'
import { describe, it } from 'node:test'
import {
  CERT_HEIGHT,
  CERT_WIDTH,
  certificateMissingGlyphs,
  DONOR_LINE,
  formatCertificateDate,
  formatYuan,
  renderCertificate,
  type CertificateData
} from '../src/documents/certificate'
import { CERT_FONT, ensureCertificateFonts, missingGlyphs, NOTO_SANS_SC_BOLD } from '../src/documents/fonts'

const base: CertificateData = {
  schoolName: '示例大学教育发展基金会',
  donorName: '赟喆䶮',
  projectName: '乡村图书角',
  amountYuan: '1234.56',
  date: '2026-11-22',
  certificateNo: 'CERT-DEMO-2026-000123'
}

/** Width and height from the first SOFn marker: the file really is a baseline/progressive JPEG of that size. */
function jpegSize(buf: Buffer): { width: number; height: number } {
  assert.equal(buf[0], 0xff)
  assert.equal(buf[1], 0xd8)
  assert.equal(buf[2], 0xff)
  let i = 2
  while (i < buf.length) {
    assert.equal(buf[i], 0xff, `marker expected at ${i}`)
    const marker = buf[i + 1]
    const len = buf.readUInt16BE(i + 2)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) }
    }
    i += 2 + len
  }
  throw new Error('no SOF marker')
}

async function pixels(jpeg: Buffer): Promise<{ img: Image; data: Uint8ClampedArray }> {
  const img = await loadImage(jpeg)
  const c = createCanvas(img.width, img.height)
  const g = c.getContext('2d')
  g.drawImage(img, 0, 0)
  return { img, data: g.getImageData(0, 0, img.width, img.height).data }
}

/** Dark (text-like) pixels in a rectangle. */
function ink(data: Uint8ClampedArray, x0: number, y0: number, x1: number, y1: number, threshold = 110): number {
  let n = 0
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * CERT_WIDTH + x) * 4
      const lum = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2]
      if (lum < threshold) n++
    }
  }
  return n
}

/** Renders one character alone; missing glyphs come out as the same .notdef box. */
function glyphBitmap(ch: string, font = CERT_FONT): string {
  ensureCertificateFonts()
  const c = createCanvas(80, 80)
  const g = c.getContext('2d')
  g.fillStyle = '#fff'
  g.fillRect(0, 0, 80, 80)
  g.fillStyle = '#000'
  g.font = `60px ${font}`
  g.fillText(ch, 10, 65)
  const d = g.getImageData(0, 0, 80, 80).data
  let bits = ''
  for (let i = 0; i < d.length; i += 4) bits += d[i] < 128 ? '1' : '0'
  return bits
}

// the donor's name: right of "尊敬的 ", on the salutation line
const NAME_BOX = [DONOR_LINE.x + 110, DONOR_LINE.baseline - DONOR_LINE.height, DONOR_LINE.x + 560, DONOR_LINE.baseline + 8] as const

describe('certificate image', () => {
  it('is a JPEG of 1600x1130 that decodes', async (t) => {
    const started = performance.now()
    const jpeg = await renderCertificate(base)
    t.diagnostic(
      `first render incl. font registration ${(performance.now() - started).toFixed(0)} ms, ${(jpeg.length / 1024).toFixed(0)} KB`
    )
    assert.ok(Buffer.isBuffer(jpeg))
    assert.deepEqual(jpegSize(jpeg), { width: CERT_WIDTH, height: CERT_HEIGHT })
    assert.deepEqual([CERT_WIDTH, CERT_HEIGHT], [1600, 1130])
    assert.equal(jpeg.at(-2), 0xff)
    assert.equal(jpeg.at(-1), 0xd9) // EOI
    const { img } = await pixels(jpeg)
    assert.equal(img.width, 1600)
    assert.equal(img.height, 1130)
    assert.ok(jpeg.length > 50_000 && jpeg.length < 1_500_000, `size ${jpeg.length}`)
  })

  it("draws the donor's name in the donor-name area (and nothing there without a name)", async () => {
    const withName = (await pixels(await renderCertificate(base))).data
    const noName = (await pixels(await renderCertificate({ ...base, donorName: '' }))).data
    const other = (await pixels(await renderCertificate({ ...base, donorName: '张三' }))).data
    const [x0, y0, x1, y1] = NAME_BOX
    const a = ink(withName, x0, y0, x1, y1)
    const b = ink(noName, x0, y0, x1, y1)
    const c = ink(other, x0, y0, x1, y1)
    assert.ok(a > 1500, `ink with 赟喆䶮: ${a}`)
    assert.ok(b < 600 && a > 4 * b, `ink without a name: ${b}, with: ${a}`) // only the colon and the underline remain
    assert.ok(c > 800 && Math.abs(a - c) > 200, `张三 ${c} vs 赟喆䶮 ${a} vs none ${b}`)
    // the title is the same whatever the donor: the name did not move the layout
    assert.equal(ink(withName, 500, 100, 1100, 230), ink(other, 500, 100, 1100, 230))
  })

  it('covers the rare name characters 赟喆䶮 (cmap and pixels, not tofu); the check fails for a character the font lacks', () => {
    assert.deepEqual(missingGlyphs('赟喆䶮'), [])
    assert.deepEqual(missingGlyphs('赟喆䶮', NOTO_SANS_SC_BOLD()), [])
    assert.deepEqual(missingGlyphs('张三 ABC ¥1,234.56 “”「」：'), [])
    assert.deepEqual(missingGlyphs('李𠀀'), ['𠀀']) // CJK extension B: not in Noto Sans SC
    assert.deepEqual(certificateMissingGlyphs(base), [])
    assert.deepEqual(certificateMissingGlyphs({ ...base, donorName: '王𪚥' }), ['𪚥'])

    const tofu = glyphBitmap('\u{E000}')
    assert.equal(glyphBitmap('𠀀'), tofu) // a missing glyph really draws the box
    const seen = new Set<string>()
    for (const ch of '赟喆䶮') {
      const bmp = glyphBitmap(ch)
      assert.notEqual(bmp, tofu, `${ch} renders as tofu`)
      assert.ok(bmp.includes('1'), `${ch} renders nothing`)
      seen.add(bmp)
    }
    assert.equal(seen.size, 3)
  })

  it('wraps a long project name inside the margins and keeps the seal area clear of text', async () => {
    const projectName = '“百年河海·薪火相传”校史馆建设暨青年教师发展基金与优秀学生奖助学金综合项目（第二期）'.repeat(2)
    const jpeg = await renderCertificate({
      ...base,
      donorName: '南京某某科技有限公司',
      projectName,
      amountYuan: '10000000',
      materialText: '图书 3 册'
    })
    assert.deepEqual(jpegSize(jpeg), { width: 1600, height: 1130 })
    const { data } = await pixels(jpeg)
    // text block spans several lines
    assert.ok(ink(data, 170, 600, 1430, 760) > 3000)
    // nothing dark in the right margin beside the text (x 1485..1530 is inside the gold frame)
    assert.equal(ink(data, 1485, 330, 1530, 960), 0)
    // nor in the left margin
    assert.equal(ink(data, 75, 330, 160, 960), 0)
  })

  it('formats amounts with thousands separators and dates in Chinese', () => {
    assert.equal(formatYuan('1234.56'), '1,234.56')
    assert.equal(formatYuan('1234567.5'), '1,234,567.50')
    assert.equal(formatYuan('10000000'), '10,000,000.00')
    assert.equal(formatYuan('0.29'), '0.29')
    assert.equal(formatYuan('999'), '999.00')
    assert.equal(formatYuan('abc'), 'abc')
    assert.equal(formatCertificateDate('2026-01-05'), '2026年1月5日')
    assert.equal(formatCertificateDate('2026-11-22 10:00:00'), '2026年11月22日')
    assert.equal(formatCertificateDate('二〇二六年'), '二〇二六年')
  })

  it('renders concurrently (encoding on the thread pool) with distinct results', async (t) => {
    const started = performance.now()
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    const jpegs = await Promise.all(['甲', '乙', '丙', '丁'].map((n) => renderCertificate({ ...base, donorName: `爱心校友${n}` })))
    clearInterval(timer)
    t.diagnostic(`4 certificates in ${(performance.now() - started).toFixed(0)} ms; event loop ticked ${ticks} times meanwhile`)
    assert.equal(new Set(jpegs.map((j) => j.toString('base64'))).size, 4)
    for (const j of jpegs) assert.deepEqual(jpegSize(j), { width: 1600, height: 1130 })
  })
})
