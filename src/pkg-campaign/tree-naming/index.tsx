import PageShell from '@/components/page-shell'
import { CampaignHomeScreen } from '@/features/campaign'

export default function TreeNamingPage() {
  return (
    <PageShell route='tree-naming'>
      <CampaignHomeScreen route='tree-naming' />
    </PageShell>
  )
}
