/**
 * Every campaign map page (docs/product §2 Maps, Seat map, building and wall maps; §4 map rules) from one row of the
 * campaign table: the map full-screen, the in-page back that climbs a level and at level 1 returns to the campaign
 * home, the species and price pickers where they apply, the VR button, the tree / seat detail dialog and the
 * campaign's action (form-gm, a teacher's phone, the hhu tree page), the wall's landing overlay,
 * and on the maps that are their own home (gmu, seat, build, wall) the count, description and share card.
 *
 * The panorama link opens in a new browser tab on H5; the mini-programs copy it instead (a web-view may only show
 * domains registered with the platform, and panorama hosts are third parties), with a toast saying so.
 */
import { useCallback, useMemo, useState } from 'react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import type { MapArea, MapSeat } from '@contract'
import LoadState from '@/components/load-state'
import { HALL_LABEL_SCALE, HALL_REVEAL_MS, MapCanvas, type MapPoint } from '@/features/map'
import { platform } from '@/platform'
import { store } from '@/platform/storage-keys'
import { copyText } from '@/lib/clipboard'
import { useTheme } from '@/lib/hooks/use-page-title'
import type { MessageKey } from '@/lib/i18n'
import { ROUTES, buildQuery, routeUrl, type RouteName } from '@/lib/routes'
import { useSession, useT } from '@/store/session'
import { useCampaignMap } from '../hooks/use-campaign-map'
import { useCampaignProjects, useCampaignShare, useItemIds } from '../hooks/use-campaign-items'
import { itemKeyOf, MAPS, speciesLabel, type MapDef, type MapRoute } from '../model/campaigns'
import type { PriceBand } from '../model/filters'
import { mapSelection } from '../model/naming-choice'
import ContactDialog from './contact-dialog'
import DescribeDialog from './describe-dialog'
import MapList from './map-list'
import PickerSheet from './picker-sheet'
import SeatDialog from './seat-dialog'
import './campaign.scss'

const isRoute = (name: string): name is RouteName => Object.prototype.hasOwnProperty.call(ROUTES, name)

/** The dialog's action label by campaign (null: the campaign names nothing here). */
function actionOf(def: MapDef, building: boolean): MessageKey | null {
  if (def.tap.kind === 'phone') return 'campaign.seat.name'
  if (def.tap.kind !== 'naming') return null
  if (building || def.campaign === 'wall' || def.campaign === 'build') return 'campaign.seat.nameBuilding'
  return def.campaign === 'seat' ? 'campaign.seat.adopt' : 'campaign.seat.name'
}

/** The page stack; [] where there is none to read (a page rendered on its own). */
function stack(): Array<{ route?: string }> {
  try {
    return Taro.getCurrentPages?.() || []
  } catch {
    return []
  }
}

/** Level 1's back: to the campaign home, by going back when the home is the page below, else by replacing this one. */
function leaveFor(def: MapDef) {
  const pages = stack()
  const below = pages.length > 1 ? '/' + String(pages[pages.length - 2].route || '').replace(/^\/+/, '') : ''
  if (!def.home) {
    // opened on its own (a shared link): the way out is the app's home, as the home link elsewhere offers
    if (pages.length > 1) platform.nav.back()
    else platform.nav.to(ROUTES.home)
    return
  }
  if (below && below === ROUTES[def.home]) platform.nav.back()
  else platform.nav.redirect(routeUrl(def.home))
}

