/**
 * The home page (docs/product §2 root index and its home child), themed per school: a branded header with the
 * school's total raised and number of gifts (none when the school hides statistics), shortcuts to the directory,
 * my gifts and the news, featured projects, the school's naming campaigns (from settings.campaignItems) and the
 * latest news. Each section loads on its own and shows its own empty or failed state.
 */
import { useMemo, type ReactNode } from 'react'
import { Image, Text, View } from '@tarojs/components'
import { usePullDownRefresh, stopPullDownRefresh } from '@tarojs/taro'
import { LangSwitch } from '@/components/page-shell'
import { useShareCard } from '@/features/share'
import { useTheme } from '@/lib/hooks/use-page-title'
import { routeUrl } from '@/lib/routes'
import { platform } from '@/platform'
import type { ShareCard } from '@/platform/types'
import { useSession, useT } from '@/store/session'
import { useHome } from '../hooks/use-home'
import { openOrSoon } from '../navigation'
import './home-screen.scss'
import { imageAlt, pressable } from '@/lib/a11y'

function Section({
  title,
  more,
  onMore,
  testId,
  children
}: {
  title: string
  more?: string
  onMore?(): void
  testId: string
  children: ReactNode
}) {
  return (
    <View className='home__section' data-testid={testId}>
      <View className='home__section-head'>
        <Text className='home__section-title'>{title}</Text>
        {onMore ? (
          <Text className='home__more' data-testid={`${testId}-more`} {...pressable(onMore, { role: 'link' })}>
            {more} ›
          </Text>
        ) : null}
      </View>
      {children}
    </View>
  )
}

function Note({ text, onRetry, retry }: { text: string; onRetry?(): void; retry?: string }) {
  return (
    <View className='home__note'>
      <Text>{text}</Text>
      {onRetry ? (
        <Text className='home__retry' {...pressable(onRetry)}>
          {retry}
        </Text>
      ) : null}
    </View>
  )
}

