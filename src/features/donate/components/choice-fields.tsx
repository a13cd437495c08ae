/** Dynamic fields that pick rather than type: select, select2 (several), radio, date (1900–2030), year, area. */
import { useState } from 'react'
import { usePickerText } from '@/lib/hooks/use-picker-text'
import { Picker } from '@tarojs/components'
import { DONATE_LIMITS, type FormField } from '@contract'
import { useT } from '@/store/session'
import { yearRange } from '../model/fields'
import AreaSheet, { regionText } from './area-sheet'
import { Chips, FieldRow, ValueRow } from '@/components/form-kit'

interface Props {
  field: FormField
  value: string
  onChange(v: string): void
}

const ids = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

export default function ChoiceField({ field, value, onChange }: Props) {
  const pickerText = usePickerText()
  const t = useT()
  const [areaOpen, setAreaOpen] = useState(false)
  const required = field.isRequire === 1
  const label = field.fieldShowName
  const placeholder = field.inputTip || t('donate.field.choose', { title: label })
  const testId = `field-${field.fieldName}`
  const options = field.optionList || []

  switch (field.fieldUiType) {
    case 'select': {
      const index = options.findIndex((o) => o.id === value)
      return (
        <ValueRow
          field={field.fieldName}
          label={label}
          required={required}
          value={options[index]?.title || ''}
          placeholder={placeholder}
          picker={(text) => (
            <Picker
              textProps={pickerText}
              className='dn-picker'
              mode='selector'
              range={options.map((o) => o.title)}
              value={Math.max(0, index)}
              onChange={(e) => onChange(options[Number(e.detail.value)]?.id ?? '')}
              data-testid={testId}
            >
              {text}
            </Picker>
          )}
        />
      )
    }
    case 'radio':
    case 'select2': {
      const multi = field.fieldUiType === 'select2'
      const picked = multi ? ids(value) : value ? [value] : []
      const toggle = (id: string) => {
        if (!multi) return onChange(id)
        // keep the option list's order so the stored value is stable
        const next = picked.includes(id) ? picked.filter((x) => x !== id) : [...picked, id]
        onChange(
          options
            .filter((o) => next.includes(o.id))
            .map((o) => o.id)
            .join(',')
        )
      }
      return (
        <FieldRow label={label} required={required} stacked field={field.fieldName}>
          <Chips options={options.map((o) => ({ value: o.id, label: o.title }))} selected={picked} onPick={toggle} testId={testId} />
        </FieldRow>
      )
    }
    case 'date':
      return (
        <ValueRow
          field={field.fieldName}
          label={label}
          required={required}
          value={value}
          placeholder={placeholder}
          picker={(text) => (
            <Picker
              textProps={pickerText}
              className='dn-picker'
              mode='date'
              value={value || '1990-01-01'}
              start={`${DONATE_LIMITS.DATE_MIN_YEAR}-01-01`}
              end={`${DONATE_LIMITS.DATE_MAX_YEAR}-12-31`}
              onChange={(e) => onChange(String(e.detail.value))}
              data-testid={testId}
            >
              {text}
            </Picker>
          )}
        />
      )
    case 'year': {
      const { start, end } = yearRange()
      const years: string[] = []
      for (let y = end; y >= start; y--) years.push(String(y))
      const index = years.indexOf(value)
      return (
        <ValueRow
          field={field.fieldName}
          label={label}
          required={required}
          value={value}
          placeholder={placeholder}
          picker={(text) => (
            <Picker
              textProps={pickerText}
              className='dn-picker'
              mode='selector'
              range={years}
              value={index >= 0 ? index : years.indexOf(String(new Date().getFullYear()))}
              onChange={(e) => onChange(years[Number(e.detail.value)] ?? '')}
              data-testid={testId}
            >
              {text}
            </Picker>
          )}
        />
      )
    }
    case 'area':
      return (
        // the sheet is a fixed overlay: it goes first so the row stays its section's last child
        <>
          <AreaSheet open={areaOpen} onClose={() => setAreaOpen(false)} onPick={(r) => onChange(regionText(r))} />
          <ValueRow
            field={field.fieldName}
            label={label}
            required={required}
            value={value}
            placeholder={placeholder}
            onTap={() => setAreaOpen(true)}
            testId={testId}
          />
        </>
      )
    default:
      return null
  }
}
