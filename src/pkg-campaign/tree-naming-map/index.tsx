import PageShell from '@/components/page-shell'
import { CampaignMapScreen } from '@/features/campaign'

export default function TreeNamingMapPage() {
  return (
    <PageShell route='tree-naming-map' homeLink={false}>
      <CampaignMapScreen route='tree-naming-map' />
    </PageShell>
  )
}
