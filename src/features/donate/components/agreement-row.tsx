/**
 * The donor's consent to the donation agreement (docs/product §5; decision 025): stated beside the pay button, with
 * the agreement linked, and given by tapping that button ("同意并捐赠 / Agree and give"): the button's own words say
 * that tapping it accepts the agreement, so a typical gift needs no separate tick. The order carries isAgree=1 only
 * because the donor tapped the button that says so (use-donate-submit, `submit({ consent: true })`). The privacy policy
 * is named beside it, and the same tap records the consent to it (decision 061), so a first gift asks no dialog.
 */
import { Text, View } from '@tarojs/components'
import { platform } from '@/platform'
import { routeUrl } from '@/lib/routes'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useSession, useT } from '@/store/session'
import './agreement-row.scss'
import { pressable } from '@/lib/a11y'
import { PrivacyLink } from '@/features/privacy'

export default function AgreementRow() {
  const t = useT()
  const theme = useTheme()
  const lang = useSession((s) => s.lang)
  const title = useSession((s) => s.baseConfig?.agreeTitle || '')
  // Chinese titles in book-title marks; an English title as it is
  const shown = title ? (lang === 'en' ? ` ${title}` : `《${title}》`) : t('donate.agree.link')
  return (
    <View className='dn-agree' data-testid='agreement'>
      <Text className='dn-agree__text'>{t('donate.agree.prefix')}</Text>
      <Text
        className='dn-agree__link'
        style={{ color: theme, textDecoration: 'underline' }}
        data-testid='agree-link'
        {...pressable(() => platform.nav.to(routeUrl('agree-content')), { role: 'link' })}
      >
        {shown}
      </Text>
      <Text className='dn-agree__text'>{t('donate.agree.and')}</Text>
      <PrivacyLink className='dn-agree__link' />
    </View>
  )
}
