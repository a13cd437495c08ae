/**
 * Donation agreement documents (docs/product §2 tree-naming-hhu/preview, contract-cpu; docs/decisions/017-agreements.md).
 *
 * One layout, two renderers: the words of agreement-text.ts are laid out once on A4 pages (points), then written as a
 * PDF with pdf-lib (the document the donor downloads) and drawn as JPEG page images with @napi-rs/canvas (what the
 * mini-programs and H5 show, since neither can display a PDF inline). Both use Noto Sans SC, so line breaks match.
 *
 * The glyph trap (RECIPES): @pdf-lib/fontkit 1.1.1 copies subset glyph records unpadded, and Noto Sans SC has odd
 * glyph lengths, so most characters vanish on screen while pdftotext still finds them. patchGlyphPadding() pads them
 * to 4 bytes; the parsed font is cached across documents (a 10 MB CJK font parse costs ~300 ms).
 *
 * Signing stamps the donor's PNG into the signature box of the last page of the unsigned PDF (loaded, not
 * regenerated, so the text signed is the text read) and writes a new file; the unsigned one stays.
 */
import { readFileSync } from 'node:fs'
import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas'
import type { PDFFont, PDFPage } from 'pdf-lib'
import { agreementText, type AgreementFacts } from './agreement-text'
import { CERT_FONT, CERT_FONT_BOLD, ensureCertificateFonts, NOTO_SANS_SC_BOLD, NOTO_SANS_SC_REGULAR } from './fonts'

export const PAGE_W = 595.28
export const PAGE_H = 841.89
const MARGIN_X = 64
const TOP = 72
const BOTTOM = 72
const BODY = 11
const LEAD = 19
/** page images are drawn at this many pixels per point (1190 x 1684 px: sharp on a phone, ~150 KB as JPEG) */
export const IMAGE_SCALE = 2
const JPEG_QUALITY = 85

/** Where the handwriting goes on the last page (points, origin bottom left as in PDF). Tests look for ink there. */
export const SIGNATURE_BOX = { x: MARGIN_X + 90, y: 150, width: 180, height: 72 } as const
/**
 * Where the foundation's seal goes on the last page when staff countersign (points, origin bottom left): over the
 * foundation's signature column, beside the donor's box (docs/decisions/047-agreements-for-staff.md).
 */
export const SEAL_BOX = { x: SIGNATURE_BOX.x + SIGNATURE_BOX.width + 44, y: SIGNATURE_BOX.y - 22, width: 116, height: 116 } as const
/** The line of the donor's name in the parties block of page 1 (points, top-left origin, as images are drawn). */
export interface Box {
  x: number
  top: number
  width: number
  height: number
}

type Op =
  | { t: 'text'; x: number; baseline: number; size: number; bold?: boolean; text: string; grey?: boolean }
  | { t: 'line'; x1: number; y1: number; x2: number; y2: number }
  | { t: 'rect'; x: number; top: number; width: number; height: number }

export interface AgreementLayout {
  pages: Op[][]
  /** page 0 box of the donor's name value */
  donorNameBox: Box
}

// ---------- fonts ----------

let fontBytes: { regular: Buffer; bold: Buffer } | null = null
const parsedFonts = new WeakMap<object, unknown>()
let padded = false

function fonts() {
  if (!fontBytes) fontBytes = { regular: readFileSync(NOTO_SANS_SC_REGULAR()), bold: readFileSync(NOTO_SANS_SC_BOLD()) }
  return fontBytes
}

type Fontkit = { create(buf: Uint8Array, name?: string): any }
type PdfLib = typeof import('pdf-lib')

let pdfLib: PdfLib | null = null
let fontkit: Fontkit | null = null

/**
 * pdf-lib and fontkit load with the first document rather than with the server: they are about half a second of
 * every process's start (docs/decisions/022-performance.md), and most processes never write an agreement.
 */
