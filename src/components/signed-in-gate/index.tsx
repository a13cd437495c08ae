/** Renders its children once the visitor holds a token (docs/product §6); otherwise signing in, or a retry. */
import type { PropsWithChildren } from 'react'
import { Text, View } from '@tarojs/components'
import { useT } from '@/store/session'
import { useSignedIn } from '@/lib/hooks/use-signed-in'
import './index.scss'
import { pressable } from '@/lib/a11y'

export default function SignedInGate({ children }: PropsWithChildren) {
  const t = useT()
  const { state, retry } = useSignedIn()
  if (state === 'ready') return <>{children}</>
  return (
    <View className='ck-gate' data-testid='sign-in-state'>
      {state === 'failed' ? (
        <View {...pressable(retry)}>
          <Text className='ck-gate__msg'>{t('common.loadFailed')}</Text>
          <Text className='ck-gate__retry'>{t('common.retry')}</Text>
        </View>
      ) : (
        <Text className='ck-gate__msg'>{t('common.loading')}</Text>
      )}
    </View>
  )
}
