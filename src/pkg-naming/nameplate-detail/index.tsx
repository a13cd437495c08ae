import PageShell from '@/components/page-shell'
import { NameplateDetailScreen } from '@/features/naming'

export default function NameplateDetailPage() {
  return (
    <PageShell route='nameplate-detail'>
      <NameplateDetailScreen />
    </PageShell>
  )
}
