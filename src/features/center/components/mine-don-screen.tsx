/** mine-don (docs/product §2): the caller's gifts grouped by project (itemsDonateGroup) or by time (donateRecordList, 10 a page). */
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
import { fetchDonateGroups, fetchDonateRecords } from '../api/center'
import { giftRow, projectGroup, type GiftRowView, type GroupMode } from '../model/donations'
import RequireToken from './require-token'
import './mine-don-screen.scss'
import { imageAlt, pressable } from '@/lib/a11y'

function GiftLine({ g, showProject }: { g: GiftRowView; showProject: boolean }) {
  const t = useT()
  return (
    <View className='don-gift' data-testid='gift-row'>
      <View className='don-gift__main'>
        {showProject ? (
          <Text className='don-gift__project' data-testid='gift-project'>
            {g.itemsName}
          </Text>
        ) : null}
        {g.subItemsName ? <Text className='don-gift__sub'>{g.subItemsName}</Text> : null}
        <Text className='don-gift__time'>{g.time}</Text>
        {g.billNo ? <Text className='don-gift__bill'>{t('center.don.billNo', { no: g.billNo })}</Text> : null}
        {g.certificateNote ? (
          <Text className='don-gift__note' data-testid='gift-certificate-note'>
            {g.certificateNote}
          </Text>
        ) : null}
      </View>
      <View className='don-gift__side'>
        <Text className='don-gift__amount' data-testid='gift-amount'>
          {g.amount}
        </Text>
        {g.anonymous ? <Text className='don-gift__anon'>{t('center.don.anonymous')}</Text> : null}
        {g.refund ? (
          <Text className='don-gift__refund' data-testid='gift-refund'>
            {g.refund}
          </Text>
        ) : null}
      </View>
    </View>
  )
}

function ByProject() {
  const t = useT()
  const groups = useData(fetchDonateGroups, [])
  const [open, setOpen] = useState<Record<number, boolean>>({})
  const views = useMemo(() => (groups.data || []).map((g) => projectGroup(g, t, platform.assetUrl)), [groups.data, t])
  return (
    <View data-testid='don-by-project'>
      {views.map((g) => (
        <View key={g.itemsId} className='don-group' data-testid='don-group'>
          <View className='don-group__head' {...pressable(() => setOpen((o) => ({ ...o, [g.itemsId]: !o[g.itemsId] })))}>
            {g.thumbnail ? (
              <Image {...imageAlt('')} className='don-group__thumb' src={g.thumbnail} mode='aspectFill' />
            ) : (
              <View className='don-group__thumb' />
            )}
            <View className='don-group__info'>
              <Text className='don-group__name' data-testid='don-group-name'>
                {g.itemsName}
              </Text>
              <Text className='don-group__meta'>
                {t(g.count === 1 ? 'center.don.groupMetaOne' : 'center.don.groupMeta', { n: g.count, time: g.latest })}
              </Text>
            </View>
            <View className='don-group__side'>
              <Text className='don-group__total' data-testid='don-group-total'>
                {g.total}
              </Text>
              <Text className='don-group__toggle'>{open[g.itemsId] ? t('center.don.collapse') : t('center.don.expand')}</Text>
            </View>
          </View>
          {open[g.itemsId] ? (
            <View className='don-group__gifts'>
              {g.gifts.map((gift) => (
                <GiftLine key={gift.id} g={gift} showProject={false} />
              ))}
            </View>
          ) : null}
        </View>
      ))}
      <ListFooter
        status={groups.status === 'error' ? 'error' : groups.data ? 'done' : 'loading'}
        count={views.length}
        loaded={!!groups.data}
        emptyKey='center.don.empty'
        onRetry={groups.reload}
      />
    </View>
  )
}

function ByTime() {
  const t = useT()
  const lang = useSession((s) => s.lang)
  const list = usePagedList(fetchDonateRecords, PAGE_SIZE.LIST, `time-${lang}`)
  useReachBottom(() => list.loadMore())
  const rows = useMemo(() => list.rows.map((r) => giftRow(r, t)), [list.rows, t])
  return (
    <View className='don-time' data-testid='don-by-time'>
      {rows.length ? (
        <View className='don-time__card'>
          {rows.map((g) => (
            <GiftLine key={g.id} g={g} showProject />
          ))}
        </View>
      ) : null}
      <ListFooter status={list.status} count={rows.length} loaded={list.loaded} emptyKey='center.don.empty' onRetry={list.reload} />
    </View>
  )
}

function MineDon() {
  const t = useT()
  const theme = useTheme()
  const [mode, setMode] = useState<GroupMode>('project')
  return (
    <View className='don' data-testid='mine-don'>
      <View className='don__switch'>
        {(['project', 'time'] as GroupMode[]).map((m) => (
          <View
            key={m}
            className={`don__mode ${mode === m ? 'don__mode--on' : ''}`}
            style={mode === m ? { background: theme, borderColor: theme } : undefined}
            {...pressable(() => setMode(m), { pressed: mode === m })}
            data-testid={`don-mode-${m}`}
          >
            {t(`center.don.by.${m}`)}
          </View>
        ))}
      </View>
      {mode === 'project' ? <ByProject /> : <ByTime />}
    </View>
  )
}

export default function MineDonScreen() {
  return (
    <RequireToken>
      <MineDon />
    </RequireToken>
  )
}
