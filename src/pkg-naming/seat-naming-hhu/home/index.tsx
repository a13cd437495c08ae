import PageShell from '@/components/page-shell'
import { CampaignHomeScreen } from '@/features/naming'

export default function HhuHomePage() {
  return (
    <PageShell route='seat-naming-hhu'>
      <CampaignHomeScreen campaign='hhu' />
    </PageShell>
  )
}
