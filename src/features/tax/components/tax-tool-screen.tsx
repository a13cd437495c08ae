/**
 * tax-tool (docs/product §2 Tax tool, §5): personal or company tab, the figures, donated or not; Calculate checks the
 * form (the first missing field's placeholder, or what is wrong with it, under that field: decision 081) and opens tax-result with the §2 query. The form lives in
 * this page's state, so coming back from the result finds it as it was left.
 */
import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { Card, Chips, FieldErrors, FieldRow, InputRow, Note, useFormErrors } from '@/components/form-kit'
import SegmentTabs from '@/components/segment-tabs'
import { LangSwitch } from '@/components/page-shell'
import { useTheme } from '@/lib/hooks/use-page-title'
import { ROUTES, buildQuery } from '@/lib/routes'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import { checkForm, EMPTY_FORM, requiredFields, toQuery, type TaxField, type TaxForm, type TaxKind } from '../model/tax'
import 'taro-ui/lib/style/components/button.scss'
import './tax-screens.scss'

const PLACEHOLDER = { gz: 'tax.ph.gz', wxyj: 'tax.ph.wxyj', zxkc: 'tax.ph.zxkc', lr: 'tax.ph.lr', jz: 'tax.ph.jz' } as const
const LABEL = { gz: 'tax.field.gz', wxyj: 'tax.field.wxyj', zxkc: 'tax.field.zxkc', lr: 'tax.field.lr', jz: 'tax.field.jz' } as const

export function TaxToolScreen() {
  const t = useT()
  const theme = useTheme()
  const [form, setForm] = useState<TaxForm>(EMPTY_FORM)
  const set = (field: TaxField, v: string) => setForm((f) => ({ ...f, [field]: v }))
  const problems = useFormErrors(form)
  const fields = requiredFields({ kind: form.kind, isDonate: true }).filter((f) => f !== 'jz')

  function calculate() {
    const problem = checkForm(form)
    if (problem) {
      const text = problem.kind === 'missing' ? t(PLACEHOLDER[problem.field]) : t('tax.invalid', { field: t(LABEL[problem.field]) })
      problems.show(text, problem.field)
      return
    }
    platform.nav.to(ROUTES['tax-result'] + buildQuery(toQuery(form)))
  }

  // the problems shown under their fields (decision 081)
  const view = (
    <View className='tax' data-testid='tax-tool'>
      <View className='tax__head'>
        <SegmentTabs<TaxKind>
          tabs={[
            { key: 'personal', title: t('tax.tab.personal') },
            { key: 'company', title: t('tax.tab.company') }
          ]}
          current={form.kind}
          onChange={(kind) => setForm((f) => ({ ...f, kind }))}
          testPrefix='tax-tab'
        />
        <LangSwitch />
      </View>
      <Text className='tax__intro'>{t('tax.intro')}</Text>
      <Text className='tax__intro tax__intro--units'>{t(form.kind === 'personal' ? 'tax.units.personal' : 'tax.units.company')}</Text>
      <Card>
        {fields.map((field) => (
          <InputRow
            key={field}
            label={t(LABEL[field])}
            required
            type='digit'
            value={form[field]}
            placeholder={t(PLACEHOLDER[field])}
            onInput={(v) => set(field, v)}
            testId={`tax-${field}`}
            field={field}
          />
        ))}
        <FieldRow label={t('tax.field.donated')}>
          <Chips<number>
            options={[
              { value: 1, label: t('tax.yes') },
              { value: 0, label: t('tax.no') }
            ]}
            selected={[form.isDonate ? 1 : 0]}
            // docs/product §5: switching the radio clears the amount
            onPick={(v) => setForm((f) => (f.isDonate === (v === 1) ? f : { ...f, isDonate: v === 1, jz: '' }))}
            testPrefix='tax-donated'
          />
        </FieldRow>
        {form.isDonate ? (
          <InputRow
            label={t('tax.field.jz')}
            required
            type='digit'
            value={form.jz}
            placeholder={t('tax.ph.jz')}
            onInput={(v) => set('jz', v)}
            testId='tax-jz'
            field='jz'
          />
        ) : (
          <Note testId='tax-not-donated'>{t('tax.notDonatedHint')}</Note>
        )}
      </Card>
      <View className='tax__actions' data-testid='tax-calculate'>
        <AtButton type='primary' customStyle={{ background: theme, borderColor: theme }} onClick={calculate}>
          {t('tax.calculate')}
        </AtButton>
      </View>
      <Text className='tax__disclaimer'>{t('tax.disclaimer')}</Text>
    </View>
  )
  return <FieldErrors.Provider value={problems.errors}>{view}</FieldErrors.Provider>
}
