/**
 * File types by content (magic bytes), never by the name or the multipart Content-Type the client claims.
 * SVG is never accepted from donors: it is a document that can run script, and filtering it by pattern failed
 * (namespaced <svg:script>, <x:script>, <f:foreignObject> and entity-encoded javascript: all passed a regex list).
 * The avatar editor rasterises whatever the donor picks (SVG included) and uploads a JPEG, so nothing needs SVG.
 */
export type SniffedType = 'png' | 'jpg' | 'gif' | 'pdf'

export const MIME: Record<SniffedType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf'
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

/**
 * Only to word the refusal: text that carries an <svg> element (any namespace prefix, any encoding that keeps ASCII
 * readable) gets "SVG is not accepted" rather than "unsupported type". Nothing is accepted because of this test.
 */
export function looksLikeSvg(buf: Buffer): boolean {
  const text = buf
    .subarray(0, 64 * 1024)
    .toString('latin1')
    .replace(/\0/g, '')
  return /<(?:[\w.-]+:)?svg[\s>/]/i.test(text)
}

/** Avatar uploads: PNG, JPEG and GIF by their magic bytes; 'svg' and null are refusals. */
export function sniffImage(buf: Buffer): Exclude<SniffedType, 'pdf'> | 'svg' | null {
  const bin = sniffBinary(buf)
  if (bin) return bin === 'pdf' ? null : bin
  return looksLikeSvg(buf) ? 'svg' : null
}
