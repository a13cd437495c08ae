/**
 * The electronic donation certificate (docs/product §2 Certificates, §3 Success data certificateImg): a 1600x1130
 * JPEG (quality 85) drawn with @napi-rs/canvas in Noto Sans SC. Drawing takes a few tens of milliseconds on the
 * calling thread; the JPEG encode runs on libuv's thread pool (canvas.encode), off the event loop.
 *
 * Layout: paper background with a faint rosette, a red outer frame and gold inner frames with corner ornaments, the
 * title 捐赠证书 with its English line, the certificate number, "尊敬的 {donor}：", the thanks text (project and amount
 * with thousands separators, wrapped, closing punctuation never starting a line), the school name and date bottom right
 * under a red seal that carries the school's name.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas'
import { CERT_FONT, CERT_FONT_BOLD, ensureCertificateFonts, missingGlyphs } from './fonts'

export interface CertificateData {
  schoolName: string
  donorName: string
  projectName: string
  /** "1234.5" / "1234.56" (yuan, as on the wire) */
  amountYuan: string
  /** "2026-11-22" (shown as 2026年11月22日) or any preformatted text */
  date: string
  certificateNo: string
  /** goods donations: "图书 3 册" */
  materialText?: string
  /** a gift matched on a giving day (decision 075): the matched yuan and the sponsors, a sentence after the amount */
  matched?: { amountYuan: string; sponsors: string[] }
}

export const CERT_WIDTH = 1600
export const CERT_HEIGHT = 1130
export const CERT_JPEG_QUALITY = 85

/** Where the donor's name is drawn (tests look for ink there). */
export const DONOR_LINE = { x: 170, baseline: 440, height: 64 } as const

const RED = '#9e1b1b'
const GOLD = '#b8913a'
const INK = '#2b2620'
const SEAL = 'rgba(204, 24, 30, 0.8)'

