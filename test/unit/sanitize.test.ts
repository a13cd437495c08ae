/**
 * The rich-text sanitiser (src/lib/sanitize.ts): links that open another window lose window.opener and the
 * referrer, protocol-relative URLs (another host) are dropped, and the image fit style is merged into an image's own
 * style instead of becoming a second style attribute (which browsers ignore). Checked on the parsed DOM, as a
 * browser would read it.
 */
import { sanitizeHtml } from '@/lib/sanitize'

const parse = (html: string) => {
  const box = document.createElement('div')
  box.innerHTML = html
  return box
}

describe('sanitizeHtml', () => {
  it('adds rel="noopener noreferrer" to links with a target, replacing any rel of the author', () => {
    const out = sanitizeHtml(
      '<a href="https://example.org/a" target="_blank" rel="opener">a</a> <a href="/b" target="news">b</a> <a href="/c">c</a>'
    )
    const [a, b, c] = Array.from(parse(out).querySelectorAll('a'))
    expect(a.getAttribute('target')).toBe('_blank')
    expect(a.getAttribute('rel')).toBe('noopener noreferrer')
    expect(a.getAttribute('href')).toBe('https://example.org/a')
    expect(b.getAttribute('rel')).toBe('noopener noreferrer')
    expect(c.hasAttribute('rel')).toBe(false)
    expect(out.match(/rel=/g)).toHaveLength(2)
  })

  it('escapes a hostile target value instead of breaking out of the attribute', () => {
    const out = sanitizeHtml('<a href="/x" target="_blank&quot; onclick=&quot;alert(1)">x</a>')
    const a = parse(out).querySelector('a')!
    expect(a.getAttribute('onclick')).toBeNull()
    expect(a.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('drops protocol-relative URLs, however written, and keeps same-site paths and https links', () => {
    const out = sanitizeHtml(
      [
        '<a href="//evil.example/a">1</a>',
        '<a href=" //evil.example/b">2</a>',
        '<a href="/\\evil.example/c">3</a>',
        '<a href="&#47;&#47;evil.example/d">4</a>',
        '<img src="//evil.example/p.png">',
        '<a href="/files/ok.pdf">5</a>',
        '<a href="https://foundation.example.edu.cn/news">6</a>',
        '<img src="/files/articles/a.jpg">'
      ].join('')
    )
    const el = parse(out)
    const hrefs = Array.from(el.querySelectorAll('a')).map((a) => a.getAttribute('href') ?? '')
    expect(hrefs.slice(0, 4).every((h) => !h.includes('evil'))).toBe(true)
    expect(hrefs.slice(4)).toEqual(['/files/ok.pdf', 'https://foundation.example.edu.cn/news'])
    const srcs = Array.from(el.querySelectorAll('img')).map((i) => i.getAttribute('src') ?? '')
    expect(srcs).toEqual(['', '/files/articles/a.jpg'])
    expect(out).not.toContain('evil')
  })

  it("merges the fit style with the image's own style: one style attribute, the author's rules kept, the fit last", () => {
    const out = sanitizeHtml(
      '<p><img src="/files/a.jpg" style="width:800px;border:1px solid #ccc"><img src="/files/b.jpg"><img style="" src="/files/c.jpg"></p>'
    )
    expect(out.match(/\sstyle\b/g)).toHaveLength(3)
    const [a, b, c] = Array.from(parse(out).querySelectorAll('img'))
    expect(a.style.width).toBe('800px')
    expect(a.style.border).toBe('1px solid #ccc')
    expect(a.style.maxWidth).toBe('100%')
    expect(a.style.height).toBe('auto')
    expect(a.getAttribute('style')).toMatch(/max-width:100%;height:auto;$/)
    for (const img of [b, c]) {
      expect(img.style.maxWidth).toBe('100%')
      expect(img.style.height).toBe('auto')
    }
  })

  it('still resolves server-relative image URLs and removes scripts and handlers', () => {
    const out = sanitizeHtml(
      '<img src="/files/x.png" style="width:10px" onerror="alert(1)"><script>alert(2)</script>',
      (u) => `https://api.example.edu.cn${u}`
    )
    const img = parse(out).querySelector('img')!
    expect(img.getAttribute('src')).toBe('https://api.example.edu.cn/files/x.png')
    expect(img.getAttribute('onerror')).toBeNull()
    expect(img.style.maxWidth).toBe('100%')
    expect(out).not.toMatch(/script|alert/)
  })
})
