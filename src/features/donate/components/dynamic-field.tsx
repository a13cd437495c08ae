/**
 * One field of formDetail.fieldList by its ui type (docs/product §3: input, password, number, textarea, mobile, switch,
 * select, select2, date, area, year, radio). Number fields clear a non-positive-integer on blur (docs/product §5) and say why under the field.
 */
import { useContext, useState } from 'react'
import { Text, Textarea, View } from '@tarojs/components'
import type { FormField } from '@contract'
import { useT } from '@/store/session'
import { charLength, maxLengthOf, numberBlurError } from '../model/fields'
import { errorText } from '../model/validate'
import ChoiceField from './choice-fields'
import { FieldErrors, fieldAria, FieldRow, useFieldError, InputRow, MobileRow, SwitchRow } from '@/components/form-kit'

interface Props {
  field: FormField
  value: string
  code: string
  onChange(v: string): void
  onCode(code: string): void
}

/**
 * A number field's blur problem (its value was cleared) shows under the field like the submit's problems do, until
 * the donor types again.
 */
export default function DynamicField(props: Props) {
  const [blurError, setBlurError] = useState('')
  const errors = useContext(FieldErrors)
  const onChange = (v: string) => {
    if (v) setBlurError('')
    props.onChange(v)
  }
  const body = <FieldBody {...props} onChange={onChange} setBlurError={setBlurError} />
  if (!blurError || errors[props.field.fieldName]) return body
  return <FieldErrors.Provider value={{ ...errors, [props.field.fieldName]: blurError }}>{body}</FieldErrors.Provider>
}

function FieldBody({ field, value, code, onChange, onCode, setBlurError }: Props & { setBlurError(text: string): void }) {
  const t = useT()
  const error = useFieldError(field.fieldName)
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
              setBlurError(errorText(err, t))
              onChange('')
            }
          }}
          testId={testId}
          field={field.fieldName}
        />
      )
    case 'textarea':
      return (
        <FieldRow label={label} required={required} stacked field={field.fieldName}>
          <View className='dn-textarea'>
            <Textarea
              {...fieldAria(field.fieldShowName, field.fieldName, error)}
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
          field={field.fieldName}
        />
      )
    case 'switch':
      return <SwitchRow label={label} checked={value === '1'} onChange={(on) => onChange(on ? '1' : '0')} testId={testId} />
    default:
      return <ChoiceField field={field} value={value} onChange={onChange} />
  }
}
