/** 《隐私政策》 as a link to the policy page: on the login page and beside every form that collects personal data. */
import { Text, View } from '@tarojs/components'
import { useTheme } from '@/lib/hooks/use-page-title'
import { pressable } from '@/lib/a11y'
import { platform } from '@/platform'
import { routeUrl } from '@/lib/routes'
import { useT } from '@/store/session'

export function openPolicy() {
  platform.nav.to(routeUrl('privacy'))
}

// underlined: a link inside a sentence must not be told apart by its colour alone (WCAG 1.4.1, decision 060)
export function PrivacyLink({ className }: { className?: string }) {
  const t = useT()
  const theme = useTheme()
  return (
    <Text
      className={className}
      style={{ color: theme, textDecoration: 'underline' }}
      {...pressable(openPolicy, { role: 'link' })}
      data-testid='privacy-link'
    >
      {t('privacy.link')}
    </Text>
  )
}

/** The line under a form's personal-data section: what the data is for, and the link. */
export function PrivacyNote() {
  const t = useT()
  return (
    <View
      className='privacy-note'
      style={{ padding: '8px 16px', fontSize: '12px', color: '#6b7079', lineHeight: 1.5 }}
      data-testid='privacy-note'
    >
      <Text>{t('privacy.formNote')} </Text>
      <PrivacyLink />
    </View>
  )
}
