/**
 * Where the nameplate's words sit on an example (SPEC §3 Nameplate example: configData elements with placeholders
 * for donor, identity and message at x, y with a style, in the example image's pixels). Positions become percentages
 * of the frame and pixel sizes are scaled to the width the preview is drawn at, so one example fits every screen.
 */
import type { NameplateElement, NameplateExample, NameplateText } from '@contract'

export interface PlacedText {
  key: string
  text: string
  style: Record<string, string>
}

/** Style properties whose numbers are pixels of the example (scaled); the rest are passed on as they are. */
const PIXEL_PROPS = new Set(['fontSize', 'lineHeight', 'letterSpacing', 'width', 'maxWidth', 'height'])

function textOf(el: NameplateElement, plate: NameplateText): string {
  if (el.key === 'text') return el.text
  const v = (plate[el.key] || '').trim()
  return v || el.text
}

export function placeElements(example: NameplateExample, plate: NameplateText, widthPx: number): PlacedText[] {
  const w = example.width > 0 ? example.width : 1
  const h = example.height > 0 ? example.height : 1
  const scale = widthPx / w
  return (example.configData || []).map((el, i) => {
    const style: Record<string, string> = {
      position: 'absolute',
      left: `${((el.x / w) * 100).toFixed(3)}%`,
      top: `${((el.y / h) * 100).toFixed(3)}%`,
      whiteSpace: 'nowrap'
    }
    for (const [k, v] of Object.entries(el.style || {})) {
      if (typeof v === 'number') style[k] = PIXEL_PROPS.has(k) ? `${(v * scale).toFixed(1)}px` : String(v)
      else if (typeof v === 'string') style[k] = v
    }
    return { key: `${el.key}-${i}`, text: textOf(el, plate), style }
  })
}

/** The frame's height as a share of its width (padding-top trick: the image keeps its proportions). */
export function frameRatio(example: Pick<NameplateExample, 'width' | 'height'>): string {
  if (!(example.width > 0) || !(example.height > 0)) return '50%'
  return `${((example.height / example.width) * 100).toFixed(3)}%`
}
