/**
 * Ways on from the receipt section (docs/decisions/061-first-gift-and-field-errors.md): the charity tax tool (what the
 * receipt is worth at tax time), and for a large gift the donation agreement (`contract-cpu`) where the school runs
 * it: a school that has set the bank account agreement gifts are transferred to (`agreement_bank_account`, the
 * account page the agreement flow ends on) runs it; elsewhere the link stays away.
 */
import { Text, View } from '@tarojs/components'
import { pressable } from '@/lib/a11y'
import { useData } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import { routeUrl } from '@/lib/routes'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import { fetchAgreementBank } from '../api/donate'
import './fields.scss'

export default function ReceiptLinks() {
  const t = useT()
  const theme = useTheme()
  const bank = useData(fetchAgreementBank, [])
  const agreement = !!(bank.data && bank.data.trim())
  return (
    <View className='dn-links' data-testid='receipt-links'>
      <Text
        className='dn-links__link'
        style={{ color: theme }}
        data-testid='receipt-to-tax'
        {...pressable(() => platform.nav.to(routeUrl('tax-tool')), { role: 'link' })}
      >
        {t('donate.receipt.toTax')}
      </Text>
      {agreement ? (
        <Text
          className='dn-links__link'
          style={{ color: theme }}
          data-testid='receipt-to-contract'
          {...pressable(() => platform.nav.to(routeUrl('contract-cpu')), { role: 'link' })}
        >
          {t('donate.receipt.toContract')}
        </Text>
      ) : null}
    </View>
  )
}
