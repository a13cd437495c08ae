/** Footer of an infinite list: loading, retry on error, end of list, or the empty state when nothing came back. */
import { View, Text } from '@tarojs/components'
import type { ListStatus } from '@/lib/hooks/use-paged-list'
import { useT } from '@/store/session'
import type { MessageKey } from '@/lib/i18n'
import './index.scss'
import { pressable } from '@/lib/a11y'

interface Props {
  status: ListStatus
  count: number
  loaded: boolean
  /** i18n key of the empty-state text, e.g. 'project.empty' */
  emptyKey?: MessageKey
  onRetry?: () => void
}

export default function ListFooter({ status, count, loaded, emptyKey = 'common.empty', onRetry }: Props) {
  const t = useT()
  if (status === 'error') {
    return (
      <View className='list-footer list-footer--error' {...pressable(onRetry)}>
        <Text>{t('common.loadFailed')}</Text>
        <Text className='list-footer__retry'>{t('common.retry')}</Text>
      </View>
    )
  }
  if (loaded && count === 0 && status !== 'loading') {
    return (
      <View className='list-footer list-footer--empty' data-testid='empty-state'>
        <View className='list-footer__empty-icon' />
        <Text>{t(emptyKey)}</Text>
      </View>
    )
  }
  if (status === 'loading') return <View className='list-footer'>{t('common.loading')}</View>
  if (status === 'done') return <View className='list-footer'>{t('common.noMore')}</View>
  return <View className='list-footer'>{t('common.loadMore')}</View>
}
