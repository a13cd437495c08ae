/** A full-card message instead of the form: offline donation contact, closed project, load failure. */
import { Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { useTheme } from '@/lib/hooks/use-page-title'
import 'taro-ui/lib/style/components/button.scss'
import './notice.scss'

interface Props {
  title: string
  text: string
  action?: { label: string; onTap(): void }
  testId?: string
}

export default function Notice({ title, text, action, testId }: Props) {
  const theme = useTheme()
  return (
    <View className='dn-notice' data-testid={testId}>
      <View className='dn-notice__icon' style={{ background: `${theme}14`, color: theme }}>
        !
      </View>
      <Text className='dn-notice__title'>{title}</Text>
      <Text className='dn-notice__text' selectable>
        {text}
      </Text>
      {action ? (
        <View className='dn-notice__action'>
          <AtButton type='secondary' customStyle={{ color: theme, borderColor: theme }} onClick={action.onTap}>
            {action.label}
          </AtButton>
        </View>
      ) : null}
    </View>
  )
}
