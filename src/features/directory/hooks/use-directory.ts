/**
 * State of the donation directory: applied search text, order, the paged rows and the totals line.
 * Changing the search or the order restarts the list at offset 0 with an empty list (usePagedList's reset key).
 */
import { useCallback, useState } from 'react'
import { PAGE_SIZE, type DirectoryOrder, type DirectoryTotal, type DonationRecord } from '@contract'
import { useData } from '@/lib/hooks/use-data'
import { usePagedList, type PagedList } from '@/lib/hooks/use-paged-list'
import { useSession } from '@/store/session'
import { fetchDirectoryTotal, fetchDonateRecordPage } from '../api/directory'
import { initialOrder, toggleOrder, type SortKey } from '../model/order'

export interface DirectoryState {
  list: PagedList<DonationRecord>
  /** the search text the list was loaded with */
  search: string
  order: DirectoryOrder
  /** null while loading, when hidden by the school's settings, or when the call failed */
  total: DirectoryTotal | null
  applySearch(s: string): void
  tapSort(key: SortKey): void
}

export function useDirectory(itemsId?: number): DirectoryState {
  const settings = useSession((s) => s.settings)
  const lang = useSession((s) => s.lang)
  const [search, setSearch] = useState('')
  const [order, setOrder] = useState<DirectoryOrder>(() => initialOrder(settings.defaultDirectoryOrder))

  const fetchPage = useCallback(
    (offset: number, limit: number) => fetchDonateRecordPage({ offset, limit, s: search, order, itemsId }),
    [search, order, itemsId]
  )
  // the language is part of the key: the server words the anonymous donor label in the request's language
  const list = usePagedList(fetchPage, PAGE_SIZE.DIRECTORY, JSON.stringify([search, order, itemsId ?? null, lang]))

  // the total follows the search: the same filter as the rows beside it
  const total = useData(() => fetchDirectoryTotal(itemsId, search), [itemsId, search], { enabled: !settings.hideStatistics })

  return {
    list,
    search,
    order,
    total: settings.hideStatistics || total.status === 'error' ? null : (total.data ?? null),
    applySearch: (s: string) => setSearch(s.trim()),
    tapSort: (key: SortKey) => setOrder((o) => toggleOrder(o, key))
  }
}
