/** A mobile number with its dialling-code picker (default +86; 11 digits for 86, SPEC §5). */
import { Input } from '@tarojs/components'
import AreaCodePicker, { mobileMaxLength } from '@/components/area-code-picker'
import { useT } from '@/store/session'
import { FieldRow } from './rows'
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
  return (
    <FieldRow label={label} required={required}>
      <AreaCodePicker
        code={area}
        onChange={onArea}
        className='ck-mobile__area'
        caretClassName='ck-mobile__caret'
        testId={`${testId}-area`}
        label={t('certificate.areaCode')}
      />
      <Input
        className='ck-input ck-mobile__input'
        type='number'
        value={value}
        maxlength={mobileMaxLength(area)}
        placeholder={placeholder}
        placeholderClass='ck-ph'
        onInput={(e) => onInput(e.detail.value)}
        data-testid={testId}
      />
    </FieldRow>
  )
}
