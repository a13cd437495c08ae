/**
 * One field of formDetail.fieldList by its ui type (docs/product §3: input, password, number, textarea, mobile, switch,
 * select, select2, date, area, year, radio). Number fields clear a non-positive-integer on blur (docs/product §5).
 */
import { Text, Textarea, View } from '@tarojs/components'
import type { FormField } from '@contract'
import { toast } from '@/lib/quiet'
import { useT } from '@/store/session'
import { charLength, maxLengthOf, numberBlurError } from '../model/fields'
import { errorText } from '../model/validate'
import ChoiceField from './choice-fields'
import { FieldRow, InputRow, MobileRow, SwitchRow } from '@/components/form-kit'

interface Props {
  field: FormField
  value: string
  code: string
  onChange(v: string): void
  onCode(code: string): void
}

export default function DynamicField({ field, value, code, onChange, onCode }: Props) {
  const t = useT()
  const label = field.fieldShowName
  const required = field.isRequire === 1
  const placeholder = field.inputTip || t('donate.field.required', { title: label })
  const testId = `field-${field.fieldName}`
  const max = maxLengthOf(field)

  switch (field.fieldUiType) {
    case 'input':
    case 'password':
    case 'number':
      return (
        <InputRow
          label={label}
          required={required}
          value={value}
          placeholder={placeholder}
          type={field.fieldUiType === 'number' ? 'number' : 'text'}
          password={field.fieldUiType === 'password'}
          maxlength={max}
          onInput={onChange}
          onBlur={(v) => {
            if (field.fieldUiType !== 'number') return
            const err = numberBlurError(field, v)
            if (err) {
              toast(errorText(err, t), err.duration)
              onChange('')
            }
          }}
          testId={testId}
        />
      )
    case 'textarea':
      return (
        <FieldRow label={label} required={required} stacked>
          <View className='dn-textarea'>
            <Textarea
              className='dn-textarea__input'
              value={value}
              maxlength={max}
              placeholder={placeholder}
              placeholderClass='dn-ph'
              onInput={(e) => onChange(e.detail.value)}
              data-testid={testId}
            />
            <Text className='dn-textarea__count'>
              {charLength(value)}/{max}
            </Text>
          </View>
        </FieldRow>
      )
    case 'mobile':
      return (
        <MobileRow
          label={label}
          required={required}
          placeholder={placeholder}
          area={code}
          value={value}
          onArea={onCode}
          onInput={onChange}
          testId={testId}
        />
      )
    case 'switch':
      return <SwitchRow label={label} checked={value === '1'} onChange={(on) => onChange(on ? '1' : '0')} testId={testId} />
    default:
      return <ChoiceField field={field} value={value} onChange={onChange} />
  }
}
