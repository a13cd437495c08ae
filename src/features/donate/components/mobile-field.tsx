/** A mobile number with its area code picker (default +86; SPEC §5: 11 digits for 86). */
import { Input } from '@tarojs/components'
import AreaCodePicker, { mobileMaxLength } from '@/components/area-code-picker'
import { useT } from '@/store/session'
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
  return (
    <Row label={label} required={required}>
      <AreaCodePicker
        code={code}
        onChange={onCode}
        className='dn-mobile__code'
        caretClassName='dn-mobile__caret'
        testId={testId ? `${testId}-code` : undefined}
        label={t('donate.field.areaCode')}
      />
      <Input
        className='dn-input dn-mobile__input'
        type='number'
        value={value}
        maxlength={mobileMaxLength(code)}
        placeholder={placeholder}
        placeholderClass='dn-ph'
        onInput={(e) => onInput(e.detail.value)}
        data-testid={testId}
      />
    </Row>
  )
}
