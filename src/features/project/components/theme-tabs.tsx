/**
 * Horizontal scrolling tabs whose active colour is the school's theme colour. AtTabs colours its active tab from
 * a compile-time scss variable, which the mini-programs cannot change at runtime (no document to set a CSS
 * variable on), so the active colour is applied inline here.
 */
import { ScrollView, View, Text } from '@tarojs/components'
import { useTheme } from '@/lib/hooks/use-page-title'
import './theme-tabs.scss'
import { pressable } from '@/lib/a11y'

export interface TabOption {
  key: string
  title: string
}

interface Props {
  tabs: TabOption[]
  current: string
  onChange(key: string): void
  testId?: string
}

export default function ThemeTabs({ tabs, current, onChange, testId = 'tabs' }: Props) {
  const theme = useTheme()
  const activeIndex = Math.max(
    0,
    tabs.findIndex((x) => x.key === current)
  )
  return (
    <ScrollView
      className='pj-tabs'
      scrollX
      enhanced
      showScrollbar={false}
      scrollIntoView={`pj-tab-${Math.max(0, activeIndex - 1)}`}
      scrollWithAnimation
      data-testid={testId}
    >
      <View className='pj-tabs__row' role='tablist'>
        {tabs.map((tab, i) => {
          const active = i === activeIndex
          return (
            <View
              key={tab.key}
              id={`pj-tab-${i}`}
              className={`pj-tabs__item ${active ? 'pj-tabs__item--active' : ''}`}
              data-testid={`tab-${tab.key}`}
              {...pressable(() => !active && onChange(tab.key), { role: 'tab', selected: active })}
            >
              <Text style={active ? { color: theme } : undefined}>{tab.title}</Text>
              {active ? <View className='pj-tabs__line' style={{ backgroundColor: theme }} /> : null}
            </View>
          )
        })}
      </View>
    </ScrollView>
  )
}
