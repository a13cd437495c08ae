/**
 * The CJK fonts of generated documents: Noto Sans SC (regular + bold, full TTFs from @expo-google-fonts/noto-sans-sc,
 * which cover rare name characters such as 赟喆䶮) registered once with @napi-rs/canvas, and a glyph-coverage check
 * that reads the font's own cmap, so a character the font lacks is known before a certificate shows a tofu box.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { GlobalFonts } from '@napi-rs/canvas'

export const CERT_FONT = 'CertNotoSansSC'
export const CERT_FONT_BOLD = 'CertNotoSansSCBold'

function fontPath(weightDir: string, file: string): string {
  // the server runs as CommonJS under tsx (as domain/area/division.ts does)
  const pkg = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'))
  return path.join(pkg, weightDir, file)
}

export const NOTO_SANS_SC_REGULAR = (): string => fontPath('400Regular', 'NotoSansSC_400Regular.ttf')
export const NOTO_SANS_SC_BOLD = (): string => fontPath('700Bold', 'NotoSansSC_700Bold.ttf')

let registered = false

/** Registers the certificate fonts once per process (about 100 ms the first time). */
export function ensureCertificateFonts(): void {
  if (registered) return
  const regular = GlobalFonts.registerFromPath(NOTO_SANS_SC_REGULAR(), CERT_FONT)
  const bold = GlobalFonts.registerFromPath(NOTO_SANS_SC_BOLD(), CERT_FONT_BOLD)
  if (!regular || !bold) throw new Error('could not register Noto Sans SC for certificates')
  registered = true
}

type CmapLookup = (codePoint: number) => number

/** Parses a TrueType/OpenType cmap (format 12 preferred, else format 4) into a code point -> glyph id lookup. */
export function parseCmap(font: Buffer): CmapLookup {
  const numTables = font.readUInt16BE(4)
  let cmapOffset = -1
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16
    if (font.toString('latin1', rec, rec + 4) === 'cmap') cmapOffset = font.readUInt32BE(rec + 8)
  }
  if (cmapOffset < 0) throw new Error('font has no cmap table')
  const subtables: Array<{ platform: number; encoding: number; offset: number; format: number }> = []
  const count = font.readUInt16BE(cmapOffset + 2)
  for (let i = 0; i < count; i++) {
    const rec = cmapOffset + 4 + i * 8
    const offset = cmapOffset + font.readUInt32BE(rec + 4)
    subtables.push({ platform: font.readUInt16BE(rec), encoding: font.readUInt16BE(rec + 2), offset, format: font.readUInt16BE(offset) })
  }
  const f12 = subtables.find((s) => s.format === 12 && (s.platform === 3 || s.platform === 0))
  if (f12) {
    const nGroups = font.readUInt32BE(f12.offset + 12)
    const base = f12.offset + 16
    return (cp) => {
      let lo = 0
      let hi = nGroups - 1
      while (lo <= hi) {
        const mid = (lo + hi) >> 1
        const g = base + mid * 12
        const start = font.readUInt32BE(g)
        const end = font.readUInt32BE(g + 4)
        if (cp < start) hi = mid - 1
        else if (cp > end) lo = mid + 1
        else return font.readUInt32BE(g + 8) + (cp - start)
      }
      return 0
    }
  }
  const f4 = subtables.find((s) => s.format === 4 && (s.platform === 3 || s.platform === 0))
  if (!f4) throw new Error('font has no usable cmap subtable')
  const o = f4.offset
  const segX2 = font.readUInt16BE(o + 6)
  const endCodes = o + 14
  const startCodes = endCodes + segX2 + 2
  const idDeltas = startCodes + segX2
  const idRangeOffsets = idDeltas + segX2
  return (cp) => {
    if (cp > 0xffff) return 0
    for (let i = 0; i < segX2; i += 2) {
      if (cp > font.readUInt16BE(endCodes + i)) continue
      const start = font.readUInt16BE(startCodes + i)
      if (cp < start) return 0
      const delta = font.readInt16BE(idDeltas + i)
      const ro = font.readUInt16BE(idRangeOffsets + i)
      if (ro === 0) return (cp + delta) & 0xffff
      const glyph = font.readUInt16BE(idRangeOffsets + i + ro + (cp - start) * 2)
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff
    }
    return 0
  }
}

const lookups = new Map<string, CmapLookup>()

function lookupFor(file: string): CmapLookup {
  let l = lookups.get(file)
  if (!l) {
    l = parseCmap(readFileSync(file))
    lookups.set(file, l)
  }
  return l
}

/** Characters of `text` (by code point, whitespace and controls ignored) that the font file has no glyph for. */
export function missingGlyphs(text: string, fontFile: string = NOTO_SANS_SC_REGULAR()): string[] {
  const lookup = lookupFor(fontFile)
  const missing = new Set<string>()
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number
    if (cp < 0x20 || /\s/u.test(ch) || (cp >= 0xfe00 && cp <= 0xfe0f)) continue
    if (lookup(cp) === 0) missing.add(ch)
  }
  return [...missing]
}
