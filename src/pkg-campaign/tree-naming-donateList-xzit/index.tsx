import PageShell from '@/components/page-shell'
import { DonorListScreen } from '@/features/campaign'

export default function TreeNamingDonateListXzitPage() {
  return (
    <PageShell route='tree-naming-donateList-xzit'>
      <DonorListScreen route='tree-naming-donateList-xzit' />
    </PageShell>
  )
}
