/** A mobile number with its dialling-code picker (default +86; 11 digits for 86, docs/product §5). */
import { Input } from '@tarojs/components'
import AreaCodePicker, { mobileMaxLength } from '@/components/area-code-picker'
import { useT } from '@/store/session'
import { FieldRow } from './rows'
import { useSkin } from './skin'
import './mobile-row.scss'
import { fieldAria, useFieldError } from './errors'

interface Props {
  label: string
  placeholder: string
  /** the dialling code, with or without '+' ('' means +86) */
  area: string
  value: string
  onArea(area: string): void
  onInput(v: string): void
  required?: boolean
  /** the input's test id; the code picker's is `${testId}-area` (donation form: `-code`) */
  testId?: string
  /** the key of the field in the form's FieldErrors */
  field?: string
}

export default function MobileRow({ label, placeholder, area, value, onArea, onInput, required, testId, field }: Props) {
  const t = useT()
  const skin = useSkin()
  const error = useFieldError(field)
  return (
    <FieldRow label={label} required={required} field={field}>
      <AreaCodePicker
        code={area}
        onChange={onArea}
        className={`${skin.mobile}__${skin.code}`}
        caretClassName={`${skin.mobile}__caret`}
        testId={testId ? `${testId}-${skin.code}` : undefined}
        label={t(skin.codeLabel)}
      />
      <Input
        {...fieldAria(label, field, error)}
        className={`${skin.input} ${skin.mobile}__input`}
        type='number'
        value={value}
        maxlength={mobileMaxLength(area)}
        placeholder={placeholder}
        placeholderClass={skin.placeholder}
        onInput={(e) => onInput(e.detail.value)}
        data-testid={testId}
      />
    </FieldRow>
  )
}
