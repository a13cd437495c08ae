/**
 * Footer of an infinite list: a skeleton on the first load, retry on error, end of list, or a designed empty state
 * (components/empty-state) when nothing came back. The illustration and hint follow the kind of list (emptyKey).
 */
import { View, Text } from '@tarojs/components'
import EmptyState, { type EmptyAction, type EmptyArt } from '@/components/empty-state'
import Skeleton, { type SkeletonShape } from '@/components/load-state/skeleton'
import type { ListStatus } from '@/lib/hooks/use-paged-list'
import { platform } from '@/platform'
import { ROUTES } from '@/lib/routes'
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
  /** shape of the first-load skeleton */
  skeleton?: SkeletonShape
}

/** Which illustration a list's empty state shows, from its text's key. */
export function emptyArtOf(key: string): EmptyArt {
  if (/^(center\.don|directory|naming\.mine)/.test(key)) return 'gift'
  if (/^article\./.test(key)) return 'article'
  if (/^(together\.|project\.(donors|message|list\.donors)|campaign\.list)/.test(key)) return 'people'
  if (/^(receipt|certificate)\./.test(key)) return 'paper'
  return 'list'
}

export default function ListFooter({ status, count, loaded, emptyKey = 'common.empty', onRetry, skeleton = 'row' }: Props) {
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
    const art = emptyArtOf(emptyKey)
    // a donor with no gifts yet is one tap from the projects
    const action: EmptyAction | undefined =
      art === 'gift' && emptyKey.startsWith('center.')
        ? { label: t('empty.action.browse'), onPress: () => platform.nav.to(ROUTES.home) }
        : undefined
    return <EmptyState art={art} text={t(emptyKey)} hint={t(`empty.hint.${art}`)} action={action} />
  }
  if (count === 0 && (status === 'loading' || (status === 'idle' && !loaded))) return <Skeleton shape={skeleton} />
  if (status === 'loading') return <View className='list-footer'>{t('common.loading')}</View>
  if (status === 'done') return <View className='list-footer'>{t('common.noMore')}</View>
  return <View className='list-footer'>{t('common.loadMore')}</View>
}
