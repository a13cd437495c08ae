/**
 * State of the donation directory: applied search text, order, the paged rows and the totals line.
 * Changing the search or the order restarts the list at offset 0 with an empty list (usePagedList's reset key).
 */
import { useCallback, useEffect, useState } from 'react'
import { PAGE_SIZE, type DirectoryOrder, type DirectoryTotal, type DonationRecord } from '@contract'
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
  const [total, setTotal] = useState<DirectoryTotal | null>(null)

  const fetchPage = useCallback(
    (offset: number, limit: number) => fetchDonateRecordPage({ offset, limit, s: search, order, itemsId }),
    [search, order, itemsId]
  )
  // the language is part of the key: the server words the anonymous donor label in the request's language
  const list = usePagedList(fetchPage, PAGE_SIZE.DIRECTORY, JSON.stringify([search, order, itemsId ?? null, lang]))

  useEffect(() => {
    if (settings.hideStatistics) {
      setTotal(null)
      return
    }
    let alive = true
    fetchDirectoryTotal(itemsId)
      .then((v) => alive && setTotal(v))
      .catch(() => alive && setTotal(null))
    return () => {
      alive = false
    }
  }, [itemsId, settings.hideStatistics])

  return {
    list,
    search,
    order,
    total,
    applySearch: (s: string) => setSearch(s.trim()),
    tapSort: (key: SortKey) => setOrder((o) => toggleOrder(o, key))
  }
}
