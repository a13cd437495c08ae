/** Progress bar plus percent (docs/product §4 progressPercent), in the school's theme colour. */
import { View, Text } from '@tarojs/components'
import { AtProgress } from 'taro-ui'
import { useTheme } from '@/lib/hooks/use-page-title'
import 'taro-ui/lib/style/components/progress.scss'
import './progress-line.scss'

export default function ProgressLine({ percent, label }: { percent: number; label?: string }) {
  const theme = useTheme()
  return (
    <View className='pj-progress' data-testid='progress'>
      <View className='pj-progress__bar'>
        <AtProgress percent={percent} color={theme} strokeWidth={6} isHidePercent />
      </View>
      <Text className='pj-progress__pct' style={{ color: theme }} data-testid='progress-percent'>
        {label ? `${label} ` : ''}
        {percent}%
      </Text>
    </View>
  )
}
