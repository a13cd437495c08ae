/** seat-naming-hhu/list?id (docs/product §2): every naming of the campaign (999, docs/product §9) with person, position and date. */
import { useMemo } from 'react'
import { Text, View } from '@tarojs/components'
import { platform } from '@/platform'
import { cutDay } from '@/lib/dates'
import { useData } from '@/lib/hooks/use-data'
import { useSession, useT } from '@/store/session'
import { fetchNamedSeats } from '../../api/naming'
import { campaignItemId } from './campaign-home-screen'
import '../kit/kit.scss'
import './campaign.scss'

export default function HhuListScreen() {
  const t = useT()
  const campaignItems = useSession((s) => s.settings.campaignItems)
  const query = useMemo(() => platform.nav.currentQuery(), [])
  const itemsId = campaignItemId(query, campaignItems, 'hhu')
  const list = useData(() => fetchNamedSeats(itemsId), [itemsId], { enabled: itemsId > 0 })
  if (!itemsId) return <View className='nm-state'>{t('naming.notFound')}</View>
  const rows = list.data?.rows
  return (
    <View className='nm-hlist' data-testid='hhu-list'>
      <View className='nm-hlist__head'>
        <Text className='nm-hlist__col nm-hlist__col--name'>{t('naming.list.person')}</Text>
        <Text className='nm-hlist__col nm-hlist__col--seat'>{t('naming.list.position')}</Text>
        <Text className='nm-hlist__col nm-hlist__col--date'>{t('naming.list.date')}</Text>
      </View>
      {!rows ? (
        <View className='nm-state' onClick={list.status === 'error' ? list.reload : undefined}>
          {list.status === 'error' ? t('common.loadFailed') : t('common.loading')}
        </View>
      ) : rows.length === 0 ? (
        <View className='nm-state' data-testid='hhu-list-empty'>
          {t('naming.list.empty')}
        </View>
      ) : (
        rows.map((r) => (
          <View key={r.id} className='nm-hlist__row' data-testid='hhu-list-row'>
            {/* the donor's name and the seat's label: people's and the school's words (decision 073) */}
            <Text className='nm-hlist__col nm-hlist__col--name' data-content=''>
              {r.name}
            </Text>
            <Text className='nm-hlist__col nm-hlist__col--seat' data-content=''>
              {r.seat}
            </Text>
            <Text className='nm-hlist__col nm-hlist__col--date'>{cutDay(r.donateTime)}</Text>
          </View>
        ))
      )}
    </View>
  )
}
