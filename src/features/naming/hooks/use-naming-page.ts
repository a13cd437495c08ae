/** What form-gm and edit are built from: the project, its form config and its nameplate examples. */
import type { FormConfig, NameplateExample, Project } from '@contract'
import { useData, type DataState } from '@/lib/hooks/use-data'
import { fetchFormDetail, fetchNameplateExamples, fetchProject } from '../api/naming'

export interface NamingPage {
  project: Project
  form: FormConfig | null
  examples: NameplateExample[]
}

export function useNamingPage(itemsId: number, opts: { form: boolean }): DataState<NamingPage> {
  const withForm = opts.form
  return useData(
    async (): Promise<NamingPage> => {
      const [project, form, examples] = await Promise.all([
        fetchProject(itemsId),
        withForm ? fetchFormDetail(itemsId) : Promise.resolve(null),
        // examples only dress the preview: without them the plain card is drawn
        fetchNameplateExamples(itemsId).catch(() => [] as NameplateExample[])
      ])
      return { project, form, examples }
    },
    [itemsId, withForm],
    { enabled: itemsId > 0 }
  )
}
