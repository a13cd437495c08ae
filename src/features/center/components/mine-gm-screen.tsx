/** mine-gm (docs/product §2 Personal centre: naming list): the caller's naming gifts and what they named. */
import { useMemo } from 'react'
import { Text, View } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { PAGE_SIZE } from '@contract'
import ListFooter from '@/components/list-footer'
import { cutDay, cutMinute } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import { usePagedList } from '@/lib/hooks/use-paged-list'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useSession, useT } from '@/store/session'
import { fetchNamingList } from '../api/center'
import RequireToken from './require-token'
import './mine-gm-screen.scss'

function MineGm() {
  const t = useT()
  const theme = useTheme()
  const lang = useSession((s) => s.lang)
  const list = usePagedList(fetchNamingList, PAGE_SIZE.LIST, `gm-${lang}`)
  useReachBottom(() => list.loadMore())
  const rows = useMemo(() => list.rows, [list.rows])
  return (
    <View className='gm' data-testid='mine-gm'>
      {rows.map((r) => (
        <View key={r.id} className='gm-card' data-testid='naming-row'>
          <View className='gm-card__head'>
            <Text className='gm-card__name'>{r.itemsName}</Text>
            <Text className='gm-card__money' style={{ color: theme }}>¥{formatMoney(r.donateMoney)}</Text>
          </View>
          <Text className='gm-card__time'>{cutMinute(r.donateTime)}</Text>
          {(r.donateSeatList || []).map((s, i) => (
            <View key={`${s.seat}-${i}`} className='gm-card__seat'>
              <Text className='gm-card__seat-name'>{s.seat}</Text>
              <Text className='gm-card__seat-term'>
                {[s.termName, s.expireDate ? t('center.gm.expire', { date: cutDay(s.expireDate) }) : ''].filter(Boolean).join(' · ')}
              </Text>
            </View>
          ))}
        </View>
      ))}
      <ListFooter status={list.status} count={rows.length} loaded={list.loaded} emptyKey='center.gm.empty' onRetry={list.reload} />
    </View>
  )
}

export default function MineGmScreen() {
  return (
    <RequireToken>
      <MineGm />
    </RequireToken>
  )
}
