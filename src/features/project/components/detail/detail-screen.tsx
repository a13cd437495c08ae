/**
 * Project detail `subject-detail?id` (docs/product §2, §4): carousel, summary, tabs per project flags (each loads when
 * first opened and stays mounted), bottom bar, share card. An unknown id shows the server's message.
 */
import { useMemo, useState } from 'react'
import { View } from '@tarojs/components'
import type { Project } from '@contract'
import { routeUrl } from '@/lib/routes'
import { MonthlyOffer } from '@/features/monthly'
import { useSchoolCard, useShareCard } from '@/features/share'
import { platform } from '@/platform'
import { useSession, useT } from '@/store/session'
import { idFromQuery } from '../../hooks/use-project-list'
import { hasDraft } from '../../hooks/use-message-draft'
import { useProjectDetail } from '../../hooks/use-project-detail'
import { coverImages, detailTabs, type DetailTab } from '../../model/project'
import ThemeTabs from '../theme-tabs'
import BottomBar from './bottom-bar'
import ContentPane from './content-pane'
import CoverCarousel from './cover-carousel'
import DetailError from './detail-error'
import DetailSummary from './detail-summary'
import DirectoryPane from './directory-pane'
import MessagesPane from './messages-pane'
import ProgressPane from './progress-pane'
import PublicityPane from './publicity-pane'
import TogetherPane from './together-pane'
import './detail-screen.scss'

function Pane({ tab, project, active }: { tab: DetailTab; project: Project; active: boolean }) {
  switch (tab) {
    case 'detail':
      return <ContentPane html={project.content} />
    case 'directory':
      return <DirectoryPane project={project} active={active} />
    case 'together':
      return <TogetherPane project={project} active={active} />
    case 'progress':
      return <ProgressPane project={project} active={active} />
    case 'messages':
      return <MessagesPane project={project} active={active} />
    case 'publicity':
      return <PublicityPane project={project} active={active} />
  }
}

function ProjectView({ project }: { project: Project }) {
  const t = useT()
  const settings = useSession((s) => s.settings)
  const tabs = detailTabs(project, settings)
  // back from authorisation with a saved message: open the messages tab where the draft is restored
  const [active, setActive] = useState<DetailTab>(() => (tabs.includes('messages') && hasDraft(project.id) ? 'messages' : 'detail'))
  const [opened, setOpened] = useState<DetailTab[]>([active])
  const current = tabs.includes(active) ? active : 'detail'
  const open = (tab: DetailTab) => {
    setActive(tab)
    setOpened((prev) => (prev.includes(tab) ? prev : [...prev, tab]))
  }
  return (
    <View className='pj-detail'>
      <CoverCarousel images={coverImages(project, platform.assetUrl)} />
      <DetailSummary project={project} />
      {/* only where the project and the school offer it (docs/decisions/078) */}
      <MonthlyOffer itemsId={project.id} />
      <View className='pj-detail__tabs'>
        <ThemeTabs
          tabs={tabs.map((key) => ({ key, title: t(`project.tab.${key}`) }))}
          current={current}
          onChange={(key) => open(key as DetailTab)}
          testId='detail-tabs'
        />
      </View>
      <View className='pj-detail__body'>
        {tabs
          .filter((tab) => opened.includes(tab) || tab === current)
          .map((tab) => (
            <View key={tab} style={tab === current ? undefined : { display: 'none' }}>
              <Pane tab={tab} project={project} active={tab === current} />
            </View>
          ))}
      </View>
      <BottomBar project={project} />
    </View>
  )
}

export default function DetailScreen() {
  const t = useT()
  const id = useMemo(() => idFromQuery(platform.nav.currentQuery().id), [])
  const detail = useProjectDetail(id)
  const project = detail.project

  // this project's card (never the card of the page opened before); the school's until it has loaded
  const card = useMemo(
    () =>
      project
        ? {
            title: project.name,
            desc: project.intro,
            path: routeUrl('subject-detail', { id: project.id }),
            imageUrl: platform.assetUrl(project.thumbnailImg || project.coverImg)
          }
        : null,
    [project]
  )
  useShareCard(card, useSchoolCard(routeUrl('subject-detail', { id })))

  if (detail.problem) return <DetailError message={detail.problem} onRetry={detail.reload} />
  if (!project) return <View className='pj-detail__loading'>{t('common.loading')}</View>
  return <ProjectView key={project.id} project={project} />
}
