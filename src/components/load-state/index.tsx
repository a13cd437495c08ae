/**
 * The place of a screen whose data (useData) is loading or failed: the words, and after a failure a tap retries.
 * `missing` replaces both when there is nothing to load (no id). Each screen styles it: `${className}__retry`.
 */
import { Text, View } from '@tarojs/components'
import type { DataState } from '@/lib/hooks/use-data'
import { useT } from '@/store/session'
import { pressable } from '@/lib/a11y'

interface Props {
  state: Pick<DataState<unknown>, 'status' | 'reload'>
  className: string
  testId: string
  missing?: string
}

export default function LoadState({ state, className, testId, missing }: Props) {
  const t = useT()
  const failed = !missing && state.status === 'error'
  return (
    <View className={className} data-testid={testId} {...pressable(failed ? state.reload : undefined)}>
      <Text>{missing || (failed ? t('common.loadFailed') : t('common.loading'))}</Text>
      {failed ? <Text className={`${className}__retry`}>{t('common.retry')}</Text> : null}
    </View>
  )
}
