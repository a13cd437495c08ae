/**
 * Body of a paged detail tab: its rows, then the list footer (loading, empty, retry, no more). Only the active
 * tab answers the page's reach-bottom event, so scrolling one tab never pages another.
 */
import type { ReactNode } from 'react'
import { View } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import ListFooter from '@/components/list-footer'
import type { PagedList } from '@/lib/hooks/use-paged-list'
import type { MessageKey } from '@/lib/i18n'

interface Props<T> {
  list: PagedList<T>
  active: boolean
  emptyKey: MessageKey
  renderRow(row: T, index: number): ReactNode
  testId: string
}

export default function PagedPane<T>({ list, active, emptyKey, renderRow, testId }: Props<T>) {
  useReachBottom(() => {
    if (active) list.loadMore()
  })
  return (
    <View className='pj-pane' data-testid={testId}>
      {list.rows.map(renderRow)}
      <View onClick={() => list.status === 'idle' && list.loadMore()}>
        <ListFooter status={list.status} count={list.rows.length} loaded={list.loaded} emptyKey={emptyKey} onRetry={list.reload} />
      </View>
    </View>
  )
}
