/** A joint donation's donors (route `together-list?id`, docs/product §2; 20 a page, more on reaching the bottom, §9). */
import { useCallback, useMemo } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import { PAGE_SIZE } from '@contract'
import ListFooter from '@/components/list-footer'
import { usePagedList } from '@/lib/hooks/use-paged-list'
import { useTheme } from '@/lib/hooks/use-page-title'
import { platform } from '@/platform'
import { useSession, useT } from '@/store/session'
import { fetchTogetherDonors } from '../api/together'
import { donorView } from '../model/share'
import './donors-screen.scss'
import { imageAlt } from '@/lib/a11y'
import { goodsText } from '@/lib/goods'

export default function DonorsScreen() {
  const t = useT()
  const theme = useTheme()
  const lang = useSession((s) => s.lang)
  const id = Number(useMemo(() => platform.nav.currentQuery(), []).id) || 0
  const fetchPage = useCallback((offset: number, limit: number) => fetchTogetherDonors(id, offset, limit), [id])
  const list = usePagedList(fetchPage, PAGE_SIZE.TOGETHER_DONORS, `${id}-${lang}`)
  useReachBottom(() => list.loadMore())
  const rows = useMemo(() => list.rows.map((r) => donorView(r, platform.assetUrl)), [list.rows])
  return (
    <View className='tg-donors' data-testid='together-list'>
      {rows.map((r) => (
        <View key={r.id} className='tg-donors__row' data-testid='donor-row'>
          {r.avatar ? (
            <Image {...imageAlt('')} className='tg-donors__avatar' src={r.avatar} mode='aspectFill' />
          ) : (
            <View className='tg-donors__avatar tg-donors__avatar--text'>
              <Text data-content=''>{Array.from(r.name.trim())[0] || '·'}</Text>
            </View>
          )}
          <View className='tg-donors__body'>
            <Text className='tg-donors__name' data-testid='donor-name' data-content=''>
              {r.name}
            </Text>
            <Text className='tg-donors__time'>{r.time}</Text>
          </View>
          <Text className='tg-donors__amount' style={{ color: theme }} data-testid='donor-amount'>
            {'money' in r.amount ? t('together.list.amount', { money: r.amount.money }) : goodsText(t, r.amount.n, r.amount.unit)}
          </Text>
        </View>
      ))}
      <ListFooter status={list.status} count={rows.length} loaded={list.loaded} emptyKey='together.list.empty' onRetry={list.reload} />
    </View>
  )
}
