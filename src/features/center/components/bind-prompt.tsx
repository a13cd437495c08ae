/** docs/product §6: account type 1 with open login: 'bind mobile' with the school's login note, leading to login (bind). */
import { Text, View } from '@tarojs/components'
import { AtIcon } from 'taro-ui'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { openRoute } from '../navigation'
import './bind-prompt.scss'
import { tokenColor } from '@/styles/colors'
import { pressable } from '@/lib/a11y'

export default function BindPrompt({ notes }: { notes: string }) {
  const t = useT()
  const theme = useTheme()
  return (
    <View className='mine-bind' data-testid='bind-prompt' {...pressable(() => openRoute('login', { bind: 1 }))}>
      <View className='mine-bind__icon' style={{ background: theme }}>
        <AtIcon value='iphone' size='16' color={tokenColor.inverse} />
      </View>
      <View className='mine-bind__text'>
        <Text className='mine-bind__title'>{t('center.bind.title')}</Text>
        {notes ? (
          <Text className='mine-bind__notes' data-testid='bind-notes'>
            {notes}
          </Text>
        ) : null}
      </View>
      <Text className='mine-bind__go' style={{ color: theme, borderColor: theme }}>
        {t('center.bind.go')}
      </Text>
    </View>
  )
}
