/**
 * The tree campaign homes (docs/product §2 Naming: tree-naming, tree-naming-cpu, tree-naming-xzit,
 * tree-naming-hhu-home): donor count (hhu adds its two items), the area buttons into the maps ('coming soon' where a
 * campus is not open yet), the description dialog, the donor list, the share card, and the guide slideshow after the
 * description is first closed. On a first visit the description opens by itself, so the guide follows it.
 */
import { useEffect, useMemo, useState } from 'react'
import Taro from '@tarojs/taro'
import { Image, Text, View } from '@tarojs/components'
import LoadState from '@/components/load-state'
import { platform } from '@/platform'
import { useMusic } from '@/lib/hooks/use-music'
import { useTheme } from '@/lib/hooks/use-page-title'
import { quiet } from '@/lib/quiet'
import { routeUrl } from '@/lib/routes'
import { useT } from '@/store/session'
import { textShade } from '@/styles/theme'
import { useCampaignProjects, useCampaignShare, useItemIds } from '../hooks/use-campaign-items'
import { guideSeen, useGuide } from '../hooks/use-guide'
import { HOMES, type HomeEntry, type HomeRoute } from '../model/campaigns'
import DescribeDialog from './describe-dialog'
import Guide from './guide'
import './campaign.scss'
import { imageAlt } from '@/lib/a11y'

export default function CampaignHomeScreen({ route }: { route: HomeRoute }) {
  const t = useT()
  const theme = useTheme()
  const def = HOMES[route]
  const itemIds = useItemIds(def.items)
  const projects = useCampaignProjects(itemIds)
  const main = projects.main
  const guide = useGuide()
  const [describing, setDescribing] = useState(false)
  const title = main?.name || t(def.title)
  useCampaignShare(route, title, main?.coverImg || main?.thumbnailImg || '')
  // the first item's music (docs/product §2 music toggle); no toggle where the school set none
  const music = useMusic(itemIds[0] ?? 0)

  // first visit: the description opens once the text is there; the guide follows its closing
  const ready = projects.status === 'ready'
  useEffect(() => {
    if (ready && !guideSeen()) setDescribing(true)
  }, [ready])
  const closeDescription = () => {
    setDescribing(false)
    guide.noteClosed()
  }
  const open = useMemo(
    () => (entry: HomeEntry) => {
      if (entry.target.kind === 'soon') {
        // Taro's default confirm green is 2.3:1 on white: the school colour's text shade instead
        const confirmColor = textShade(theme)
        quiet(() => Taro.showModal({ content: t('campaign.soon'), showCancel: false, confirmText: t('common.confirm'), confirmColor }))
        return
      }
      platform.nav.to(routeUrl(entry.target.route, entry.target.query))
    },
    [t, theme]
  )

  if (!itemIds.length) return <LoadState state={projects} className='cm-state' testId='campaign-missing' missing={t('campaign.missing')} />
  if (projects.status !== 'ready' && !main) return <LoadState state={projects} className='cm-state' testId='campaign-state' />
  const cover = main?.coverImg || main?.thumbnailImg || ''
  return (
    <View className={`cm-home cm-home--${def.campaign}`} data-testid={`campaign-home-${def.campaign}`}>
      <View className='cm-home__hero'>
        {cover ? <Image {...imageAlt('')} className='cm-home__cover' src={platform.assetUrl(cover)} mode='aspectFill' /> : null}
        <View className='cm-home__shade' />
        {music.available ? (
          <View
            className={`cm-home__music${music.playing ? ' cm-home__music--on' : ''}`}
            role='button'
            aria-label={t(music.playing ? 'campaign.musicOff' : 'campaign.musicOn')}
            data-testid='music-toggle'
            data-playing={music.playing ? '1' : '0'}
            onClick={music.toggle}
          >
            <Text>♪</Text>
          </View>
        ) : null}
        <View className='cm-home__heading'>
          <Text className='cm-home__title' data-testid='campaign-title'>
            {title}
          </Text>
          <View className='cm-home__count' data-testid='campaign-count' data-count={projects.count}>
            <Text className='cm-home__count-n'>{projects.count}</Text>
            <Text className='cm-home__count-label'>{t('campaign.countLabel')}</Text>
          </View>
        </View>
      </View>
      <View className='cm-home__panel'>
        {main?.intro ? <Text className='cm-home__intro'>{main.intro}</Text> : null}
        <Text className='cm-home__hint'>{t('campaign.enterMap')}</Text>
        <View className='cm-home__entries'>
          {def.entries.map((e) => (
            <View
              key={e.key}
              className={`cm-home__entry${e.target.kind === 'soon' ? ' cm-home__entry--soon' : ''}`}
              role='button'
              data-testid={`campaign-entry-${e.key}`}
              onClick={() => open(e)}
            >
              <Text className='cm-home__entry-name'>{t(e.label)}</Text>
              <Text className='cm-home__entry-arrow'>›</Text>
            </View>
          ))}
        </View>
        <View className='cm-home__links'>
          <Text className='cm-home__link' data-testid='campaign-describe' onClick={() => setDescribing(true)}>
            {t('campaign.describe')}
          </Text>
          {def.list ? (
            <Text className='cm-home__link' data-testid='campaign-donors' onClick={() => def.list && platform.nav.to(routeUrl(def.list))}>
              {t('campaign.donors')}
            </Text>
          ) : null}
        </View>
      </View>
      <DescribeDialog open={describing} html={main?.content || ''} onClose={closeDescription} />
      <Guide guide={guide} />
    </View>
  )
}