async function loadPdfLib(): Promise<PdfLib> {
  if (!pdfLib) {
    const [lib, fk] = await Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')])
    fontkit = fk.default as unknown as Fontkit
    pdfLib = lib
  }
  return pdfLib
}

/** A grey of pdf-lib's (loaded by then: only the render functions below call it). */
export const grey = (v: number) => pdfLib!.rgb(v, v, v)

/** fontkit with the parsed font memoised per byte buffer (pdf-lib calls create() for every document). */
const cachedFontkit: Fontkit = {
  create(buf: Uint8Array, name?: string) {
    const hit = parsedFonts.get(buf)
    if (hit) return hit
    const f = fontkit!.create(buf, name)
    parsedFonts.set(buf, f)
    return f
  }
}

/** Pads every subset glyph record to 4 bytes (see the header); patched once on fontkit's TTFSubset prototype. */
function patchGlyphPadding(): void {
  if (padded) return
  const face = cachedFontkit.create(fonts().regular)
  const proto = Object.getPrototypeOf(face.createSubset())
  if (!proto._addGlyph) throw new Error('@pdf-lib/fontkit changed: TTFSubset._addGlyph is gone, re-check the glyph padding fix')
  if (!proto.__agreementPadded) {
    const orig = proto._addGlyph
    proto._addGlyph = function (this: { glyf: Buffer[]; offset: number }, gid: number) {
      const idx = orig.call(this, gid)
      const buf = this.glyf[idx]
      const pad = (4 - (buf.length % 4)) % 4
      if (pad) {
        const B = buf.constructor as typeof Buffer
        const nb = B.alloc(buf.length + pad)
        buf.copy(nb, 0)
        this.glyf[idx] = nb
        this.offset += pad
      }
      return idx
    }
    proto.__agreementPadded = true
  }
  padded = true
}

// ---------- measuring and wrapping ----------

let measureCtx: SKRSContext2D | null = null
function measure(text: string, size: number, bold = false): number {
  ensureCertificateFonts()
  measureCtx ??= createCanvas(10, 10).getContext('2d')
  measureCtx.font = `${bold ? 700 : 400} ${size}px ${bold ? CERT_FONT_BOLD : CERT_FONT}`
  return measureCtx.measureText(text).width
}

