/** itemsDetail for one id; a missing or unknown id ends in a problem with the server's message or "not found". */
import type { Project } from '@contract'
import { useData } from '@/lib/hooks/use-data'
import { errorMessage } from '@/lib/request'
import { useT } from '@/store/session'
import { fetchItemsDetail } from '../api/items'

export interface ProjectDetail {
  project: Project | null
  /** what the error screen says, null while loading or once the project is there */
  problem: string | null
  reload(): void
}

export function useProjectDetail(id: number | undefined): ProjectDetail {
  const t = useT()
  const detail = useData(() => (id ? fetchItemsDetail(id) : Promise.resolve(null)), [id])
  const project = detail.data && typeof detail.data === 'object' ? detail.data : null
  let problem: string | null = null
  if (detail.status === 'error') problem = errorMessage(detail.error) || t('common.loadFailed')
  else if (detail.status === 'ready' && !project) problem = t('project.notFound')
  return { project, problem, reload: detail.reload }
}
