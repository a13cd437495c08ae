/** subject-cpu: two dropdowns (category and label) instead of tabs. The first option of each means "all". */
import { usePickerText } from '@/lib/hooks/use-picker-text'
import { Picker, View, Text } from '@tarojs/components'
import { useTheme } from '@/lib/hooks/use-page-title'
import './filter-pickers.scss'

export interface PickerOption {
  id: number | undefined
  title: string
}

interface DropdownProps {
  options: PickerOption[]
  value: number | undefined
  onChange(id: number | undefined): void
  testId: string
}

function Dropdown({ options, value, onChange, testId }: DropdownProps) {
  const pickerText = usePickerText()
  const theme = useTheme()
  const index = Math.max(
    0,
    options.findIndex((o) => o.id === value)
  )
  const filtered = index > 0
  return (
    <Picker
      textProps={pickerText}
      mode='selector'
      range={options.map((o) => o.title)}
      value={index}
      onChange={(e) => onChange(options[Number(e.detail.value)]?.id)}
      className='pj-dropdown'
    >
      <View className='pj-dropdown__face' data-testid={testId}>
        <Text className='pj-dropdown__text' style={filtered ? { color: theme } : undefined}>
          {options[index]?.title}
        </Text>
        <View className='pj-dropdown__caret' style={filtered ? { borderTopColor: theme } : undefined} />
      </View>
    </Picker>
  )
}

interface Props {
  categories: PickerOption[]
  labels: PickerOption[]
  typeId: number | undefined
  labelId: number | undefined
  onType(id: number | undefined): void
  onLabel(id: number | undefined): void
}

export default function FilterPickers({ categories, labels, typeId, labelId, onType, onLabel }: Props) {
  return (
    <View className='pj-dropdowns'>
      <Dropdown options={categories} value={typeId} onChange={onType} testId='picker-category' />
      <View className='pj-dropdowns__sep' />
      <Dropdown options={labels} value={labelId} onChange={onLabel} testId='picker-label' />
    </View>
  )
}
