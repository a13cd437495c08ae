import PageShell from '@/components/page-shell'
import { CampaignHomeScreen } from '@/features/naming'

export default function JnuHomePage() {
  return (
    <PageShell route='seat-naming-jnu'>
      <CampaignHomeScreen campaign='jnu' />
    </PageShell>
  )
}
