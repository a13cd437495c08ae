/**
 * Loads what the form is built from: itemsDetail and formDetail together, then itemsSubPrice for projects with
 * sub-projects (a failure there leaves the project's own chips). Reloads when the language changes.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { SubItemPrice } from '@contract'
import { useSession, t } from '@/store/session'
import { fetchFormDetail, fetchProject, fetchSubPrices } from '../api/donate'
import type { FormContext } from '../model/context'

export type DonatePageState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; ctx: FormContext }

export interface DonateQuery {
  id?: string
  subItemsId?: string
  togetherId?: string
}

const idOf = (v: string | undefined): number | null => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : null
}

export function useDonatePage(query: DonateQuery): DonatePageState & { reload(): void } {
  const lang = useSession((s) => s.lang)
  const [state, setState] = useState<DonatePageState>({ status: 'loading' })
  const generation = useRef(0)
  const id = idOf(query.id)
  const togetherId = idOf(query.togetherId)

  const load = useCallback(() => {
    const gen = ++generation.current
    if (!id) {
      setState({ status: 'error', message: t('donate.notFound') })
      return
    }
    setState({ status: 'loading' })
    Promise.all([fetchProject(id), fetchFormDetail(id)])
      .then(async ([project, form]) => {
        let subPrices: SubItemPrice[] = []
        if (project.isSub === 1) subPrices = await fetchSubPrices(id).catch(() => [])
        if (gen === generation.current) setState({ status: 'ready', ctx: { project, form, subPrices: subPrices || [], togetherId } })
      })
      .catch((e: any) => {
        if (gen === generation.current) setState({ status: 'error', message: e?.message || t('common.loadFailed') })
      })
  }, [id, togetherId])

  useEffect(() => {
    load()
  }, [load, lang])

  return { ...state, reload: load }
}
