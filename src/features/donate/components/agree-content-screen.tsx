/** agree-content: the donation agreement from baseConfig (agreeTitle, agreeContent), sanitised before rendering. */
import { RichText, Text, View } from '@tarojs/components'
import { platform } from '@/platform'
import { sanitizeHtml } from '@/lib/sanitize'
import { useSession, useT } from '@/store/session'
import './agree-content-screen.scss'

export function useAgreementTitle(): string {
  return useSession((s) => s.baseConfig?.agreeTitle || '')
}

export default function AgreeContentScreen() {
  const t = useT()
  const base = useSession((s) => s.baseConfig)
  const html = sanitizeHtml(base?.agreeContent || '', platform.assetUrl)
  return (
    <View className='dn-agreement' data-testid='agree-content'>
      <Text className='dn-agreement__title'>{base?.agreeTitle || t('route.agree-content')}</Text>
      {html ? (
        <View className='dn-agreement__body'>
          <RichText nodes={html} />
        </View>
      ) : (
        <Text className='dn-agreement__empty' data-testid='agree-empty'>
          {t('donate.agree.empty')}
        </Text>
      )}
    </View>
  )
}