// closing punctuation never starts a line; Latin words and numbers are not split
const NO_LINE_START = /^[，。、；：！？）》」』”’,.;:!?)\]%]$/
const WORD = /[A-Za-z0-9][A-Za-z0-9.,'’\-/@%¥*]*|\s+|./gsu

export function wrap(text: string, size: number, maxWidth: number, bold = false): string[] {
  const tokens = text.match(WORD) ?? []
  const lines: string[] = []
  let line = ''
  for (const tok of tokens) {
    const candidate = line + tok
    if (line && measure(candidate, size, bold) > maxWidth && !NO_LINE_START.test(tok)) {
      lines.push(line.trimEnd())
      line = /^\s+$/.test(tok) ? '' : tok
    } else line = candidate
  }
  if (line.trim()) lines.push(line.trimEnd())
  return lines
}

// ---------- layout ----------

export function layoutAgreement(facts: AgreementFacts): AgreementLayout {
  const txt = agreementText(facts)
  const pages: Op[][] = [[]]
  let page = pages[0]
  let y = TOP
  const width = PAGE_W - 2 * MARGIN_X
  const newPage = () => {
    page = []
    pages.push(page)
    y = TOP
  }
  const ensure = (h: number) => {
    if (y + h > PAGE_H - BOTTOM) newPage()
  }

  const title = txt.title
  const titleW = measure(title, 20, true)
  page.push({ t: 'text', x: (PAGE_W - titleW) / 2, baseline: y + 20, size: 20, bold: true, text: title })
  y += 44

  let donorNameBox: Box = { x: 0, top: 0, width: 0, height: 0 }
  const labelW = Math.max(...txt.parties.map(([l]) => measure(l, BODY, true))) + 12
  for (const [i, [label, value]] of txt.parties.entries()) {
    page.push({ t: 'text', x: MARGIN_X, baseline: y + BODY, size: BODY, bold: true, text: label })
    page.push({ t: 'text', x: MARGIN_X + labelW, baseline: y + BODY, size: BODY, text: value })
    page.push({ t: 'line', x1: MARGIN_X + labelW, y1: y + BODY + 4, x2: PAGE_W - MARGIN_X, y2: y + BODY + 4 })
    if (i === 1) donorNameBox = { x: MARGIN_X + labelW, top: y - 2, width: Math.max(measure(value, BODY), 20), height: BODY + 6 }
    y += LEAD + 4
  }
  y += 10

  const paragraph = (text: string, size: number, bold = false, indent = 0) => {
    for (const l of wrap(text, size, width - indent, bold)) {
      ensure(LEAD)
      page.push({ t: 'text', x: MARGIN_X + indent, baseline: y + size, size, bold, text: l })
      y += LEAD
    }
  }
  paragraph(txt.preamble, BODY)
  y += 8
  for (const c of txt.clauses) {
    ensure(LEAD * 3)
    paragraph(c.heading, BODY + 1, true)
    paragraph(c.body, BODY, false, 0)
    y += 8
  }

  // The signature block always sits at the bottom of the last page, with its own page if the text reaches it.
  const blockTop = PAGE_H - (SIGNATURE_BOX.y + SIGNATURE_BOX.height) - 40
  if (y > blockTop) newPage()
  const boxTop = PAGE_H - SIGNATURE_BOX.y - SIGNATURE_BOX.height
  page.push({ t: 'text', x: MARGIN_X, baseline: boxTop + SIGNATURE_BOX.height / 2 + 4, size: BODY + 1, bold: true, text: txt.donorSign })
  page.push({ t: 'rect', x: SIGNATURE_BOX.x, top: boxTop, width: SIGNATURE_BOX.width, height: SIGNATURE_BOX.height })
  const sealX = SIGNATURE_BOX.x + SIGNATURE_BOX.width + 24
  for (const [i, l] of wrap(txt.foundationSign, BODY + 1, PAGE_W - MARGIN_X - sealX, true).entries())
    page.push({ t: 'text', x: sealX, baseline: boxTop + 20 + i * LEAD, size: BODY + 1, bold: true, text: l })
  page.push({ t: 'text', x: MARGIN_X, baseline: boxTop + SIGNATURE_BOX.height + 34, size: BODY, text: txt.dateLabel })
  page.push({ t: 'text', x: sealX, baseline: boxTop + SIGNATURE_BOX.height + 34, size: BODY, text: `${txt.dateLabel}${facts.date}` })

  // footers: agreement number and page x / n
  pages.forEach((ops, i) => {
    const footer =
      facts.lang === 'en'
        ? `${facts.agreementNo}  ·  page ${i + 1} of ${pages.length}`
        : `${facts.agreementNo}  ·  第 ${i + 1} 页 / 共 ${pages.length} 页`
    ops.push({ t: 'text', x: (PAGE_W - measure(footer, 9)) / 2, baseline: PAGE_H - 36, size: 9, text: footer, grey: true })
  })
  return { pages, donorNameBox }
}

/** Where the signing date goes on the last page, beside the donor's date label (top-left points). */
function signDateAt(layout: AgreementLayout, lang: string): { x: number; baseline: number } {
  const last = layout.pages[layout.pages.length - 1]
  const label = last.find((op) => op.t === 'text' && op.x === MARGIN_X && op.text.startsWith(lang === 'en' ? 'Date' : '签署日期'))
  const baseline = label && label.t === 'text' ? label.baseline : PAGE_H - SIGNATURE_BOX.y + 34
  return { x: MARGIN_X + measure(lang === 'en' ? 'Date signed: ' : '签署日期：', BODY), baseline }
}

// ---------- PDF ----------

function drawPdfOp(p: PDFPage, op: Op, regular: PDFFont, bold: PDFFont) {
  if (op.t === 'text')
    p.drawText(op.text, {
      x: op.x,
      y: PAGE_H - op.baseline,
      size: op.size,
      font: op.bold ? bold : regular,
      color: op.grey ? grey(0.45) : grey(0.1)
    })
  else if (op.t === 'line')
    p.drawLine({ start: { x: op.x1, y: PAGE_H - op.y1 }, end: { x: op.x2, y: PAGE_H - op.y2 }, thickness: 0.5, color: grey(0.6) })
  else
    p.drawRectangle({
      x: op.x,
      y: PAGE_H - op.top - op.height,
      width: op.width,
      height: op.height,
      borderColor: grey(0.6),
      borderWidth: 0.75,
      borderDashArray: [3, 3]
    })
}

export async function newPdf(title: string, lang: string) {
  const { PDFDocument } = await loadPdfLib()
  patchGlyphPadding()
  const doc = await PDFDocument.create()
  doc.registerFontkit(cachedFontkit as never)
  const regular = await doc.embedFont(fonts().regular, { subset: true })
  const bold = await doc.embedFont(fonts().bold, { subset: true })
  doc.setTitle(title)
  doc.setLanguage(lang === 'en' ? 'en' : 'zh-CN')
  doc.setCreationDate(new Date())
  return { doc, regular, bold }
}

export async function renderAgreementPdf(facts: AgreementFacts, layout = layoutAgreement(facts)): Promise<Buffer> {
  const { doc, regular, bold } = await newPdf(agreementText(facts).title, facts.lang)
  doc.setAuthor(facts.foundation)
  doc.setSubject(facts.agreementNo)
  for (const ops of layout.pages) {
    const p = doc.addPage([PAGE_W, PAGE_H])
    for (const op of ops) drawPdfOp(p, op, regular, bold)
  }
  return Buffer.from(await doc.save({ useObjectStreams: true }))
}

/** The unsigned PDF with the signature PNG in the box of its last page and the signing date: a new document. */
export async function stampSignature(unsigned: Buffer, signaturePng: Buffer, facts: AgreementFacts, signDate: string): Promise<Buffer> {
  const { PDFDocument } = await loadPdfLib()
  patchGlyphPadding()
  const doc = await PDFDocument.load(unsigned)
  doc.registerFontkit(cachedFontkit as never)
  const regular = await doc.embedFont(fonts().regular, { subset: true })
  const img = await doc.embedPng(signaturePng)
  const pages = doc.getPages()
  const last = pages[pages.length - 1]
  const fit = img.scaleToFit(SIGNATURE_BOX.width - 8, SIGNATURE_BOX.height - 8)
  last.drawImage(img, {
    x: SIGNATURE_BOX.x + (SIGNATURE_BOX.width - fit.width) / 2,
    y: SIGNATURE_BOX.y + (SIGNATURE_BOX.height - fit.height) / 2,
    width: fit.width,
    height: fit.height
  })
  const at = signDateAt(layoutAgreement(facts), facts.lang)
  last.drawText(signDate, { x: at.x, y: PAGE_H - at.baseline, size: BODY, font: regular, color: grey(0.1) })
  doc.setModificationDate(new Date())
  return Buffer.from(await doc.save({ useObjectStreams: true }))
}

/** `box` (PDF points) scaled to fit an image of width x height, centred. */
function fitIn(box: { x: number; y: number; width: number; height: number }, width: number, height: number) {
  const k = Math.min(box.width / width, box.height / height)
  const w = width * k
  const h = height * k
  return { x: box.x + (box.width - w) / 2, y: box.y + (box.height - h) / 2, width: w, height: h }
}

/**
 * The donor-signed PDF with the foundation's seal (PNG or JPEG) over the foundation's column of its last page: a new
 * document; the signed one is not touched (docs/decisions/047-agreements-for-staff.md).
 */
export async function stampSeal(signed: Buffer, seal: Buffer, mime: 'image/png' | 'image/jpeg'): Promise<Buffer> {
  const { PDFDocument } = await loadPdfLib()
  const doc = await PDFDocument.load(signed)
  const img = mime === 'image/png' ? await doc.embedPng(seal) : await doc.embedJpg(seal)
  const pages = doc.getPages()
  const at = fitIn(SEAL_BOX, img.width, img.height)
  pages[pages.length - 1].drawImage(img, at)
  doc.setModificationDate(new Date())
  return Buffer.from(await doc.save({ useObjectStreams: true }))
}

/** The signed last page image (JPEG, IMAGE_SCALE px per point) with the seal drawn where stampSeal puts it. */
export async function stampSealOnImage(pageJpeg: Buffer, seal: Buffer): Promise<Buffer> {
  const page = await loadImage(pageJpeg)
  const img = await loadImage(seal)
  const canvas = createCanvas(page.width, page.height)
  const ctx = canvas.getContext('2d')
  ctx.drawImage(page, 0, 0)
  const at = fitIn(SEAL_BOX, img.width, img.height)
  const k = page.width / PAGE_W
  ctx.drawImage(img, at.x * k, (PAGE_H - at.y - at.height) * k, at.width * k, at.height * k)
  return canvas.encode('jpeg', JPEG_QUALITY)
}

// ---------- page images ----------

function drawCanvasOp(ctx: SKRSContext2D, op: Op) {
  if (op.t === 'text') {
    ctx.fillStyle = op.grey ? '#737373' : '#1a1a1a'
    ctx.font = `${op.bold ? 700 : 400} ${op.size}px ${op.bold ? CERT_FONT_BOLD : CERT_FONT}`
    ctx.fillText(op.text, op.x, op.baseline)
  } else if (op.t === 'line') {
    ctx.strokeStyle = '#999999'
    ctx.lineWidth = 0.5
    ctx.setLineDash([])
    ctx.beginPath()
    ctx.moveTo(op.x1, op.y1)
    ctx.lineTo(op.x2, op.y2)
    ctx.stroke()
  } else {
    ctx.strokeStyle = '#999999'
    ctx.lineWidth = 0.75
    ctx.setLineDash([3, 3])
    ctx.strokeRect(op.x, op.top, op.width, op.height)
    ctx.setLineDash([])
  }
}

/** JPEG images of the pages (white paper), the signature and date drawn on the last one when given. */
export async function renderAgreementImages(
  facts: AgreementFacts,
  signed?: { png: Buffer; date: string },
  layout = layoutAgreement(facts)
): Promise<Buffer[]> {
  ensureCertificateFonts()
  const out: Buffer[] = []
  for (const [i, ops] of layout.pages.entries()) {
    const canvas = createCanvas(Math.round(PAGE_W * IMAGE_SCALE), Math.round(PAGE_H * IMAGE_SCALE))
    const ctx = canvas.getContext('2d')
    ctx.fillStyle = '#ffffff'
    ctx.fillRect(0, 0, canvas.width, canvas.height)
    ctx.scale(IMAGE_SCALE, IMAGE_SCALE)
    ctx.textBaseline = 'alphabetic'
    for (const op of ops) drawCanvasOp(ctx, op)
    if (signed && i === layout.pages.length - 1) {
      const img = await loadImage(signed.png)
      const k = Math.min((SIGNATURE_BOX.width - 8) / img.width, (SIGNATURE_BOX.height - 8) / img.height)
      const w = img.width * k
      const h = img.height * k
      const top = PAGE_H - SIGNATURE_BOX.y - SIGNATURE_BOX.height
      ctx.drawImage(img, SIGNATURE_BOX.x + (SIGNATURE_BOX.width - w) / 2, top + (SIGNATURE_BOX.height - h) / 2, w, h)
      const at = signDateAt(layout, facts.lang)
      drawCanvasOp(ctx, { t: 'text', x: at.x, baseline: at.baseline, size: BODY, text: signed.date })
    }
    out.push(await canvas.encode('jpeg', JPEG_QUALITY))
  }
  return out
}
