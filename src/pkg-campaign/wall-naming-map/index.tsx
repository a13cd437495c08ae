import PageShell from '@/components/page-shell'
import { CampaignMapScreen } from '@/features/campaign'

export default function WallNamingMapPage() {
  return (
    <PageShell route='wall-naming-map' homeLink={false}>
      <CampaignMapScreen route='wall-naming-map' />
    </PageShell>
  )
}
