/**
 * The species and price pickers of a map (docs/product §2 Maps; §5: 'all' clears, cancelling a picker clears its
 * filter). Row 0 is 'all'; tapping outside (useMaskDismiss) or 'cancel' answers null.
 */
import { Text, View } from '@tarojs/components'
import { useMaskDismiss } from '@/lib/hooks/use-mask-dismiss'
import { useT } from '@/store/session'

export default function PickerSheet({
  open,
  title,
  options,
  current,
  testId,
  onPick
}: {
  open: boolean
  title: string
  options: string[]
  /** the picked option, null for 'all' */
  current: string | null
  testId: string
  /** index into ['all', ...options], or null when cancelled */
  onPick(index: number | null): void
}) {
  const t = useT()
  const mask = useMaskDismiss(open, () => onPick(null))
  if (!open) return null
  const rows = [t('campaign.map.all'), ...options]
  return (
    <View className='cm-sheet' data-testid={testId}>
      <View className='cm-sheet__mask' data-testid={`${testId}-mask`} {...mask} />
      <View className='cm-sheet__panel'>
        <View className='cm-sheet__head'>
          <Text className='cm-sheet__cancel' data-testid={`${testId}-cancel`} onClick={() => onPick(null)}>
            {t('common.cancel')}
          </Text>
          <Text className='cm-sheet__title'>{title}</Text>
          <Text className='cm-sheet__cancel cm-sheet__cancel--ghost'>{t('common.cancel')}</Text>
        </View>
        {rows.map((label, i) => {
          const on = i === 0 ? current === null : current === options[i - 1]
          return (
            <View
              key={label}
              className={`cm-sheet__row${on ? ' cm-sheet__row--on' : ''}`}
              data-testid={`${testId}-option`}
              data-value={label}
              onClick={() => onPick(i)}
            >
              {label}
            </View>
          )
        })}
      </View>
    </View>
  )
}
