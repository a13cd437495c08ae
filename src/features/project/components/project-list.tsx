/** The infinite list of project cards with its footer (loading, no more, empty 'no projects', retry). */
import { View } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import type { ProjectSummary } from '@contract'
import ListFooter from '@/components/list-footer'
import type { PagedList } from '@/lib/hooks/use-paged-list'
import { routeUrl } from '@/lib/routes'
import { platform } from '@/platform'
import { useSession } from '@/store/session'
import { toProjectCard } from '../model/project'
import ProjectCard from './project-card'

export default function ProjectList({ list }: { list: PagedList<ProjectSummary> }) {
  const settings = useSession((s) => s.settings)
  useReachBottom(() => list.loadMore())
  const open = (id: number) => platform.nav.to(routeUrl('subject-detail', { id }))
  return (
    <View className='pj-list' data-testid='project-list'>
      {list.rows.map((p) => (
        <ProjectCard key={p.id} card={toProjectCard(p, settings, platform.assetUrl)} onOpen={open} />
      ))}
      <View onClick={() => list.status === 'idle' && list.loadMore()}>
        <ListFooter
          status={list.status}
          count={list.rows.length}
          loaded={list.loaded}
          emptyKey='project.empty'
          onRetry={list.reload}
          skeleton='card'
        />
      </View>
    </View>
  )
}
