/**
 * Exact browser origins from a setting such as CORS_ORIGINS or STAFF_ORIGINS. One parser for both, so the donor API
 * and the staff console refuse the same things.
 */
import type { FastifyBaseLogger } from 'fastify'

/** "https://a.example, https://b.example:8443" -> their origins; '*' and anything not an http(s) origin is dropped
 *  with a warning (a wildcard would hand every site the donors' answers). */
export function originList(raw: string | undefined, log?: Pick<FastifyBaseLogger, 'warn'>): string[] {
  const out: string[] = []
  for (const item of (raw ?? '').split(/[\s,]+/).filter(Boolean)) {
    let origin: string | null = null
    try {
      const u = new URL(item)
      if ((u.protocol === 'https:' || u.protocol === 'http:') && u.origin === item.replace(/\/+$/, '')) origin = u.origin
    } catch {
      /* not a URL */
    }
    if (origin) out.push(origin)
    else log?.warn({ origin: item }, 'CORS origin ignored: give exact origins such as https://give.example.edu.cn')
  }
  return out
}
