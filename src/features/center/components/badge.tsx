/**
 * An award drawn as a medal: two ribbon tails, a gold rim, the award's picture (or a star) in the disc.
 * Not yet earned: grey, with a padlock and the words for screen readers. Drawn with CSS only (H5 and mini-programs).
 */
import { Image, Text, View } from '@tarojs/components'
import { imageAlt } from '@/lib/a11y'
import { useT } from '@/store/session'
import './badge.scss'

interface Props {
  name: string
  picture: string
  earned: boolean
  size?: 'sm' | 'lg'
  /** varies the ribbon colour between neighbouring badges */
  tone?: number
  testId?: string
  picTestId?: string
}

export default function Badge({ name, picture, earned, size = 'sm', tone = 0, testId, picTestId }: Props) {
  const t = useT()
  const state = earned ? t('badge.unlocked') : t('badge.locked')
  return (
    <View
      className={`badge badge--${size} badge--tone${tone % 4} ${earned ? '' : 'badge--locked'}`}
      role='img'
      aria-label={`${name}, ${state}`}
      data-testid={testId}
      data-locked={earned ? '0' : '1'}
    >
      <View className='badge__ribbon badge__ribbon--l' />
      <View className='badge__ribbon badge__ribbon--r' />
      <View className='badge__rim'>
        <View className='badge__disc'>
          {picture ? (
            <Image {...imageAlt('')} className='badge__pic' src={picture} mode='aspectFill' data-testid={picTestId} />
          ) : (
            <Text className='badge__star'>★</Text>
          )}
        </View>
      </View>
      {earned ? null : (
        <View className='badge__lock' aria-hidden>
          <View className='badge__lock-shackle' />
          <View className='badge__lock-body' />
        </View>
      )}
    </View>
  )
}
