/**
 * Campus card number and password (docs/product §4 Pay types, §5 campus card: both required, the balance must cover the
 * gift): the donation form's payment section and the naming forms (docs/decisions/048-naming-forms-whole.md) show it
 * when pay type 9 is chosen; the balance is read when the number field is left.
 */
import { Text, View } from '@tarojs/components'
import { formatCurrency } from '@/lib/money'
import { useT } from '@/store/session'
import type { BalanceState } from '../hooks/use-card-balance'
import { FieldRow, InputRow } from '@/components/form-kit'
import './pay-section.scss'

interface Props {
  stuWorkNo: string
  passwork: string
  onChange(p: { stuWorkNo?: string; passwork?: string }): void
  balance: BalanceState
  onCardNumberDone(stuWorkNo: string): void
}

export default function CampusCardFields({ stuWorkNo, passwork, onChange, balance, onCardNumberDone }: Props) {
  const t = useT()
  return (
    <View className='dn-card' data-testid='campus-card'>
      <InputRow
        label={t('donate.card.no')}
        required
        value={stuWorkNo}
        placeholder={t('donate.card.noRequired')}
        maxlength={32}
        onInput={(v) => onChange({ stuWorkNo: v })}
        onBlur={onCardNumberDone}
        testId='card-no'
        field='stuWorkNo'
      />
      <InputRow
        label={t('donate.card.password')}
        required
        value={passwork}
        placeholder={t('donate.card.passwordRequired')}
        password
        maxlength={32}
        onInput={(v) => onChange({ passwork: v })}
        testId='card-password'
        field='passwork'
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
  )
}
