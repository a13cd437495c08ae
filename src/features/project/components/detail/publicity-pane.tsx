/** 善款使用: how the money was used (useDate, useTitle, useMoney). */
import { View, Text } from '@tarojs/components'
import { PAGE_SIZE, type Project, type UsePublicity } from '@contract'
import { cutDay } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { fetchInstructionList } from '../../api/items'
import { useTabList } from '../../hooks/use-tab-list'
import PagedPane from './paged-pane'
import './panes.scss'

export default function PublicityPane({ project, active }: { project: Project; active: boolean }) {
  const list = useTabList(fetchInstructionList, project.id, PAGE_SIZE.LIST)
  return (
    <PagedPane
      list={list}
      active={active}
      emptyKey='project.publicity.empty'
      testId='pane-publicity'
      renderRow={(r: UsePublicity) => (
        <View key={r.id} className='pj-row' data-testid='publicity-row'>
          <View className='pj-row__main pj-row__main--flush'>
            <Text className='pj-row__title' data-content=''>
              {r.useTitle}
            </Text>
            <Text className='pj-row__sub'>{cutDay(r.useDate)}</Text>
          </View>
          <Text className='pj-row__amount'>¥{formatMoney(r.useMoney)}</Text>
        </View>
      )}
    />
  )
}
