/**
 * Step 1 of the apply flows: the caller's gifts that can still be applied for (limit 99), multi-select with
 * select-all. Each row's test id is `${testPrefix}-pick-${donateId}`.
 */
import { Image, Text, View } from '@tarojs/components'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import type { DataStatus } from '@/lib/hooks/use-data'
import type { StayView } from './stay'
import './donation-picker.scss'
import { imageAlt, pressable } from '@/lib/a11y'

interface Props {
  status: DataStatus
  rows: StayView[]
  selected: number[]
  onToggle(id: number): void
  onToggleAll(): void
  onRetry(): void
  hint: string
  empty: string
  testPrefix: string
}

function Check({ on }: { on: boolean }) {
  const theme = useTheme()
  return (
    <View className={`ck-check ${on ? 'ck-check--on' : ''}`} style={on ? { background: theme, borderColor: theme } : undefined}>
      {on ? <Text className='ck-check__mark'>✓</Text> : null}
    </View>
  )
}

export default function DonationPicker({ status, rows, selected, onToggle, onToggleAll, onRetry, hint, empty, testPrefix }: Props) {
  const t = useT()
  if (status === 'loading') return <View className='ck-pick__state'>{t('common.loading')}</View>
  if (status === 'error') {
    return (
      <View className='ck-pick__state' {...pressable(onRetry)} data-testid={`${testPrefix}-pick-error`}>
        <Text>{t('common.loadFailed')}</Text>
        <Text className='ck-pick__retry'>{t('common.retry')}</Text>
      </View>
    )
  }
  if (!rows.length) {
    return (
      <View className='ck-pick__state ck-pick__state--empty' data-testid={`${testPrefix}-pick-empty`}>
        <View className='ck-pick__empty-icon' />
        <Text>{empty}</Text>
      </View>
    )
  }
  const allOn = rows.every((r) => selected.includes(r.id))
  return (
    <View className='ck-pick' data-testid={`${testPrefix}-picker`}>
      <View className='ck-pick__head'>
        <Text className='ck-pick__hint'>{hint}</Text>
        <View className='ck-pick__all' {...pressable(onToggleAll)} data-testid={`${testPrefix}-pick-all`}>
          <Check on={allOn} />
          <Text>{t('certificate.pick.all')}</Text>
        </View>
      </View>
      {rows.map((r) => {
        const on = selected.includes(r.id)
        return (
          <View
            key={r.id}
            className={`ck-pick__item ${on ? 'ck-pick__item--on' : ''}`}
            data-testid={`${testPrefix}-pick-${r.id}`}
            data-selected={on ? '1' : '0'}
            {...pressable(() => onToggle(r.id))}
          >
            <Check on={on} />
            {r.thumb ? (
              <Image {...imageAlt('')} className='ck-pick__thumb' src={r.thumb} mode='aspectFill' lazyLoad />
            ) : (
              <View className='ck-pick__thumb ck-pick__thumb--empty' />
            )}
            <View className='ck-pick__body'>
              <Text className='ck-pick__name'>{r.name}</Text>
              {r.sub ? <Text className='ck-pick__sub'>{r.sub}</Text> : null}
              <View className='ck-pick__meta'>
                <Text className='ck-pick__amount'>{r.amount}</Text>
                <Text className='ck-pick__time'>{r.time}</Text>
              </View>
            </View>
          </View>
        )
      })}
    </View>
  )
}
