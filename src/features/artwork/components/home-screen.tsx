/**
 * naming-xbmu home (docs/product §2): a loading bar that fills to 100 in about one second (§9; 10 updates, the bar slides), then the
 * campaign: donor list, activity explanation, my donations, and the main button that shows the project's information
 * before the donor goes on to choose works.
 */
import { useEffect, useMemo, useState } from 'react'
import { Button, Image, RichText, Text, View } from '@tarojs/components'
import { platform } from '@/platform'
import { routeUrl } from '@/lib/routes'
import { sanitizeHtml } from '@/lib/sanitize'
import { useData } from '@/lib/hooks/use-data'
import { useSession, useT } from '@/store/session'
import { fetchProject } from '../api/artwork'
import { artworkItemOf, LOADING_STEP_MS, LOADING_STEP_PCT } from '../model/artwork'
import Popup from './popup'
import './artwork.scss'
import { imageAlt } from '@/lib/a11y'

function useLoadingBar(): number {
  const [pct, setPct] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => {
      setPct((p) => {
        if (p + LOADING_STEP_PCT >= 100) clearInterval(timer)
        return Math.min(100, p + LOADING_STEP_PCT)
      })
    }, LOADING_STEP_MS)
    return () => clearInterval(timer)
  }, [])
  return pct
}

export default function HomeScreen() {
  const t = useT()
  const query = useMemo<{ id?: string }>(() => platform.nav.currentQuery(), [])
  const campaignItems = useSession((s) => s.settings.campaignItems)
  const itemsId = artworkItemOf(query.id, campaignItems)
  const project = useData(() => fetchProject(itemsId), [itemsId])
  const pct = useLoadingBar()
  const [popup, setPopup] = useState<'' | 'explain' | 'info'>('')
  const p = project.data

  if (pct < 100)
    return (
      <View className='aw-loading' data-testid='artwork-loading'>
        <Text className='aw-loading__title'>{t('artwork.loading')}</Text>
        <View className='aw-loading__track'>
          <View className='aw-loading__bar' style={{ width: `${pct}%` }} />
        </View>
        <Text className='aw-loading__pct' data-testid='artwork-loading-pct'>
          {pct}%
        </Text>
      </View>
    )
  const html = sanitizeHtml(p?.content || '', platform.assetUrl)
  return (
    <View className='aw-home' data-testid='artwork-home'>
      <View className='aw-home__banner'>
        {p?.thumbnailImg ? (
          <Image {...imageAlt('')} className='aw-home__img' src={platform.assetUrl(p.thumbnailImg)} mode='aspectFill' />
        ) : null}
        <View className='aw-home__veil'>
          <Text className='aw-home__name' data-testid='artwork-name'>
            {p ? p.name : project.status === 'error' ? t('common.loadFailed') : t('common.loading')}
          </Text>
          {p?.intro ? <Text className='aw-home__intro'>{p.intro}</Text> : null}
        </View>
      </View>
      <View className='aw-home__links'>
        <View
          className='aw-link'
          onClick={() => platform.nav.to(routeUrl('naming-xbmu/list', { id: itemsId }))}
          data-testid='artwork-go-list'
        >
          <Text className='aw-link__icon'>☰</Text>
          <Text>{t('artwork.home.list')}</Text>
        </View>
        <View className='aw-link' onClick={() => setPopup('explain')} data-testid='artwork-go-explain'>
          <Text className='aw-link__icon'>ⓘ</Text>
          <Text>{t('artwork.home.explain')}</Text>
        </View>
        <View
          className='aw-link'
          onClick={() => platform.nav.to(routeUrl('naming-xbmu/mine', { id: itemsId }))}
          data-testid='artwork-go-mine'
        >
          <Text className='aw-link__icon'>♡</Text>
          <Text>{t('artwork.home.mine')}</Text>
        </View>
      </View>
      <Button className='aw-btn aw-btn--main' onClick={() => p && setPopup('info')} data-testid='artwork-start'>
        {t('artwork.home.start')}
      </Button>
      {popup === 'explain' ? (
        <Popup title={t('artwork.home.explain')} onClose={() => setPopup('')} testId='artwork-explain'>
          {html ? <RichText nodes={html} /> : <Text className='aw-note'>{t('artwork.home.noExplain')}</Text>}
        </Popup>
      ) : null}
      {popup === 'info' && p ? (
        <Popup
          title={t('artwork.home.info')}
          onClose={() => setPopup('')}
          testId='artwork-info'
          action={{
            label: t('artwork.home.choose'),
            testId: 'artwork-info-go',
            onTap: () => platform.nav.to(routeUrl('naming-xbmu/choose', { id: itemsId }))
          }}
        >
          <Text className='aw-info__name'>{p.name}</Text>
          <Text className='aw-info__intro'>{p.intro}</Text>
          <Text className='aw-note'>{t('artwork.home.pricing')}</Text>
        </Popup>
      ) : null}
    </View>
  )
}
