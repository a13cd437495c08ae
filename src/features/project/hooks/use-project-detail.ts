/** itemsDetail for one id, reloaded when the language changes; an unknown id ends in 'error' with the server's message. */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Project } from '@contract'
import { useSession, t } from '@/store/session'
import { fetchItemsDetail } from '../api/items'

export type DetailState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; project: Project }

export function useProjectDetail(id: number | undefined): DetailState & { reload(): void } {
  const lang = useSession((s) => s.lang)
  const [state, setState] = useState<DetailState>({ status: 'loading' })
  const generation = useRef(0)

  const load = useCallback(() => {
    const gen = ++generation.current
    if (!id) {
      setState({ status: 'error', message: t('project.notFound') })
      return
    }
    setState((prev) => (prev.status === 'ready' ? prev : { status: 'loading' }))
    fetchItemsDetail(id)
      .then((project) => {
        if (gen !== generation.current) return
        if (!project || typeof project !== 'object') setState({ status: 'error', message: t('project.notFound') })
        else setState({ status: 'ready', project })
      })
      .catch((e: any) => {
        if (gen === generation.current) setState({ status: 'error', message: e?.message || t('common.loadFailed') })
      })
  }, [id])

  useEffect(() => {
    load()
  }, [load, lang])

  return { ...state, reload: load }
}
