/** naming-xbmu/list (docs/product §2): every paid artwork naming of the campaign with donor, the works' authors, and time. */
import { useMemo } from 'react'
import { Text, View } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { platform } from '@/platform'
import { cutDay } from '@/lib/dates'
import { usePagedList } from '@/lib/hooks/use-paged-list'
import { useSession, useT } from '@/store/session'
import { fetchDonors } from '../api/artwork'
import { artworkItemOf, worksInRecord } from '../model/artwork'
import './artwork.scss'

export default function ListScreen() {
  const t = useT()
  const query = useMemo<{ id?: string }>(() => platform.nav.currentQuery(), [])
  const campaignItems = useSession((s) => s.settings.campaignItems)
  const lang = useSession((s) => s.lang)
  const itemsId = artworkItemOf(query.id, campaignItems)
  const list = usePagedList((offset, limit) => fetchDonors(itemsId, offset, limit), 20, `${itemsId}-${lang}`)
  useReachBottom(() => list.loadMore())
  return (
    <View className='aw-list' data-testid='artwork-list'>
      <View className='aw-list__head'>
        <Text className='aw-list__col aw-list__col--donor'>{t('artwork.list.donor')}</Text>
        <Text className='aw-list__col aw-list__col--work'>{t('artwork.list.work')}</Text>
        <Text className='aw-list__col aw-list__col--time'>{t('artwork.list.time')}</Text>
      </View>
      {list.rows.map((r) => (
        <View key={r.id} className='aw-list__row' data-testid='artwork-list-row'>
          {/* the donor's name, the works' titles and authors: people's words (decision 073) */}
          <Text className='aw-list__col aw-list__col--donor' data-testid='artwork-list-donor' data-content=''>
            {r.name}
          </Text>
          <View className='aw-list__col aw-list__col--work'>
            {worksInRecord(r.seat).map((w, i) => (
              <Text key={i} className='aw-list__work' data-testid='artwork-list-author' data-content=''>
                {w.author ? t('artwork.list.byAuthor', { title: w.title, author: w.author }) : w.title}
              </Text>
            ))}
          </View>
          <Text className='aw-list__col aw-list__col--time'>{cutDay(r.donateTime)}</Text>
        </View>
      ))}
      {list.loaded && list.rows.length === 0 ? (
        <View className='aw-state' data-testid='artwork-list-empty'>
          {t('artwork.list.empty')}
        </View>
      ) : null}
      {list.status === 'loading' ? <View className='aw-state'>{t('common.loading')}</View> : null}
      {list.status === 'error' ? (
        <View className='aw-state' onClick={list.reload}>
          {t('common.loadFailed')}
        </View>
      ) : null}
    </View>
  )
}
