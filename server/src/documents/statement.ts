/**
 * The yearly giving statement as a PDF (docs/decisions/050-yearly-statement.md): in the foundation's name, for one
 * donor and one Beijing calendar year, every paid gift (date, project, amount paid, amount refunded) and the total
 * given (paid less refunded). A4, Noto Sans SC (the agreement's PDF set-up: glyph padding and a cached parsed font,
 * documents/agreement.ts), as many pages as the gifts need, each page repeating the column heads.
 */
import type { PDFFont, PDFPage } from 'pdf-lib'
import type { Lang } from '../../../types'
import { fenToYuan } from '../lib/money'
import { grey, newPdf, PAGE_H, PAGE_W, wrap } from './agreement'

export interface StatementFacts {
  lang: Lang
  foundation: string
  donorName: string
  year: number
  /** "2026-11-28" (Beijing) */
  issuedOn: string
  gifts: { date: string; projectName: string; billNo: string; amountFen: number; refundedFen: number }[]
  totalFen: number
}

const WORDS = {
  zh_CN: {
    title: (y: number) => `${y} 年度捐赠对账单`,
    donor: '捐赠人',
    issued: '出具日期',
    date: '日期',
    project: '项目',
    paid: '捐赠金额（元）',
    refunded: '退款（元）',
    total: '合计（捐赠金额减退款）',
    count: (n: number) => `共 ${n} 笔`,
    note: '本对账单列出您在该年度（北京时间）已支付的每一笔捐赠，退款已扣除。感谢您的支持！',
    page: (i: number, n: number) => `第 ${i} / ${n} 页`
  },
  en: {
    title: (y: number) => `Giving statement ${y}`,
    donor: 'Donor',
    issued: 'Issued on',
    date: 'Date',
    project: 'Project',
    paid: 'Paid (CNY)',
    refunded: 'Refunded (CNY)',
    total: 'Total given (paid less refunded)',
    count: (n: number) => `${n} gift${n === 1 ? '' : 's'}`,
    note: 'This statement lists every gift you paid in the year (Beijing time), with refunds subtracted. Thank you for your support!',
    page: (i: number, n: number) => `Page ${i} of ${n}`
  }
} as const

const MARGIN = 56
const ROW = 20
const COL = { date: MARGIN, project: MARGIN + 78, paid: PAGE_W - MARGIN - 110, refunded: PAGE_W - MARGIN }
const ROWS_FIRST = 26
const ROWS_NEXT = 32

/** thousands separators: "12,345.60" */
export const money = (fen: number) => {
  const [i, d] = fenToYuan(fen).split('.')
  return `${i.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${d}`
}

function clip(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text
  let s = text
  while (s.length > 1 && font.widthOfTextAtSize(`${s}…`, size) > width) s = s.slice(0, -1)
  return `${s}…`
}

export async function renderStatementPdf(f: StatementFacts): Promise<Buffer> {
  const w = WORDS[f.lang] ?? WORDS.zh_CN
  const { doc, regular, bold } = await newPdf(w.title(f.year), f.lang)
  doc.setAuthor(f.foundation)
  doc.setSubject(w.title(f.year))
  const pages: PDFPage[] = []
  const chunks: (typeof f.gifts)[] = []
  for (let i = 0, n = ROWS_FIRST; i < f.gifts.length || chunks.length === 0; i += n, n = ROWS_NEXT) chunks.push(f.gifts.slice(i, i + n))
  const dark = grey(0.1)
  const mid = grey(0.45)
  const text = (p: PDFPage, s: string, x: number, top: number, size = 10, font = regular, color = dark) =>
    p.drawText(s, { x, y: PAGE_H - top, size, font, color })
  const right = (p: PDFPage, s: string, xRight: number, top: number, size = 10, font = regular) =>
    text(p, s, xRight - font.widthOfTextAtSize(s, size), top, size, font)
  const rule = (p: PDFPage, top: number, thickness = 0.5) =>
    p.drawLine({ start: { x: MARGIN, y: PAGE_H - top }, end: { x: PAGE_W - MARGIN, y: PAGE_H - top }, thickness, color: grey(0.6) })

  chunks.forEach((rows, index) => {
    const p = doc.addPage([PAGE_W, PAGE_H])
    pages.push(p)
    let top = 72
    if (index === 0) {
      text(p, f.foundation, MARGIN, top, 12, bold, mid)
      top += 34
      text(p, w.title(f.year), MARGIN, top, 20, bold)
      top += 32
      const colon = f.lang === 'en' ? ': ' : '：'
      text(p, `${w.donor}${colon}${f.donorName}`, MARGIN, top, 11)
      right(p, `${w.issued}${colon}${f.issuedOn}`, COL.refunded, top, 11)
      top += 30
    }
    text(p, w.date, COL.date, top, 9, bold, mid)
    text(p, w.project, COL.project, top, 9, bold, mid)
    right(p, w.paid, COL.paid, top, 9, bold)
    right(p, w.refunded, COL.refunded, top, 9, bold)
    top += 8
    rule(p, top)
    top += 16
    for (const g of rows) {
      text(p, g.date, COL.date, top, 10)
      text(p, clip(g.projectName, regular, 10, COL.paid - COL.project - 96), COL.project, top, 10)
      right(p, money(g.amountFen), COL.paid, top, 10)
      right(p, g.refundedFen ? money(g.refundedFen) : '—', COL.refunded, top, 10)
      top += ROW
    }
    if (index === chunks.length - 1) {
      rule(p, top - 10, 0.75)
      top += 8
      text(p, `${w.total}  ·  ${w.count(f.gifts.length)}`, COL.date, top, 11, bold)
      right(p, `¥${money(f.totalFen)}`, COL.refunded, top, 13, bold)
      top += 36
      for (const line of wrap(w.note, 9, PAGE_W - 2 * MARGIN)) {
        text(p, line, MARGIN, top, 9, regular, mid)
        top += 14
      }
    }
  })
  pages.forEach((p, i) => {
    const s = w.page(i + 1, pages.length)
    p.drawText(s, { x: PAGE_W - MARGIN - regular.widthOfTextAtSize(s, 8), y: 40, size: 8, font: regular, color: mid })
  })
  return Buffer.from(await doc.save({ useObjectStreams: true }))
}
