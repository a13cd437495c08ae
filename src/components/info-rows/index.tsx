/** Detail pages: a label/value row (with an optional action such as Copy) and the project summary block. */
import type { ReactNode } from 'react'
import { Image, Text, View } from '@tarojs/components'
import './index.scss'
import { imageAlt } from '@/lib/a11y'

/**
 * `content`: the value is what a person wrote (a name, an address, a courier's name), shown as written in every language:
 * marked `data-content` (decision 073).
 */
export function InfoRow({
  label,
  value,
  testId,
  action,
  content
}: {
  label: string
  value: string
  testId?: string
  action?: ReactNode
  content?: boolean
}) {
  if (!value) return null
  return (
    <View className='ck-info'>
      <Text className='ck-info__label'>{label}</Text>
      <Text className='ck-info__value' data-testid={testId} data-content={content ? '' : undefined} userSelect>
        {value}
      </Text>
      {action}
    </View>
  )
}

export function ProjectBlock({
  thumb,
  name,
  lines
}: {
  thumb: string
  name: string
  lines: Array<{ label: string; value: string; strong?: boolean; testId?: string }>
}) {
  return (
    <View className='ck-project'>
      {thumb ? (
        <Image {...imageAlt('')} className='ck-project__thumb' src={thumb} mode='aspectFill' />
      ) : (
        <View className='ck-project__thumb ck-project__thumb--empty' />
      )}
      <View className='ck-project__body'>
        <Text className='ck-project__name' data-testid='detail-project-name'>
          {name}
        </Text>
        {lines.map((l) => (
          <View key={l.label} className='ck-project__line'>
            <Text className='ck-project__label'>{l.label}</Text>
            <Text className={l.strong ? 'ck-project__strong' : 'ck-project__value'} data-testid={l.testId}>
              {l.value}
            </Text>
          </View>
        ))}
      </View>
    </View>
  )
}
