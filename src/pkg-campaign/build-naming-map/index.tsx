import PageShell from '@/components/page-shell'
import { CampaignMapScreen } from '@/features/campaign'

export default function BuildNamingMapPage() {
  return (
    <PageShell route='build-naming-map' homeLink={false}>
      <CampaignMapScreen route='build-naming-map' />
    </PageShell>
  )
}
