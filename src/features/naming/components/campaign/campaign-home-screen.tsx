/**
 * The seat campaign homes (docs/product §2 Naming): seat-naming-jnu (the school's campaignItems.jnuSeat, item 1 in the docs/product)
 * and seat-naming-hhu (campaignItems.hhuSeat, item 9). Donor count, the explanation dialog, background music,
 * 'view my naming' (mine-gm), and donate, which checks permission first (alumni only: the reminder on 0201). jnu
 * donates through its own seat page; hhu through seat?id and adds the list of namings.
 */
import { useMemo, useState } from 'react'
import { Image, RichText, Text, View } from '@tarojs/components'
import { AtButton, AtModal, AtModalAction, AtModalContent, AtModalHeader } from 'taro-ui'
import { CampaignKey } from '@contract'
import { platform } from '@/platform'
import { useData } from '@/lib/hooks/use-data'
import { useTheme } from '@/lib/hooks/use-page-title'
import { routeUrl } from '@/lib/routes'
import { sanitizeHtml } from '@/lib/sanitize'
import { useSession, useT } from '@/store/session'
import { fetchProject } from '../../api/naming'
import { useMusic } from '@/lib/hooks/use-music'
import { usePermission } from '@/features/donate'
import AlumniDialog from '../kit/alumni-dialog'
import 'taro-ui/lib/style/components/button.scss'
import 'taro-ui/lib/style/components/modal.scss'
import '../kit/kit.scss'
import './campaign.scss'
import { imageAlt } from '@/lib/a11y'

export type Campaign = 'jnu' | 'hhu'

/** The campaign's item: the route's id, else the school's configured one. */
export function campaignItemId(query: { id?: string }, campaignItems: Record<string, number>, campaign: Campaign): number {
  const n = Number(query.id)
  if (Number.isInteger(n) && n > 0) return n
  return campaignItems[campaign === 'jnu' ? CampaignKey.JNU_SEAT : CampaignKey.HHU_SEAT] || 0
}

export default function CampaignHomeScreen({ campaign }: { campaign: Campaign }) {
  const t = useT()
  const theme = useTheme()
  const campaignItems = useSession((s) => s.settings.campaignItems)
  const query = useMemo(() => platform.nav.currentQuery(), [])
  const itemsId = campaignItemId(query, campaignItems, campaign)
  const project = useData(() => fetchProject(itemsId), [itemsId], { enabled: itemsId > 0 })
  const music = useMusic(itemsId)
  const gate = usePermission(itemsId, false)
  const [explainOpen, setExplainOpen] = useState(false)
  const [busy, setBusy] = useState(false)

  if (!itemsId)
    return (
      <View className='nm-state' data-testid='campaign-missing'>
        {t('naming.notFound')}
      </View>
    )
  const p = project.data
  const donate = async () => {
    if (busy) return
    setBusy(true)
    try {
      if (!(await gate.ensure())) return
      platform.nav.to(campaign === 'jnu' ? routeUrl('seat-naming-jnu/seat', { id: itemsId }) : routeUrl('seat', { id: itemsId }))
    } finally {
      setBusy(false)
    }
  }
  const html = p ? sanitizeHtml(p.content, platform.assetUrl) : ''
  return (
    <View className={`nm-home nm-home--${campaign}`} data-testid={`campaign-${campaign}`}>
      <View className='nm-home__hero'>
        {p?.coverImg || p?.thumbnailImg ? (
          <Image {...imageAlt('')} className='nm-home__cover' src={platform.assetUrl(p.coverImg || p.thumbnailImg)} mode='aspectFill' />
        ) : null}
        <View className='nm-home__shade' />
        {music.available ? (
          <View
            className={`nm-home__music${music.playing ? ' nm-home__music--on' : ''}`}
            data-testid='music-toggle'
            data-playing={music.playing ? '1' : '0'}
            onClick={music.toggle}
          >
            <Text>♪</Text>
          </View>
        ) : null}
        <View className='nm-home__title-box'>
          <Text className='nm-home__title' data-testid='campaign-title'>
            {p ? p.name : project.status === 'error' ? t('common.loadFailed') : t('common.loading')}
          </Text>
          {p ? (
            <Text className='nm-home__count' data-testid='campaign-count'>
              {t('naming.home.count', { n: p.payCounts })}
              {p.namingCountAll > 0 ? ` · ${t('naming.home.named', { done: p.namingCountDonate, all: p.namingCountAll })}` : ''}
            </Text>
          ) : null}
        </View>
      </View>
      <View className='nm-home__body'>
        {p?.intro ? <Text className='nm-home__intro'>{p.intro}</Text> : null}
        <View className='nm-home__main' data-testid='campaign-donate'>
          <AtButton
            type='primary'
            loading={busy}
            disabled={!p || p.isDonate !== 1}
            // closed: the grey of every disabled button (app.scss), not the theme colour of a live one
            customStyle={p && p.isDonate === 1 ? { background: theme, borderColor: theme } : undefined}
            onClick={donate}
          >
            {p && p.isDonate !== 1 ? p.noReason || t('naming.home.closed') : t('naming.home.donate')}
          </AtButton>
        </View>
        <View className='nm-home__links'>
          {campaign === 'hhu' ? (
            <Text
              className='nm-home__link'
              data-testid='campaign-list'
              onClick={() => platform.nav.to(routeUrl('seat-naming-hhu/list', { id: itemsId }))}
            >
              {t('naming.home.list')}
            </Text>
          ) : null}
          <Text className='nm-home__link' data-testid='campaign-mine' onClick={() => platform.nav.to(routeUrl('mine-gm'))}>
            {t('naming.home.mine')}
          </Text>
          <Text className='nm-home__link' data-testid='campaign-explain' onClick={() => setExplainOpen(true)}>
            {t('naming.home.explain')}
          </Text>
        </View>
        <Text className='nm-note nm-home__review'>{t('naming.home.reviewNote')}</Text>
      </View>
      <AtModal className='nm-modal' isOpened={explainOpen} onClose={() => setExplainOpen(false)}>
        <AtModalHeader>{t('naming.home.explain')}</AtModalHeader>
        <AtModalContent>
          <View className='nm-modal__body' data-testid='campaign-explain-body'>
            {html ? <RichText nodes={html} /> : <Text>{t('naming.home.explainEmpty')}</Text>}
          </View>
        </AtModalContent>
        <AtModalAction>
          <AtButton onClick={() => setExplainOpen(false)}>{t('common.close')}</AtButton>
        </AtModalAction>
      </AtModal>
      <AlumniDialog open={gate.alumniOpen} onClose={gate.closeAlumni} />
    </View>
  )
}
