/**
 * The seat map's data: the project and its areas, then the chosen area's seats (reloaded on switching area and
 * whenever the page shows again, so seats others took meanwhile are not offered). Chosen seats the fresh map shows
 * as taken are dropped from the choice.
 */
import { useEffect, useRef, useState } from 'react'
import { useDidShow } from '@tarojs/taro'
import type { NamingArea, Project, SeatListAnswer } from '@contract'
import type { GmSeat } from '@/platform/storage-keys'
import { useData } from '@/lib/hooks/use-data'
import { toast } from '@/lib/quiet'
import { t } from '@/store/session'
import { fetchAreas, fetchProject, fetchSeats } from '../api/naming'
import { keepStillFree } from '../model/seat-cells'
import type { UpdateSelection } from './use-selection'

export interface SeatMap {
  base: { project: Project; areas: NamingArea[] } | undefined
  baseStatus: 'loading' | 'ready' | 'error'
  reloadBase(): void
  area: NamingArea | null
  setAreaId(id: number): void
  seats: SeatListAnswer | undefined
  seatsStatus: 'loading' | 'ready' | 'error'
  reloadSeats(): void
}

export function useSeatMap(itemsId: number, chosen: GmSeat[], update: UpdateSelection): SeatMap {
  const chosenRef = useRef(chosen)
  chosenRef.current = chosen
  const base = useData(
    async () => {
      const [project, areas] = await Promise.all([fetchProject(itemsId), fetchAreas(itemsId)])
      return { project, areas }
    },
    [itemsId],
    { enabled: itemsId > 0 }
  )
  const [areaId, setAreaId] = useState<number | null>(null)
  const areas = base.data?.areas || []
  const area = areas.find((a) => a.id === areaId) || areas[0] || null
  const currentId = area?.id ?? 0
  const seats = useData(() => fetchSeats(currentId), [currentId], { enabled: currentId > 0 })

  const shown = useRef(false)
  const { reload: reloadSeats } = seats
  useDidShow(() => {
    if (!shown.current) {
      shown.current = true
      return
    }
    reloadSeats()
  })

  useEffect(() => {
    if (!seats.data || !currentId) return
    const kept = keepStillFree(chosenRef.current, seats.data, currentId)
    if (kept.length === chosenRef.current.length) return
    toast(t('naming.seat.takenMeanwhile'), 2000)
    const ids = new Set(kept.map((k) => k.seatId))
    update((s) => ({ ...s, seats: s.seats.filter((x) => x.areaId !== currentId || ids.has(x.seatId)) }))
  }, [seats.data, currentId, update])

  return {
    base: base.data,
    baseStatus: base.status,
    reloadBase: base.reload,
    area,
    setAreaId,
    seats: seats.data,
    seatsStatus: seats.status,
    reloadSeats
  }
}
