/**
 * The donor's details on the naming form (docs/product §3 fieldList; the same fields and rules as every gift, checked again
 * by the server): the anonymous switch when the form offers it, then the visible dynamic fields. Anonymous hides them.
 */
import { Text } from '@tarojs/components'
import type { FormField } from '@contract'
import { Card, SwitchRow } from '@/components/form-kit'
import { DynamicField, visibleFields } from '@/features/donate'
import { useT } from '@/store/session'
import './form.scss'

interface Props {
  fields: FormField[]
  values: Record<string, string>
  codes: Record<string, string>
  anonymousOffered: boolean
  isAnonymous: boolean
  onAnonymous(on: boolean): void
  onValue(name: string, v: string): void
  onCode(name: string, code: string): void
}

export default function DonorCard({ fields, values, codes, anonymousOffered, isAnonymous, onAnonymous, onValue, onCode }: Props) {
  const t = useT()
  const shown = isAnonymous ? [] : visibleFields(fields, values)
  if (!anonymousOffered && !shown.length) return null
  return (
    <Card title={t('naming.form.donor')} testId='naming-donor'>
      {anonymousOffered ? (
        <SwitchRow
          label={t('naming.form.anonymous')}
          hint={isAnonymous ? t('naming.form.anonymousHint') : undefined}
          checked={isAnonymous}
          onChange={onAnonymous}
          testId='naming-anonymous'
        />
      ) : null}
      {shown.map((f) => (
        <DynamicField
          key={f.fieldName}
          field={f}
          value={values[f.fieldName] ?? ''}
          code={codes[f.fieldName] ?? ''}
          onChange={(v) => onValue(f.fieldName, v)}
          onCode={(c) => onCode(f.fieldName, c)}
        />
      ))}
      {isAnonymous ? <Text className='nm-note'>{t('naming.form.anonymousNote')}</Text> : null}
    </Card>
  )
}
