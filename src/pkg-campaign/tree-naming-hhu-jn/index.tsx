import PageShell from '@/components/page-shell'
import { CampaignMapScreen } from '@/features/campaign'

export default function TreeNamingHhuJnPage() {
  return (
    <PageShell route='tree-naming-hhu-jn' homeLink={false}>
      <CampaignMapScreen route='tree-naming-hhu-jn' />
    </PageShell>
  )
}
