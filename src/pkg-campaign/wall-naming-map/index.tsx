import PageShell from '@/components/page-shell'
import { CampaignMapScreen } from '@/features/campaign'

export default function WallNamingMapPage() {
  return (
    <PageShell route='wall-naming-map'>
      <CampaignMapScreen route='wall-naming-map' />
    </PageShell>
  )
}
