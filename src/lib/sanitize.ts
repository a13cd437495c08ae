/**
 * Rich text from the server (project content, articles, notices) is sanitised before rendering: a whitelist of
 * formatting tags and attributes; scripts, event handlers, iframes and javascript: URLs are dropped.
 * js-xss is pure JS and runs in the mini-programs too (they render through RichText, which also ignores scripts).
 * The server hands HTML over as the foundation wrote it (server/src/domain/article/service.ts): this is the only
 * sanitiser, on every platform.
 */
import { escapeAttrValue, FilterXSS, friendlyAttrValue, getDefaultWhiteList, safeAttrValue } from 'xss'

const whiteList = getDefaultWhiteList()
for (const tag of Object.keys(whiteList)) {
  whiteList[tag] = [...(whiteList[tag] || []), 'style', 'class']
}
whiteList.img = ['src', 'alt', 'width', 'height', 'style', 'class']
whiteList.section = ['style', 'class']

/** Protocol-relative (`//evil.com`, and `/\evil.com`, which browsers read the same way): another host under
 *  whatever scheme the page has; js-xss lets it through as a path because it starts with `/`. */
const PROTOCOL_RELATIVE = /^\s*[\\/]{2}/

const filter = new FilterXSS({
  whiteList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed'],
  onTagAttr(tag, name, value) {
    // A link that opens another window would hand that page window.opener (tabnabbing) and our URL as referrer.
    // The author's own rel is not whitelisted, so this is the only rel a link can have.
    if (tag === 'a' && name === 'target') {
      return `target="${escapeAttrValue(friendlyAttrValue(value))}" rel="noopener noreferrer"`
    }
    return undefined
  },
  safeAttrValue(tag, name, value, cssFilter) {
    if ((name === 'src' || name === 'href') && /^\s*(javascript|vbscript|data:text)/i.test(value)) return ''
    const safe = safeAttrValue(tag, name, value, cssFilter)
    // checked after js-xss has decoded entities: `&#47;&#47;evil.com` is `//evil.com` too
    if ((name === 'src' || name === 'href') && PROTOCOL_RELATIVE.test(safe)) return ''
    return safe
  }
})

/** Images never overflow the phone's width. Merged into the image's own style (a second style attribute would be
 *  ignored by the browser), last so that it wins over the author's width. */
const IMG_FIT = 'max-width:100%;height:auto;'

function fitImages(html: string): string {
  // The filter's output is normalised: attributes are name="value" with quotes and angle brackets escaped, or a
  // bare name when the value was dropped (style="" comes out as `style`).
  return html.replace(/<img\b([^>]*)>/g, (_m, attrs: string) => {
    let own = ''
    const rest = attrs.replace(/\sstyle(?:="([^"]*)")?(?=[\s/]|$)/g, (_s, css: string | undefined) => {
      const c = (css ?? '').trim()
      if (c) own += c.endsWith(';') ? c : `${c};`
      return ''
    })
    return `<img style="${own}${IMG_FIT}"${rest}>`
  })
}

export function sanitizeHtml(html: string | null | undefined, resolveUrl?: (url: string) => string): string {
  if (!html) return ''
  let clean = filter.process(String(html))
  if (resolveUrl) {
    // server-relative image URLs (/files/…) need the API origin in the mini-programs
    clean = clean.replace(/(<img[^>]*\ssrc=")(\/[^"]*)"/g, (_m, pre, url) => `${pre}${resolveUrl(url)}"`)
  }
  return fitImages(clean)
}
