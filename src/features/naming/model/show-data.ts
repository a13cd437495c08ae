/**
 * The nameplate-detail card (docs/product §2 nameplate-detail?type&id; §3 Nameplate config): its look from the project's
 * config, the nameplate (or the review state while it is not approved), and rows of field title and value whose
 * rich-text images open in the image viewer.
 */
import type { NameplateDetailConfig, NameplateRow, NameplateShowData } from '@contract'
import { sanitizeHtml } from '@/lib/sanitize'

export interface CardLook {
  background: string
  backgroundImage: string
  word: string
  bottomImage: string
}

/** A colour from the config only when it is one (#rgb/#rrggbb or rgb()); anything else is dropped, not injected. */
export function safeColour(v: string | null | undefined): string {
  const s = (v || '').trim()
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(s) || /^rgba?\(\s*[\d.\s,%]+\)$/i.test(s) ? s : ''
}

export function cardLook(cfg: NameplateDetailConfig | null, assetUrl: (u: string) => string): CardLook {
  return {
    background: safeColour(cfg?.bg_color),
    backgroundImage: cfg?.bg_img ? assetUrl(cfg.bg_img) : '',
    word: cfg?.bg_word || '',
    bottomImage: cfg?.bottom_img ? assetUrl(cfg.bottom_img) : ''
  }
}

export interface ShownRow {
  title: string
  kind: 'text' | 'html' | 'image'
  value: string
  /** images of a rich-text value, for the viewer */
  images: string[]
}

/** The image sources of sanitised HTML, in order. */
export function imagesOf(html: string): string[] {
  const out: string[] = []
  const re = /<img\b[^>]*?\ssrc\s*=\s*"([^"]+)"/gi
  let m: RegExpExecArray | null
  while ((m = re.exec(html))) out.push(m[1].replace(/&amp;/g, '&'))
  return out
}

export function shownRows(rows: NameplateRow[], assetUrl: (u: string) => string): ShownRow[] {
  return (rows || []).map((r) => {
    if (r.uiType === 'image') return { title: r.fieldTitle, kind: 'image', value: assetUrl(r.fieldValue), images: [assetUrl(r.fieldValue)] }
    if (r.uiType === 'richText') {
      const html = sanitizeHtml(r.fieldValue, assetUrl)
      return { title: r.fieldTitle, kind: 'html', value: html, images: imagesOf(html) }
    }
    return { title: r.fieldTitle, kind: 'text', value: r.fieldValue, images: [] }
  })
}

/** Whether the words on the plate may be shown: approved, or the owner looking at their own (the server sends them). */
export const plateVisible = (d: Pick<NameplateShowData, 'nameplate'>): boolean => !!d.nameplate
