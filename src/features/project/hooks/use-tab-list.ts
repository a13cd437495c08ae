/** A paged list belonging to one detail tab: created when the tab is first opened (lazy), keyed by project and language. */
import type { Page } from '@contract'
import { usePagedList, type PagedList } from '@/lib/hooks/use-paged-list'
import { useSession } from '@/store/session'

export function useTabList<T>(
  fetch: (itemsId: number, offset: number, limit: number) => Promise<Page<T>>,
  itemsId: number,
  limit: number
): PagedList<T> {
  const lang = useSession((s) => s.lang)
  return usePagedList((offset, size) => fetch(itemsId, offset, size), limit, `${itemsId}|${lang}`)
}
