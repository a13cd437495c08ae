/** Tabs that scroll sideways (areas, book categories): as many as the project has, the chosen one in the theme colour. */
import type { ReactNode } from 'react'
import { ScrollView, Text, View } from '@tarojs/components'
import './kit.scss'

export interface Tab<K extends string | number> {
  key: K
  title: string
  /** the title is the school's own words (an area, a book category), not the app's: marked `data-content` (decision 073) */
  content?: boolean
}

export default function ScrollTabs<K extends string | number>({
  tabs,
  current,
  onChange,
  testPrefix,
  extra
}: {
  tabs: Tab<K>[]
  current: K
  onChange(k: K): void
  testPrefix: string
  /** a control at the end of the bar (the category picker) */
  extra?: ReactNode
}) {
  return (
    <View className='nm-tabs' data-testid={`${testPrefix}s`}>
      <ScrollView
        {...{ tabIndex: 0 }}
        className='nm-tabs__scroll'
        scrollX
        enhanced
        showScrollbar={false}
        scrollIntoView={`${testPrefix}-${String(current)}`}
      >
        <View className='nm-tabs__row'>
          {tabs.map((tab) => {
            const on = tab.key === current
            return (
              <View
                key={String(tab.key)}
                id={`${testPrefix}-${String(tab.key)}`}
                className={`nm-tabs__item${on ? ' nm-tabs__item--on' : ''}`}
                data-testid={`${testPrefix}-${String(tab.key)}`}
                data-active={on ? '1' : '0'}
                onClick={() => !on && onChange(tab.key)}
              >
                <Text data-content={tab.content ? '' : undefined}>{tab.title}</Text>
              </View>
            )
          })}
        </View>
      </ScrollView>
      {extra}
    </View>
  )
}
