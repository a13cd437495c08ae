/** Copies of a chosen book: − n + within 1 .. stock (docs/product §5); the limits are model/books.ts's. */
import { Text, View } from '@tarojs/components'
import './books.scss'

export default function Stepper({
  value,
  max,
  onStep,
  testId
}: {
  value: number
  max: number
  onStep(delta: 1 | -1): void
  testId: string
}) {
  const atMin = value <= 1
  const atMax = value >= max
  return (
    <View className='nm-stepper' data-testid={testId}>
      <Text className={`nm-stepper__btn${atMin ? ' nm-stepper__btn--off' : ''}`} data-testid={`${testId}-minus`} onClick={() => onStep(-1)}>
        −
      </Text>
      <Text className='nm-stepper__value' data-testid={`${testId}-value`}>
        {value}
      </Text>
      <Text className={`nm-stepper__btn${atMax ? ' nm-stepper__btn--off' : ''}`} data-testid={`${testId}-plus`} onClick={() => onStep(1)}>
        +
      </Text>
    </View>
  )
}
