import PageShell from '@/components/page-shell'
import { ContractListScreen } from '@/features/agreement'

export default function ContractListPage() {
  return (
    <PageShell route='contract-cpu/myList'>
      <ContractListScreen />
    </PageShell>
  )
}
