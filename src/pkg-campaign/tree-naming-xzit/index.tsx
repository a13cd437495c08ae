import PageShell from '@/components/page-shell'
import { CampaignHomeScreen } from '@/features/campaign'

export default function TreeNamingXzitPage() {
  return (
    <PageShell route='tree-naming-xzit'>
      <CampaignHomeScreen route='tree-naming-xzit' />
    </PageShell>
  )
}
