import PageShell from '@/components/page-shell'
import { ProjectDetailScreen } from '@/features/project/subpackage'
import './index.scss'

export default function ProjectDetailPage() {
  return (
    <PageShell route='subject-detail'>
      <ProjectDetailScreen />
    </PageShell>
  )
}
