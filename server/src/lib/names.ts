/** Donor-name display rules shared by every list that shows donors (docs/product §1, §3). */

/** First character (a Unicode code point, so 䶮 or an emoji is never split) plus "**". */
export function maskName(name: string): string {
  const first = [...name.trim()][0]
  return first ? `${first}**` : '**'
}

/** Length in code points: what a donor perceives as characters (docs/product §5 message limit). */
export const codePointLength = (s: string): number => [...s].length
