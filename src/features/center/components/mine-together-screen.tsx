/** mine-together (docs/product §2 Joint donation): tabs started / joined with the caller's statistics. */
import { useMemo, useState } from 'react'
import { Image, Text, View } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { PAGE_SIZE } from '@contract'
import ListFooter from '@/components/list-footer'
import { platform } from '@/platform'
import { useData } from '@/lib/hooks/use-data'
import { usePagedList } from '@/lib/hooks/use-paged-list'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useSession, useT } from '@/store/session'
import { fetchJoinList, fetchLaunchList, fetchTogetherStats } from '../api/center'
import { togetherRow, type TogetherTab } from '../model/together'
import { openRoute } from '../navigation'
import RequireToken from './require-token'
import type { MessageKey } from '@/lib/i18n'
import './mine-together-screen.scss'
import { pressable, imageAlt } from '@/lib/a11y'

function TogetherList({ tab }: { tab: TogetherTab }) {
  const t = useT()
  const theme = useTheme()
  const lang = useSession((s) => s.lang)
  const list = usePagedList(tab === 'launch' ? fetchLaunchList : fetchJoinList, PAGE_SIZE.LIST, `${tab}-${lang}`)
  useReachBottom(() => list.loadMore())
  const rows = useMemo(() => list.rows.map((r) => togetherRow(r, t, platform.assetUrl)), [list.rows, t])
  return (
    <View data-testid={`together-${tab}`}>
      {rows.map((r) => (
        <View key={r.id} className='tg-card' data-testid='together-row' {...pressable(() => openRoute('together-share', { id: r.id }))}>
          <View className='tg-card__head'>
            {r.avatar ? (
              <Image {...imageAlt('')} className='tg-card__avatar' src={r.avatar} mode='aspectFill' />
            ) : (
              <View className='tg-card__avatar' />
            )}
            <View className='tg-card__who'>
              <Text className='tg-card__sponsor' data-content=''>
                {r.sponsor}
              </Text>
              <Text className='tg-card__date'>{r.date}</Text>
            </View>
            <Text className='tg-card__people'>{t('center.together.people', { n: r.participants })}</Text>
          </View>
          {r.project ? (
            <Text className='tg-card__project' data-testid='together-row-project'>
              {r.project}
            </Text>
          ) : null}
          <Text className='tg-card__slogan' data-content=''>
            {r.slogan}
          </Text>
          <View className='tg-card__money'>
            <Text className='tg-card__raised' style={{ color: theme }}>
              {r.raised}
            </Text>
            {r.target ? <Text className='tg-card__target'>{t('center.together.target', { money: r.target })}</Text> : null}
          </View>
          {r.percent !== null ? (
            <View className='tg-card__bar'>
              <View className='tg-card__bar-fill' style={{ width: `${r.percent}%`, background: theme }} />
            </View>
          ) : null}
        </View>
      ))}
      <ListFooter
        status={list.status}
        count={rows.length}
        loaded={list.loaded}
        emptyKey={`center.together.empty.${tab}`}
        onRetry={list.reload}
      />
    </View>
  )
}

function MineTogether() {
  const t = useT()
  const theme = useTheme()
  const [tab, setTab] = useState<TogetherTab>('launch')
  // the numbers show '—' while loading and when they cannot be read
  const stats = useData(fetchTogetherStats, []).data
  const cells: { key: MessageKey; value: number | string }[] = [
    { key: 'center.together.stat.launch', value: stats ? stats.launchCount : '—' },
    { key: 'center.together.stat.join', value: stats ? stats.joinCount : '—' },
    { key: 'center.together.stat.total', value: stats ? stats.totalCount : '—' }
  ]
  return (
    <View className='tg' data-testid='mine-together'>
      <View className='tg__stats' style={{ background: theme }} data-testid='together-stats'>
        {cells.map((c) => (
          <View key={c.key} className='tg__stat'>
            <Text className='tg__num'>{c.value}</Text>
            <Text className='tg__label'>{t(c.key)}</Text>
          </View>
        ))}
      </View>
      <View className='tg__tabs'>
        {(['launch', 'join'] as TogetherTab[]).map((k) => (
          <View
            key={k}
            className={`tg__tab ${tab === k ? 'tg__tab--on' : ''}`}
            {...pressable(() => setTab(k))}
            data-testid={`together-tab-${k}`}
          >
            <Text style={tab === k ? { color: theme } : undefined}>{t(`center.together.tab.${k}`)}</Text>
            {tab === k ? <View className='tg__tab-bar' style={{ background: theme }} /> : null}
          </View>
        ))}
      </View>
      <TogetherList key={tab} tab={tab} />
    </View>
  )
}

export default function MineTogetherScreen() {
  return (
    <RequireToken>
      <MineTogether />
    </RequireToken>
  )
}
