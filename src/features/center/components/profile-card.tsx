/** mine's header: avatar (tap: cut), nickname (tap: the nickname popup), greeting and the three statistics. */
import { useState } from 'react'
import { Image, Text, View } from '@tarojs/components'
import { AtIcon } from 'taro-ui'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { greetingKey, type ProfileView } from '../model/profile'
import './profile-card.scss'
import { tokenColor } from '@/styles/colors'
import { imageAlt, pressable } from '@/lib/a11y'

interface Props {
  profile: ProfileView
  hour: number
  onAvatar(): void
  onNickname(): void
}

export default function ProfileCard({ profile, hour, onAvatar, onNickname }: Props) {
  const t = useT()
  const theme = useTheme()
  const name = profile.isDefaultNickname ? t('center.defaultNickname') : profile.nickname
  // An avatar URL that fails (a file gone from storage, a CDN down) shows the default silhouette, never a broken
  // image; remembered per URL, so a newly uploaded avatar is tried again.
  const [failedSrc, setFailedSrc] = useState('')
  return (
    <View className='mine-profile'>
      <View className='mine-profile__card'>
        <View className='mine-profile__who'>
          <View className='mine-profile__avatar' {...pressable(onAvatar, { label: t('route.cut') })} data-testid='mine-avatar'>
            {profile.avatar && failedSrc !== profile.avatar ? (
              <Image
                {...imageAlt('')}
                className='mine-profile__avatar-img'
                src={profile.avatar}
                mode='aspectFill'
                data-testid='mine-avatar-img'
                onError={() => setFailedSrc(profile.avatar)}
              />
            ) : (
              <View className='mine-profile__avatar-img mine-profile__avatar-img--empty' data-testid='mine-avatar-default'>
                <AtIcon value='user' size='28' color={tokenColor.borderControl} />
              </View>
            )}
            <View className='mine-profile__camera' style={{ background: theme }}>
              <AtIcon value='camera' size='10' color={tokenColor.inverse} />
            </View>
          </View>
          <View className='mine-profile__names'>
            <View className='mine-profile__name-row' {...pressable(onNickname)} data-testid='mine-nickname'>
              <Text className='mine-profile__name' data-testid='mine-name'>
                {name}
              </Text>
              <AtIcon value='edit' size='14' color={tokenColor.textMuted} />
            </View>
            <Text className='mine-profile__greet' data-testid='mine-greeting'>
              {t(greetingKey(hour))}
            </Text>
          </View>
        </View>
        <View className='mine-profile__stats'>
          <View className='mine-profile__stat'>
            <Text className='mine-profile__num' style={{ color: theme }} data-testid='mine-money'>
              ¥{profile.donateMoney}
            </Text>
            <Text className='mine-profile__label'>{t('center.stat.money')}</Text>
          </View>
          <View className='mine-profile__stat'>
            <Text className='mine-profile__num' data-testid='mine-items'>
              {profile.donateCountItems}
            </Text>
            <Text className='mine-profile__label'>{t('center.stat.items')}</Text>
          </View>
          <View className='mine-profile__stat'>
            <Text className='mine-profile__num' data-testid='mine-launch'>
              {profile.launchCount}
            </Text>
            <Text className='mine-profile__label'>{t('center.stat.launch')}</Text>
          </View>
        </View>
      </View>
    </View>
  )
}
