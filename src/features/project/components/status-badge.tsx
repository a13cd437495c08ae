/** docs/product §4 project status: completed (grey) or processing (theme colour). */
import { Text } from '@tarojs/components'
import { useTheme } from '@/lib/hooks/use-page-title'
import { useT } from '@/store/session'
import type { ProjectStatus } from '../model/project'
import './status-badge.scss'

export default function StatusBadge({ status, className = '' }: { status: ProjectStatus; className?: string }) {
  const t = useT()
  const theme = useTheme()
  const completed = status === 'completed'
  return (
    <Text
      className={`pj-badge ${completed ? 'pj-badge--done' : ''} ${className}`}
      style={completed ? undefined : { backgroundColor: theme }}
      data-testid='status-badge'
    >
      {t(completed ? 'project.status.completed' : 'project.status.processing')}
    </Text>
  )
}
