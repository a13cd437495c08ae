/** Where to collect a paper certificate or receipt (the form's pickup address, contact and phone). */
import { Text, View } from '@tarojs/components'
import { useT } from '@/store/session'

/** "86-025-83786666" as stored -> "+86 025-83786666". */
export const phoneText = (s: string): string => s.replace(/^\+?(\d{1,4})-(?=\d)/, '+$1 ')

export default function PickupInfo({ address, name, mobile, testId }: { address: string; name: string; mobile: string; testId?: string }) {
  const t = useT()
  if (!address && !name && !mobile) return null
  return (
    <View className='dn-pickup' data-testid={testId}>
      {address ? (
        <Text className='dn-pickup__line'>
          {t('donate.pickup.address')}：{address}
        </Text>
      ) : null}
      {name ? (
        <Text className='dn-pickup__line'>
          {t('donate.pickup.contact')}：{name}
        </Text>
      ) : null}
      {mobile ? (
        <Text className='dn-pickup__line'>
          {t('donate.pickup.mobile')}：{phoneText(mobile)}
        </Text>
      ) : null}
    </View>
  )
}
