/**
 * Tabs whose active colour is the school's theme colour (inline: the mini-programs cannot change a compiled scss
 * variable at runtime). `variant` 'bar' is the page's main tab bar, 'pill' the sub-tabs under it.
 */
import { Text, View } from '@tarojs/components'
import { useTheme } from '@/lib/hooks/use-page-title'
import './index.scss'
import { tokenColor } from '@/styles/colors'
import { pressable } from '@/lib/a11y'

export interface SegmentTab<K extends string | number> {
  key: K
  title: string
}

interface Props<K extends string | number> {
  tabs: SegmentTab<K>[]
  current: K
  onChange(key: K): void
  /** each tab's test id is `${testPrefix}-${key}` */
  testPrefix: string
  variant?: 'bar' | 'pill'
}

export default function SegmentTabs<K extends string | number>({ tabs, current, onChange, testPrefix, variant = 'bar' }: Props<K>) {
  const theme = useTheme()
  return (
    <View className={`ck-tabs ck-tabs--${variant}`} data-testid={`${testPrefix}s`} role='tablist'>
      {tabs.map((tab) => {
        const active = tab.key === current
        const style = active ? (variant === 'pill' ? { background: theme, color: tokenColor.inverse } : { color: theme }) : undefined
        return (
          <View
            key={String(tab.key)}
            className={`ck-tabs__item ${active ? 'ck-tabs__item--active' : ''}`}
            data-testid={`${testPrefix}-${tab.key}`}
            data-active={active ? '1' : '0'}
            style={style}
            {...pressable(() => !active && onChange(tab.key), { role: 'tab', selected: active })}
          >
            <Text>{tab.title}</Text>
            {active && variant === 'bar' ? <View className='ck-tabs__line' style={{ backgroundColor: theme }} /> : null}
          </View>
        )
      })}
    </View>
  )
}