export default function HomeScreen() {
  const t = useT()
  const theme = useTheme()
  const config = useSession((s) => s.config)
  const baseConfig = useSession((s) => s.baseConfig)
  const lang = useSession((s) => s.lang)
  const home = useHome()
  // the module name is the school's Chinese brand in its static config; in another language the header names the
  // foundation by its title in that language (baseConfig answers it in the request's language, decision 073)
  const brand = (lang === 'zh_CN' ? config?.moduleName : baseConfig?.title) || config?.moduleName || t('app.title')

  usePullDownRefresh(() => {
    home.total.reload()
    home.featured.reload()
    home.news.reload()
    stopPullDownRefresh()
  })

  const card: ShareCard = useMemo(
    () => ({
      title: baseConfig?.shareTitle || config?.moduleName || t('app.title'),
      desc: baseConfig?.shareDesc || '',
      path: routeUrl('home'),
      imageUrl: baseConfig?.shareImg ? platform.assetUrl(baseConfig.shareImg) : undefined
    }),
    [baseConfig, config, t]
  )
  useShareCard(card, card)

  const newsTitle = t('home.news')
  const openNewsList = () => openOrSoon('list-page', { style: 1, title: newsTitle })

  return (
    <View className='home' data-testid='home'>
      <View className='home__header' style={{ background: theme }}>
        <View className='home__brand'>
          <View className='home__names'>
            <Text className='home__school' data-testid='home-school'>
              {brand}
            </Text>
            {baseConfig?.title && baseConfig.title !== brand ? <Text className='home__subtitle'>{baseConfig.title}</Text> : null}
          </View>
          <View className='home__lang'>
            <LangSwitch />
          </View>
        </View>
        {home.stats ? (
          <View className='home__stats' data-testid='home-stats'>
            <View className='home__stat'>
              <Text className='home__stat-value' data-testid='home-raised'>
                {home.stats.raised}
              </Text>
              <Text className='home__stat-label'>{t('home.raised')}</Text>
            </View>
            <View className='home__stat'>
              <Text className='home__stat-value' data-testid='home-donors'>
                {home.stats.donors}
              </Text>
              <Text className='home__stat-label'>{t('home.donors')}</Text>
            </View>
          </View>
        ) : null}
      </View>

      {/* links, each a tab stop that Enter opens, named by its title and description (docs/decisions/028) */}
      <View className='home__shortcuts'>
        <View className='home__shortcut' data-testid='home-to-directory' {...pressable(() => openOrSoon('jzml'), { role: 'link' })}>
          <Text className='home__shortcut-title'>{t('home.directory')}</Text>
          <Text className='home__shortcut-desc'>{t('home.directoryDesc')}</Text>
        </View>
        <View className='home__shortcut' data-testid='home-to-gifts' {...pressable(() => openOrSoon('mine-don'), { role: 'link' })}>
          <Text className='home__shortcut-title'>{t('home.myGifts')}</Text>
          <Text className='home__shortcut-desc'>{t('home.myGiftsDesc')}</Text>
        </View>
        {/* the charity tax tool had no way in but a typed URL (docs/product §2 Tax tool) */}
        <View className='home__shortcut' data-testid='home-to-tax' {...pressable(() => openOrSoon('tax-tool'), { role: 'link' })}>
          <Text className='home__shortcut-title'>{t('home.taxTool')}</Text>
          <Text className='home__shortcut-desc'>{t('home.taxToolDesc')}</Text>
        </View>
      </View>

      <Section title={t('home.projects')} more={t('home.more')} onMore={() => openOrSoon('subject')} testId='home-projects'>
        {home.featured.status === 'error' && !home.featured.data ? (
          <Note text={t('home.loadFailed')} onRetry={home.featured.reload} retry={t('common.retry')} />
        ) : home.featured.status === 'loading' && !home.featured.data ? (
          <Note text={t('common.loading')} />
        ) : home.projects.length === 0 ? (
          <Note text={t('home.noProjects')} />
        ) : (
          home.projects.map((p) => (
            <View
              key={p.id}
              className='home__project'
              data-testid={`home-project-${p.id}`}
              {...pressable(() => openOrSoon('subject-detail', { id: p.id }), { role: 'link' })}
            >
              {p.thumb ? (
                <Image {...imageAlt('')} className='home__thumb' src={p.thumb} mode='aspectFill' lazyLoad />
              ) : (
                <View className='home__thumb home__thumb--empty' />
              )}
              <View className='home__project-body'>
                <Text className='home__project-name'>{p.name}</Text>
                {p.intro ? <Text className='home__project-intro'>{p.intro}</Text> : null}
                {p.percent !== null ? (
                  <View className='home__bar'>
                    <View className='home__bar-fill' style={{ width: `${p.percent}%`, background: theme }} />
                  </View>
                ) : null}
              </View>
            </View>
          ))
        )}
      </Section>

      {home.campaigns.length ? (
        <Section title={t('home.campaigns')} testId='home-campaigns'>
          <View className='home__campaigns'>
            {home.campaigns.map((c) => (
              <View
                key={c.key}
                className='home__campaign'
                data-testid={`home-campaign-${c.route}`}
                {...pressable(() => openOrSoon(c.route, c.query), { role: 'link' })}
              >
                <Text className='home__campaign-title'>{t(c.titleKey)}</Text>
                <Text className='home__campaign-go' style={{ color: theme }}>
                  ›
                </Text>
              </View>
            ))}
          </View>
        </Section>
      ) : null}

      <Section title={newsTitle} more={t('home.more')} onMore={openNewsList} testId='home-news'>
        {home.news.status === 'error' && !home.news.data ? (
          <Note text={t('home.loadFailed')} onRetry={home.news.reload} retry={t('common.retry')} />
        ) : home.news.status === 'loading' && !home.news.data ? (
          <Note text={t('common.loading')} />
        ) : home.articles.length === 0 ? (
          <Note text={t('home.noNews')} />
        ) : (
          home.articles.map((a) => (
            <View
              key={a.id}
              className='home__article'
              data-testid={`home-article-${a.id}`}
              {...pressable(() => openOrSoon('list-page', { id: a.id }), { role: 'link' })}
            >
              <Text className='home__article-title'>{a.title}</Text>
              <Text className='home__article-date'>{a.date}</Text>
            </View>
          ))
        )}
      </Section>
    </View>
  )
}
