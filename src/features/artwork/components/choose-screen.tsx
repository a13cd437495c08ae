/**
 * naming-xbmu/choose (docs/product §2, §5 Artwork): area tabs, a two-column waterfall of the area's works (tap the image
 * to preview it), a choose icon on each (at most three; a named or held work cannot be chosen), the 'customise' and
 * 'my choice' popups, the price per work by count and the total; Next hands the choice to form-gm?id&namelate=0 in
 * local storage 'gm'.
 */
import { useMemo, useState } from 'react'
import { Button, Image, ScrollView, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { platform } from '@/platform'
import { store } from '@/platform/storage-keys'
import { formatMoney } from '@/lib/money'
import { quiet, toast } from '@/lib/quiet'
import { routeUrl } from '@/lib/routes'
import { useData } from '@/lib/hooks/use-data'
import { useSession, useT } from '@/store/session'
import { fetchAreas, fetchWorks } from '../api/artwork'
import { artworkItemOf, MAX_WORKS, pricePerWork, toggleWork, toSelection, totalOf, waterfall, worksOf, type Work } from '../model/artwork'
import Popup from './popup'
import './artwork.scss'
import { imageAlt } from '@/lib/a11y'

/** Before its image loads a work is drawn in portrait (4:5), the common shape of the exhibition's works. */
const DEFAULT_RATIO = 1.25

function WorkCard({
  w,
  ratio,
  chosen,
  onToggle,
  onRatio
}: {
  w: Work
  ratio: number
  chosen: boolean
  onToggle(): void
  onRatio(r: number): void
}) {
  const t = useT()
  const img = w.imgUrl ? platform.assetUrl(w.imgUrl) : ''
  return (
    <View
      className={`aw-work${chosen ? ' aw-work--on' : ''}`}
      data-testid={`work-${w.seatId}`}
      data-status={w.status}
      data-chosen={chosen ? '1' : '0'}
    >
      <View className='aw-work__frame' style={{ paddingTop: `${Math.round(ratio * 1000) / 10}%` }}>
        {img ? (
          <Image
            {...imageAlt(`${t('common.titleQuoted', { title: w.title })} ${w.author}`)}
            data-content=''
            className='aw-work__img'
            src={img}
            mode='aspectFill'
            lazyLoad
            onLoad={(e) => {
              const width = Number(e.detail.width)
              if (width > 0) onRatio(Number(e.detail.height) / width)
            }}
            onClick={() => quiet(() => Taro.previewImage({ urls: [img], current: img }))}
            data-testid={`work-img-${w.seatId}`}
          />
        ) : null}
      </View>
      <View className='aw-work__body'>
        <View className='aw-work__text'>
          {/* the work's title and author (content, decision 073), the title quoted as the page's language quotes */}
          <Text className='aw-work__title' data-content=''>
            {t('common.titleQuoted', { title: w.title })}
          </Text>
          <Text className='aw-work__author' data-content=''>
            {w.author}
          </Text>
        </View>
        {w.status === 1 ? (
          <View className={`aw-pick${chosen ? ' aw-pick--on' : ''}`} onClick={onToggle} data-testid={`work-pick-${w.seatId}`}>
            <Text>{chosen ? '✓' : '+'}</Text>
          </View>
        ) : (
          <Text className='aw-work__named'>{w.status === 2 ? t('artwork.named') : t('artwork.held')}</Text>
        )}
      </View>
    </View>
  )
}

export default function ChooseScreen() {
  const t = useT()
  const query = useMemo<{ id?: string }>(() => platform.nav.currentQuery(), [])
  const campaignItems = useSession((s) => s.settings.campaignItems)
  const itemsId = artworkItemOf(query.id, campaignItems)
  const areas = useData(() => fetchAreas(itemsId), [itemsId])
  const [areaPick, setArea] = useState<number | null>(null)
  const area = areas.data?.find((a) => a.id === areaPick) || areas.data?.[0] || null
  const areaId = area?.id ?? 0
  const areaTitle = area?.title ?? ''
  const works = useData(async () => worksOf(await fetchWorks(areaId), areaTitle), [areaId, areaTitle], { enabled: areaId > 0 })
  const [chosen, setChosen] = useState<Work[]>([])
  const [ratios, setRatios] = useState<Record<number, number>>({})
  const [popup, setPopup] = useState<'' | 'mine' | 'custom'>('')
  const cols = useMemo(() => waterfall(works.data || [], (w) => ratios[w.seatId] || DEFAULT_RATIO), [works.data, ratios])
  const each = pricePerWork(chosen)
  const total = totalOf(chosen)

  const toggle = (w: Work) => {
    const r = toggleWork(chosen, w)
    if (r.kind === 'limit') toast(t('artwork.limit'), 2000)
    else if (r.kind === 'ok') setChosen(r.chosen)
  }
  const next = () => {
    if (!chosen.length) {
      toast(t('artwork.chooseFirst'), 2000)
      return
    }
    store.set('gm', toSelection(itemsId, chosen))
    platform.nav.to(routeUrl('form-gm', { id: itemsId, namelate: 0 }))
  }
  const column = (list: Work[], i: number) => (
    <View className='aw-fall__col' key={i}>
      {list.map((w) => (
        <WorkCard
          key={w.seatId}
          w={w}
          ratio={ratios[w.seatId] || DEFAULT_RATIO}
          chosen={chosen.some((c) => c.seatId === w.seatId)}
          onToggle={() => toggle(w)}
          onRatio={(r) => setRatios((m) => (m[w.seatId] === r ? m : { ...m, [w.seatId]: r }))}
        />
      ))}
    </View>
  )

  return (
    <View className='aw-choose' data-testid='artwork-choose'>
      <ScrollView className='aw-tabs' scrollX>
        <View className='aw-tabs__row'>
          {(areas.data || []).map((a) => (
            <Text
              key={a.id}
              className={`aw-tabs__item${a.id === areaId ? ' aw-tabs__item--on' : ''}`}
              onClick={() => setArea(a.id)}
              data-testid={`area-${a.id}`}
              // the exhibition's own section names (decision 073: content)
              data-content=''
            >
              {a.title}
            </Text>
          ))}
        </View>
      </ScrollView>
      {!areas.data || (areaId && !works.data) ? (
        <View
          className='aw-state'
          data-testid='artwork-works-loading'
          onClick={areas.status === 'error' ? areas.reload : works.status === 'error' ? works.reload : undefined}
        >
          {areas.status === 'error' || works.status === 'error' ? t('common.loadFailed') : t('common.loading')}
        </View>
      ) : !works.data?.length ? (
        <View className='aw-state' data-testid='artwork-empty'>
          {t('artwork.empty')}
        </View>
      ) : (
        <View className='aw-fall' data-testid='artwork-fall'>
          {cols.map(column)}
        </View>
      )}
      <View className='aw-bar-space' />
      <View className='aw-bar'>
        <View className='aw-bar__side'>
          <Text className='aw-bar__link' onClick={() => setPopup('custom')} data-testid='artwork-custom'>
            {t('artwork.custom')}
          </Text>
          <Text className='aw-bar__link' onClick={() => setPopup('mine')} data-testid='artwork-mine'>
            {t('artwork.myChoice', { n: chosen.length, max: MAX_WORKS })}
          </Text>
        </View>
        <View className='aw-bar__total'>
          <Text className='aw-money' data-testid='artwork-total'>
            ¥{formatMoney(total)}
          </Text>
          {each ? (
            <Text className='aw-bar__each' data-testid='artwork-each'>
              {t('artwork.each', { money: formatMoney(each), n: chosen.length })}
            </Text>
          ) : null}
        </View>
        <Button className='aw-btn aw-btn--primary' onClick={next} data-testid='artwork-next'>
          {t('artwork.next')}
        </Button>
      </View>
      {popup === 'mine' ? (
        <Popup title={t('artwork.myChoiceTitle')} onClose={() => setPopup('')} testId='artwork-mine-popup'>
          {chosen.length === 0 ? (
            <Text className='aw-note' data-testid='artwork-mine-empty'>
              {t('artwork.nothing')}
            </Text>
          ) : (
            chosen.map((w) => (
              <View key={w.seatId} className='aw-chosen' data-testid={`chosen-${w.seatId}`}>
                {w.imgUrl ? (
                  <Image {...imageAlt('')} className='aw-chosen__img' src={platform.assetUrl(w.imgUrl)} mode='aspectFill' />
                ) : null}
                <View className='aw-chosen__text'>
                  <Text className='aw-work__title' data-content=''>
                    {t('common.titleQuoted', { title: w.title })}
                  </Text>
                  <Text className='aw-work__author' data-content=''>
                    {w.author} · {w.areaTitle}
                  </Text>
                </View>
                <Text className='aw-chosen__remove' onClick={() => toggle(w)} data-testid={`chosen-remove-${w.seatId}`}>
                  {t('artwork.remove')}
                </Text>
              </View>
            ))
          )}
        </Popup>
      ) : null}
      {popup === 'custom' ? (
        <Popup title={t('artwork.custom')} onClose={() => setPopup('')} testId='artwork-custom-popup'>
          <Text className='aw-note'>{t('artwork.customText')}</Text>
        </Popup>
      ) : null}
    </View>
  )
}
