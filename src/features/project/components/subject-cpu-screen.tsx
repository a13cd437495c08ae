/** Project list variant `subject-cpu` (docs/product §2): category and label dropdowns; query `tab` and `labelidTab`. */
import { useEffect, useMemo, useState } from 'react'
import { View } from '@tarojs/components'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import { fetchLabelList, fetchTypeList } from '../api/items'
import { idFromQuery, useOptions, useProjectList } from '../hooks/use-project-list'
import FilterPickers from './filter-pickers'
import ListHeader from './list-header'
import ProjectList from './project-list'
import './subject-screen.scss'

export default function SubjectCpuScreen() {
  const t = useT()
  const query = useMemo(() => platform.nav.currentQuery(), [])
  const [typeId, setTypeId] = useState<number | undefined>(() => idFromQuery(query.tab))
  const [labelId, setLabelId] = useState<number | undefined>(() => idFromQuery(query.labelidTab))
  const [s, setS] = useState('')
  const types = useOptions(fetchTypeList)
  const labels = useOptions(fetchLabelList)
  const list = useProjectList({ typeId, labelId, s })

  // preselected ids that are no longer offered fall back to "all" once the options are known
  useEffect(() => {
    if (typeId !== undefined && types.length > 0 && !types.some((x) => x.id === typeId)) setTypeId(undefined)
  }, [types, typeId])
  useEffect(() => {
    if (labelId !== undefined && labels.length > 0 && !labels.some((x) => x.id === labelId)) setLabelId(undefined)
  }, [labels, labelId])

  const categories = [{ id: undefined, title: t('project.allCategories') }, ...types.map((x) => ({ id: x.id, title: x.name }))]
  const labelOptions = [{ id: undefined, title: t('project.allLabels') }, ...labels.map((x) => ({ id: x.id, title: x.labelTitle }))]
  return (
    <View className='pj-screen'>
      <View className='pj-screen__head'>
        <ListHeader onSearch={setS} />
        <FilterPickers
          categories={categories}
          labels={labelOptions}
          typeId={typeId}
          labelId={labelId}
          onType={setTypeId}
          onLabel={setLabelId}
        />
      </View>
      <ProjectList list={list} />
    </View>
  )
}
