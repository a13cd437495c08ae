/** A mobile number with its area code picker (default +86; SPEC §5: 11 digits for 86). */
import { Input, Picker, Text, View } from '@tarojs/components'
import { useT } from '@/store/session'
import { useAreaCodes } from '../hooks/use-area-codes'
import { normaliseCode } from '../model/fields'
import { Row } from './form-kit'
import './mobile-field.scss'

interface Props {
  label: string
  required?: boolean
  placeholder: string
  code: string
  value: string
  onCode(code: string): void
  onInput(v: string): void
  testId?: string
}

export default function MobileField({ label, required, placeholder, code, value, onCode, onInput, testId }: Props) {
  const t = useT()
  const codes = useAreaCodes()
  const current = normaliseCode(code)
  const index = Math.max(0, codes.findIndex((c) => normaliseCode(c.areaCode) === current))
  return (
    <Row label={label} required={required}>
      <Picker
        mode='selector'
        range={codes.map((c) => `${c.areaCode} ${c.area}`)}
        value={index}
        onChange={(e) => {
          const picked = codes[Number(e.detail.value)]
          if (picked) onCode(normaliseCode(picked.areaCode))
        }}
      >
        <View className='dn-mobile__code' data-testid={testId ? `${testId}-code` : undefined} aria-label={t('donate.field.areaCode')}>
          <Text>+{current}</Text>
          <Text className='dn-mobile__caret'>▾</Text>
        </View>
      </Picker>
      <Input
        className='dn-input dn-mobile__input'
        type='number'
        value={value}
        maxlength={current === '86' ? 11 : 15}
        placeholder={placeholder}
        placeholderClass='dn-ph'
        onInput={(e) => onInput(e.detail.value)}
        data-testid={testId}
      />
    </Row>
  )
}
