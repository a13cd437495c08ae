/** The project list (itemsList), restarted whenever search text, category, label or language change. */
import { PAGE_SIZE, type ProjectSummary } from '@contract'
import { useData } from '@/lib/hooks/use-data'
import { usePagedList, type PagedList } from '@/lib/hooks/use-paged-list'
import { useSession } from '@/store/session'
import { fetchItemsList, type ItemsListFilter } from '../api/items'

export function useProjectList(filter: ItemsListFilter): PagedList<ProjectSummary> {
  const lang = useSession((s) => s.lang)
  const key = JSON.stringify([filter.typeId ?? null, filter.labelId ?? null, filter.s ?? '', lang])
  return usePagedList((offset, limit) => fetchItemsList(filter, offset, limit), PAGE_SIZE.LIST, key)
}

// one empty list for every render without options, so effects that depend on the options do not re-run
const NO_OPTIONS: readonly never[] = []

/** Category or label options; on failure the list still works with "All" only. */
export function useOptions<T>(fetchOptions: () => Promise<T[]>): readonly T[] {
  return useData(() => fetchOptions(), [fetchOptions]).data || NO_OPTIONS
}

/** A numeric id from a query string ('' or garbage -> undefined). */
export function idFromQuery(v: string | undefined): number | undefined {
  if (!v || !/^\d+$/.test(v)) return undefined
  const n = Number(v)
  return n > 0 ? n : undefined
}
