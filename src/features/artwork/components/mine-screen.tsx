/** naming-xbmu/mine (docs/product §2): the signed-in donor's artwork namings (user centre namingList of the campaign). */
import { useMemo } from 'react'
import { Button, Text, View } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { platform } from '@/platform'
import { cutMinute } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { routeUrl } from '@/lib/routes'
import { usePagedList } from '@/lib/hooks/use-paged-list'
import { useSignedIn } from '@/lib/hooks/use-signed-in'
import { useSession, useT } from '@/store/session'
import { fetchMine } from '../api/artwork'
import { artworkItemOf, splitLabel } from '../model/artwork'
import './artwork.scss'

function MineList({ itemsId }: { itemsId: number }) {
  const t = useT()
  const lang = useSession((s) => s.lang)
  const list = usePagedList((offset, limit) => fetchMine(itemsId, offset, limit), 10, `${itemsId}-${lang}`)
  useReachBottom(() => list.loadMore())
  return (
    <View className='aw-mine' data-testid='artwork-mine-list'>
      {list.rows.map((r) => (
        <View key={r.id} className='aw-card' data-testid='artwork-mine-card'>
          <View className='aw-card__head'>
            <Text className='aw-card__time'>{cutMinute(r.donateTime)}</Text>
            <Text className='aw-money'>¥{formatMoney(r.donateMoney)}</Text>
          </View>
          {r.donateSeatList.map((s) => {
            const w = splitLabel(s.seat)
            return (
              <View key={s.namingId} className='aw-card__work'>
                <Text className='aw-work__title' data-content=''>
                  {t('common.titleQuoted', { title: w.title })}
                </Text>
                <Text className='aw-work__author' data-content=''>
                  {w.author}
                </Text>
              </View>
            )
          })}
        </View>
      ))}
      {list.loaded && list.rows.length === 0 ? (
        <View className='aw-state' data-testid='artwork-mine-none'>
          <Text>{t('artwork.mine.empty')}</Text>
          <Button
            className='aw-btn aw-btn--primary aw-btn--inline'
            onClick={() => platform.nav.to(routeUrl('naming-xbmu/choose', { id: itemsId }))}
          >
            {t('artwork.mine.go')}
          </Button>
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

export default function MineScreen() {
  const t = useT()
  const query = useMemo<{ id?: string }>(() => platform.nav.currentQuery(), [])
  const campaignItems = useSession((s) => s.settings.campaignItems)
  const itemsId = artworkItemOf(query.id, campaignItems)
  const signIn = useSignedIn()
  if (signIn.state !== 'ready')
    return (
      <View className='aw-state' data-testid='artwork-mine-signin' onClick={signIn.state === 'failed' ? signIn.retry : undefined}>
        {signIn.state === 'failed' ? t('common.loadFailed') : t('common.loading')}
      </View>
    )
  return <MineList itemsId={itemsId} />
}
