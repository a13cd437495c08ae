/** Where the payment flow goes (docs/product §2 Other, §4 Donation flow): pure URL builders over ROUTES. */
import { ROUTES, buildQuery, routeUrl } from '@/lib/routes'

/** Campaigns with their own thank-you page, by local storage `home`; until a page exists in ROUTES the usual one is used. */
const HOME_SUCCESS: Record<string, string> = {
  'seat-naming-jnu': 'seat-naming-jnu/success',
  // the hhu tree pledge (docs/product §2 tree-naming-hhu/success)
  'tree-naming-hhu': 'tree-naming-hhu/success'
}

/** success?billNo, or the campaign's own page when local storage `home` names one (docs/product §2 Other). */
export function successUrl(billNo: string, home: string | undefined, payToken?: string): string {
  const query = { billNo, payToken: payToken || undefined }
  const own =
    home && Object.prototype.hasOwnProperty.call(HOME_SUCCESS, home) ? (ROUTES as Record<string, string>)[HOME_SUCCESS[home]] : undefined
  if (own) return own + buildQuery(query)
  return routeUrl('success', query)
}

/**
 * Back to the form after a payment that did not complete, with what the donor chose and wrote: a naming order goes
 * back to its own form (form-gm, or the jnu campaign's form when that flow is marked in `home`), where local storage
 * `gm` still holds the seats or books and nameplates; any other gift to the donation form.
 */
export function unpaidFormUrl(
  itemsId: number,
  gm: { itemsId: number; namingType: 1 | 2 } | undefined,
  home: string | undefined,
  pledge?: { itemsId: number; query: Record<string, string> }
): string {
  // the hhu tree form, with the tree (or seats) and the draft it keeps (docs/product §2 tree-naming-hhu/form)
  const treeForm = (ROUTES as Record<string, string>)['tree-naming-hhu/form']
  if (home === 'tree-naming-hhu' && treeForm && pledge && pledge.itemsId === itemsId)
    return treeForm + buildQuery({ ...pledge.query, id: itemsId })
  if (gm && gm.itemsId === itemsId) {
    const jnuForm = (ROUTES as Record<string, string>)['seat-naming-jnu/form']
    if (home === 'seat-naming-jnu' && jnuForm && gm.namingType === 1) return jnuForm + buildQuery({ id: itemsId })
    return routeUrl('form-gm', { id: itemsId, namingType: gm.namingType })
  }
  return routeUrl('form', { id: itemsId })
}

export function payBackUrl(billNo: string, itemsId?: number | null, payToken?: string): string {
  return routeUrl('pay-back', { id: billNo, itemsId: itemsId || undefined, payToken: payToken || undefined })
}

/** The Alipay page link the donor copies out of WeChat: the H5 path is the route name (docs/decisions/002). */
export function alipayWebLink(origin: string, billNo: string, payToken: string | undefined, school: string, lang: string): string {
  const query = buildQuery({ billNo, payToken: payToken || undefined, school: school || undefined, lang: lang === 'en' ? 'en' : undefined })
  return `${origin.replace(/\/$/, '')}/alipay${query}`
}

/** The sandbox cashier's query from the provider's URL (/cashier?billNo&amount&school&payType&subject&payToken). */
export function cashierQuery(url: string | undefined, billNo: string, itemsId: number): Record<string, string> {
  const q: Record<string, string> = {}
  const search = (url || '').split('?')[1] || ''
  search.split('&').forEach((pair) => {
    if (!pair) return
    const [k, v = ''] = pair.split('=')
    try {
      q[decodeURIComponent(k)] = decodeURIComponent(v.replace(/\+/g, ' '))
    } catch {
      /* a malformed pair is dropped */
    }
  })
  q.billNo = billNo
  if (itemsId) q.itemsId = String(itemsId)
  delete q.school
  return q
}

/** The project list of the school's variant (docs/product §2 Project list). */
export function projectListUrl(variant: string): string {
  return routeUrl(variant === 'dropdown' ? 'subject-cpu' : 'subject')
}
