/** The school's privacy policy (docs/decisions/041): title, version and date, headings and paragraphs; reloads when
 *  the language changes (the server answers the policy in the app's language). */
import { useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import type { PrivacyPolicy } from '@contract'
import { pressable } from '@/lib/a11y'
import { useSession, useT } from '@/store/session'
import { fetchPolicy } from '../api/privacy'
import { policyBlocks } from '../model/policy'
import './policy-screen.scss'

export default function PolicyScreen() {
  const t = useT()
  const lang = useSession((s) => s.lang)
  const [policy, setPolicy] = useState<PrivacyPolicy | null>(null)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let live = true
    setFailed(false)
    fetchPolicy()
      .then((p) => live && setPolicy(p))
      .catch(() => live && setFailed(true))
    return () => {
      live = false
    }
  }, [lang, attempt])

  if (!policy) {
    return (
      <View className='policy policy--state' data-testid={failed ? 'policy-error' : 'policy-loading'}>
        <Text>{failed ? t('privacy.loadFailed') : t('common.loading')}</Text>
        {failed ? (
          <View className='policy__retry' {...pressable(() => setAttempt((n) => n + 1))}>
            {t('common.retry')}
          </View>
        ) : null}
      </View>
    )
  }
  return (
    <View className='policy' data-testid='policy-screen'>
      <Text className='policy__title'>{policy.title}</Text>
      <Text className='policy__meta' data-testid='policy-version'>
        {t('privacy.version', { version: policy.version })}
        {policy.updatedAt ? ` · ${t('privacy.updated', { date: policy.updatedAt.slice(0, 10) })}` : ''}
      </Text>
      {policyBlocks(policy.content).map((b, i) =>
        b.kind === 'heading' ? (
          <Text key={i} className='policy__heading'>
            {b.text}
          </Text>
        ) : (
          <Text key={i} className='policy__para'>
            {b.text}
          </Text>
        )
      )}
    </View>
  )
}
