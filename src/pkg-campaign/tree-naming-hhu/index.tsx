import PageShell from '@/components/page-shell'
import { CampaignMapScreen } from '@/features/campaign'

export default function TreeNamingHhuPage() {
  return (
    <PageShell route='tree-naming-hhu' homeLink={false}>
      <CampaignMapScreen route='tree-naming-hhu' />
    </PageShell>
  )
}
