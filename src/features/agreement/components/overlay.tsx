/** The 'generating' / 'signing' overlay (docs/product §2): covers the page so nothing is tapped twice meanwhile. */
import { Text, View } from '@tarojs/components'
import './agreement.scss'

export default function BusyOverlay({ text, testId }: { text: string; testId: string }) {
  return (
    <View className='ag-overlay' data-testid={testId} catchMove>
      <View className='ag-overlay__box'>
        <View className='ag-overlay__spinner' />
        <Text className='ag-overlay__text'>{text}</Text>
      </View>
    </View>
  )
}
