import PageShell from '@/components/page-shell'
import { CampaignHomeScreen } from '@/features/campaign'

export default function TreeNamingCpuPage() {
  return (
    <PageShell route='tree-naming-cpu'>
      <CampaignHomeScreen route='tree-naming-cpu' />
    </PageShell>
  )
}
