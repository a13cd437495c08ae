/**
 * Payment method marks drawn locally as SVG: simple, recognisable shapes in each method's colour, no
 * trademark artwork fetched from anywhere. WeChat Pay: two chat bubbles on green; Alipay: the 支 glyph's strokes on
 * blue; campus card: a card with a chip on orange; third-party: a coin with ¥ on purple; bank app: a bank front.
 */
import { PayTypes } from '@contract'

const frame = (bg: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="11" fill="${bg}"/>${body}</svg>`

const WECHAT = frame(
  '#07c160',
  '<ellipse cx="19" cy="20" rx="12" ry="10" fill="#fff"/><path d="M12 27l-2 6 7-4z" fill="#fff"/>' +
    '<ellipse cx="30" cy="28" rx="10" ry="8.5" fill="#fff" stroke="#07c160" stroke-width="2"/><path d="M36 34l2 5-6-3z" fill="#fff"/>' +
    '<circle cx="15" cy="18" r="1.8" fill="#07c160"/><circle cx="23" cy="18" r="1.8" fill="#07c160"/>' +
    '<circle cx="27" cy="27" r="1.5" fill="#07c160"/><circle cx="33" cy="27" r="1.5" fill="#07c160"/>'
)
const ALIPAY = frame(
  '#1677ff',
  '<g stroke="#fff" stroke-width="3.4" stroke-linecap="round" fill="none">' +
    '<path d="M12 14h24"/><path d="M24 9v12"/><path d="M14 22h20"/><path d="M17 26c4 8 10 11 19 13"/><path d="M32 26c-3 7-9 11-19 13"/></g>'
)
const CAMPUS = frame(
  '#f76707',
  '<rect x="8" y="13" width="32" height="22" rx="4" fill="#fff"/><rect x="12" y="19" width="8" height="6" rx="1.5" fill="#f6c344"/>' +
    '<rect x="8" y="28" width="32" height="3" fill="#f76707" opacity=".35"/><circle cx="33" cy="20" r="3.5" fill="#f76707"/>'
)
const THIRD = frame(
  '#7048e8',
  '<circle cx="24" cy="24" r="13" fill="#fff"/><g stroke="#7048e8" stroke-width="2.6" stroke-linecap="round" fill="none">' +
    '<path d="M19 17l5 7 5-7"/><path d="M24 24v9"/><path d="M19.5 26h9"/><path d="M19.5 30h9"/></g>'
)
const BANK = frame(
  '#c2255c',
  '<path d="M24 9l15 8H9z" fill="#fff"/><g fill="#fff"><rect x="11" y="19" width="4" height="13"/><rect x="19" y="19" width="4" height="13"/>' +
    '<rect x="27" y="19" width="4" height="13"/><rect x="34" y="19" width="3" height="13"/><rect x="9" y="33" width="30" height="4" rx="1"/></g>'
)

const SVG: Record<number, string> = {
  [PayTypes.WECHAT]: WECHAT,
  [PayTypes.WECHAT_OTHER]: WECHAT,
  [PayTypes.ALIPAY]: ALIPAY,
  [PayTypes.CAMPUS_CARD]: CAMPUS,
  [PayTypes.THIRD_PARTY]: THIRD,
  [PayTypes.BANK_APP]: BANK
}

/** The logo of a payment type as a data: URL (works in <img> on H5 and Image on the mini-programs), or '' if none. */
export function payLogoUrl(code: number): string {
  const svg = SVG[code]
  return svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : ''
}
