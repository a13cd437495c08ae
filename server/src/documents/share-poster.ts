/**
 * The share posters' layout (docs/decisions/084-joint-invite-poster-and-link.md and its addendum): one 750x1200 PNG
 * a donor saves and posts where a link cannot go (WeChat Moments, a class group's photo wall, print). The school's
 * colour band with who invites and a line of their own, a white card with a title and the progress, and a QR code of
 * the page's address with a caption. Drawn on the server with the certificates' fonts (Noto Sans SC covers rare name
 * characters), so every platform gets the same image and no mini-program canvas is involved. The joint donation's
 * invite poster (together-poster.ts) and the giving-day ambassador's poster (giving-day-poster.ts) fill it in.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas'
import { roundRectPath as roundRect } from '../lib/imagery/round-rect'
import qrcode from 'qrcode-generator'
import { CERT_FONT, CERT_FONT_BOLD, ensureCertificateFonts } from './fonts'

export const POSTER_WIDTH = 750
export const POSTER_HEIGHT = 1200
/** where the QR code starts and the size it fits in (the test reads the modules back at these places) */
export const POSTER_QR_TOP = 780
export const POSTER_QR_BOX = 300

export interface SharePoster {
  schoolName: string
  /** #rrggbb; anything else falls back to the platform red */
  themeColor: string
  /** the band's bold heading: who invites ("… 发起了一起捐", "… 邀请你参与") */
  heading: string
  /** the band's own line under it: a slogan in quotes, a giving day's title */
  line: string
  /** the card's bold title: the project, the giving day's dates */
  cardTitle: string
  /** the label before the amount raised ('已筹' / 'Raised') */
  raisedLabel: string
  /** what has been raised as shown: '¥1,234.00', or a count of goods with its unit */
  raised: string
  /** 0-100, or null without a target (no bar) */
  percent: number | null
  /** the card's last line: the target and the people */
  footer: string
  /** the address the QR code carries */
  url: string
  /** the line under the QR code */
  scan: string
}

/** '1234.5' -> '¥1,234.50' */
export const posterMoney = (yuan: string) => {
  const [w, f = '00'] = yuan.split('.')
  return `¥${w.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${f.padEnd(2, '0').slice(0, 2)}`
}

/** Splits text into at most `max` lines of `width` pixels (character by character, so CJK and Latin both wrap);
 *  the last line ends in an ellipsis when text is left over. */
export function wrapLines(ctx: SKRSContext2D, text: string, width: number, max: number): string[] {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim())
  const lines: string[] = []
  let line = ''
  for (let i = 0; i < chars.length; i++) {
    const next = line + chars[i]
    if (ctx.measureText(next).width <= width) {
      line = next
      continue
    }
    if (lines.length === max - 1) {
      let cut = line
      while (cut && ctx.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1)
      lines.push(`${cut}…`)
      return lines
    }
    // break at the last space of a Latin line when there is one
    const space = line.lastIndexOf(' ')
    if (space > 0 && /[A-Za-z]/.test(chars[i])) {
      lines.push(line.slice(0, space))
      line = line.slice(space + 1) + chars[i]
    } else {
      lines.push(line)
      line = chars[i] === ' ' ? '' : chars[i]
    }
  }
  if (line) lines.push(line)
  return lines
}

/** The QR code's cell and its left edge for `modules` modules plus the 4-module quiet zone each side. */
export function posterQrPlace(modules: number): { cell: number; left: number; size: number } {
  const cell = Math.floor(POSTER_QR_BOX / (modules + 8))
  const size = cell * (modules + 8)
  return { cell, left: Math.round((POSTER_WIDTH - size) / 2), size }
}

export async function renderSharePoster(d: SharePoster): Promise<Buffer> {
  ensureCertificateFonts()
  const theme = /^#[0-9a-fA-F]{6}$/.test(d.themeColor) ? d.themeColor : '#c8161d'
  const canvas = createCanvas(POSTER_WIDTH, POSTER_HEIGHT)
  const ctx = canvas.getContext('2d')
  const pad = 56
  const inner = POSTER_WIDTH - pad * 2

  ctx.fillStyle = '#f5f5f5'
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT)
  // the school's band: school, heading, line (white on the theme colour)
  ctx.fillStyle = theme
  ctx.fillRect(0, 0, POSTER_WIDTH, 440)
  ctx.fillStyle = '#ffffff'
  ctx.textBaseline = 'top'
  ctx.font = `28px ${CERT_FONT}`
  ctx.fillText(wrapLines(ctx, d.schoolName, inner, 1)[0] ?? '', pad, 56)
  ctx.font = `44px ${CERT_FONT_BOLD}`
  let y = 124
  const head = wrapLines(ctx, d.heading, inner, 2)
  for (const l of head) {
    ctx.fillText(l, pad, y)
    y += 60
  }
  ctx.font = `34px ${CERT_FONT}`
  y += 16
  // the band ends where the card starts: a two-line heading leaves room for two lines of its own line
  for (const l of wrapLines(ctx, d.line, inner, head.length > 1 ? 2 : 3)) {
    ctx.fillText(l, pad, y)
    y += 50
  }

  // the card
  const cardY = 400
  ctx.fillStyle = '#ffffff'
  roundRect(ctx, pad - 16, cardY, inner + 32, 330, 20)
  ctx.fill()
  ctx.fillStyle = '#1f1f1f'
  ctx.font = `36px ${CERT_FONT_BOLD}`
  y = cardY + 36
  for (const l of wrapLines(ctx, d.cardTitle, inner - 16, 2)) {
    ctx.fillText(l, pad + 8, y)
    y += 50
  }
  y = cardY + 160
  ctx.font = `30px ${CERT_FONT}`
  ctx.fillStyle = '#595959'
  ctx.fillText(d.raisedLabel, pad + 8, y)
  ctx.fillStyle = theme
  ctx.font = `40px ${CERT_FONT_BOLD}`
  ctx.fillText(d.raised, pad + 8 + ctx.measureText(`${d.raisedLabel}  `).width + 10, y - 6)
  y += 64
  if (d.percent !== null) {
    ctx.fillStyle = '#e8e8e8'
    roundRect(ctx, pad + 8, y, inner - 16, 16, 8)
    ctx.fill()
    ctx.fillStyle = theme
    roundRect(ctx, pad + 8, y, Math.max(16, ((inner - 16) * Math.min(100, d.percent)) / 100), 16, 8)
    ctx.fill()
    y += 34
  }
  ctx.fillStyle = '#595959'
  ctx.font = `28px ${CERT_FONT}`
  ctx.fillText(wrapLines(ctx, d.footer, inner - 16, 1)[0] ?? '', pad + 8, y)

  // the QR code of the page, black on white with its quiet zone
  const qr = qrcode(0, 'M')
  qr.addData(d.url)
  qr.make()
  const n = qr.getModuleCount()
  const { cell, left: qx, size } = posterQrPlace(n)
  const qy = POSTER_QR_TOP
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(qx, qy, size, size)
  ctx.fillStyle = '#000000'
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) if (qr.isDark(r, c)) ctx.fillRect(qx + (c + 4) * cell, qy + (r + 4) * cell, cell, cell)
  ctx.fillStyle = '#595959'
  ctx.font = `26px ${CERT_FONT}`
  ctx.textAlign = 'center'
  ctx.fillText(d.scan, POSTER_WIDTH / 2, qy + size + 24)
  return canvas.encode('png')
}
