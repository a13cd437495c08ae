/** docs/product §7 Index: donateRecordPage and total, the two calls of the donation directory. */
import { Api, type DirectoryOrder, type DirectoryTotal, type DonationRecord, type Page } from '@contract'
import { request } from '@/lib/request'

export interface DirectoryPageQuery {
  offset: number
  limit: number
  /** search text (donor or project name) */
  s?: string
  order?: DirectoryOrder
  /** scope the directory to one project */
  itemsId?: number
}

export function fetchDonateRecordPage(q: DirectoryPageQuery): Promise<Page<DonationRecord>> {
  return request<Page<DonationRecord>>({
    path: Api.donateRecordPage,
    query: { limit: q.limit, offset: q.offset, s: q.s || undefined, order: q.order ?? '', itemsId: q.itemsId },
    auth: false
  })
}

/** Totals are a garnish: a failure hides the line instead of toasting. The search `s` narrows them as it does the rows. */
export function fetchDirectoryTotal(itemsId?: number, s?: string): Promise<DirectoryTotal> {
  return request<DirectoryTotal>({ path: Api.total, query: { itemsId, s: s || undefined }, auth: false, silent: true })
}
