/** Title, status, intro, progress and statistics, with the sub-projects' totals (all hidden when the school hides statistics). */
import { View, Text } from '@tarojs/components'
import type { Project } from '@contract'
import { useSession, useT } from '@/store/session'
import { detailStats, projectProgress, projectStatus } from '../../model/project'
import ProgressLine from '../progress-line'
import StatusBadge from '../status-badge'
import SubTotals from './sub-totals'
import './detail-summary.scss'

export default function DetailSummary({ project }: { project: Project }) {
  const t = useT()
  const settings = useSession((s) => s.settings)
  const percent = projectProgress(project)
  const stats = detailStats(project, settings)
  return (
    <View className='pj-summary'>
      <View className='pj-summary__head'>
        <Text className='pj-summary__title' data-testid='project-title'>
          {project.name}
        </Text>
        <StatusBadge status={projectStatus(project)} className='pj-summary__badge' />
      </View>
      {project.intro ? <Text className='pj-summary__intro'>{project.intro}</Text> : null}
      {percent !== null ? (
        <View className='pj-summary__progress'>
          <ProgressLine percent={percent} />
        </View>
      ) : null}
      {stats.length ? (
        <View className='pj-summary__stats' data-testid='detail-stats'>
          {stats.map((s) => (
            <View key={s.key} className='pj-summary__stat' data-testid={`stat-${s.key}`}>
              <Text className='pj-summary__stat-value'>{s.value}</Text>
              <Text className='pj-summary__stat-label'>{t(`project.stat.${s.key}`)}</Text>
            </View>
          ))}
        </View>
      ) : null}
      {project.isSub === 1 && !settings.hideStatistics ? <SubTotals project={project} /> : null}
    </View>
  )
}
