/**
 * The personal-centre sub-pages need a token (docs/product §6): children render once there is one; meanwhile ensureLogin()
 * signs in (mini-programs) or leaves for authorisation / the login page (H5).
 */
import { PropsWithChildren, useEffect, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { ensureLogin } from '@/lib/bootstrap'
import { useSession, useT } from '@/store/session'
import './require-token.scss'
import { pressable } from '@/lib/a11y'

export default function RequireToken({ children }: PropsWithChildren<object>) {
  const t = useT()
  const token = useSession((s) => s.token)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (token) return
    setFailed(false)
    ensureLogin().catch(() => setFailed(true))
  }, [token, attempt])
  if (token) return <>{children}</>
  return (
    <View className='center-signin' data-testid='center-signing-in'>
      <Text className='center-signin__msg'>{failed ? t('common.loadFailed') : t('center.signingIn')}</Text>
      {failed ? (
        <View className='center-signin__retry' {...pressable(() => setAttempt((n) => n + 1))}>
          {t('common.retry')}
        </View>
      ) : null}
    </View>
  )
}
