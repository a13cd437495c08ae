/**
 * seat?id and seat-naming-jnu/seat?id (docs/product §2 Naming): areas (tabs, or the jnu 'choose other area' modal), the
 * seat map with its legend and a zoom toggle, the chosen seats with a naming period each (a list, or the jnu
 * carousel), and Confirm, which keeps the choice in storage 'gm' and goes to the form of the flow.
 */
import { useMemo, useState } from 'react'
import { Text, View } from '@tarojs/components'
import { AreaType, NamingType, type Seat } from '@contract'
import { platform } from '@/platform'
import { toast } from '@/lib/quiet'
import { useSession, useT } from '@/store/session'
import { useSelection } from '../../hooks/use-selection'
import { useSeatMap } from '../../hooks/use-seat-map'
import { seatConfirmUrl, type NamingVariant } from '../../model/links'
import { countKinds, pickPeriod, rowsOf, tapSeat } from '../../model/seat-cells'
import { seatsTotal } from '../../model/price'
import { prunePlates } from '../../model/selection'
import { useAlumniPrecheck } from '@/features/donate'
import AlumniDialog from '../kit/alumni-dialog'
import BottomBar from '../kit/bottom-bar'
import ScrollTabs from '../kit/scroll-tabs'
import AreaModal from './area-modal'
import ChosenSeats from './chosen-seats'
import DonorDialog from './donor-dialog'
import SeatGrid from './seat-grid'
import SeatLegend from './seat-legend'
import SeatListArea from './seat-list-area'
import '../kit/kit.scss'
import './seat.scss'

const idOf = (v: string | undefined): number => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : 0
}

export default function SeatScreen({ variant = 'plain' }: { variant?: NamingVariant }) {
  const t = useT()
  const itemsId = useMemo(() => idOf(platform.nav.currentQuery().id), [])
  const campaignItems = useSession((s) => s.settings.campaignItems)
  const [sel, update] = useSelection(itemsId, NamingType.SEAT)
  const map = useSeatMap(itemsId, sel.seats, update)
  const [zoomedOut, setZoomedOut] = useState(false)
  const [donor, setDonor] = useState<Seat | null>(null)
  const [areaOpen, setAreaOpen] = useState(false)
  const chosenIds = useMemo(() => new Set(sel.seats.map((s) => s.seatId)), [sel.seats])
  // alumni only: said before any seat is picked, not on the form after (decision 061)
  const alumni = useAlumniPrecheck(itemsId)

  if (!itemsId)
    return (
      <View className='nm-state' data-testid='seat-missing'>
        {t('naming.notFound')}
      </View>
    )
  if (!map.base) {
    return (
      <View className='nm-state' data-testid='seat-loading' onClick={map.baseStatus === 'error' ? map.reloadBase : undefined}>
        <Text>{map.baseStatus === 'error' ? t('common.loadFailed') : t('common.loading')}</Text>
        {map.baseStatus === 'error' ? <Text className='nm-state__retry'>{t('common.retry')}</Text> : null}
      </View>
    )
  }
  const { project, areas } = map.base
  const area = map.area
  const rows = rowsOf(map.seats)
  const isList = map.seats ? map.seats.type === AreaType.LIST : area?.type === AreaType.LIST
  const jnu = variant === 'jnu'

  const onTap = (seat: Seat | null) => {
    const out = tapSeat(seat, sel.seats, area?.title || '')
    if (out.kind === 'donor') setDonor(out.seat)
    else if (out.kind === 'chosen' || out.kind === 'released') update((s) => prunePlates({ ...s, seats: out.seats }))
  }

  const confirm = () => {
    if (!sel.seats.length) return toast(t('naming.err.noObject'), 2000)
    if (sel.seats.some((s) => s.termYear === null)) return toast(t(jnu ? 'naming.err.amount' : 'naming.err.period'), 2000)
    platform.nav.to(seatConfirmUrl(itemsId, campaignItems, variant))
  }

  return (
    <View className={`nm-seatpage${jnu ? ' nm-seatpage--jnu' : ''}`} data-testid='seat-screen'>
      <View className='nm-seatpage__head'>
        <Text className='nm-seatpage__title'>{project.name}</Text>
      </View>
      {jnu ? (
        <View className='nm-seatpage__area'>
          <Text className='nm-seatpage__area-name' data-testid='current-area' data-content=''>
            {area?.title || ''}
          </Text>
          {areas.length > 1 ? (
            <Text className='nm-link' data-testid='other-area' onClick={() => setAreaOpen(true)}>
              {t('naming.seat.otherArea')}
            </Text>
          ) : null}
        </View>
      ) : areas.length > 1 ? (
        <ScrollTabs
          tabs={areas.map((a) => ({ key: a.id, title: a.title, content: true }))}
          current={area?.id ?? 0}
          onChange={map.setAreaId}
          testPrefix='area'
        />
      ) : null}
      <View className='nm-card nm-seatpage__map'>
        <View className='nm-seatpage__tools'>
          <SeatLegend counts={jnu ? countKinds(rows, chosenIds) : undefined} />
          {!isList ? (
            <Text className='nm-link nm-seatpage__zoom' data-testid='seat-zoom' onClick={() => setZoomedOut((z) => !z)}>
              {zoomedOut ? t('naming.seat.zoomIn') : t('naming.seat.zoomOut')}
            </Text>
          ) : null}
        </View>
        {map.seatsStatus === 'error' && !map.seats ? (
          <View className='nm-state' onClick={map.reloadSeats}>
            <Text>{t('common.loadFailed')}</Text>
            <Text className='nm-state__retry'>{t('common.retry')}</Text>
          </View>
        ) : !map.seats ? (
          <View className='nm-state'>{t('common.loading')}</View>
        ) : isList ? (
          <SeatListArea seats={map.seats.oneArray || []} chosenIds={chosenIds} onTap={onTap} />
        ) : rows.length ? (
          <SeatGrid rows={rows} chosenIds={chosenIds} zoomedOut={zoomedOut} onTap={onTap} />
        ) : (
          <View className='nm-state'>{t('naming.seat.empty')}</View>
        )}
      </View>
      <View className='nm-card'>
        <Text className='nm-card__title'>{t('naming.seat.chosenTitle', { n: sel.seats.length })}</Text>
        <ChosenSeats
          seats={sel.seats}
          layout={jnu ? 'carousel' : 'list'}
          onPeriod={(seatId, termYear) => update((s) => ({ ...s, seats: pickPeriod(s.seats, seatId, termYear) }))}
          onRemove={(seatId) => update((s) => prunePlates({ ...s, seats: s.seats.filter((x) => x.seatId !== seatId) }))}
        />
      </View>
      <View className='nm-bar-space' />
      <BottomBar
        total={seatsTotal(sel.seats)}
        summary={t('naming.seat.count', { n: sel.seats.length })}
        label={t('naming.confirm')}
        onAction={confirm}
        testId='seat-confirm'
      />
      <DonorDialog seat={donor} onClose={() => setDonor(null)} />
      <AlumniDialog open={alumni.alumniOpen} onClose={alumni.closeAlumni} />
      {jnu ? (
        <AreaModal open={areaOpen} areas={areas} current={area?.id ?? 0} onPick={map.setAreaId} onClose={() => setAreaOpen(false)} />
      ) : null}
    </View>
  )
}
