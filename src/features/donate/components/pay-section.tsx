/**
 * Payment method (docs/product §4 Pay types): one row per offered platform (a single one is preselected). The campus card
 * (9) adds the student/work number and password; the balance is read when the number field is left.
 */
import { Text, View } from '@tarojs/components'
import { formatCurrency } from '@/lib/money'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { patch } from '../model/form-state'
import { payOptions } from '../model/pay-types'
import type { Visibility } from '../model/visibility'
import type { BalanceState } from '../hooks/use-card-balance'
import { Card, FieldRow, InputRow } from '@/components/form-kit'
import PayLogo from '@/components/pay-logo'
import type { SectionProps } from './types'
import './pay-section.scss'
import { pressable } from '@/lib/a11y'

interface Props extends SectionProps {
  vis: Visibility
  balance: BalanceState
  onCardNumberDone(stuWorkNo: string): void
}

export default function PaySection({ ctx, state, update, vis, balance, onCardNumberDone }: Props) {
  const t = useT()
  const theme = useTheme()
  const options = payOptions(ctx.form.payPlatformList)
  return (
    <Card title={t('donate.section.pay')} testId='pay-section'>
      {options.length === 0 ? <Text className='dn-note'>{t('donate.pay.none')}</Text> : null}
      {options.map((o) => {
        const on = state.payType === o.code
        return (
          <View
            key={o.code}
            className='dn-pay'
            data-testid={`pay-${o.code}`}
            {...pressable(() => update((s) => patch(s, { payType: o.code })), { role: 'radio', checked: on })}
          >
            <PayLogo code={o.code} label={t(o.labelKey)} className='dn-pay__badge' />
            <Text className='dn-pay__label'>{t(o.labelKey)}</Text>
            <View className={`dn-radio ${on ? 'dn-radio--on' : ''}`} style={on ? { borderColor: theme, background: theme } : undefined}>
              {on ? <Text className='dn-radio__tick'>✓</Text> : null}
            </View>
          </View>
        )
      })}
      {vis.campusCard ? (
        <View className='dn-card' data-testid='campus-card'>
          <InputRow
            label={t('donate.card.no')}
            required
            value={state.stuWorkNo}
            placeholder={t('donate.card.noRequired')}
            maxlength={32}
            onInput={(v) => update((s) => patch(s, { stuWorkNo: v }))}
            onBlur={onCardNumberDone}
            testId='card-no'
          />
          <InputRow
            label={t('donate.card.password')}
            required
            value={state.passwork}
            placeholder={t('donate.card.passwordRequired')}
            password
            maxlength={32}
            onInput={(v) => update((s) => patch(s, { passwork: v }))}
            testId='card-password'
          />
          <Text className='dn-note'>{t('donate.card.passwordHint')}</Text>
          {balance.status !== 'idle' ? (
            <FieldRow label={t('donate.card.balance')} testId='card-balance'>
              <Text className={balance.status === 'failed' ? 'dn-card__failed' : 'dn-card__balance'}>
                {balance.status === 'loading'
                  ? t('common.loading')
                  : balance.status === 'failed'
                    ? t('donate.card.readFailed')
                    : formatCurrency(balance.balance)}
              </Text>
            </FieldRow>
          ) : null}
        </View>
      ) : null}
    </Card>
  )
}
