/**
 * The school's theme colour as CSS custom properties (src/styles/tokens.scss reads them as $theme, $theme-light,
 * $theme-dark, $theme-soft). The shades are computed here rather than in CSS: color-mix() and relative colours do
 * not exist in the mini-programs' renderers, and Sass colour functions run at build time, before the school is known.
 */
import type { CSSProperties } from 'react'

export const DEFAULT_THEME_COLOR = '#c8102e'

/** Usable as a `style` (Taro passes custom properties through on every target). */
export type ThemeVars = CSSProperties & {
  '--theme-color': string
  '--theme-color-light': string
  '--theme-color-dark': string
  '--theme-color-soft': string
}

type Rgb = [number, number, number]

function parseHex(color: string): Rgb | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())
  if (!m) return null
  const hex = m[1].length === 3 ? m[1].replace(/./g, (c) => c + c) : m[1]
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb
}

function toHex(rgb: Rgb): string {
  return '#' + rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')
}

/** `weight` of `other` mixed into `base` (0 keeps base, 1 gives other), like Sass's mix(other, base, weight). */
function mix(base: Rgb, other: Rgb, weight: number): Rgb {
  return base.map((v, i) => v + (other[i] - v) * weight) as Rgb
}

const WHITE: Rgb = [255, 255, 255]
const BLACK: Rgb = [0, 0, 0]

/**
 * The custom properties for one school colour. A colour that is not #rgb / #rrggbb (a mistyped school config) gives
 * the default theme rather than a page with no colour at all.
 */
export function themeVars(color: string | null | undefined): ThemeVars {
  const rgb = parseHex(color || '') || (parseHex(DEFAULT_THEME_COLOR) as Rgb)
  return {
    '--theme-color': toHex(rgb),
    '--theme-color-light': toHex(mix(rgb, WHITE, 0.2)),
    '--theme-color-dark': toHex(mix(rgb, BLACK, 0.15)),
    // about the strength of the `${theme}14` overlays the components use, but solid: it reads the same on white
    // and on the page grey
    '--theme-color-soft': toHex(mix(rgb, WHITE, 0.9))
  }
}
