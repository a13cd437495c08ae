/**
 * Where an unknown path lands (src/app.ts usePageNotFound): a mistyped or outdated link, or a page a newer version
 * moved, used to show a blank screen. The page says so and offers the two ways on: home and the project list.
 */
import { View } from '@tarojs/components'
import EmptyState from '@/components/empty-state'
import PageShell from '@/components/page-shell'
import { ROUTES } from '@/lib/routes'
import { platform } from '@/platform'
import { useT } from '@/store/session'
import { pressable } from '@/lib/a11y'
import './index.scss'

export default function NotFoundPage() {
  const t = useT()
  return (
    <PageShell route='not-found' homeLink={false}>
      <View className='not-found' data-testid='not-found'>
        <EmptyState
          art='paper'
          text={t('notFound.title')}
          hint={t('notFound.hint')}
          action={{ label: t('notFound.home'), onPress: () => platform.nav.to(ROUTES.home) }}
          testId='not-found-state'
        />
        <View className='not-found__link' data-testid='not-found-projects' {...pressable(() => platform.nav.to(ROUTES.subject))}>
          {t('notFound.projects')}
        </View>
      </View>
    </PageShell>
  )
}