/** "1234567.5" -> "1,234,567.50"; anything that is not a plain yuan amount is shown as given. */
export function formatYuan(amount: string): string {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim())
  if (!m) return amount
  const whole = m[1].replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${whole}.${(m[2] ?? '').padEnd(2, '0')}`
}

/** "2026-11-22…" -> "2026年11月22日"; other text unchanged. */
export function formatCertificateDate(date: string): string {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(date.trim())
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : date
}

/** Characters of the certificate's text that Noto Sans SC cannot draw (they would come out as boxes): log them. */
export function certificateMissingGlyphs(data: CertificateData): string[] {
  return missingGlyphs(
    [
      data.schoolName,
      data.donorName,
      data.projectName,
      data.amountYuan,
      data.date,
      data.certificateNo,
      data.materialText ?? '',
      ...(data.matched?.sponsors ?? [])
    ].join('')
  )
}

/** The matched words of a matched gift (decision 075), null for any other: "{sponsors}为您的善款配捐人民币 X 元。" */
export function matchedLine(data: Pick<CertificateData, 'matched'>): { sponsors: string; amount: string } | null {
  const m = data.matched
  if (!m || !/^\d+(\.\d{1,2})?$/.test(m.amountYuan) || Number(m.amountYuan) <= 0) return null
  const sponsors = m.sponsors.map((x) => x.trim()).filter(Boolean)
  return { sponsors: sponsors.length ? sponsors.join('、') : '捐赠日配捐方', amount: formatYuan(m.amountYuan) }
}

interface Run {
  text: string
  font: string
  color: string
}

const CLOSING = new Set([...'，。、：；！？）」』”’》〉】,.;:!?)…'])
const OPENING = new Set([...'（「『“‘《〈【('])

/** Splits runs into unbreakable tokens: latin words/numbers stay whole, CJK breaks between any two characters. */
function tokens(runs: Run[]): Run[] {
  const out: Run[] = []
  for (const r of runs) {
    const parts = r.text.match(/[A-Za-z0-9¥$.,%+\-_/]+|\s+|[\s\S]/gu) ?? []
    for (const p of parts) out.push({ ...r, text: p })
  }
  return out
}

/** Greedy line breaking of styled runs; closing punctuation hangs at the line end, opening never ends a line. */
function wrapRuns(g: SKRSContext2D, runs: Run[], firstWidth: number, width: number): Array<Array<Run & { w: number }>> {
  const lines: Array<Array<Run & { w: number }>> = [[]]
  let used = 0
  let limit = firstWidth
  for (const t of tokens(runs)) {
    g.font = t.font
    const w = g.measureText(t.text).width
    const line = lines[lines.length - 1]
    if (used + w > limit && line.length > 0 && !CLOSING.has(t.text)) {
      const carry: Array<Run & { w: number }> = []
      // an opening bracket or quote moves down with the word it opens
      while (line.length > 0 && OPENING.has(line[line.length - 1].text)) carry.unshift(line.pop() as Run & { w: number })
      lines.push(carry)
      used = carry.reduce((s, c) => s + c.w, 0)
      limit = width
      // a space at the break disappears
      if (/^\s+$/.test(t.text)) continue
    }
    lines[lines.length - 1].push({ ...t, w })
    used += w
  }
  return lines.filter((l) => l.length > 0)
}

function fitFont(g: SKRSContext2D, text: string, family: string, start: number, min: number, maxWidth: number): number {
  let size = start
  for (; size > min; size -= 2) {
    g.font = `${size}px ${family}`
    if (g.measureText(text).width <= maxWidth) break
  }
  return size
}

function drawBackground(g: SKRSContext2D, W: number, H: number): void {
  const bg = g.createLinearGradient(0, 0, W, H)
  bg.addColorStop(0, '#fffdf7')
  bg.addColorStop(0.55, '#fbf4e4')
  bg.addColorStop(1, '#f4e7cc')
  g.fillStyle = bg
  g.fillRect(0, 0, W, H)

  // faint guilloche rosette behind the text
  g.save()
  g.translate(W / 2, H / 2 + 40)
  g.strokeStyle = 'rgba(184, 145, 58, 0.09)'
  g.lineWidth = 1.2
  for (let i = 0; i < 36; i++) {
    g.rotate(Math.PI / 18)
    g.beginPath()
    g.ellipse(0, 0, 330, 120, 0, 0, Math.PI * 2)
    g.stroke()
  }
  g.restore()

  // frames: red outer band, double gold lines inside
  g.strokeStyle = RED
  g.lineWidth = 16
  g.strokeRect(28, 28, W - 56, H - 56)
  g.strokeStyle = GOLD
  g.lineWidth = 4
  g.strokeRect(52, 52, W - 104, H - 104)
  g.lineWidth = 1.5
  g.strokeRect(62, 62, W - 124, H - 124)

  // corner ornaments: stepped gold brackets with a red diamond
  const corners: Array<[number, number, number, number]> = [
    [62, 62, 1, 1],
    [W - 62, 62, -1, 1],
    [62, H - 62, 1, -1],
    [W - 62, H - 62, -1, -1]
  ]
  for (const [x, y, sx, sy] of corners) {
    g.strokeStyle = GOLD
    g.lineWidth = 3
    g.beginPath()
    g.moveTo(x + sx * 14, y + sy * 90)
    g.lineTo(x + sx * 14, y + sy * 14)
    g.lineTo(x + sx * 90, y + sy * 14)
    g.moveTo(x + sx * 26, y + sy * 60)
    g.lineTo(x + sx * 26, y + sy * 26)
    g.lineTo(x + sx * 60, y + sy * 26)
    g.stroke()
    g.fillStyle = RED
    g.beginPath()
    const cx = x + sx * 40
    const cy = y + sy * 40
    g.moveTo(cx, cy - 7)
    g.lineTo(cx + 7, cy)
    g.lineTo(cx, cy + 7)
    g.lineTo(cx - 7, cy)
    g.closePath()
    g.fill()
  }
}

function drawTitle(g: SKRSContext2D, W: number, certificateNo: string): void {
  g.textAlign = 'center'
  g.textBaseline = 'alphabetic'
  g.fillStyle = RED
  g.font = `96px ${CERT_FONT_BOLD}`
  g.fillText('捐 赠 证 书', W / 2, 212)

  g.fillStyle = GOLD
  g.font = `22px ${CERT_FONT}`
  const subtitle = 'C E R T I F I C A T E   O F   D O N A T I O N'
  g.fillText(subtitle, W / 2, 256)
  const half = g.measureText(subtitle).width / 2
  g.strokeStyle = GOLD
  g.lineWidth = 2
  for (const dir of [-1, 1]) {
    g.beginPath()
    g.moveTo(W / 2 + dir * (half + 24), 248)
    g.lineTo(W / 2 + dir * (half + 190), 248)
    g.stroke()
    g.fillStyle = GOLD
    g.beginPath()
    g.arc(W / 2 + dir * (half + 198), 248, 4, 0, Math.PI * 2)
    g.fill()
  }

  g.fillStyle = '#6b6257'
  g.font = `26px ${CERT_FONT}`
  g.fillText(`证书编号：${certificateNo}`, W / 2, 318)
}

/** Red round seal: the school's name along the upper arc, a star, and 捐赠专用章 across the lower half. */
function drawSeal(g: SKRSContext2D, cx: number, cy: number, r: number, schoolName: string): void {
  g.save()
  g.translate(cx, cy)
  g.rotate(-0.12)
  g.strokeStyle = SEAL
  g.fillStyle = SEAL
  g.lineWidth = 7
  g.beginPath()
  g.arc(0, 0, r, 0, Math.PI * 2)
  g.stroke()
  g.lineWidth = 1.5
  g.beginPath()
  g.arc(0, 0, r - 9, 0, Math.PI * 2)
  g.stroke()

  // five-pointed star
  const outer = r * 0.26
  const inner = outer * 0.4
  g.beginPath()
  for (let i = 0; i < 10; i++) {
    const rad = i % 2 === 0 ? outer : inner
    const a = -Math.PI / 2 + (i * Math.PI) / 5
    g.lineTo(Math.cos(a) * rad, Math.sin(a) * rad)
  }
  g.closePath()
  g.fill()

  const chars = [...schoolName.trim()].slice(0, 20)
  if (chars.length > 0) {
    const sweep = Math.min(Math.PI * 1.4, Math.max(Math.PI * 0.55, chars.length * 0.3))
    const size = Math.max(14, Math.min(32, Math.floor(((r - 24) * sweep) / chars.length) - 5))
    g.font = `${size}px ${CERT_FONT_BOLD}`
    g.textAlign = 'center'
    g.textBaseline = 'middle'
    const textR = r - 17 - size / 2
    chars.forEach((ch, i) => {
      const a = -Math.PI / 2 - sweep / 2 + (chars.length === 1 ? sweep / 2 : (i * sweep) / (chars.length - 1))
      g.save()
      g.rotate(a + Math.PI / 2)
      g.fillText(ch, 0, -textR)
      g.restore()
    })
  }
  g.font = `${Math.round(r * 0.17)}px ${CERT_FONT_BOLD}`
  g.textAlign = 'center'
  g.textBaseline = 'middle'
  g.fillText('捐赠专用章', 0, r * 0.52)
  g.restore()
}

/** Draws the certificate and encodes it as JPEG (quality 85) off the event loop. */
export async function renderCertificate(data: CertificateData): Promise<Buffer> {
  ensureCertificateFonts()
  const W = CERT_WIDTH
  const H = CERT_HEIGHT
  const canvas = createCanvas(W, H)
  const g = canvas.getContext('2d')

  drawBackground(g, W, H)
  drawTitle(g, W, data.certificateNo)

  const left = 170
  const right = W - 170
  const textWidth = right - left

  // salutation; a long donor (company) name shrinks to fit
  g.textAlign = 'left'
  g.textBaseline = 'alphabetic'
  g.fillStyle = INK
  g.font = `44px ${CERT_FONT}`
  const prefix = '尊敬的 '
  const prefixW = g.measureText(prefix).width
  g.fillText(prefix, left, DONOR_LINE.baseline)
  const donor = data.donorName.trim()
  const donorSize = fitFont(g, `${donor}：`, CERT_FONT_BOLD, 52, 28, textWidth - prefixW)
  g.font = `${donorSize}px ${CERT_FONT_BOLD}`
  g.fillText(`${donor}：`, left + prefixW, DONOR_LINE.baseline)
  // a fine underline under the name
  const donorW = g.measureText(donor).width
  g.strokeStyle = 'rgba(184, 145, 58, 0.7)'
  g.lineWidth = 1.5
  g.beginPath()
  g.moveTo(left + prefixW - 4, DONOR_LINE.baseline + 14)
  g.lineTo(left + prefixW + donorW + 4, DONOR_LINE.baseline + 14)
  g.stroke()

  // thanks text: shrink until it fits the space above the signature block
  const amount = formatYuan(data.amountYuan)
  const project = data.projectName.trim()
  // a name that brings its own quotes (“…” or 「…」) is not quoted again; one with quotes inside gets 「」
  const quoted = /^[“「《]/.test(project) && /[”」》]$/.test(project)
  const [open, close] = /[“”]/.test(project) ? ['「', '」'] : ['“', '”']
  let bodySize = 40
  let lines: Array<Array<Run & { w: number }>> = []
  const bodyTop = 530
  /** last baseline: the seal starts below it */
  const bodyBottom = 760
  for (; bodySize >= 26; bodySize -= 2) {
    const regular = `${bodySize}px ${CERT_FONT}`
    const bold = `${bodySize}px ${CERT_FONT_BOLD}`
    const runs: Run[] = [
      { text: '感谢您向', font: regular, color: INK },
      { text: data.schoolName.trim(), font: regular, color: INK },
      { text: quoted ? '' : open, font: regular, color: INK },
      { text: project, font: bold, color: INK },
      { text: quoted ? '项目' : `${close}项目`, font: regular, color: INK }
    ]
    if (data.materialText?.trim()) {
      runs.push(
        { text: '捐赠', font: regular, color: INK },
        { text: data.materialText.trim(), font: bold, color: RED },
        { text: '（折合人民币 ', font: regular, color: INK },
        { text: amount, font: bold, color: RED },
        { text: ' 元）。', font: regular, color: INK }
      )
    } else {
      runs.push(
        { text: '慷慨捐赠人民币 ', font: regular, color: INK },
        { text: amount, font: bold, color: RED },
        { text: ' 元。', font: regular, color: INK }
      )
    }
    const matched = matchedLine(data)
    if (matched)
      runs.push(
        { text: matched.sponsors, font: regular, color: INK },
        { text: '为您的善款配捐人民币 ', font: regular, color: INK },
        { text: matched.amount, font: bold, color: RED },
        { text: ' 元。', font: regular, color: INK }
      )
    runs.push({
      text: '您的善举将化作学子成长的力量，为学校的发展注入温暖与希望。特发此证，以资感谢！',
      font: regular,
      color: INK
    })
    lines = wrapRuns(g, runs, textWidth - bodySize * 2, textWidth)
    if (bodyTop + (lines.length - 1) * Math.round(bodySize * 1.8) <= bodyBottom) break
  }
  const lineHeight = Math.round(bodySize * 1.8)
  lines.forEach((line, i) => {
    let x = left + (i === 0 ? bodySize * 2 : 0)
    const y = bodyTop + i * lineHeight
    for (const t of line) {
      g.font = t.font
      g.fillStyle = t.color
      g.fillText(t.text, x, y)
      x += t.w
    }
  })

  // school name and date bottom right, the seal over them
  g.textAlign = 'right'
  g.fillStyle = INK
  const schoolSize = fitFont(g, data.schoolName.trim(), CERT_FONT, 40, 26, 760)
  g.font = `${schoolSize}px ${CERT_FONT}`
  const schoolRight = W - 190
  g.fillText(data.schoolName.trim(), schoolRight, 925)
  const schoolW = g.measureText(data.schoolName.trim()).width
  g.font = `36px ${CERT_FONT}`
  g.fillText(formatCertificateDate(data.date), schoolRight, 992)
  drawSeal(g, schoolRight - Math.min(schoolW, 440) / 2 - 20, 868, 112, data.schoolName)

  return canvas.encode('jpeg', CERT_JPEG_QUALITY)
}