export default function CampaignMapScreen({ route }: { route: MapRoute }) {
  const t = useT()
  const lang = useSession((s) => s.lang)
  const theme = useTheme()
  const def = MAPS[route]
  const query = useMemo(() => platform.nav.currentQuery(), [])
  const itemIds = useItemIds([itemKeyOf(def, query.area)])
  const itemsId = itemIds[0] || 0
  const m = useCampaignMap(def, itemsId, query.area)
  const projects = useCampaignProjects(def.homeOnMap ? itemIds : [])
  const [titles, setTitles] = useState<Record<string, string>>({})
  const [seatId, setSeatId] = useState<number | null>(null)
  const [tapped, setTapped] = useState<MapPoint | null>(null)
  const [contact, setContact] = useState<'phone' | 'contact' | null>(null)
  const [picker, setPicker] = useState<'species' | 'price' | null>(null)
  const [describing, setDescribing] = useState(false)
  const [landed, setLanded] = useState(!def.landing)
  // the list beside the canvas (docs/decisions/062-map-lists-and-layout.md): the same items for keyboards and screen readers
  const [listed, setListed] = useState(false)
  const main = projects.main
  useCampaignShare(
    route,
    main?.name || t(def.title),
    main?.coverImg || main?.thumbnailImg || '',
    query.area ? { area: query.area } : undefined
  )

  const cfg = m.config.status === 'ready' ? m.config.data || null : null
  const hall = !!cfg && cfg.id.startsWith('hall')
  const statuses = m.statuses.status === 'ready' ? m.statuses.data || null : null
  const areaTitle = titles[m.trail.step.mapId] || ''

  const tapArea = useCallback(
    (area: MapArea) => {
      setTitles((s) => ({ ...s, [area.next]: area.title }))
      m.trail.open(area)
    },
    [m.trail]
  )
  const tapPoint = useCallback(
    (p: MapPoint) => {
      if (p.kind === 'building' && def.building === 'contact') {
        setContact('contact')
        return
      }
      if (def.tap.kind === 'hhu-detail') {
        // the pledge flow's page (docs/product §2 tree-naming-hhu/detail): followed once its route is registered
        const name = 'tree-naming-hhu/detail'
        if (isRoute(name)) platform.nav.to(ROUTES[name] + buildQuery({ from: def.tap.from, id: p.seatId }))
        return
      }
      setTapped(p)
      setSeatId(p.seatId)
    },
    [def]
  )
  const act = (seat: MapSeat) => {
    const item = seat.itemsId || itemsId
    if (def.tap.kind === 'phone') {
      setSeatId(null)
      setContact('phone')
    } else if (def.tap.kind === 'naming') {
      store.set('gm', mapSelection(item, seat, areaTitle, t('campaign.seat.permanent')))
      platform.nav.to(routeUrl('form-gm', { id: item }))
    }
  }
  // docs/product §5 writes the open band '20000以上'; English reads 'Above 20000'
  const bandLabel = (b: PriceBand) => (b.max === null ? t('campaign.map.above', { n: b.min }) : b.label)
  const back = () => {
    if (m.trail.back() === 'leave') leaveFor(def)
  }
  const openVr = () => {
    if (!m.vrUrl) return
    if (platform.env().target === 'h5') {
      if (typeof window !== 'undefined') window.open(m.vrUrl, '_blank', 'noopener')
    } else copyText(m.vrUrl, t('campaign.map.vrCopied'))
  }

  if (!itemsId) return <LoadState state={m.config} className='cm-state' testId='campaign-missing' missing={t('campaign.missing')} />
  const empty = m.filtered && !!statuses && Object.keys(statuses).length === 0
  return (
    <View
      className={`cm-map cm-map--${def.campaign}`}
      data-testid={`campaign-map-${def.campaign}`}
      data-level={m.level}
      data-map={m.trail.step.mapId}
    >
      <MapCanvas
        className='cm-map__canvas'
        config={cfg}
        statuses={statuses}
        image={m.trail.step.image}
        configError={m.config.status === 'error'}
        onRetry={m.config.reload}
        onTapPoint={tapPoint}
        onTapArea={tapArea}
        selectedSeatId={tapped?.seatId ?? null}
        selectedColor={theme}
        revealDelayMs={hall ? HALL_REVEAL_MS : 0}
        seatLabelScale={hall ? HALL_LABEL_SCALE : null}
      />
      {listed ? <MapList config={cfg} statuses={statuses} onTapPoint={tapPoint} onTapArea={tapArea} /> : null}
      <View className='cm-map__top'>
        <View
          className='cm-map__back'
          role='button'
          aria-label={t(m.level > 1 ? 'campaign.map.back' : 'campaign.map.home')}
          data-testid='map-back'
          onClick={back}
        >
          ‹
        </View>
        <View className='cm-map__where'>
          {/* an area's or the map's own name is the school's words (content); the campaign's title is the app's */}
          <Text className='cm-map__where-title' {...(areaTitle || main?.name ? { 'data-content': '' } : {})}>
            {areaTitle || main?.name || t(def.title)}
          </Text>
          <Text className='cm-map__where-level' data-testid='map-level'>
            {t('campaign.map.level', { n: m.level })}
          </Text>
        </View>
        <View
          className='cm-map__toggle'
          role='button'
          aria-pressed={listed}
          data-testid='map-list-toggle'
          data-listed={listed ? 'yes' : 'no'}
          onClick={() => setListed((v) => !v)}
        >
          {t(listed ? 'campaign.map.showMap' : 'campaign.map.showList')}
        </View>
        {def.homeOnMap ? (
          <Text className='cm-map__describe' data-testid='campaign-describe' onClick={() => setDescribing(true)}>
            {t('campaign.describe')}
          </Text>
        ) : null}
      </View>
      {def.homeOnMap && projects.status === 'ready' ? (
        <View className='cm-map__count' data-testid='campaign-count' data-count={projects.count}>
          {t('campaign.count', { n: projects.count })}
        </View>
      ) : null}
      {m.showFilters ? (
        <View className='cm-map__filters' data-testid='map-filters'>
          {def.species.length ? (
            <View
              className={`cm-map__filter${m.filters.species ? ' cm-map__filter--on' : ''}`}
              data-testid='filter-species'
              onClick={() => setPicker('species')}
            >
              {t('campaign.map.species')}: {m.filters.species ? speciesLabel(m.filters.species, lang) : t('campaign.map.all')} ▾
            </View>
          ) : null}
          {def.bands.length ? (
            <View
              className={`cm-map__filter${m.filters.band ? ' cm-map__filter--on' : ''}`}
              data-testid='filter-price'
              onClick={() => setPicker('price')}
            >
              {t('campaign.map.price')}: {m.filters.band ? bandLabel(m.filters.band) : t('campaign.map.all')} ▾
            </View>
          ) : null}
        </View>
      ) : null}
      {m.showVr ? (
        <View className={`cm-map__vr cm-map__vr--l${m.level}`} role='button' data-testid='map-vr' onClick={openVr}>
          {t('campaign.map.vr')}
        </View>
      ) : null}
      <View className='cm-map__legend'>
        <View className='cm-map__key cm-map__key--free' />
        <Text className='cm-map__key-text'>{t('campaign.map.legendFree')}</Text>
        <View className='cm-map__key cm-map__key--named' />
        <Text className='cm-map__key-text'>{t('campaign.map.legendNamed')}</Text>
        <View className='cm-map__key cm-map__key--held' />
        <Text className='cm-map__key-text'>{t('campaign.map.legendHeld')}</Text>
      </View>
      {!listed && m.level === 1 && !!cfg && cfg.areaList.length > 0 ? (
        <View className='cm-map__hint' data-testid='map-hint'>
          {t('campaign.map.hint')}
        </View>
      ) : null}
      {m.statuses.status === 'error' ? (
        <View className='cm-map__empty' role='button' data-testid='map-status-error' onClick={m.statuses.reload}>
          {t('campaign.map.loadFailed')}
        </View>
      ) : null}
      {empty ? (
        <View className='cm-map__empty' data-testid='map-empty'>
          {t('campaign.map.empty')}
        </View>
      ) : null}
      <PickerSheet
        open={picker === 'species'}
        title={t('campaign.map.species')}
        options={def.species.map((name) => speciesLabel(name, lang))}
        current={m.filters.species ? speciesLabel(m.filters.species, lang) : null}
        testId='picker-species'
        onPick={(i) => {
          setPicker(null)
          m.pickSpecies(i)
        }}
      />
      <PickerSheet
        open={picker === 'price'}
        title={t('campaign.map.price')}
        options={def.bands.map(bandLabel)}
        current={m.filters.band ? bandLabel(m.filters.band) : null}
        testId='picker-price'
        onPick={(i) => {
          setPicker(null)
          m.pickBand(i)
        }}
      />
      <SeatDialog
        seatId={seatId}
        actionLabel={actionOf(def, tapped?.kind === 'building')}
        onAction={act}
        onClose={() => {
          setSeatId(null)
          setTapped(null)
        }}
      />
      <ContactDialog kind={contact} onClose={() => setContact(null)} />
      {def.homeOnMap ? <DescribeDialog open={describing} html={main?.content || ''} onClose={() => setDescribing(false)} /> : null}
      {!landed ? (
        <View className='cm-landing' data-testid='wall-landing'>
          <Text className='cm-landing__title'>{main?.name || t('campaign.wall.title')}</Text>
          <Text className='cm-landing__body'>{main?.intro || t('campaign.wall.body')}</Text>
          <View className='cm-landing__button' role='button' data-testid='wall-start' onClick={() => setLanded(true)}>
            {t('campaign.wall.start')}
          </View>
        </View>
      ) : null}
    </View>
  )
}
