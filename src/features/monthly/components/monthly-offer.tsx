/**
 * "按月捐赠 / Give monthly" on the project page (docs/decisions/078-monthly-giving-screens.md): shown only when the
 * server says the project offers it (its switch is on and the school has an agreement provider); nothing at all
 * otherwise, also while loading or when the call fails.
 */
import { Text, View } from '@tarojs/components'
import { AtButton } from 'taro-ui'
import { useData } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import { routeUrl } from '@/lib/routes'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import { fetchOffer } from '../api/monthly'
import 'taro-ui/lib/style/components/button.scss'
import './monthly.scss'

export default function MonthlyOffer({ itemsId }: { itemsId: number }) {
  const t = useT()
  const theme = useTheme()
  const offer = useData(() => fetchOffer(itemsId), [itemsId])
  if (!offer.data?.offered) return null
  return (
    <View className='mo-offer' data-testid='monthly-offer'>
      <View className='mo-offer__text'>
        <Text className='mo-offer__title'>{t('monthly.offer.title')}</Text>
        <Text className='mo-offer__hint'>{t('monthly.offer.text')}</Text>
      </View>
      <View className='mo-offer__action' data-testid='monthly-offer-button'>
        <AtButton
          size='small'
          customStyle={{ color: theme, borderColor: theme }}
          onClick={() => platform.nav.to(routeUrl('monthly-give', { itemsId }))}
        >
          {t('monthly.offer.action')}
        </AtButton>
      </View>
    </View>
  )
}
