import PageShell from '@/components/page-shell'
import { CampaignMapScreen } from '@/features/campaign'

export default function SeatNamingMapPage() {
  return (
    <PageShell route='seat-naming-map' homeLink={false}>
      <CampaignMapScreen route='seat-naming-map' />
    </PageShell>
  )
}
