/**
 * A designed empty state: a small illustration drawn with CSS shapes (works on H5 and both
 * mini-programs, no image file), one sentence, an optional hint and an optional action. Replaces the grey boxes.
 * The illustration is decorative (aria-hidden); the sentence carries the meaning.
 */
import { Text, View } from '@tarojs/components'
import './index.scss'

export type EmptyArt = 'list' | 'gift' | 'article' | 'people' | 'paper'

export interface EmptyAction {
  label: string
  onPress: () => void
}

interface Props {
  art?: EmptyArt
  text: string
  hint?: string
  action?: EmptyAction
  testId?: string
}

export default function EmptyState({ art = 'list', text, hint, action, testId = 'empty-state' }: Props) {
  return (
    <View className='empty-state' data-testid={testId} data-art={art}>
      <View className={`empty-state__art empty-state__art--${art}`} aria-hidden>
        <View className='empty-state__halo' />
        <View className='empty-state__card empty-state__card--back' />
        <View className='empty-state__card'>
          <View className='empty-state__line' />
          <View className='empty-state__line empty-state__line--short' />
          <View className='empty-state__line' />
        </View>
        <View className='empty-state__mark' />
        <View className='empty-state__spark empty-state__spark--a' />
        <View className='empty-state__spark empty-state__spark--b' />
      </View>
      <Text className='empty-state__text'>{text}</Text>
      {hint ? <Text className='empty-state__hint'>{hint}</Text> : null}
      {action ? (
        <View
          className='empty-state__action'
          role='button'
          aria-label={action.label}
          onClick={action.onPress}
          data-testid={`${testId}-action`}
        >
          <Text>{action.label}</Text>
        </View>
      ) : null}
    </View>
  )
}
