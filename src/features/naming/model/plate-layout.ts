/**
 * Where the nameplate's words sit on an example (docs/product §3 Nameplate example: configData elements with placeholders
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

const SLOT = /\{[^{}]*\}/

/**
 * The words of one element: fixed text as it is; a placeholder template ("{捐赠人} 惠赠") with the donor's words in
 * its slot; a bare placeholder replaced by them. Nothing written yet: the example's placeholder stays.
 */
export function textOf(el: Pick<NameplateElement, 'key' | 'text'>, plate: NameplateText, slotName?: SlotName): string {
  if (el.key === 'text') return el.text
  const v = (plate[el.key] || '').trim()
  if (!v) {
    // the school writes its placeholders in Chinese ("{捐赠人}"); an English page names the slot in English
    if (!slotName) return el.text
    const named = `{${slotName(el.key)}}`
    return SLOT.test(el.text) ? el.text.replace(SLOT, () => named) : named
  }
  return SLOT.test(el.text) ? el.text.replace(SLOT, () => v) : v
}

/** The reader's word for a slot of the nameplate (donor, identity, message). */
export type SlotName = (key: Exclude<NameplateElement['key'], 'text'>) => string

/** x is where the line is anchored: its start, its middle (textAlign center) or its end (right). */
function anchor(align: unknown): string {
  if (align === 'center') return 'translateX(-50%)'
  if (align === 'right' || align === 'end') return 'translateX(-100%)'
  return ''
}

export function placeElements(example: NameplateExample, plate: NameplateText, widthPx: number, slotName?: SlotName): PlacedText[] {
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
    const shift = anchor(el.style?.textAlign)
    if (shift) style.transform = shift
    return { key: `${el.key}-${i}`, text: textOf(el, plate, slotName), style }
  })
}

/** The frame's height as a share of its width (padding-top trick: the image keeps its proportions). */
export function frameRatio(example: Pick<NameplateExample, 'width' | 'height'>): string {
  if (!(example.width > 0) || !(example.height > 0)) return '50%'
  return `${((example.height / example.width) * 100).toFixed(3)}%`
}
