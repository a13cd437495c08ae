/** The two steps of an apply flow: choose gifts, fill in details. */
import { Text, View } from '@tarojs/components'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import './steps.scss'
import type { MessageKey } from '@/lib/i18n'

export default function Steps({ current }: { current: 1 | 2 }) {
  const t = useT()
  const theme = useTheme()
  const step = (n: 1 | 2, key: MessageKey) => {
    const on = n <= current
    return (
      <View className={`ck-steps__step ${on ? 'ck-steps__step--on' : ''}`}>
        <Text className='ck-steps__num' style={on ? { background: theme } : undefined}>
          {n}
        </Text>
        <Text className='ck-steps__label' style={n === current ? { color: theme } : undefined}>
          {t(key)}
        </Text>
      </View>
    )
  }
  return (
    <View className='ck-steps' data-testid='apply-steps' data-step={current}>
      {step(1, 'certificate.step1')}
      <View className='ck-steps__line' style={current === 2 ? { background: theme } : undefined} />
      {step(2, 'certificate.step2')}
    </View>
  )
}
