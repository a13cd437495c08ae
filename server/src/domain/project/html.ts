/**
 * Rich project content is sanitised when staff save it, with the whitelist the app applies when it renders
 * (src/lib/sanitize.ts): formatting tags with style and class, images; scripts, event handlers, iframes, forms,
 * javascript:/vbscript:/data:text URLs and protocol-relative links are dropped. The app still sanitises on render
 * (older rows, other writers); storing clean HTML means the console's preview and every client show the same thing.
 */
import { escapeAttrValue, FilterXSS, friendlyAttrValue, getDefaultWhiteList, safeAttrValue } from 'xss'

const whiteList = getDefaultWhiteList()
for (const tag of Object.keys(whiteList)) whiteList[tag] = [...(whiteList[tag] || []), 'style', 'class']
whiteList.img = ['src', 'alt', 'width', 'height', 'style', 'class']
whiteList.section = ['style', 'class']

const PROTOCOL_RELATIVE = /^\s*[\\/]{2}/

const filter = new FilterXSS({
  whiteList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template'],
  onTagAttr(tag, name, value) {
    if (tag === 'a' && name === 'target') return `target="${escapeAttrValue(friendlyAttrValue(value))}" rel="noopener noreferrer"`
    return undefined
  },
  safeAttrValue(tag, name, value, cssFilter) {
    if ((name === 'src' || name === 'href') && /^\s*(javascript|vbscript|data:text)/i.test(value)) return ''
    const safe = safeAttrValue(tag, name, value, cssFilter)
    if ((name === 'src' || name === 'href') && PROTOCOL_RELATIVE.test(safe)) return ''
    return safe
  }
})

export function sanitizeProjectHtml(html: string): string {
  return html ? filter.process(html) : ''
}
