import PageShell from '@/components/page-shell'
import { ProjectDetailScreen } from '@/features/project'
import './index.scss'

export default function ProjectDetailPage() {
  return (
    <PageShell route='subject-detail'>
      <ProjectDetailScreen />
    </PageShell>
  )
}
