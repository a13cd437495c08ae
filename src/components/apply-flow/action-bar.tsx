/** The fixed bottom bar of the apply steps and lists: an optional secondary action and the primary one. */
import type { ReactNode } from 'react'
import { Text, View } from '@tarojs/components'
import { useTheme } from '@/lib/hooks/use-page-title'
import './action-bar.scss'
import { pressable } from '@/lib/a11y'

export interface BarAction {
  label: string
  onTap(): void
  testId: string
  busy?: boolean
}

export default function ActionBar({ primary, secondary, info }: { primary: BarAction; secondary?: BarAction; info?: ReactNode }) {
  const theme = useTheme()
  return (
    <View className='ck-bar-space'>
      <View className='ck-bar'>
        {info ? <View className='ck-bar__info'>{info}</View> : null}
        {secondary ? (
          <View className='ck-bar__btn ck-bar__btn--ghost' data-testid={secondary.testId} {...pressable(secondary.onTap)}>
            <Text>{secondary.label}</Text>
          </View>
        ) : null}
        <View
          className={`ck-bar__btn ck-bar__btn--primary ${primary.busy ? 'ck-bar__btn--busy' : ''}`}
          style={{ background: theme }}
          data-testid={primary.testId}
          {...pressable(primary.onTap)}
        >
          <Text>{primary.label}</Text>
        </View>
      </View>
    </View>
  )
}
