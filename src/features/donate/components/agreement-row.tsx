/** The agreement checkbox (must be ticked, docs/product §5) with a link to agree-content (baseConfig agreeTitle/agreeContent). */
import { Text, View } from '@tarojs/components'
import { platform } from '@/platform'
import { routeUrl } from '@/lib/routes'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useSession, useT } from '@/store/session'
import { patch } from '../model/form-state'
import type { Update } from './types'
import './agreement-row.scss'
import { pressable } from '@/lib/a11y'

export default function AgreementRow({ agreed, update }: { agreed: boolean; update: Update }) {
  const t = useT()
  const theme = useTheme()
  const title = useSession((s) => s.baseConfig?.agreeTitle || '')
  return (
    <View className='dn-agree' data-testid='agreement'>
      <View
        className='dn-agree__hit'
        data-testid='agree-check'
        {...pressable(() => update((s) => patch(s, { agreed: !s.agreed })), { role: 'checkbox', checked: agreed })}
      >
        <View
          className={`dn-agree__box ${agreed ? 'dn-agree__box--on' : ''}`}
          style={agreed ? { background: theme, borderColor: theme } : undefined}
        >
          {agreed ? <Text className='dn-agree__tick'>✓</Text> : null}
        </View>
        <Text className='dn-agree__text'>{t('donate.agree.prefix')}</Text>
      </View>
      <Text
        className='dn-agree__link'
        style={{ color: theme }}
        data-testid='agree-link'
        {...pressable(() => platform.nav.to(routeUrl('agree-content')), { role: 'link' })}
      >
        {title ? `《${title}》` : t('donate.agree.link')}
      </Text>
    </View>
  )
}
