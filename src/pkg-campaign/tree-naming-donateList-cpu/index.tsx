import PageShell from '@/components/page-shell'
import { DonorListScreen } from '@/features/campaign'

export default function TreeNamingDonateListCpuPage() {
  return (
    <PageShell route='tree-naming-donateList-cpu'>
      <DonorListScreen route='tree-naming-donateList-cpu' />
    </PageShell>
  )
}
