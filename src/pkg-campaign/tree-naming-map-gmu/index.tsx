import PageShell from '@/components/page-shell'
import { CampaignMapScreen } from '@/features/campaign'

export default function TreeNamingMapGmuPage() {
  return (
    <PageShell route='tree-naming-map-gmu' homeLink={false}>
      <CampaignMapScreen route='tree-naming-map-gmu' />
    </PageShell>
  )
}
