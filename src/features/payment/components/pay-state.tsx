/** A centred status card of the payment pages: a spinner or a mark, a title, a hint and up to two actions. */
import { Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { useTheme } from '@/lib/hooks/use-page-title'
import 'taro-ui/lib/style/components/button.scss'
import './pay-state.scss'

interface Action {
  label: string
  onTap(): void
  testId?: string
}
interface Props {
  kind: 'busy' | 'info' | 'error'
  title: string
  hint?: string
  primary?: Action
  secondary?: Action
  testId?: string
}

export default function PayState({ kind, title, hint, primary, secondary, testId }: Props) {
  const theme = useTheme()
  return (
    <View className='pm-state' data-testid={testId}>
      {kind === 'busy' ? (
        <View className='pm-state__spinner' style={{ borderTopColor: theme }} />
      ) : (
        <View
          className={`pm-state__mark pm-state__mark--${kind}`}
          style={kind === 'info' ? { color: theme, background: `${theme}14` } : undefined}
        >
          {kind === 'error' ? '!' : 'i'}
        </View>
      )}
      <Text className='pm-state__title'>{title}</Text>
      {hint ? <Text className='pm-state__hint'>{hint}</Text> : null}
      {primary || secondary ? (
        <View className='pm-state__actions'>
          {primary ? (
            <View className='pm-state__action' data-testid={primary.testId}>
              <AtButton type='primary' customStyle={{ background: theme, borderColor: theme }} onClick={primary.onTap}>
                {primary.label}
              </AtButton>
            </View>
          ) : null}
          {secondary ? (
            <View className='pm-state__action' data-testid={secondary.testId}>
              <AtButton type='secondary' customStyle={{ color: theme, borderColor: theme }} onClick={secondary.onTap}>
                {secondary.label}
              </AtButton>
            </View>
          ) : null}
        </View>
      ) : null}
    </View>
  )
}
