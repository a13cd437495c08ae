/**
 * Donor (docs/product §2, §4): the anonymity switch (isShowAnonymous) and the no-listing switch (isShowNoData), then the
 * dynamic fields that are visible under their conditions. Anonymous hides the fields (and the server skips them).
 * Fields the form does not require wait under "Add details" until the donor opens it.
 */
import { patch, setCode, setFieldValue } from '../model/form-state'
import { visibleFields } from '../model/fields'
import type { Visibility } from '../model/visibility'
import { useT } from '@/store/session'
import DynamicField from './dynamic-field'
import { Card, SwitchRow } from '@/components/form-kit'
import type { SectionProps } from './types'

export default function DonorSection({ ctx, state, update, vis }: SectionProps & { vis: Visibility }) {
  const t = useT()
  const fields = (vis.donor ? visibleFields(ctx.form.fieldList || [], state.values) : []).filter(
    (f) => state.detailsOpen || f.isRequire === 1
  )
  if (!vis.anonymousSwitch && !vis.noDataSwitch && !fields.length) return null
  return (
    <Card title={t('donate.section.donor')} testId='donor-section'>
      {vis.anonymousSwitch ? (
        <SwitchRow
          label={t('donate.anonymous')}
          hint={state.isAnonymous ? t('donate.anonymous.hint') : undefined}
          checked={state.isAnonymous}
          onChange={(on) => update((s) => patch(s, { isAnonymous: on }))}
          testId='anonymous-switch'
        />
      ) : null}
      {vis.noDataSwitch ? (
        <SwitchRow
          label={t('donate.noData')}
          checked={state.isNoData}
          onChange={(on) => update((s) => patch(s, { isNoData: on }))}
          testId='nodata-switch'
        />
      ) : null}
      {fields.map((f) => (
        <DynamicField
          key={f.fieldName}
          field={f}
          value={state.values[f.fieldName] ?? ''}
          code={state.codes[f.fieldName] ?? ''}
          onChange={(v) => update((s) => setFieldValue(s, f.fieldName, v))}
          onCode={(c) => update((s) => setCode(s, f.fieldName, c))}
        />
      ))}
    </Card>
  )
}
