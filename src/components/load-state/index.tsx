/**
 * The place of a screen whose data (useData) is loading or failed: while loading a skeleton of the page
 * with the words kept for screen readers, after a failure the words and a tap retries. `missing` replaces both when
 * there is nothing to load (no id). Each screen styles it: `${className}__retry`.
 */
import { Text, View } from '@tarojs/components'
import type { DataState } from '@/lib/hooks/use-data'
import { useT } from '@/store/session'
import { pressable } from '@/lib/a11y'
import Skeleton, { type SkeletonShape } from './skeleton'

interface Props {
  state: Pick<DataState<unknown>, 'status' | 'reload'>
  className: string
  testId: string
  missing?: string
  /** shape of the loading skeleton; 'none' shows the words only */
  skeleton?: SkeletonShape | 'none'
}

export default function LoadState({ state, className, testId, missing, skeleton = 'block' }: Props) {
  const t = useT()
  const failed = !missing && state.status === 'error'
  const loading = !missing && !failed && skeleton !== 'none'
  return (
    <View className={className} data-testid={testId} {...pressable(failed ? state.reload : undefined)}>
      {loading ? <Skeleton shape={skeleton} count={2} testId={`${testId}-skeleton`} /> : null}
      <Text className={loading ? 'skeleton__sr' : undefined}>{missing || (failed ? t('common.loadFailed') : t('common.loading'))}</Text>
      {failed ? <Text className={`${className}__retry`}>{t('common.retry')}</Text> : null}
    </View>
  )
}
