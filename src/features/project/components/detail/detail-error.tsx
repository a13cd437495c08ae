/** Unknown or failed project: the server's message, retry, and a way back to the list. */
import { View, Text } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { routeUrl } from '@/lib/routes'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import './detail-error.scss'
import { pressable } from '@/lib/a11y'

function goBack() {
  // opened from a shared link there is nothing to go back to: go to the project list instead
  if (Taro.getCurrentPages().length > 1) platform.nav.back()
  else platform.nav.redirect(routeUrl('subject'))
}

export default function DetailError({ message, onRetry }: { message: string; onRetry(): void }) {
  const t = useT()
  return (
    <View className='pj-error' data-testid='detail-error'>
      <View className='pj-error__icon'>!</View>
      <Text className='pj-error__msg'>{message}</Text>
      <View className='pj-error__actions'>
        <View className='pj-error__btn' {...pressable(onRetry)}>
          {t('common.retry')}
        </View>
        <View className='pj-error__btn pj-error__btn--main' data-testid='detail-back' {...pressable(goBack)}>
          {t('project.backToList')}
        </View>
      </View>
    </View>
  )
}
