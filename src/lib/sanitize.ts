/**
 * Rich text from the server (project content, articles, notices) is sanitised before rendering: a whitelist of
 * formatting tags and attributes; scripts, event handlers, iframes and javascript: URLs are dropped.
 * js-xss is pure JS and runs in the mini-programs too (they render through RichText, which also ignores scripts).
 */
import { FilterXSS, getDefaultWhiteList, safeAttrValue } from 'xss'

const whiteList = getDefaultWhiteList()
for (const tag of Object.keys(whiteList)) {
  whiteList[tag] = [...(whiteList[tag] || []), 'style', 'class']
}
whiteList.img = ['src', 'alt', 'width', 'height', 'style', 'class']
whiteList.section = ['style', 'class']

const filter = new FilterXSS({
  whiteList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed'],
  safeAttrValue(tag, name, value, cssFilter) {
    if ((name === 'src' || name === 'href') && /^\s*(javascript|vbscript|data:text)/i.test(value)) return ''
    return safeAttrValue(tag, name, value, cssFilter)
  }
})

export function sanitizeHtml(html: string | null | undefined, resolveUrl?: (url: string) => string): string {
  if (!html) return ''
  let clean = filter.process(String(html))
  if (resolveUrl) {
    // server-relative image URLs (/files/…) need the API origin in the mini-programs
    clean = clean.replace(/(<img[^>]*\ssrc=")(\/[^"]*)"/g, (_m, pre, url) => `${pre}${resolveUrl(url)}"`)
  }
  // images never overflow the phone's width
  return clean.replace(/<img /g, '<img style="max-width:100%;height:auto;" ')
}
