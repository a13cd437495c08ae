import PageShell from '@/components/page-shell'
import { CampaignHomeScreen } from '@/features/campaign'

export default function TreeNamingHhuHomePage() {
  return (
    <PageShell route='tree-naming-hhu-home'>
      <CampaignHomeScreen route='tree-naming-hhu-home' />
    </PageShell>
  )
}
