import PageShell from '@/components/page-shell'
import DetailScreen from '@/features/project/components/detail/detail-screen'
import './index.scss'

export default function ProjectDetailPage() {
  return (
    <PageShell route='subject-detail'>
      <DetailScreen />
    </PageShell>
  )
}
