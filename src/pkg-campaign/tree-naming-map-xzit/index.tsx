import PageShell from '@/components/page-shell'
import { CampaignMapScreen } from '@/features/campaign'

export default function TreeNamingMapXzitPage() {
  return (
    <PageShell route='tree-naming-map-xzit' homeLink={false}>
      <CampaignMapScreen route='tree-naming-map-xzit' />
    </PageShell>
  )
}
