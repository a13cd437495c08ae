/**
 * Loads what the form is built from: itemsDetail and formDetail together, then itemsSubPrice for projects with
 * sub-projects (a failure there leaves the project's own chips). Reloads when the language changes.
 */
import { useData } from '@/lib/hooks/use-data'
import { errorMessage } from '@/lib/request'
import { useT } from '@/store/session'
import { fetchFormDetail, fetchProject, fetchSubPrices } from '../api/donate'
import type { FormContext } from '../model/context'

export type DonatePageState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; ctx: FormContext }

export interface DonateQuery {
  id?: string
  subItemsId?: string
  togetherId?: string
  /** the giving-day ambassador's code the donor came by (decision 074) */
  ambassador?: string
}

const idOf = (v: string | undefined): number | null => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : null
}

export function useDonatePage(query: DonateQuery): DonatePageState & { reload(): void } {
  const t = useT()
  const id = idOf(query.id)
  const togetherId = idOf(query.togetherId)
  // an ambassador's code as the landing page's link carries it; anything else is left out (the server checks the rest)
  const ambassador = /^[0-9A-Za-z]{4,16}$/.test(query.ambassador ?? '') ? (query.ambassador as string).toUpperCase() : ''
  // null: no project id in the query
  const page = useData(async (): Promise<FormContext | null> => {
    if (!id) return null
    const [project, form] = await Promise.all([fetchProject(id), fetchFormDetail(id)])
    const subPrices = project.isSub === 1 ? await fetchSubPrices(id).catch(() => []) : []
    return { project, form, subPrices: subPrices || [], togetherId, ambassador }
  }, [id, togetherId, ambassador])
  const { reload } = page

  if (page.data) return { status: 'ready', ctx: page.data, reload }
  if (page.data === null) return { status: 'error', message: t('donate.notFound'), reload }
  if (page.status === 'error') return { status: 'error', message: errorMessage(page.error) || t('common.loadFailed'), reload }
  return { status: 'loading', reload }
}
