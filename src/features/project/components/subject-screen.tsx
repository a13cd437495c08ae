/** Project list `subject` (docs/product §2): search, category tabs (query `tab` preselects), infinite list of cards. */
import { useEffect, useMemo, useState } from 'react'
import { View } from '@tarojs/components'
import { platform } from '@/platform'
import { useSession, useT } from '@/store/session'
import { fetchTypeList } from '../api/items'
import { idFromQuery, useOptions, useProjectList } from '../hooks/use-project-list'
import ListHeader from './list-header'
import ProjectList from './project-list'
import SubjectCpuScreen from './subject-cpu-screen'
import ThemeTabs from './theme-tabs'
import './subject-screen.scss'

const ALL = 'all'

function TabsList({ query }: { query: Record<string, string> }) {
  const t = useT()
  const [typeId, setTypeId] = useState<number | undefined>(() => idFromQuery(query.tab))
  const [s, setS] = useState('')
  const types = useOptions(fetchTypeList)
  const list = useProjectList({ typeId, s })

  // a `tab` that is not a category (any more) falls back to "All" once the categories are known
  useEffect(() => {
    if (typeId !== undefined && types.length > 0 && !types.some((x) => x.id === typeId)) setTypeId(undefined)
  }, [types, typeId])

  const tabs = [{ key: ALL, title: t('project.all') }, ...types.map((x) => ({ key: String(x.id), title: x.name }))]
  return (
    <View className='pj-screen'>
      <View className='pj-screen__head'>
        <ListHeader onSearch={setS} />
        <ThemeTabs
          tabs={tabs}
          current={typeId === undefined ? ALL : String(typeId)}
          onChange={(key) => setTypeId(key === ALL ? undefined : Number(key))}
          testId='category-tabs'
        />
      </View>
      <ProjectList list={list} />
    </View>
  )
}

/**
 * The school may use the dropdown variant: `subject` then shows the `subject-cpu` list in place. It is the 项目 tab
 *, and a redirect would leave the tab bar for a page that is not a tab.
 */
export default function SubjectScreen() {
  const variant = useSession((s) => s.settings.projectListVariant)
  const query = useMemo(() => platform.nav.currentQuery(), [])
  return variant === 'dropdown' ? <SubjectCpuScreen /> : <TabsList query={query} />
}
