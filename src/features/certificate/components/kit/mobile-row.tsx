/** A mobile number with its dialling-code picker (default +86; 11 digits for 86, SPEC §5). */
import { Input, Picker, Text, View } from '@tarojs/components'
import { useT } from '@/store/session'
import { useAreaCodes } from '../../hooks/use-area-codes'
import { DEFAULT_AREA, normaliseArea } from '../../model/mobile'
import { FieldRow } from './form-kit'
import './mobile-row.scss'

interface Props {
  label: string
  placeholder: string
  area: string
  value: string
  onArea(area: string): void
  onInput(v: string): void
  required?: boolean
  /** the input's test id; the code picker is `${testId}-area` */
  testId: string
}

export default function MobileRow({ label, placeholder, area, value, onArea, onInput, required, testId }: Props) {
  const t = useT()
  const codes = useAreaCodes()
  const current = normaliseArea(area) || DEFAULT_AREA
  const index = Math.max(0, codes.findIndex((c) => normaliseArea(c.areaCode) === current))
  return (
    <FieldRow label={label} required={required}>
      <Picker
        mode='selector'
        range={codes.map((c) => `${c.areaCode} ${c.area}`)}
        value={index}
        onChange={(e) => {
          const picked = codes[Number(e.detail.value)]
          if (picked) onArea(normaliseArea(picked.areaCode))
        }}
      >
        <View className='ck-mobile__area' data-testid={`${testId}-area`} aria-label={t('certificate.areaCode')}>
          <Text>+{current}</Text>
          <Text className='ck-mobile__caret'>▾</Text>
        </View>
      </Picker>
      <Input
        className='ck-input ck-mobile__input'
        type='number'
        value={value}
        maxlength={current === DEFAULT_AREA ? 11 : 15}
        placeholder={placeholder}
        placeholderClass='ck-ph'
        onInput={(e) => onInput(e.detail.value)}
        data-testid={testId}
      />
    </FieldRow>
  )
}
