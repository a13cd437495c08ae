/**
 * File types by content (magic bytes), never by the name or the multipart Content-Type the client claims.
 * SVG is text: recognised by an <svg root after an optional BOM, XML declaration, comments and doctype, and
 * refused when it carries anything that runs or loads (served from our origin, it would be stored XSS).
 */
export type SniffedType = 'png' | 'jpg' | 'gif' | 'svg' | 'pdf'

export const MIME: Record<SniffedType, string> = {
  png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml', pdf: 'application/pdf'
}

const startsWith = (buf: Buffer, bytes: number[]) => buf.length >= bytes.length && bytes.every((b, i) => buf[i] === b)

export function sniffBinary(buf: Buffer): SniffedType | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpg'
  const head = buf.subarray(0, 6).toString('latin1')
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif'
  if (buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf'
  return null
}

/** The SVG root must come first: only a prolog (declaration, comments, doctype without an internal subset) may precede it. */
const SVG_PROLOG = /^(?:\uFEFF)?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE\s+svg[^>[]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i

/** Anything that executes or fetches: scripts, event handlers, javascript: URLs, foreign HTML, entities, external refs. */
const SVG_ACTIVE = [
  /<script/i, /\son[a-z]+\s*=/i, /javascript:/i, /<foreignObject/i, /<!ENTITY/i, /<iframe|<embed|<object/i,
  /(?:xlink:)?href\s*=\s*["']\s*(?!#)/i, /url\(\s*["']?\s*(?!#)/i, /@import/i
]

export type SvgVerdict = 'svg' | 'unsafe' | 'not-svg'

export function sniffSvg(buf: Buffer): SvgVerdict {
  if (buf.includes(0)) return 'not-svg'
  const text = buf.toString('utf8')
  if (!SVG_PROLOG.test(text)) return 'not-svg'
  return SVG_ACTIVE.some((re) => re.test(text)) ? 'unsafe' : 'svg'
}

/** Avatar uploads (SPEC §2: gif, jpeg, jpg, png, svg). */
export function sniffImage(buf: Buffer): SniffedType | 'unsafe-svg' | null {
  const bin = sniffBinary(buf)
  if (bin) return bin === 'pdf' ? null : bin
  const svg = sniffSvg(buf)
  return svg === 'svg' ? 'svg' : svg === 'unsafe' ? 'unsafe-svg' : null
}
