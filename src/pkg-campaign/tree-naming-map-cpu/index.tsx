import PageShell from '@/components/page-shell'
import { CampaignMapScreen } from '@/features/campaign'

export default function TreeNamingMapCpuPage() {
  return (
    <PageShell route='tree-naming-map-cpu' homeLink={false}>
      <CampaignMapScreen route='tree-naming-map-cpu' />
    </PageShell>
  )
}
