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
  '--theme-color-text': string
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
// the page grey behind cards and lists ($color-bg-page in tokens.scss)
const PAGE_GREY: Rgb = [0xf5, 0xf6, 0xf8]

/** WCAG 2.x relative luminance of an sRGB colour. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The WCAG contrast ratio of two colours (1 to 21); null when either is not #rgb / #rrggbb. */
export function contrastRatio(a: string, b: string): number | null {
  const x = parseHex(a)
  const y = parseHex(b)
  if (!x || !y) return null
  return ratio(x, y)
}

function ratio(x: Rgb, y: Rgb): number {
  const [hi, lo] = [luminance(x), luminance(y)].sort((m, n) => n - m)
  return (hi + 0.05) / (lo + 0.05)
}

/** WCAG 1.4.3 AA for body text; a little over it so that rounding to #rrggbb cannot land under. */
export const TEXT_CONTRAST = 4.5
const TEXT_TARGET = 4.6

/**
 * The shade of a theme colour that text may be written in (docs/decisions/060-axe-everywhere.md): the colour itself
 * when it reaches 4.5:1 on white, on the page grey and on its own soft tint (and so white text on it reaches 4.5:1
 * too), otherwise the colour mixed with just enough black to get there (1 % steps). fzu's orange #e65100 is 3.8:1 on
 * white; its text shade is about #c24400. The school keeps its colour for bars, borders and fills without text.
 */
export function textShade(color: string | null | undefined): string {
  const rgb = parseHex(color || '') || (parseHex(DEFAULT_THEME_COLOR) as Rgb)
  const grounds = [WHITE, PAGE_GREY, mix(rgb, WHITE, 0.9)]
  const passes = (c: Rgb) => grounds.every((g) => ratio(c, g) >= TEXT_TARGET)
  if (grounds.every((g) => ratio(rgb, g) >= TEXT_CONTRAST)) return toHex(rgb)
  for (let step = 1; step <= 100; step++) {
    const darker = mix(rgb, BLACK, step / 100)
    if (passes(darker.map(Math.round) as Rgb)) return toHex(darker)
  }
  return toHex(BLACK)
}

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
    '--theme-color-soft': toHex(mix(rgb, WHITE, 0.9)),
    // text and filled controls with white text on them: the school colour when it is dark enough, else a darker shade
    '--theme-color-text': textShade(toHex(rgb))
  }
}
