/** The project list (itemsList), restarted whenever search text, category, label or language change. */
import { useEffect, useState } from 'react'
import { PAGE_SIZE, type ProjectSummary } from '@contract'
import { usePagedList, type PagedList } from '@/lib/hooks/use-paged-list'
import { useSession } from '@/store/session'
import { fetchItemsList, type ItemsListFilter } from '../api/items'

export function useProjectList(filter: ItemsListFilter): PagedList<ProjectSummary> {
  const lang = useSession((s) => s.lang)
  const key = JSON.stringify([filter.typeId ?? null, filter.labelId ?? null, filter.s ?? '', lang])
  return usePagedList((offset, limit) => fetchItemsList(filter, offset, limit), PAGE_SIZE.LIST, key)
}

/** Category or label options; on failure the list still works with "All" only. */
export function useOptions<T>(fetch: () => Promise<T[]>): T[] {
  const lang = useSession((s) => s.lang)
  const [items, setItems] = useState<T[]>([])
  useEffect(() => {
    let alive = true
    fetch()
      .then((rows) => alive && setItems(rows || []))
      .catch(() => alive && setItems([]))
    return () => {
      alive = false
    }
    // the fetchers are module functions; the options follow the language
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lang])
  return items
}

/** A numeric id from a query string ('' or garbage -> undefined). */
export function idFromQuery(v: string | undefined): number | undefined {
  if (!v || !/^\d+$/.test(v)) return undefined
  const n = Number(v)
  return n > 0 ? n : undefined
}
