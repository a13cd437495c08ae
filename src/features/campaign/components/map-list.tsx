/**
 * The list beside every canvas map (docs/decisions/062-map-lists-and-layout.md): the same areas and points the canvas
 * draws at this level, after the same filters, as buttons a keyboard and a screen reader can use. Choosing an area
 * climbs into it and choosing a point opens the same dialog as a tap on the canvas: the page passes its own handlers.
 */
import { ScrollView, Text, View } from '@tarojs/components'
import type { MapArea, MapConfig, MapSeatStatus, SeatStatusMap } from '@contract'
import { visiblePoints, type MapPoint } from '@/features/map'
import type { MessageKey } from '@/lib/i18n'
import { useT } from '@/store/session'

const STATE: Record<MapSeatStatus, MessageKey> = {
  1: 'campaign.map.legendFree',
  2: 'campaign.map.legendNamed',
  3: 'campaign.map.legendHeld'
}

export interface MapListProps {
  config: MapConfig | null
  statuses: SeatStatusMap | null
  onTapPoint(point: MapPoint): void
  onTapArea(area: MapArea): void
}

/** Enter and Space press a focused row, as they press a native button. */
const keyed = (run: () => void) => (e: any) => {
  if (e?.key === 'Enter' || e?.key === ' ') {
    e.preventDefault?.()
    run()
  }
}

export default function MapList({ config, statuses, onTapPoint, onTapArea }: MapListProps) {
  const t = useT()
  const areas = config?.areaList || []
  const points = config ? visiblePoints(config, statuses) : []
  // mouse/keyboard props are H5 only; Taro's ViewProps does not list onKeyDown, the H5 View passes it to its div
  const key = (run: () => void): Record<string, unknown> => ({ tabIndex: 0, onKeyDown: keyed(run) })
  return (
    <ScrollView scrollY className='cm-list' data-testid='map-list' aria-label={t('campaign.map.listLabel')}>
      {areas.length ? (
        <View className='cm-list__group' role='group' aria-label={t('campaign.map.listAreas')}>
          <Text className='cm-list__heading'>{t('campaign.map.listAreas')}</Text>
          {areas.map((a) => (
            <View
              key={`a-${a.id}`}
              className='cm-list__row cm-list__row--area'
              role='button'
              aria-label={t('campaign.map.listOpenArea', { name: a.title })}
              data-testid='map-list-area'
              data-area={a.next}
              onClick={() => onTapArea(a)}
              {...key(() => onTapArea(a))}
            >
              <Text className='cm-list__name'>{a.title}</Text>
              <Text className='cm-list__go'>›</Text>
            </View>
          ))}
        </View>
      ) : null}
      {points.length ? (
        <View className='cm-list__group' role='group' aria-label={t('campaign.map.listPoints', { n: points.length })}>
          <Text className='cm-list__heading'>{t('campaign.map.listPoints', { n: points.length })}</Text>
          {points.map((p) => (
            <View
              key={`p-${p.seatId}`}
              className='cm-list__row'
              role='button'
              aria-label={`${p.id} ${t(STATE[p.status])}`}
              data-testid='map-list-point'
              data-seat={p.seatId}
              data-status={p.status}
              onClick={() => onTapPoint(p)}
              {...key(() => onTapPoint(p))}
            >
              <View className={`cm-map__key cm-map__key--${p.status === 1 ? 'free' : p.status === 2 ? 'named' : 'held'}`} />
              <Text className='cm-list__name'>{p.id}</Text>
              <Text className='cm-list__state'>{t(STATE[p.status])}</Text>
            </View>
          ))}
        </View>
      ) : null}
      {!areas.length && !points.length && statuses ? (
        <View className='cm-list__none' data-testid='map-list-empty'>
          {t('campaign.map.listNone')}
        </View>
      ) : null}
    </ScrollView>
  )
}
