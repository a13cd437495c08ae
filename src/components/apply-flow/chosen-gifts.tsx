/** Step 2's reminder of the gifts chosen in step 1: name and amount per line. */
import { Text, View } from '@tarojs/components'
import type { StayView } from './stay'
import { Card } from '@/components/form-kit'
import './chosen-gifts.scss'

export default function ChosenGifts({ title, gifts }: { title: string; gifts: StayView[] }) {
  return (
    <Card title={title} testId='apply-chosen'>
      {gifts.map((g) => (
        <View key={g.id} className='ck-chosen'>
          <View className='ck-chosen__main'>
            <Text className='ck-chosen__name'>{g.name}</Text>
            <Text className='ck-chosen__time'>{g.time}</Text>
          </View>
          <Text className='ck-chosen__amount'>{g.amount}</Text>
        </View>
      ))}
    </Card>
  )
}
