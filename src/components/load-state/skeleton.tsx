/**
 * Grey shimmering placeholders shaped like the content that is loading, shown instead of a bare
 * "Loading…" line: 'card' is a list card with a wide picture, 'row' a thumbnail with two lines, 'block' a page
 * section. The words stay for screen readers (role=status) and are hidden visually.
 */
import { Text, View } from '@tarojs/components'
import { useT } from '@/store/session'
import './skeleton.scss'

export type SkeletonShape = 'card' | 'row' | 'block'

interface Props {
  shape?: SkeletonShape
  count?: number
  testId?: string
}

export default function Skeleton({ shape = 'row', count = 3, testId = 'skeleton' }: Props) {
  const t = useT()
  return (
    <View className={`skeleton skeleton--${shape}`} data-testid={testId} role='status' aria-busy>
      <Text className='skeleton__sr'>{t('skeleton.loading')}</Text>
      {Array.from({ length: count }, (_, i) => (
        <View key={i} className='skeleton__item' aria-hidden>
          <View className='skeleton__pic skeleton__shine' />
          <View className='skeleton__body'>
            <View className='skeleton__bar skeleton__shine' />
            <View className='skeleton__bar skeleton__bar--short skeleton__shine' />
          </View>
        </View>
      ))}
    </View>
  )
}
