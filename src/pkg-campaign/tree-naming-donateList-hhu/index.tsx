import PageShell from '@/components/page-shell'
import { DonorListScreen } from '@/features/campaign'

export default function TreeNamingDonateListHhuPage() {
  return (
    <PageShell route='tree-naming-donateList-hhu'>
      <DonorListScreen route='tree-naming-donateList-hhu' />
    </PageShell>
  )
}
