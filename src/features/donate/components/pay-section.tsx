/**
 * Payment method (docs/product §4 Pay types): one row per offered platform (a single one is preselected). The campus card
 * (9) adds the student/work number and password; the balance is read when the number field is left.
 */
import { Text, View } from '@tarojs/components'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import { patch } from '../model/form-state'
import { payOptions } from '../model/pay-types'
import type { Visibility } from '../model/visibility'
import type { BalanceState } from '../hooks/use-card-balance'
import { Card, FieldErrorText, fieldRowId, useFieldError } from '@/components/form-kit'
import CampusCardFields from './campus-card-fields'
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
        <CampusCardFields
          stuWorkNo={state.stuWorkNo}
          passwork={state.passwork}
          onChange={(p) => update((s) => patch(s, p))}
          balance={balance}
          onCardNumberDone={onCardNumberDone}
        />
      ) : null}
      <PayTypeError />
    </Card>
  )
}

/** "Choose a payment method" under the methods (decision 061); also where the page scrolls to. */
function PayTypeError() {
  const error = useFieldError('payType')
  return <View id={fieldRowId('payType')}>{error ? <FieldErrorText field='payType' text={error} /> : null}</View>
}
