/**
 * Amount (docs/product §2, §5): sub-project chips (isSub), fixed-amount chips (the project's or the sub-project's fixMoney)
 * and a hand-entered amount (isHandMoney) checked on blur: format, ceiling and below-minMoney problems show under the amount
 * (decision 061), integer-only clears.
 */
import { useState } from 'react'
import { Input, Text, View } from '@tarojs/components'
import { formatCurrency } from '@/lib/money'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { amountMessage, checkHandAmount, dec } from '../model/amount'
import { fixedAmounts, handEntryAllowed, subProjects } from '../model/context'
import { pickFixed, pickSubProject, typeAmount } from '../model/form-state'
import { Card, Chips, FieldErrorText, fieldAria, fieldRowId, useFieldError } from '@/components/form-kit'
import type { SectionProps } from './types'
import './amount-section.scss'

export default function AmountSection({ ctx, state, update }: SectionProps) {
  const t = useT()
  const theme = useTheme()
  const subs = subProjects(ctx)
  const chips = fixedAmounts(ctx, state.subItemsId)
  const hand = handEntryAllowed(ctx, state.subItemsId)
  const { form } = ctx
  const min = dec(form.minMoney)
  // a typed amount's problem found on blur shows under the amount until the donor picks or types again
  const [blurError, setBlurError] = useState('')
  const error = useFieldError('amount') || blurError

  const onBlur = (text: string) => {
    const check = checkHandAmount(text, form)
    if (check === 'ok' || check === 'empty') return
    const m = amountMessage(check, form)
    if (!m) return
    setBlurError(t(m.key, m.params))
    if (m.clear) update((s) => typeAmount(s, ''))
  }

  return (
    <Card title={t('donate.section.amount')} testId='amount-section'>
      {subs.length ? (
        <View className='dn-amount__block'>
          <Text className='dn-amount__caption'>{t('donate.sub.title')}</Text>
          <Chips
            options={subs.map((s) => ({ value: s.id, label: s.name }))}
            selected={state.subItemsId === null ? [] : [state.subItemsId]}
            onPick={(id) => update((s) => pickSubProject(ctx, s, s.subItemsId === id ? null : id))}
            testId='sub-chips'
            columns={2}
          />
        </View>
      ) : null}
      {chips.length ? (
        <Chips
          options={chips.map((o) => ({ value: o.money, label: formatCurrency(o.money, { whole: true }), sub: o.title }))}
          selected={state.fixedMoney === null ? [] : [state.fixedMoney]}
          onPick={(money) => {
            setBlurError('')
            update((s) => pickFixed(s, money))
          }}
          testId='amount-chips'
          columns={3}
        />
      ) : null}
      {hand ? (
        <View className='dn-amount__hand' style={state.handMoney ? { borderColor: theme } : undefined}>
          <Text className='dn-amount__label'>{chips.length ? t('donate.amount.other') : t('donate.amount.label')}</Text>
          <Text className='dn-amount__yen'>¥</Text>
          <Input
            {...fieldAria(chips.length ? t('donate.amount.other') : t('donate.amount.label'), 'amount', error)}
            className='dn-amount__input'
            type={form.isIntegerMoney === 1 ? 'number' : 'digit'}
            value={state.handMoney}
            placeholder={
              min.gt(0)
                ? t('donate.amount.placeholderMin', { min: formatCurrency(form.minMoney, { whole: true }) })
                : t('donate.amount.placeholder')
            }
            placeholderClass='dn-ph'
            onInput={(e) => {
              const text = e.detail.value
              if (text) setBlurError('')
              update((s) => typeAmount(s, text))
            }}
            onBlur={(e) => onBlur(e.detail.value)}
            data-testid='amount-input'
          />
        </View>
      ) : null}
      {form.isIntegerMoney === 1 && hand ? <Text className='dn-note'>{t('donate.amount.integerHint')}</Text> : null}
      <View id={fieldRowId('amount')} className='dn-amount__error'>
        {error ? <FieldErrorText field='amount' text={error} /> : null}
      </View>
    </Card>
  )
}
