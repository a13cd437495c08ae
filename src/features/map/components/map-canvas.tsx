/**
 * The campus map (docs/product §2 Naming maps): one component on the native canvas of each target (a type="2d"
 * Canvas node in the mini-programs, an HTMLCanvasElement in H5, both obtained through @/platform). One finger pans,
 * two pinch, the mouse drags and the wheel zooms; +/- buttons zoom around the centre. Taps on a point or an area's
 * hot polygon call the page back; the page owns levels (useMapTrail), dialogs and navigation.
 *
 * The component fills its parent: give the parent (or `className`) a size.
 */
import { Canvas, Text, View } from '@tarojs/components'
import type { MapArea, MapConfig, SeatStatusMap } from '@contract'
import { useT } from '@/store/session'
import { useMapCanvas } from '../hooks/use-map-canvas'
import type { MapPoint } from '../model/points'
import type { Viewport } from '../model/viewport'
import './map-canvas.scss'

export interface MapCanvasProps {
  /** null while the page loads it */
  config: MapConfig | null
  /** the getSeatStatusList answer (docs/product §4: only points whose seatId is a key are drawn); null while loading */
  statuses: SeatStatusMap | null
  onTapPoint?(point: MapPoint): void
  onTapArea?(area: MapArea): void
  /** highlights this seat's point */
  selectedSeatId?: number | null
  /** points appear this long after the image has loaded (hall: HALL_REVEAL_MS) */
  revealDelayMs?: number
  /** seat ids are drawn from this zoom on (hall: HALL_LABEL_SCALE); omitted: never */
  seatLabelScale?: number | null
  /** an area's image override (MapArea.map), else config.map */
  image?: string
  /** the page failed to load the config: the error state shows, and retry calls onRetry */
  configError?: boolean
  onRetry?(): void
  onViewportChange?(vp: Viewport): void
  /** the selected ring's colour (the school theme); a canvas cannot read CSS variables */
  selectedColor?: string
  /** unique per page when a page shows two maps */
  canvasId?: string
  className?: string
}

export default function MapCanvas(props: MapCanvasProps) {
  const t = useT()
  const canvasId = props.canvasId || 'map-canvas'
  const map = useMapCanvas({
    canvasId,
    config: props.config,
    statuses: props.statuses,
    image: props.image,
    selectedSeatId: props.selectedSeatId,
    revealDelayMs: props.revealDelayMs ?? 0,
    seatLabelScale: props.seatLabelScale ?? null,
    namedLabel: t('map.named'),
    selectedColor: props.selectedColor,
    onTapPoint: props.onTapPoint,
    onTapArea: props.onTapArea,
    onViewportChange: props.onViewportChange
  })
  const failed = props.configError || map.status === 'error'
  const loading = !failed && (!props.config || map.status === 'loading')
  const retry = () => (props.configError ? props.onRetry?.() : map.retry())
  // the buttons sit over the canvas: their touches must not start a pan or tap a point underneath
  const stop = (e: any) => e.stopPropagation?.()
  // mouse and wheel props are H5 only; Taro's ViewProps does not list them, the H5 View passes them to its div
  const shield: Record<string, (e: any) => void> = { onTouchStart: stop, onTouchEnd: stop, onMouseDown: stop, onWheel: stop }

  return (
    <View
      className={`map-canvas ${props.className || ''}`}
      data-testid='map-canvas'
      // whether points can be tapped yet (the hall shows them a moment after its map): journeys wait on it
      data-points={map.revealed ? 'shown' : 'hidden'}
      aria-label={t('map.label')}
      catchMove
      {...map.handlers}
    >
      <Canvas type='2d' id={canvasId} className='map-canvas__canvas' />
      {loading ? (
        <View className='map-canvas__state' data-testid='map-loading'>
          <Text className='map-canvas__state-text'>{t('map.loading')}</Text>
        </View>
      ) : null}
      {failed ? (
        <View className='map-canvas__state' data-testid='map-error' {...shield}>
          <Text className='map-canvas__state-text'>{t('map.failed')}</Text>
          <View className='map-canvas__retry' role='button' onClick={retry} data-testid='map-retry'>
            {t('common.retry')}
          </View>
        </View>
      ) : null}
      <View className='map-canvas__zoom' {...shield}>
        <View className='map-canvas__zoom-btn' role='button' aria-label={t('map.zoomIn')} onClick={map.zoomIn} data-testid='map-zoom-in'>
          +
        </View>
        <View className='map-canvas__zoom-btn' role='button' aria-label={t('map.zoomOut')} onClick={map.zoomOut} data-testid='map-zoom-out'>
          −
        </View>
      </View>
    </View>
  )
}
