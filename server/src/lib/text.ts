/**
 * Donor-written text without the characters that make it read other than it is (docs/decisions/030-counted-limits-and-donor-text.md).
 * `\u202egnp.exe` shows as "exe.png"; a name with a zero-width space looks like another donor's name; a nickname of
 * Hangul fillers looks empty. Every string a donor sends through the donor API goes through cleanDonorText before
 * any rule or query sees it (plugins/donor-text.ts), so a field added later is covered too.
 *
 * Stripped, not refused: these characters arrive unseen (pasted from a chat or a document), and a donor cannot
 * delete what they cannot see, so a refusal would leave them stuck. What is removed:
 * - every format character (Unicode category Cf): bidirectional embeddings, overrides, isolates and marks
 *   (U+202A-E, U+2066-9, U+200E/F, U+061C), zero-width space and non-joiner (U+200B/C), word joiner and invisible
 *   operators (U+2060-4), the byte-order mark U+FEFF, the soft hyphen, U+180E, interlinear annotations and the rest;
 *   EXCEPT the zero-width joiner U+200D between two pictographs (emoji sequences: 👨‍👩‍👧, 🏳️‍🌈, 👩🏽‍💻) and the tag
 *   characters of a subdivision flag (🏴 + tags + cancel tag: England, Scotland, Wales);
 * - control characters (C0 and C1) other than tab, line feed and carriage return (NUL is refused earlier, with a
 *   400 naming the field: plugins/envelope.ts);
 * - the Hangul fillers U+115F, U+1160, U+3164, U+FFA0 (letters that render as nothing).
 * Line and paragraph separators (U+2028/9) become line feeds.
 */

/* eslint-disable no-control-regex */
const CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/g
/* eslint-enable no-control-regex */
const FILLERS = /[\u115f\u1160\u3164\uffa0]/g
const SEPARATORS = /[\u2028\u2029]/g
/** a subdivision flag (kept whole), or any other tag character (removed) */
const TAGS = /\u{1F3F4}[\u{E0020}-\u{E007E}]{1,30}\u{E007F}|[\u{E0000}-\u{E007F}]/gu
/** a zero-width joiner not between two pictographs (a pictograph may carry VS16 or a skin tone before the joiner) */
const LONE_ZWJ = /(?<!\p{Extended_Pictographic}(?:\u{FE0F}|[\u{1F3FB}-\u{1F3FF}])?)\u200d|\u200d(?!\p{Extended_Pictographic})/gu
/** every other format character: the kept joiners and flag tags were dealt with above */
const FORMAT = /(?![\u200d\u{E0020}-\u{E007F}])\p{Cf}/gu
/** a quick test: nothing to do for the common case of plain text */
const SUSPECT = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u115f\u1160\u3164\uffa0\u2028\u2029\p{Cf}]/u // eslint-disable-line no-control-regex

export function cleanDonorText(s: string): string {
  if (!SUSPECT.test(s)) return s
  return s
    .replace(TAGS, (m) => (m.startsWith('\u{1F3F4}') ? m : ''))
    .replace(LONE_ZWJ, '')
    .replace(FORMAT, '')
    .replace(CONTROLS, '')
    .replace(FILLERS, '')
    .replace(SEPARATORS, '\n')
}

/**
 * A copy of a parsed JSON body with cleanDonorText applied to every string value at any depth, except the values of
 * `keep` (secrets and tokens compared byte for byte: a password is the donor's own, never shown). Keys stay as
 * they are (they name fields; an unknown one is ignored by the rules). Returns the same object when nothing changed.
 */
export function cleanDonorValues(value: unknown, keep: ReadonlySet<string>, depth = 0): unknown {
  if (typeof value === 'string') return cleanDonorText(value)
  if (value === null || typeof value !== 'object' || depth > 32) return value
  if (Array.isArray(value)) {
    let changed = false
    const out = value.map((v) => {
      const c = cleanDonorValues(v, keep, depth + 1)
      if (c !== v) changed = true
      return c
    })
    return changed ? out : value
  }
  let changed = false
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) {
    const c = keep.has(k) ? v : cleanDonorValues(v, keep, depth + 1)
    if (c !== v) changed = true
    // defineProperty: a key "__proto__" stays a plain field
    Object.defineProperty(out, k, { value: c, enumerable: true, writable: true, configurable: true })
  }
  return changed ? out : value
}
